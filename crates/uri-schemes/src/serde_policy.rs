//! Choosing the policy a URI is deserialized under (feature `serde`), for
//! `#[serde(with = "…")]` on a field of a URI type: [`strict`] (what the plain impls
//! use) and [`iri`] (RFC 3987 IRIs accepted), each with `option` and `vec` submodules
//! for `Option<…>` and `Vec<…>` fields. Serializing writes the text as written in
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

name_text::serde_policy_modules! {
    /// A URI type that can be deserialized under a policy of its kind (its `Policy`:
    /// [`UriPolicy`](crate::UriPolicy), [`HttpPolicy`](crate::HttpPolicy) or
    /// [`MailtoPolicy`](crate::MailtoPolicy)); implemented by every borrowed and owned
    /// URI type. A URI that fails is the [`UriError`](crate::UriError) (its code, offset
    /// and message) as the deserializer's custom error.
    pub trait DeserializeWithPolicy<Policy: PolicyPresets>;
    example uri_schemes, HttpUrlBuf, feature = "alloc";
    /// Strict RFC 3986 (`UriPolicy::STRICT`, `HttpPolicy::STRICT`, `MailtoPolicy::DEFAULT`):
    /// what the plain impls use.
    pub mod strict = STRICT, accepts "http://example.com/", rejects "http://例え.テスト/";
    /// RFC 3987 IRIs accepted (`UriPolicy::STRICT.with_iri()`,
    /// `HttpPolicy::STRICT.with_iri()`; mailto unchanged).
    pub mod iri = IRI, accepts "http://例え.テスト/", rejects "http://a b/";
}
