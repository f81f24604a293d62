//! Domain names checked the RFC 3696 way: LDH host names, DNS names, IDNA A-labels and
//! U-labels, with typed diagnostics.
//!
//! # What it does
//!
//! - Checks a name against a [`Policy`]: [`Policy::HOSTNAME`] (RFC 1123 §2.1),
//!   [`Policy::FQDN`] (RFC 3696 §2: at least one dot; mail domains) or [`Policy::DNS`]
//!   (RFC 2181 §11: any octet but `.`, for `_dmarc` and SRV names), and returns a
//!   borrowed [`Domain`] or a [`DomainError`] saying which check failed, at which byte
//!   offset and in which label.
//! - Measures every length in octets of the A-label form (RFC 5890 §2.3.2.1), also for
//!   names typed with U-labels.
//! - Classifies labels by RFC 5890 §2.3.1 ([`LabelKind`]): NR-LDH, A-label, reserved
//!   R-LDH (`ab--cd`, valid with a warning), U-label, underscore, other. An `xn--` label
//!   must be a real A-label: its Punycode decodes (punycode-core), the result is not
//!   ASCII, encodes back to exactly the label (lower-cased) and, with `idna`, is a valid
//!   U-label. Otherwise: `invalid_a_label`.
//! - Reports valid-but-notable names as [`Warnings`]: R-LDH labels, special-use names
//!   (RFC 6761 and friends), single-label names.
//! - With `idna` (default): validates U-labels and converts names by UTS #46
//!   ([`to_ascii`], [`to_unicode`], [`Domain::to_ascii`], [`Domain::to_unicode`]) with
//!   `CheckHyphens`, `CheckBidi`, `CheckJoiners`, `UseSTD3ASCIIRules` and `VerifyDnsLength`, and
//!   the root dot kept. IDNA failures are typed ([`IdnaRule`]) and point at a label.
//!
//! # What it does not do
//!
//! - It does not look names up, and it does not decide whether a TLD exists: RFC 3696
//!   §2 warns that lists of TLDs go stale as new ones are delegated, so syntax checks
//!   never consult a list. The optional `iana-tlds` feature gives `is_known_tld` as a
//!   hint, with the date of its list.
//! - It does not parse IP addresses as names: `1.2.3.4` is rejected (`numeric_tld`);
//!   see [`ip`] for address literals.
//! - It does not decide which Unicode characters are confusable (UTS #39).
//!
//! # Policies
//!
//! | preset | labels | octets in ASCII labels | example accepted | example rejected |
//! |---|---|---|---|---|
//! | [`Policy::HOSTNAME`] | ≥ 1 | letters, digits, hyphen (not first/last); digit first allowed | `localhost`, `3com.com`, `bücher.example` | `_dmarc.example.com` |
//! | [`Policy::FQDN`] | ≥ 2 | as HOSTNAME | `example.com` | `localhost` |
//! | [`Policy::DNS`] | ≥ 1 | any octet but `.` | `_sip._tcp.example.com` | `a..b` |
//!
//! Every preset: one trailing root dot accepted ([`Domain::is_absolute`]); `.` alone
//! rejected; labels 1–63 octets; the name at most 253 octets without the root dot; at
//! most 127 labels; the last label not all digits (`example.123`), which is the *only*
//! TLD rule (`example.1e5`, `a.9c` are fine). Presets are `const`; adjust them with the
//! typed options [`LabelSyntax`], [`Qualification`], [`NumericTld`].
//!
//! # Lengths: 63, 253 and 255
//!
//! RFC 1035 §2.3.4 limits labels to 63 octets and names to 255 octets *in wire form*,
//! where each label carries a length octet and the name ends with the empty root label.
//! A text name of `n` octets without the root dot has wire length `n + 2`, so the text
//! limit is 253 (254 with the root dot): see [`limits`].
//!
//! # Input safety
//!
//! Parsing is a single left-to-right pass with no recursion, and its work is bounded
//! whatever the input size:
//!
//! - inputs longer than [`limits::MAX_INPUT_LEN`] (1013 octets: 4 × 253 + the root dot)
//!   are `name_too_long` at once (at octet 253, or at the start of the character holding
//!   it: error offsets are always character boundaries): no name of 253 A-label octets
//!   is longer in UTF-8;
//! - a label scan stops after 63 octets for ASCII labels and
//!   [`limits::MAX_U_LABEL_INPUT`] (252) UTF-8 octets for U-labels (`label_too_long`);
//! - the name stops at 253 octets ([`limits::MAX_NAME_LEN`]) or 127 labels
//!   ([`limits::MAX_LABELS`]).
//!
//! Validation never allocates (a counting-allocator test checks it, U-labels included)
//! and works without `alloc`; U-labels need the `idna` feature, whose engine keeps
//! names of DNS size on the stack. Errors are `Copy` and hold no part of the input.
//! The Punycode step decodes into a stack buffer of 63 code points, so a hostile `xn--`
//! label costs no more than a normal one.
//!
//! The free conversion functions are UTS #46 operations, not parsers: [`to_ascii`]
//! verifies DNS lengths (`VerifyDnsLength`), but [`to_unicode`] with the `idna` feature,
//! like UTS #46 `ToUnicode`, converts a name of any length in linear time.
//!
//! # Examples
//!
//! ```
//! use ldh_domain::{Domain, DomainErrorKind, Policy, Warning};
//!
//! let d = Domain::parse_with("mail.example.com.", &Policy::FQDN)?;
//! assert_eq!(d.tld().as_str(), "com");
//! assert!(d.warnings().contains(Warning::SpecialUseDomain)); // RFC 6761 example.com
//!
//! let err = Domain::parse_with("1.2.3.4", &Policy::HOSTNAME).unwrap_err();
//! assert_eq!(err.kind(), DomainErrorKind::NumericTld);
//! assert!(err.to_string().contains("looks like an IPv4 address"));
//! # Ok::<(), ldh_domain::DomainError>(())
//! ```
//!
//! Internationalized names (feature `idna`, on by default):
//!
//! ```
//! # #[cfg(feature = "idna")] {
//! use ldh_domain::{Domain, LabelKind, Policy};
//! let d = Domain::parse_with("bücher.example", &Policy::FQDN)?;
//! assert_eq!(d.labels().next().map(|l| l.kind()), Some(LabelKind::ULabel));
//! assert_eq!(d.to_ascii()?, "xn--bcher-kva.example");
//! # }
//! # Ok::<(), ldh_domain::DomainError>(())
//! ```
//!
//! # Crate features
//!
//! - `std` (default): passes through; `DomainError` implements `core::error::Error` always.
//! - `alloc`: [`DomainBuf`], [`to_ascii`], [`to_unicode`], [`Domain::to_ascii`],
//!   [`Domain::to_unicode`].
//! - `idna` (default; needs `alloc`): U-labels and full UTS #46 through the `idna` crate.
//! - `iana-tlds`: `is_known_tld` and `TLD_LIST_VERSION` (`cargo xtask tld-update`).
//! - `serde`: `Serialize`/`Deserialize` for `Domain` (borrowing, usable as a struct
//!   field) and `DomainBuf`; deserializing validates with [`Policy::HOSTNAME`], or with
//!   the preset a `serde_policy` module names (`#[serde(with = …)]`).
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

