//! `serde` support: names serialize as strings; deserializing validates with
//! [`Policy::HOSTNAME`](crate::Policy::HOSTNAME).

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Domain, Policy};

impl Serialize for Domain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct BorrowedVisitor;

impl<'de> Visitor<'de> for BorrowedVisitor {
    type Value = Domain<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a borrowed host name")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Domain::parse(v, &Policy::HOSTNAME).map_err(E::custom)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Self::Value, E> {
        Domain::parse_bytes(v, &Policy::HOSTNAME).map_err(E::custom)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Domain<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor)
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::{Deserialize, Deserializer, Policy, Serialize, Serializer, Visitor, de, fmt};
    use crate::DomainBuf;
    use alloc::string::String;

    impl Serialize for DomainBuf {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    struct OwnedVisitor;

    impl Visitor<'_> for OwnedVisitor {
        type Value = DomainBuf;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a host name")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            v.parse().map_err(E::custom)
        }

        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            DomainBuf::parse(v, &Policy::HOSTNAME).map_err(E::custom)
        }
    }

    impl<'de> Deserialize<'de> for DomainBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_string(OwnedVisitor)
        }
    }
}
