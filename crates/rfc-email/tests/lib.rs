//! Integration tests of `rfc-email`: one binary, one module per concern.

mod address_list;
mod adversarial;
#[cfg(feature = "alloc")]
mod canonical_ascii;
mod common;
#[cfg(feature = "idna")]
mod conformance;
#[cfg(feature = "alloc")]
mod equality;
mod errors;
mod examples;
mod first_errors;
#[cfg(feature = "idna")]
mod fixed_point;
mod lengths;
mod literals;
mod messages;
#[cfg(feature = "alloc")]
mod normalize;
mod profiles;
mod properties;
mod quoting;
#[cfg(all(feature = "serde", feature = "idna"))]
mod serde;
#[cfg(feature = "idna")]
mod unicode_local_part;
#[cfg(feature = "alloc")]
mod validated;
