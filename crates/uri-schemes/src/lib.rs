//! Strict RFC 3986 URIs, RFC 9110 http(s) URLs with real host checks, and RFC 6068
//! `mailto` parsing and building.
//!
//! # What it does
//!
//! - [`UriRef`] / [`Uri`]: RFC 3986 URI-references and absolute URIs, checked to the
//!   letter (every byte against its component's set, every `%` followed by two hex
//!   digits, nothing repaired), with zero-copy components that keep *absent* apart from
//!   *present but empty*, and a typed [`Host`] (IPv4, IPv6, `IPvFuture`, reg-name).
//! - With `alloc`: [`resolve`] (RFC 3986 §5.2, with the `//` fix to §5.2.4) and
//!   [`UriRef::normalize`] (§6.2.2 and the documented §6.2.3 rules for http(s)).
//! - [`percent`]: encode with a named set, decode, validate.
//! - [`HttpUrl`]: `http`/`https` URLs (RFC 9110 §4.2) whose host is checked by
//!   `ldh-domain` (IDN hosts converted to A-labels) or is an IP literal.
//! - [`Mailto`] and, with `alloc`, [`MailtoBuilder`] (feature `mailto`, on by default):
//!   RFC 6068, every address checked by `rfc-email`.
//!
//! # What it does not do
//!
//! - No WHATWG URL "parsing" that repairs input (backslashes, spaces, missing slashes):
//!   invalid input is an error with its byte offset.
//! - No guessing or completion of names (RFC 3696 §4.4): `http://microsoft/` is a URL
//!   with the single-label host `microsoft`, never `www.microsoft.com`; the crate offers
//!   no helper that adds `www.` or `.com`.
//! - Lenient forms are opt-ins in [`UriPolicy`]: RFC 6874 zone IDs and RFC 3987 IRIs
//!   are off by default.
//!
//! # Input safety
//!
//! Parsing is linear in the input, iterative (no recursion), never allocates and never
//! panics. RFC 3986 sets no length limit; the parsers accept up to [`MAX_INPUT_LEN`]
//! (4 GiB - 1) bytes, because component positions are stored as `u32`. http(s)
//! hosts are bounded by the DNS limits of `ldh-domain` (253 octets) and mailto addresses
//! by those of `rfc-email`. Offsets in errors are byte offsets into the caller's input.
//!
//! # Crate features
//!
//! | feature | gives |
//! |---|---|
//! | (none) | all parsing and validation, borrowed results, [`percent`] encoding into `fmt::Write` and decoding into caller buffers |
//! | `alloc` | [`resolve`], [`UriRef::normalize`], `String`-returning decoders, [`HttpUrl::host_ascii`], the owned `UriRefBuf`, `UriBuf`, `HttpUrlBuf`; with `mailto` also [`Mailto::to`]/[`Mailto::hfields`], [`MailtoBuilder`] and `MailtoBuf` |
//! | `std` (default) | `std::error::Error` through `core::error::Error`; passes `std` down |
//! | `idna` (default) | internationalized host names in http(s) URLs and SMTPUTF8 domains in mailto, via `ldh-domain/idna` |
//! | `mailto` (default) | RFC 6068 [`Mailto`], [`MailtoPolicy`] and `UriErrorKind::Email`, every address checked by `rfc-email` (the crate depends on `rfc-email` only with this feature) |
//! | `serde` | `Serialize`/`Deserialize` for every URI type, borrowed and owned, as strings (deserializing validates; `serde_policy` modules choose the policy) |
//!
//! # Example
//!
//! ```
//! use uri_schemes::{Host, Uri, UriRef};
//!
//! let uri = Uri::parse("https://example.com:8443/a/b?x=1#frag")?;
//! assert_eq!(uri.scheme(), "https");
//! assert_eq!(uri.host().map(|h| h.as_str()), Some("example.com"));
//! assert_eq!(uri.port(), Some(8443));
//!
//! let err = UriRef::parse("http://example.com/%zz").unwrap_err();
//! assert_eq!((err.code(), err.offset()), ("bad_percent_encoding", 19));
//! # Ok::<(), uri_schemes::UriError>(())
//! ```
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// The preamble every library crate shares; docs/boilerplate.md explains each line.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod ascii;
mod compare;
mod error;
mod grammar;
mod http;
#[cfg(feature = "mailto")]
mod mailto;
#[cfg(feature = "alloc")]
mod owned;
pub mod percent;
#[cfg(feature = "alloc")]
mod resolve;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_policy;
mod uri;
#[cfg(feature = "alloc")]
mod user_input;

