//! Spoofing checks for internationalized domain names by UTS #39 (Unicode Security
//! Mechanisms), and the decision a careful browser takes for every name: show the
//! U-label, or show the A-label and say why.
//!
//! A name can be valid and still lie: `xn--80ak6aa92e.com` is `аррӏе.com` in Cyrillic
//! letters, `xn--pypal-4ve.com` hides a Cyrillic `а` in `pаypal`. RFC 5890 §4.2 and
//! RFC 5891 §10 leave the defence to the application that shows the name; this crate is
//! that defence.
//!
//! # What it does
//!
//! - UTS #39 §4: [`skeleton`], [`are_confusable`], and through [`ResolvedScripts`]
//!   mixed-script and whole-script confusable detection ([`are_whole_script_confusable`],
//!   [`are_mixed_script_confusable`]).
//! - UTS #39 §3.1 (the data §5.1 uses): [`identifier_status`] and [`identifier_types`]
//!   per code point.
//! - UTS #39 §5.2: [`restriction_level`] from resolved script sets (`Script_Extensions`,
//!   augmented with `Hanb`, `Jpan`, `Kore`).
//! - UTS #39 §5.3 [`has_mixed_numbers`] and §5.4 [`hidden_characters`] (a mark repeated
//!   anywhere in one run of marks, as ICU checks it).
//! - The rules of Chromium's IDN display policy beyond UTS #39, each a [`Rule`] that
//!   [`DisplayPolicy::without`] turns off: characters it blocks, letters shown only under
//!   their country's TLD (`þ ð` under `.is`/`.fo`, `ə` under `.az`, `l·l` under `.cat`),
//!   Latin outside ASCII next to another script, digit lookalikes, the kana and CJK
//!   characters that pass for `-`, `.`, `/` or Latin letters out of context, misplaced
//!   combining marks, and whole-script lookalikes of Latin shown only under a TLD of
//!   their script or one listed for it.
//! - [`check_label`]: the allocation-free verdict on one label under a [`DisplayPolicy`];
//!   with `alloc`, [`display()`]: the decision for a whole name, label by label.
//! - Spoofing warnings on checked values, never errors: [`domain_warnings`] on an
//!   `ldh_domain::Domain`; with feature `email`, `address_warnings` on an
//!   `rfc_email::EmailAddress` (domain and local part); with feature `uri`,
//!   `http_warnings` on an `uri_schemes::HttpUrl` host and (with `alloc`)
//!   `mailto_warnings` on every address of a `uri_schemes::Mailto`. Each
//!   [`SpoofWarning`] has a stable code, its label index and a message.
//!
//! # What it does not do
//!
//! - It does not decide whether a name is valid: [`display()`] parses names with
//!   `ldh_domain::Domain::parse` and returns its error for invalid names.
//! - It does not know which names matter to you: pass them as protected names
//!   ([`DisplayPolicy::with_protected`], or for many names a [`ProtectedNames`] index
//!   with `DisplayPolicy::with_protected_names`); there is no built-in list of popular
//!   domains.
//!
//! # Data
//!
//! `confusables.txt`, `IdentifierStatus.txt` and `IdentifierType.txt` of UTS #39 for
//! Unicode [`UNICODE_VERSION`], compiled into tables by `cargo xtask codegen`;
//! `Script_Extensions`, `General_Category` and `Default_Ignorable_Code_Point` from ICU4X
//! `icu_properties` compiled data (the same Unicode version), NFD from `icu_normalizer`.
//!
//! # `no_std` and allocation
//!
//! The crate is `#![no_std]`. The checks allocate nothing ([`check_label`] for any label,
//! `tests/alloc_free.rs` counts), but the crate must be linked where a global allocator
//! exists, even without the `alloc` feature: `icu_normalizer` (NFD for skeletons) keeps
//! its buffer of combining marks in a `smallvec`, which links the `alloc` crate and can
//! spill for runs of more than 16 marks. `icu_properties` alone needs no allocator.
//!
//! # Example
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use idn_spoof::{DisplayPolicy, display};
//!
//! let shown = display("xn--80ak6aa92e.com", &DisplayPolicy::BROWSER)?;
//! assert_eq!(shown.output(), "xn--80ak6aa92e.com");
//! assert_eq!(shown.reasons()[0].code(), "confusable");
//! assert_eq!(display("xn--bcher-kva.de", &DisplayPolicy::BROWSER)?.output(), "bücher.de");
//! # }
//! # Ok::<(), ldh_domain::DomainError>(())
//! ```
//!
//! # Features
//!
//! - `std` (default): implies `alloc`.
//! - `alloc`: [`display()`], [`Display`] (needs the IDNA engine of `ldh-domain` to parse
//!   and convert names).
//! - `email`: `address_warnings` (depends on `rfc-email`, which does not depend on this
//!   crate).
//! - `uri`: `http_warnings`, and `mailto_warnings` with `alloc` (depends on
//!   `uri-schemes`).
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
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

