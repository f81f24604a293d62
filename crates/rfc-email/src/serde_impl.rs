//! `serde` support: addresses serialize as their text; deserializing validates, under
//! [`Policy::RFC5321`] by default or under the profile a
//! [`serde_policy`](crate::serde_policy) module names.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{EmailAddress, Policy};

/// Serializes as the address as written.
impl Serialize for EmailAddress<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct BorrowedVisitor<'p>(&'p Policy);

impl<'de> Visitor<'de> for BorrowedVisitor<'_> {
    type Value = EmailAddress<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an email address borrowed from the input")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        EmailAddress::parse_with(v, self.0).map_err(E::custom)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Self::Value, E> {
        EmailAddress::parse_bytes(v, self.0).map_err(E::custom)
    }
}

/// Validates under [`Policy::RFC5321`]; borrows from the input, so the input must
/// hold the address as is (for JSON: a string without escapes). Use
/// [`serde_policy`](crate::serde_policy) for another profile.
impl<'de: 'a, 'a> Deserialize<'de> for EmailAddress<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor(&Policy::RFC5321))
    }
}

impl<'de: 'a, 'a> crate::serde_policy::DeserializeWithPolicy<'de> for EmailAddress<'a> {
    fn deserialize_with_policy<D: Deserializer<'de>>(
        deserializer: D,
        policy: &Policy,
    ) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor(policy))
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use alloc::string::String;

    use super::{Deserialize, Deserializer, Policy, Serialize, Serializer, Visitor, de, fmt};
    use crate::EmailAddressBuf;

    /// Serializes as the address as written.
    impl Serialize for EmailAddressBuf {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    struct OwnedVisitor<'p>(&'p Policy);

    impl Visitor<'_> for OwnedVisitor<'_> {
        type Value = EmailAddressBuf;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an email address")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            EmailAddressBuf::parse_with(v, self.0).map_err(E::custom)
        }

        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            EmailAddressBuf::from_string(v, self.0).map_err(E::custom)
        }
    }

    /// Validates under [`Policy::RFC5321`]; an address checked under another profile
    /// (`SMTPUTF8`, `RFC5322`, …) round-trips through the matching
    /// [`serde_policy`](crate::serde_policy) module.
    impl<'de> Deserialize<'de> for EmailAddressBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_string(OwnedVisitor(&Policy::RFC5321))
        }
    }

    impl<'de> crate::serde_policy::DeserializeWithPolicy<'de> for EmailAddressBuf {
        fn deserialize_with_policy<D: Deserializer<'de>>(
            deserializer: D,
            policy: &Policy,
        ) -> Result<Self, D::Error> {
            deserializer.deserialize_string(OwnedVisitor(policy))
        }
    }
}
