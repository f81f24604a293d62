//! `validation_alloc_free`: validation allocates nothing, on arbitrary input. The
//! counting allocator is installed by the binary that runs this (the fuzz target and
//! its own replay test), since a global allocator is per program.

use std::alloc::System;

use ldh_domain::Domain;
use rfc_email::{EmailAddress, Policy};
use stats_alloc::{Region, StatsAlloc};
use uri_schemes::{HttpUrl, Mailto, Uri, UriPolicy, UriRef};

fn allocations(global: &'static StatsAlloc<System>, f: impl FnOnce()) -> usize {
    let region = Region::new(global);
    f();
    let change = region.change();
    change.allocations + change.reallocations
}

/// Runs every validator on the input, in their default modes (IDNA 2008 for names), and
/// asserts that none allocated: on any input, internationalized names included.
pub fn validation_alloc_free(data: &[u8], global: &'static StatsAlloc<System>) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let all = UriPolicy::STRICT.with_iri().with_zone_ids();
    let mut runs = Vec::with_capacity(8);
    for _ in 0..3 {
        let n = allocations(global, || {
            let _ = std::hint::black_box(Uri::parse(s));
            let _ = std::hint::black_box(UriRef::parse_with(s, &all));
            let _ = std::hint::black_box(Domain::parse_with(s, &ldh_domain::Policy::DNS));
            for policy in [
                Policy::RFC5321,
                Policy::SMTPUTF8,
                Policy::RFC5322,
                Policy::HTML5,
            ] {
                let _ = std::hint::black_box(EmailAddress::parse_with(s, &policy));
            }
            let _ = std::hint::black_box(HttpUrl::parse(s));
            let _ = std::hint::black_box(Mailto::parse(s));
        });
        runs.push(n);
        if n == 0 {
            return;
        }
    }
    panic!("validating {s:?} allocated: {runs:?}");
}