mod browser;
#[cfg(feature = "alloc")]
mod display;
mod generated;
mod identifier;
mod label;
mod marks;
mod message;
mod policy;
mod protect;
mod script;
mod skeleton;
mod tld_rules;
mod warning;

#[cfg(feature = "alloc")]
pub use display::{Display, DisplayLabel, Reason, display, label_reasons};
pub use generated::UNICODE_VERSION;
pub use identifier::{
    IdentifierStatus, IdentifierType, IdentifierTypes, identifier_status, identifier_types,
    is_allowed,
};
pub use label::{LabelVerdict, check_label};
pub use marks::{HiddenCharacters, digit_zero, has_mixed_numbers, hidden_characters};
pub use message::Part;
pub use policy::{DisplayPolicy, Rule};
#[cfg(feature = "alloc")]
pub use protect::ProtectedNames;
pub use script::{ResolvedScripts, RestrictionLevel, ScriptCode, restriction_level};
pub use skeleton::{are_confusable, prototype, skeleton};
#[cfg(feature = "email")]
pub use warning::address_warnings;
#[cfg(feature = "uri")]
pub use warning::http_warnings;
#[cfg(all(feature = "uri", feature = "alloc"))]
pub use warning::mailto_warnings;
pub use warning::{SpoofWarning, SpoofWarnings, domain_warnings};

/// True when `a` and `b` are whole-script confusables (UTS #39 §4): confusable, each
/// single-script, and with disjoint resolved script sets.
///
/// ```
/// assert!(idn_spoof::are_whole_script_confusable("аррӏе", "apple"));
/// assert!(!idn_spoof::are_whole_script_confusable("pаypal", "paypal")); // mixed-script
/// ```
pub fn are_whole_script_confusable(a: &str, b: &str) -> bool {
    let (sa, sb) = (ResolvedScripts::of(a), ResolvedScripts::of(b));
    are_confusable(a, b) && sa.is_single_script() && sb.is_single_script() && !sa.intersects(&sb)
}

/// True when `a` and `b` are mixed-script confusables (UTS #39 §4): confusable but not
/// single-script confusables (their concatenation is not single-script).
///
/// ```
/// assert!(idn_spoof::are_mixed_script_confusable("pаypal", "paypal"));
/// assert!(!idn_spoof::are_mixed_script_confusable("rn", "m")); // both Latin
/// ```
pub fn are_mixed_script_confusable(a: &str, b: &str) -> bool {
    are_confusable(a, b) && !ResolvedScripts::of(a).intersects(&ResolvedScripts::of(b))
}

// The README's example runs as a doctest (`display` needs `alloc`).
#[cfg(all(doctest, feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Every Unicode scalar value: the unit tests check each rule's shortcut against the rule
/// for all of them.
#[cfg(test)]
fn every_scalar_value() -> impl Iterator<Item = char> {
    (0..=0x10_FFFF_u32).filter_map(char::from_u32)
}
