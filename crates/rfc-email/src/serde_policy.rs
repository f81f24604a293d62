//! Choosing the profile an address is deserialized under (feature `serde`): one module
//! per preset, for `#[serde(with = "…")]` on a field of type
//! [`EmailAddress`](crate::EmailAddress) or [`EmailAddressBuf`](crate::EmailAddressBuf).
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
//! }
//! let account = Account { email: EmailAddressBuf::parse_with("jürgen@bücher.example", &Policy::SMTPUTF8)? };
//! let json = serde_json::to_string(&account)?;
//! assert_eq!(serde_json::from_str::<Account>(&json)?, account);
//! // The plain impl checks under RFC5321, which is ASCII only:
//! assert!(serde_json::from_str::<EmailAddressBuf>(r#""jürgen@bücher.example""#).is_err());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Deserializer;

use crate::Policy;

/// An address type that can be deserialized under a given [`Policy`]; implemented by
/// [`EmailAddress`](crate::EmailAddress) (borrowing from the input) and
/// [`EmailAddressBuf`](crate::EmailAddressBuf).
pub trait DeserializeWithPolicy<'de>: Sized {
    /// Reads a string and checks it under `policy`.
    ///
    /// # Errors
    /// The deserializer's error, or the [`EmailError`](crate::EmailError) as a custom
    /// error.
    fn deserialize_with_policy<D: Deserializer<'de>>(
        deserializer: D,
        policy: &Policy,
    ) -> Result<Self, D::Error>;
}

macro_rules! policy_module {
    ($name:ident, $policy:expr, $doc:literal) => {
        #[doc = $doc]
        pub mod $name {
            use serde::{Deserializer, Serializer};

            /// Writes the address as written.
            ///
            /// # Errors
            /// The serializer's error.
            pub fn serialize<T: AsRef<str>, S: Serializer>(
                value: &T,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(value.as_ref())
            }

            /// Reads a string and checks it under the module's profile.
            ///
            /// # Errors
            /// The deserializer's error, or the address's error as a custom error.
            pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
            where
                T: super::DeserializeWithPolicy<'de>,
                D: Deserializer<'de>,
            {
                T::deserialize_with_policy(deserializer, &$policy)
            }
        }
    };
}

policy_module!(
    rfc5321,
    crate::Policy::RFC5321,
    "[`Policy::RFC5321`](crate::Policy::RFC5321) (also what the plain impls use)."
);
policy_module!(
    smtputf8,
    crate::Policy::SMTPUTF8,
    "[`Policy::SMTPUTF8`](crate::Policy::SMTPUTF8)."
);
policy_module!(
    rfc5322,
    crate::Policy::RFC5322,
    "[`Policy::RFC5322`](crate::Policy::RFC5322)."
);
policy_module!(
    html5,
    crate::Policy::HTML5,
    "[`Policy::HTML5`](crate::Policy::HTML5)."
);
policy_module!(
    rfc3696_published,
    crate::Policy::RFC3696_PUBLISHED,
    "[`Policy::RFC3696_PUBLISHED`](crate::Policy::RFC3696_PUBLISHED)."
);
