//! `Serialize`/`Deserialize` (feature `serde`): URIs are strings; deserializing validates.
//!
//! The types borrow from the input, so they deserialize from borrowed strings only (for
//! JSON: strings without escapes); deserialize a `String` and parse it otherwise.

use serde::de::{Deserialize, Deserializer, Error, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{HttpUrl, Mailto, Uri, UriError, UriRef};

macro_rules! string_serde {
    ($ty:ident, $what:literal) => {
        impl Serialize for $ty<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $ty<'de> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $ty<'de>;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_borrowed_str<E: Error>(self, v: &'de str) -> Result<Self::Value, E> {
                        $ty::parse(v).map_err(|e: UriError| {
                            E::custom(format_args!("{} at byte {}: {e}", e.code(), e.offset()))
                        })
                    }
                }
                deserializer.deserialize_str(V)
            }
        }
    };
}

string_serde!(UriRef, "a borrowed URI-reference string");
string_serde!(Uri, "a borrowed absolute URI string");
string_serde!(HttpUrl, "a borrowed http(s) URL string");
string_serde!(Mailto, "a borrowed mailto URI string");
