//! Choosing the policy a name is deserialized under (feature `serde`): one module per
//! preset, for `#[serde(with = "…")]` on a field of type [`Domain`](crate::Domain) or
//! [`DomainBuf`](crate::DomainBuf), and its `option` and `vec` submodules for
//! `Option<…>` and `Vec<…>` fields. Without one, deserializing uses
//! [`Policy::HOSTNAME`](crate::Policy::HOSTNAME). Serializing writes the name as
//! written in every case, so a value round-trips when it is read back under the policy
//! it was checked with.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use ldh_domain::{DomainBuf, Policy};
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Record {
//!     #[serde(with = "ldh_domain::serde_policy::dns")]
//!     name: DomainBuf,
//!     #[serde(default, with = "ldh_domain::serde_policy::dns::option")]
//!     alias: Option<DomainBuf>,
//!     #[serde(with = "ldh_domain::serde_policy::dns::vec")]
//!     targets: Vec<DomainBuf>,
//! }
//! let record = Record {
//!     name: DomainBuf::parse_with("_dmarc.example.com", &Policy::DNS)?,
//!     alias: None,
//!     targets: vec![DomainBuf::parse_with("_spf.example.com", &Policy::DNS)?],
//! };
//! let json = serde_json::to_string(&record)?;
//! assert_eq!(json, r#"{"name":"_dmarc.example.com","alias":null,"targets":["_spf.example.com"]}"#);
//! assert_eq!(serde_json::from_str::<Record>(&json)?, record);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

name_text::serde_policy_modules! {
    /// A name type that can be deserialized under a given [`Policy`](crate::Policy);
    /// implemented by [`Domain`](crate::Domain) (borrowing from the input) and
    /// [`DomainBuf`](crate::DomainBuf). A name that fails is the
    /// [`DomainError`](crate::DomainError) as the deserializer's custom error.
    pub trait DeserializeWithPolicy<Policy = crate::Policy>;
    example ldh_domain, DomainBuf, feature = "alloc";
    /// [`Policy::HOSTNAME`](crate::Policy::HOSTNAME) (also what the plain impls use).
    pub mod hostname = HOSTNAME, accepts "localhost", rejects "_dmarc.example.com";
    /// [`Policy::FQDN`](crate::Policy::FQDN).
    pub mod fqdn = FQDN, accepts "mail.example.com", rejects "localhost";
    /// [`Policy::DNS`](crate::Policy::DNS).
    pub mod dns = DNS, accepts "_dmarc.example.com", rejects "a..b";
}