pub mod limits;
// The text primitives live in `name-text`, the crate below this one; these paths stay.
pub use name_text::{ascii, caseless, ip, report};

#[cfg(feature = "alloc")]
mod convert;
mod domain;
mod error;
mod grammar;
mod idna;
mod meta;
#[cfg(feature = "alloc")]
mod owned;
mod policy;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_policy;
#[cfg(all(test, feature = "idna"))]
mod test_corpus;
mod tld;
#[cfg(feature = "alloc")]
mod user_input;
mod warning;

#[cfg(feature = "alloc")]
pub use convert::{to_ascii, to_ascii_with, to_unicode, to_unicode_with};
pub use domain::{Domain, Label, LabelKind, Labels};
#[cfg(feature = "alloc")]
pub use owned::{DomainBuf, DomainFacts};
/// Whether `text` is in Unicode Normalization Form C (UAX #15), decided without
/// allocating (the check IDNA 2008 applies to U-labels, RFC 5891 §5.4, for any text).
/// `None` when the text holds a run of more than 252 combining marks after one code
/// point, too long to normalize in a fixed buffer (no U-label has one).
///
/// ```
/// assert_eq!(ldh_domain::is_nfc("b\u{fc}cher"), Some(true));
/// assert_eq!(ldh_domain::is_nfc("bu\u{308}cher"), Some(false));
/// ```
#[cfg(feature = "idna")]
#[cfg_attr(docsrs, doc(cfg(feature = "idna")))]
#[must_use]
pub fn is_nfc(text: &str) -> Option<bool> {
    idna::ulabel::text_is_nfc(text)
}

pub use error::{ALabelReason, DisallowedWhy, DomainError, DomainErrorKind, IdnaRule};
pub use policy::{IDNA_UNICODE_VERSION, IdnaMode, LabelSyntax, NumericTld, Policy, Qualification};
#[cfg(feature = "iana-tlds")]
#[cfg_attr(docsrs, doc(cfg(feature = "iana-tlds")))]
pub use tld::{TLD_LIST_VERSION, is_known_tld};
pub use warning::{SpecialUse, Warning, Warnings};

/// Implements `PartialEq` between a type and text in the directions the type lacks,
/// through the type's own `PartialEq<str>`, so that `"a.example" == name` compiles
/// wherever `name == "a.example"` does and gives the same answer.
///
/// `text_eq_both_ways!(str: T)` adds `str == T` and `&str == T`;
/// `text_eq_both_ways!(String: T)` adds `T == String` and `String == T` (the calling
/// crate needs `extern crate alloc`). The name types of this workspace use it, each
/// with its own `PartialEq<str>`.
///
/// ```
/// struct Upper(&'static str);
/// impl PartialEq<str> for Upper {
///     fn eq(&self, other: &str) -> bool { self.0.eq_ignore_ascii_case(other) }
/// }
/// ldh_domain::text_eq_both_ways!(str: Upper);
/// assert!("abc" == Upper("ABC"));
/// assert!(*"abc" == Upper("ABC"));
/// ```
#[macro_export]
macro_rules! text_eq_both_ways {
    (str: $ty:ty) => {
        impl PartialEq<$ty> for str {
            fn eq(&self, other: &$ty) -> bool {
                PartialEq::<str>::eq(other, self)
            }
        }

        impl PartialEq<$ty> for &str {
            fn eq(&self, other: &$ty) -> bool {
                PartialEq::<str>::eq(other, *self)
            }
        }
    };
    (String: $ty:ty) => {
        impl PartialEq<::alloc::string::String> for $ty {
            fn eq(&self, other: &::alloc::string::String) -> bool {
                PartialEq::<str>::eq(self, other.as_str())
            }
        }

        impl PartialEq<$ty> for ::alloc::string::String {
            fn eq(&self, other: &$ty) -> bool {
                PartialEq::<str>::eq(other, self.as_str())
            }
        }
    };
}

text_eq_both_ways!(str: Domain<'_>);
#[cfg(feature = "alloc")]
text_eq_both_ways!(String: Domain<'_>);

// The README's example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
