//! Domain names checked the RFC 3696 way (work in progress: see issue 3).
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
pub mod ip;
