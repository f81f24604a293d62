//! `serde` support: names serialize as their text; deserializing validates, with
//! [`Policy::HOSTNAME`] by default or with the policy a [`serde_policy`](crate::serde_policy)
//! module names.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Domain, Policy};

/// Serializes as the name as written.
impl Serialize for Domain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct BorrowedVisitor<'p>(&'p Policy);

impl<'de> Visitor<'de> for BorrowedVisitor<'_> {
    type Value = Domain<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a domain name borrowed from the input")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Domain::parse_with(v, self.0).map_err(E::custom)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Self::Value, E> {
        Domain::parse_bytes(v, self.0).map_err(E::custom)
    }
}

/// Validates with [`Policy::HOSTNAME`]; borrows from the input, so the input must hold
/// the name as is (for JSON: a string without escapes). Use
/// [`serde_policy`](crate::serde_policy) for another policy.
impl<'de: 'a, 'a> Deserialize<'de> for Domain<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor(&Policy::HOSTNAME))
    }
}

impl<'de: 'a, 'a> crate::serde_policy::DeserializeWithPolicy<'de> for Domain<'a> {
    fn deserialize_with_policy<D: Deserializer<'de>>(
        deserializer: D,
        policy: &Policy,
    ) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor(policy))
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::{Deserialize, Deserializer, Policy, Serialize, Serializer, Visitor, de, fmt};
    use crate::DomainBuf;
    use alloc::string::String;

    /// Serializes as the name as written.
    impl Serialize for DomainBuf {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    struct OwnedVisitor<'p>(&'p Policy);

    impl Visitor<'_> for OwnedVisitor<'_> {
        type Value = DomainBuf;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a domain name")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            DomainBuf::parse_with(v, self.0).map_err(E::custom)
        }

        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            DomainBuf::from_string(v, self.0).map_err(E::custom)
        }
    }

    /// Validates with [`Policy::HOSTNAME`]; a name checked under another policy (an
    /// `_dmarc` name under `DNS`) round-trips through the matching
    /// [`serde_policy`](crate::serde_policy) module.
    impl<'de> Deserialize<'de> for DomainBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_string(OwnedVisitor(&Policy::HOSTNAME))
        }
    }

    impl<'de> crate::serde_policy::DeserializeWithPolicy<'de> for DomainBuf {
        fn deserialize_with_policy<D: Deserializer<'de>>(
            deserializer: D,
            policy: &Policy,
        ) -> Result<Self, D::Error> {
            deserializer.deserialize_string(OwnedVisitor(policy))
        }
    }
}
