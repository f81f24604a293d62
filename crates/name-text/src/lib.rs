//! Text primitives shared by the rfc3696 crates, at the bottom of their dependency
//! graph: nothing here knows what a domain name, an email address or a URI is.
//!
//! ```
//! assert!(name_text::VERSION.starts_with("0."));
//! ```
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

pub mod glue;
pub mod swar;

/// The version of this crate.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