pub use error::{UriError, UriErrorKind, Warning, Warnings};
pub use grammar::MAX_INPUT_LEN;
pub use http::{HttpPolicy, HttpUrl, MAX_DECODED_HOST_LEN, Origin, UserinfoPolicy};
#[cfg(feature = "mailto")]
#[cfg_attr(docsrs, doc(cfg(feature = "mailto")))]
pub use mailto::{MAX_DECODED_ADDRESS_LEN, Mailto, MailtoPolicy};
#[cfg(all(feature = "alloc", feature = "mailto"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "alloc", feature = "mailto"))))]
pub use mailto::{MailtoBuildError, MailtoBuilder, MailtoField};
#[cfg(all(feature = "alloc", feature = "mailto"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "alloc", feature = "mailto"))))]
pub use owned::MailtoBuf;
#[cfg(feature = "alloc")]
pub use owned::{HttpUrlBuf, UriBuf, UriRefBuf};
#[cfg(feature = "alloc")]
pub use resolve::resolve;
pub use uri::{Authority, Host, Uri, UriRef};

/// Opt-ins beyond strict RFC 3986, all off in [`STRICT`](Self::STRICT) (the default).
///
/// Built in `const`, so a policy can live in a `static`.
///
/// ```
/// use uri_schemes::{UriPolicy, UriRef};
/// const LENIENT: UriPolicy = UriPolicy::STRICT.with_zone_ids().with_iri();
/// assert!(UriRef::parse_with("http://[fe80::1%25en0]/ü", &LENIENT).is_ok());
/// assert_eq!(UriPolicy::default(), UriPolicy::STRICT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UriPolicy {
    zone_ids: bool,
    iri: bool,
}

impl UriPolicy {
    /// Plain RFC 3986: ASCII only, no zone IDs.
    ///
    /// ```
    /// assert!(uri_schemes::UriRef::parse_with("/é", &uri_schemes::UriPolicy::STRICT).is_err());
    /// ```
    pub const STRICT: Self = Self {
        zone_ids: false,
        iri: false,
    };

    /// Also accept RFC 6874 zone IDs in IPv6 literals: `[fe80::1%25eth0]`
    /// (`IPv6addrz = IPv6address "%25" ZoneID`).
    ///
    /// ```
    /// use uri_schemes::{UriPolicy, Uri};
    /// assert_eq!(Uri::parse("http://[fe80::1%25eth0]/").unwrap_err().code(), "zone_id_not_allowed");
    /// assert!(Uri::parse_with("http://[fe80::1%25eth0]/", &UriPolicy::STRICT.with_zone_ids()).is_ok());
    /// ```
    #[must_use]
    pub const fn with_zone_ids(self) -> Self {
        Self {
            zone_ids: true,
            ..self
        }
    }

    /// Also accept RFC 3987 IRIs: `ucschar` in userinfo, reg-name, path, query and
    /// fragment, and `iprivate` in the query (RFC 3987 §2.2). Components are then UTF-8
    /// text rather than ASCII.
    ///
    /// ```
    /// use uri_schemes::{UriPolicy, Uri};
    /// let iri = Uri::parse_with("http://例え.テスト/パス", &UriPolicy::STRICT.with_iri())?;
    /// assert_eq!(iri.path(), "/パス");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn with_iri(self) -> Self {
        Self { iri: true, ..self }
    }

    /// Whether zone IDs are accepted.
    ///
    /// ```
    /// assert!(!uri_schemes::UriPolicy::STRICT.zone_ids());
    /// ```
    #[must_use]
    pub const fn zone_ids(&self) -> bool {
        self.zone_ids
    }

    /// Whether IRIs are accepted.
    ///
    /// ```
    /// assert!(uri_schemes::UriPolicy::STRICT.with_iri().iri());
    /// ```
    #[must_use]
    pub const fn iri(&self) -> bool {
        self.iri
    }
}

// The README's example runs as a doctest (it parses a mailto URI).
#[cfg(all(doctest, feature = "mailto"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
