//! `Serialize`/`Deserialize` (feature `serde`): URIs are strings; deserializing
//! validates. The borrowed types implement `Deserialize<'de>` for every `'a` that `'de`
//! outlives, so they can be fields of a `#[derive(Deserialize)]` struct; they borrow
//! from the input, so the input must hold the text as is (for JSON: a string without
//! escapes). The owned types (`alloc`) deserialize from any string.
//!
//! Each impl parses with the type's default policy: `UriPolicy::STRICT` for
//! [`UriRef`], [`Uri`] and their owned forms, `HttpPolicy::STRICT` for [`HttpUrl`] and
//! `HttpUrlBuf`, `MailtoPolicy::DEFAULT` for `Mailto` and `MailtoBuf`. For IRIs, use
//! the [`serde_policy::iri`](crate::serde_policy::iri) module.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::serde_policy::DeserializeWithPolicy;
use crate::{HttpPolicy, HttpUrl, Uri, UriError, UriPolicy, UriRef};
#[cfg(feature = "mailto")]
use crate::{Mailto, MailtoPolicy};

/// The error of a URI that did not parse, as the deserializer's custom error.
fn custom<E: Error>(e: UriError) -> E {
    E::custom(format_args!("{} at byte {}: {e}", e.code(), e.offset()))
}

/// Reads a string and parses it as a `T` under a policy.
struct Reader<'p, T, P> {
    policy: &'p P,
    what: &'static str,
    marker: PhantomData<T>,
}

impl<'p, T, P> Reader<'p, T, P> {
    const fn new(policy: &'p P, what: &'static str) -> Self {
        Self {
            policy,
            what,
            marker: PhantomData,
        }
    }
}

macro_rules! borrowed_serde {
    ($ty:ident, $policy:ident, $default:expr, $what:literal) => {
        /// Serializes as the text as written.
        impl Serialize for $ty<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Visitor<'de> for Reader<'_, $ty<'de>, $policy> {
            type Value = $ty<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.what)
            }

            fn visit_borrowed_str<E: Error>(self, v: &'de str) -> Result<Self::Value, E> {
                $ty::parse_with(v, self.policy).map_err(custom)
            }
        }

        #[doc = concat!("Parses with `", stringify!($default), "`, borrowing from the input.")]
        impl<'de: 'a, 'a> Deserialize<'de> for $ty<'a> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                Self::deserialize_with_policy(deserializer, &$default)
            }
        }

        impl<'de: 'a, 'a> DeserializeWithPolicy<'de> for $ty<'a> {
            type Policy = $policy;

            fn deserialize_with_policy<D: Deserializer<'de>>(
                deserializer: D,
                policy: &$policy,
            ) -> Result<Self, D::Error> {
                deserializer.deserialize_str(Reader::<$ty<'de>, $policy>::new(policy, $what))
            }
        }
    };
}

borrowed_serde!(
    UriRef,
    UriPolicy,
    UriPolicy::STRICT,
    "a URI-reference borrowed from the input"
);
borrowed_serde!(
    Uri,
    UriPolicy,
    UriPolicy::STRICT,
    "an absolute URI borrowed from the input"
);
borrowed_serde!(
    HttpUrl,
    HttpPolicy,
    HttpPolicy::STRICT,
    "an http(s) URL borrowed from the input"
);
#[cfg(feature = "mailto")]
borrowed_serde!(
    Mailto,
    MailtoPolicy,
    MailtoPolicy::DEFAULT,
    "a mailto URI borrowed from the input"
);

#[cfg(feature = "alloc")]
mod owned {
    use alloc::string::String;

    #[cfg(feature = "mailto")]
    use super::MailtoPolicy;
    use super::{
        Deserialize, DeserializeWithPolicy, Deserializer, Error, HttpPolicy, Reader, Serialize,
        Serializer, UriPolicy, Visitor, custom, fmt,
    };
    #[cfg(feature = "mailto")]
    use crate::MailtoBuf;
    use crate::{HttpUrlBuf, UriBuf, UriRefBuf};

    macro_rules! owned_serde {
        ($ty:ident, $policy:ident, $default:expr, $what:literal) => {
            /// Serializes as the text as written.
            impl Serialize for $ty {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }

            impl Visitor<'_> for Reader<'_, $ty, $policy> {
                type Value = $ty;

                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str(self.what)
                }

                fn visit_str<E: Error>(self, v: &str) -> Result<$ty, E> {
                    $ty::parse_with(v, self.policy).map_err(custom)
                }

                fn visit_string<E: Error>(self, v: String) -> Result<$ty, E> {
                    $ty::from_string(v, self.policy).map_err(custom)
                }
            }

            #[doc = concat!("Parses with `", stringify!($default), "`.")]
            impl<'de> Deserialize<'de> for $ty {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    Self::deserialize_with_policy(deserializer, &$default)
                }
            }

            impl<'de> DeserializeWithPolicy<'de> for $ty {
                type Policy = $policy;

                fn deserialize_with_policy<D: Deserializer<'de>>(
                    deserializer: D,
                    policy: &$policy,
                ) -> Result<Self, D::Error> {
                    deserializer.deserialize_string(Reader::<$ty, $policy>::new(policy, $what))
                }
            }
        };
    }

    owned_serde!(UriRefBuf, UriPolicy, UriPolicy::STRICT, "a URI-reference");
    owned_serde!(UriBuf, UriPolicy, UriPolicy::STRICT, "an absolute URI");
    owned_serde!(HttpUrlBuf, HttpPolicy, HttpPolicy::STRICT, "an http(s) URL");
    #[cfg(feature = "mailto")]
    owned_serde!(
        MailtoBuf,
        MailtoPolicy,
        MailtoPolicy::DEFAULT,
        "a mailto URI"
    );
}
