//! Email addresses checked the way RFC 3696 §3 asks, with its errata: one `nom`
//! grammar, five profiles, and diagnostics that point at the byte.
//!
//! # What it does
//!
//! - Parses an address once by a grammar written one function per ABNF rule (RFC 5321
//!   §4.1.2/§4.1.3, RFC 5322 §3.2–§3.4 and §4.4, RFC 6531 §3.3, RFC 6532 §3.2) and
//!   classifies it by a [`Policy`]:
//!
//!   | profile | for | local part | domain | limits |
//!   |---|---|---|---|---|
//!   | [`Policy::RFC5321`] (default) | `MAIL FROM`/`RCPT TO` as-is | ASCII `Dot-string` or `Quoted-string` | FQDN (via `ldh-domain`) or `[IPv4]`/`[IPv6:…]` | 64 / 255 / 254 |
//!   | [`Policy::SMTPUTF8`] | RFC 6531 | + UTF-8 in atoms and quoted strings | + U-labels | 64 / 255 / 254 (also with A-labels) |
//!   | [`Policy::RFC5322`] | message headers | + CFWS, nested comments, obsolete forms, UTF-8 | any `dot-atom`, domain literals | domain 255 |
//!   | [`Policy::HTML5`] | web forms | WHATWG "valid email address" | LDH labels, one label allowed | labels 63 |
//!   | [`Policy::RFC3696_PUBLISHED`] | legacy data | RFC 5321 + `Abc\@def` as printed (warning) | as RFC 5321 | 64 / 255 / 320 |
//!
//!   Whatever `RFC5321` accepts, `SMTPUTF8` and `RFC5322` accept too.
//! - Reports the first problem as an [`EmailError`]: a `Copy` kind with a stable
//!   [`code`](EmailError::code), a message a person can act on, and the byte offset in
//!   your input. Domain errors come from `ldh-domain` with offsets rebased. Where the
//!   fix is obvious, [`EmailError::suggestion`] writes the corrected address.
//! - Gives the parts as written ([`EmailAddress::local_part`], [`DomainPart`]) with
//!   their byte ranges ([`EmailAddress::local_part_range`],
//!   [`EmailAddress::domain_range`]).
//! - Reports valid but discouraged forms as [`Warnings`] (quoted local parts, address
//!   literals, special-use domains, obsolete syntax, …).
//! - With `alloc`: the unquoted local part, normalization (needless quotes and escapes
//!   removed, domain lower-cased, A-labels or U-labels, RFC 5952 IPv6), an owned
//!   [`EmailAddressBuf`], and [`ValidatedAddress`], the one call for storing an address.
//!
//! Which profile? To store an address you will send mail to, `RFC5321` (or
//! `SMTPUTF8` if your mail system supports RFC 6531). To read addresses out of
//! message headers, `RFC5322`, then check deliverability with `RFC5321`. To agree with
//! a browser's `<input type=email>`, `HTML5`. `docs/profiles.md` in the repository
//! gives every rule and its source.
//!
//! # What it does not do
//!
//! - It does not tell whether a mailbox exists, nor resolve MX records.
//! - It does not parse display names (`Name <addr>`), groups or address lists.
//! - It does not interpret the local part: case, `+tag` and dots belong to the
//!   receiving host (RFC 5321 §2.4), so normalization keeps them.
//!
//! # Examples
//!
//! ```
//! use rfc_email::{EmailAddress, EmailErrorKind, Policy, Warning};
//!
//! let addr = EmailAddress::parse("\"Fred Bloggs\"@example.com")?;
//! assert!(addr.is_quoted());
//! assert!(addr.warnings().contains(Warning::QuotedLocalPart));
//!
//! // RFC 3696 §3 printed `Fred\ Bloggs@example.com`; erratum 246 corrected it.
//! let input = r"Fred\ Bloggs@example.com";
//! let err = EmailAddress::parse(input).unwrap_err();
//! assert_eq!(err.kind(), EmailErrorKind::BackslashOutsideQuotes);
//! assert_eq!(err.offset(), 4);
//! assert_eq!(err.suggestion(input).unwrap().to_string(), "\"Fred Bloggs\"@example.com");
//!
//! // Header syntax is a different profile.
//! assert!(EmailAddress::parse("john.doe(comment)@example.com").is_err());
//! assert!(EmailAddress::parse_with("john.doe(comment)@example.com", &Policy::RFC5322).is_ok());
//! # Ok::<(), rfc_email::EmailError>(())
//! ```
//!
//! # Input safety
//!
//! - Parsing never panics, never allocates, and runs in time linear in the input.
//! - There is no recursion: nested comments (RFC 5322 only) are followed with a counter
//!   bounded by [`Policy::max_comment_depth`] ([`DEFAULT_MAX_COMMENT_DEPTH`] = 16);
//!   deeper nesting is [`EmailErrorKind::CommentTooDeep`].
//! - Limits (octets): local part [`MAX_LOCAL_PART_LEN`] = 64 (RFC 5321 §4.5.3.1.1),
//!   domain [`MAX_DOMAIN_LEN`] = 255 (§4.5.3.1.2), whole address [`MAX_ADDRESS_LEN`] =
//!   254 (§4.5.3.1.3 and RFC 3696 errata 1003/1690), with the errors
//!   [`LocalPartTooLong`](EmailErrorKind::LocalPartTooLong),
//!   [`DomainTooLong`](EmailErrorKind::DomainTooLong) and
//!   [`AddressTooLong`](EmailErrorKind::AddressTooLong). `ldh-domain` adds its label (63)
//!   and name (253) limits.
//!
//! # Crate features
//!
//! - `std` (default): implies `alloc`; kept so std-only additions stay additive.
//! - `alloc`: [`EmailAddressBuf`], [`EmailAddress::unquoted_local_part`],
//!   [`EmailAddress::normalize`], [`EmailAddress::to_ascii`],
//!   [`EmailAddress::to_unicode`].
//! - `idna` (default): U-label domains under `SMTPUTF8` (through `ldh-domain/idna`).
//!   Without it a non-ASCII domain is `idna_feature_disabled`.
//! - `serde`: `Serialize` for [`EmailAddress`] and [`EmailAddressBuf`] (as the text),
//!   `Deserialize` validating under [`Policy::RFC5321`] (borrowed, or owned with
//!   `alloc`), or under the profile a `serde_policy` module names
//!   (`#[serde(with = …)]`).
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

