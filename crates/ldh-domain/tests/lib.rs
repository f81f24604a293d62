//! Integration tests: one binary, one module per concern.

#![expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "the helpers take `&Policy` like `Domain::parse` does, so cases read the same"
)]

mod adversarial;
mod boundaries;
#[cfg(feature = "alloc")]
mod canonical_ascii;
mod common;
#[cfg(feature = "alloc")]
mod conversions;
#[cfg(feature = "alloc")]
mod equality;
mod errors;
#[cfg(feature = "idna")]
mod idna2008;
#[cfg(feature = "idna")]
mod idna_conformance;
#[cfg(feature = "idna")]
mod idna_errors;
mod labels;
mod policies;
mod rfc3696;
#[cfg(all(feature = "serde", feature = "alloc"))]
mod serde;
#[cfg(feature = "alloc")]
mod snapshots;
#[cfg(feature = "iana-tlds")]
mod tld;
#[cfg(feature = "alloc")]
mod user_input;
#[cfg(feature = "idna")]
mod uts46_mapping;
mod warnings;
