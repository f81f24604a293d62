//! Integration tests: one binary, one module per concern.

mod adversarial;
mod common;
mod conformance;
mod first_errors;
mod generic;
mod http;
mod mailto;
#[cfg(feature = "alloc")]
mod mailto_build;
#[cfg(feature = "alloc")]
mod mailto_lists;
#[cfg(feature = "alloc")]
mod normalize;
#[cfg(feature = "alloc")]
mod owned;
mod percent;
mod prop;
#[cfg(feature = "alloc")]
mod resolve;
#[cfg(all(feature = "serde", feature = "alloc"))]
mod serde;
#[cfg(feature = "std")]
mod snapshots;
#[cfg(feature = "idna")]
mod user_input;
#[cfg(feature = "idna")]
mod uts46_hosts;
