//! Choosing the policy a URI is deserialized under (feature `serde`), for
//! `#[serde(with = "…")]` on a field of a URI type: [`strict`] (what the plain impls
//! use) and [`iri`] (RFC 3987 IRIs accepted). Serializing writes the text as written in
//! every case, so a value round-trips when it is read back under the policy it was
//! parsed with.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use uri_schemes::{HttpPolicy, HttpUrlBuf};
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Site {
//!     #[serde(with = "uri_schemes::serde_policy::iri")]
//!     home: HttpUrlBuf,
//! }
//! let site = Site { home: HttpUrlBuf::parse_with("http://例え.テスト/", &HttpPolicy::STRICT.with_iri())? };
//! let json = serde_json::to_string(&site)?;
//! assert_eq!(serde_json::from_str::<Site>(&json)?, site);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Deserializer;

/// A URI type that can be deserialized under a policy of its kind; implemented by
/// every borrowed and owned URI type.
pub trait DeserializeWithPolicy<'de>: Sized {
    /// The policy type ([`UriPolicy`](crate::UriPolicy),
    /// [`HttpPolicy`](crate::HttpPolicy) or [`MailtoPolicy`](crate::MailtoPolicy)).
    type Policy: PolicyPresets;

    /// Reads a string and parses it under `policy`.
    ///
    /// # Errors
    /// The deserializer's error, or the [`UriError`](crate::UriError) as a custom error.
    fn deserialize_with_policy<D: Deserializer<'de>>(
        deserializer: D,
        policy: &Self::Policy,
    ) -> Result<Self, D::Error>;
}

/// The presets the modules of this module name, per policy type.
pub trait PolicyPresets: Sized + 'static {
    /// The strict preset (what the plain `Deserialize` impls use).
    const STRICT: Self;
    /// The strict preset with RFC 3987 IRIs accepted (for mailto URIs, the default:
    /// their non-ASCII addresses are percent-encoded UTF-8, RFC 6068 §2).
    const IRI: Self;
}

impl PolicyPresets for crate::UriPolicy {
    const STRICT: Self = Self::STRICT;
    const IRI: Self = Self::STRICT.with_iri();
}

impl PolicyPresets for crate::HttpPolicy {
    const STRICT: Self = Self::STRICT;
    const IRI: Self = Self::STRICT.with_iri();
}

#[cfg(feature = "mailto")]
impl PolicyPresets for crate::MailtoPolicy {
    const STRICT: Self = Self::DEFAULT;
    const IRI: Self = Self::DEFAULT;
}

macro_rules! policy_module {
    ($name:ident, $preset:ident, $doc:literal) => {
        #[doc = $doc]
        pub mod $name {
            use serde::{Deserializer, Serializer};

            use super::{DeserializeWithPolicy, PolicyPresets};

            /// Writes the text as written.
            ///
            /// # Errors
            /// The serializer's error.
            pub fn serialize<T: AsRef<str>, S: Serializer>(
                value: &T,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(value.as_ref())
            }

            /// Reads a string and parses it under the module's preset.
            ///
            /// # Errors
            /// The deserializer's error, or the URI's error as a custom error.
            pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
            where
                T: DeserializeWithPolicy<'de>,
                D: Deserializer<'de>,
            {
                T::deserialize_with_policy(deserializer, &<T::Policy as PolicyPresets>::$preset)
            }
        }
    };
}

policy_module!(
    strict,
    STRICT,
    "Strict RFC 3986 (`UriPolicy::STRICT`, `HttpPolicy::STRICT`, `MailtoPolicy::DEFAULT`): what the plain impls use."
);
policy_module!(
    iri,
    IRI,
    "RFC 3987 IRIs accepted (`UriPolicy::STRICT.with_iri()`, `HttpPolicy::STRICT.with_iri()`; mailto unchanged)."
);