mod address;
pub mod ascii;
mod compare;
mod error;
mod grammar;
mod list;
#[cfg(feature = "alloc")]
mod normalize;
#[cfg(feature = "alloc")]
mod owned;
mod policy;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_policy;
mod suggestion;
mod unicode;
#[cfg(feature = "alloc")]
mod validated;
mod warning;

pub use address::{AddressLiteral, DomainPart, EmailAddress};
pub use error::{EmailError, EmailErrorKind};
/// The `ldh-domain` types that appear in this crate's API (domain names and the error
/// kinds wrapped by [`EmailErrorKind::Domain`] and [`EmailErrorKind::Ip`]), so that
/// matching on them needs no direct dependency.
pub use ldh_domain::{Domain, DomainErrorKind};
pub use list::{ListedMailbox, Mailboxes, mailboxes};
pub use name_text::ip::IpErrorKind;
#[cfg(feature = "alloc")]
pub use normalize::DomainForm;
#[cfg(feature = "alloc")]
pub use owned::EmailAddressBuf;
pub use policy::{
    Backslash, Charset, DEFAULT_MAX_COMMENT_DEPTH, MAX_ADDRESS_LEN, MAX_DOMAIN_LEN,
    MAX_LOCAL_PART_LEN, Policy, Syntax,
};
pub use suggestion::Suggestion;
#[cfg(feature = "alloc")]
pub use validated::ValidatedAddress;
pub use warning::{Warning, Warnings};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
