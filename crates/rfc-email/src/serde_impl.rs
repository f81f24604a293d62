//! `serde` support: addresses serialize as their text; deserializing validates under
//! [`Policy::RFC5321`](crate::Policy::RFC5321).

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::EmailAddress;

impl Serialize for EmailAddress<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct BorrowedVisitor;

impl<'de> Visitor<'de> for BorrowedVisitor {
    type Value = EmailAddress<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a borrowed RFC 5321 email address")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        EmailAddress::parse(v).map_err(E::custom)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for EmailAddress<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(BorrowedVisitor)
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use alloc::string::String;

    use super::{Deserialize, Deserializer, Serialize, Serializer, de};
    use crate::EmailAddressBuf;

    impl Serialize for EmailAddressBuf {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    impl<'de> Deserialize<'de> for EmailAddressBuf {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let text = String::deserialize(deserializer)?;
            Self::try_from(text).map_err(de::Error::custom)
        }
    }
}
