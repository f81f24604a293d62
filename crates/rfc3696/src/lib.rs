//! The rfc3696 facade (work in progress: see issue 6).
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "punycode")]
#[doc(inline)]
pub use punycode_core as punycode;

#[cfg(feature = "domain")]
#[doc(inline)]
pub use ldh_domain as domain;

#[cfg(feature = "email")]
#[doc(inline)]
pub use rfc_email as email;

#[cfg(feature = "uri")]
#[doc(inline)]
pub use uri_schemes as uri;
