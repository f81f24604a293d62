//! Text primitives shared by the rfc3696 crates, at the bottom of their dependency
//! graph: nothing here knows what a domain name, an email address or a URI is.
//!
//! - [`ascii`]: byte classes, [`ascii::ByteSet`] and [`ascii::ByteTable`] built in
//!   `const`, and the RFC 5234 base classes every grammar composes its own from;
//! - [`swar`]: eight bytes at a time in a `u64`, for the scanners' hot loops;
//! - [`ip`]: the IPv4 and IPv6 text forms of RFC 3986 and RFC 5321;
//! - [`caseless`]: ASCII case-insensitive `eq`, `cmp` and `hash` (RFC 4343 §3);
//! - [`ranges`]: code point sets as sorted range tables;
//! - the glue macros, which expand in the calling crate: [`glue`] (`serde` impls and
//!   `serde_policy` modules), [`located`] (an error's accessors) and [`bitset`] (a
//!   `Copy` set of warnings);
//! - [`report`]: errors shown against their input with a caret, for developers
//!   ([`report::Report`]) and for end users ([`report::UserReport`]), with every
//!   character that would not show escaped.
//!
//! ```
//! use name_text::ascii::LDH;
//! use name_text::report::Report;
//! assert_eq!(LDH.find_first_not_in(b"a_b"), Some(1));
//! assert_eq!(Report::new("a_b", 1, "x", &"not LDH").to_string(), "a_b\n ^ x: not LDH");
//! ```
//!
//! # Crate features
//!
//! - `std` (default), `alloc`: pass through; nothing here allocates.
//! - `char-names`: character names in [`report::CodePoint`] (`U+1F4A9 PILE OF POO`).
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
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
pub mod bitset;
pub mod caseless;
pub mod glue;
pub mod ip;
pub mod located;
pub mod ranges;
pub mod report;
pub mod swar;

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The version of this crate.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
