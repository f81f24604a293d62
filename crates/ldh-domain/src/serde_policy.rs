//! Choosing the policy a name is deserialized under (feature `serde`): one module per
//! preset, for `#[serde(with = "…")]` on a field of type [`Domain`](crate::Domain) or
//! [`DomainBuf`](crate::DomainBuf). Without one, deserializing uses
//! [`Policy::HOSTNAME`]. Serializing writes the name as written in every case, so a
//! value round-trips when it is read back under the policy it was checked with.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use ldh_domain::{DomainBuf, Policy};
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Record {
//!     #[serde(with = "ldh_domain::serde_policy::dns")]
//!     name: DomainBuf,
//! }
//! let record = Record { name: DomainBuf::parse_with("_dmarc.example.com", &Policy::DNS)? };
//! let json = serde_json::to_string(&record)?;
//! assert_eq!(json, r#"{"name":"_dmarc.example.com"}"#);
//! assert_eq!(serde_json::from_str::<Record>(&json)?, record);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Deserializer;

use crate::Policy;

/// A name type that can be deserialized under a given [`Policy`]; implemented by
/// [`Domain`](crate::Domain) (borrowing from the input) and
/// [`DomainBuf`](crate::DomainBuf).
pub trait DeserializeWithPolicy<'de>: Sized {
    /// Reads a string and checks it under `policy`.
    ///
    /// # Errors
    /// The deserializer's error, or the [`DomainError`](crate::DomainError) as a custom
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

            /// Writes the name as written.
            ///
            /// # Errors
            /// The serializer's error.
            pub fn serialize<T: AsRef<str>, S: Serializer>(
                value: &T,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(value.as_ref())
            }

            /// Reads a string and checks it under the module's policy.
            ///
            /// # Errors
            /// The deserializer's error, or the name's error as a custom error.
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
    hostname,
    crate::Policy::HOSTNAME,
    "[`Policy::HOSTNAME`](crate::Policy::HOSTNAME) (also what the plain impls use)."
);
policy_module!(
    fqdn,
    crate::Policy::FQDN,
    "[`Policy::FQDN`](crate::Policy::FQDN)."
);
policy_module!(
    dns,
    crate::Policy::DNS,
    "[`Policy::DNS`](crate::Policy::DNS)."
);
