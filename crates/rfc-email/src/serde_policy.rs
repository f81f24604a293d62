//! Choosing the profile an address is deserialized under (feature `serde`): one module
//! per preset, for `#[serde(with = "…")]` on a field of type
//! [`EmailAddress`](crate::EmailAddress) or [`EmailAddressBuf`](crate::EmailAddressBuf),
//! and its `option` and `vec` submodules for `Option<…>` and `Vec<…>` fields.
//! Without one, deserializing uses [`Policy::RFC5321`](crate::Policy::RFC5321).
//! Serializing writes the address as written in every case, so a value round-trips
//! when it is read back under the profile it was checked with.
//!
//! ```
//! # #[cfg(all(feature = "alloc", feature = "idna"))] {
//! use rfc_email::{EmailAddressBuf, Policy};
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Account {
//!     #[serde(with = "rfc_email::serde_policy::smtputf8")]
//!     email: EmailAddressBuf,
//!     #[serde(default, with = "rfc_email::serde_policy::smtputf8::option")]
//!     recovery: Option<EmailAddressBuf>,
//!     #[serde(with = "rfc_email::serde_policy::smtputf8::vec")]
//!     aliases: Vec<EmailAddressBuf>,
//! }
//! let account = Account {
//!     email: EmailAddressBuf::parse_with("jürgen@bücher.example", &Policy::SMTPUTF8)?,
//!     recovery: None,
//!     aliases: vec![EmailAddressBuf::parse_with("jürgen.m@bücher.example", &Policy::SMTPUTF8)?],
//! };
//! let json = serde_json::to_string(&account)?;
//! assert_eq!(serde_json::from_str::<Account>(&json)?, account);
//! // The plain impl checks under RFC5321, which is ASCII only:
//! assert!(serde_json::from_str::<EmailAddressBuf>(r#""jürgen@bücher.example""#).is_err());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

name_text::serde_policy_modules! {
    /// An address type that can be deserialized under a given [`Policy`](crate::Policy);
    /// implemented by [`EmailAddress`](crate::EmailAddress) (borrowing from the input)
    /// and [`EmailAddressBuf`](crate::EmailAddressBuf). An address that fails is the
    /// [`EmailError`](crate::EmailError) as the deserializer's custom error.
    pub trait DeserializeWithPolicy<Policy = crate::Policy>;
    example rfc_email, EmailAddressBuf, all(feature = "alloc", feature = "idna");
    /// [`Policy::RFC5321`](crate::Policy::RFC5321) (also what the plain impls use).
    pub mod rfc5321 = RFC5321, accepts "user@example.com", rejects "user@localhost";
    /// [`Policy::SMTPUTF8`](crate::Policy::SMTPUTF8).
    pub mod smtputf8 = SMTPUTF8, accepts "jürgen@bücher.example", rejects "a..b@example.com";
    /// [`Policy::RFC5322`](crate::Policy::RFC5322).
    pub mod rfc5322 = RFC5322, accepts "user@localhost", rejects "user@";
    /// [`Policy::HTML5`](crate::Policy::HTML5).
    pub mod html5 = HTML5, accepts "user@intranet", rejects "\\\"quoted\\\"@example.com";
    /// [`Policy::RFC3696_PUBLISHED`](crate::Policy::RFC3696_PUBLISHED).
    pub mod rfc3696_published = RFC3696_PUBLISHED, accepts "user@example.com", rejects "user@";
}
