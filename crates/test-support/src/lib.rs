//! Fixtures shared by the tests of the rfc3696 crates, the CLI's end-to-end tests and the
//! fuzz targets (a dev-dependency only; never published).
//!
//! - [`naive_domain`]: a reference verdict for ASCII domain names, written from the RFC
//!   text with no attempt at speed, that ldh-domain's property tests and the
//!   `domain_ascii_vs_naive` fuzz target compare `ldh_domain::Domain::parse` with.
//! - `dns_server` (feature `dns-server`): an authoritative DNS server on 127.0.0.1 that
//!   serves `testdata/dns/dnstest.zone` and counts the queries it gets.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "dns-server")]
#[cfg_attr(docsrs, doc(cfg(feature = "dns-server")))]
pub mod dns_server;
pub mod naive_domain;
