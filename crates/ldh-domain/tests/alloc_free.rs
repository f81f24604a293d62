//! Proves that validation allocates nothing: a counting global allocator (from
//! `stats_alloc`, since the workspace forbids `unsafe`) around the calls, all in one
//! `#[test]` so that no other test thread allocates meanwhile.
//!
//! The counter is process-wide, and the harness's main thread may still be allocating
//! (printing, bookkeeping) when the test thread starts. Each measurement therefore runs
//! up to three times and the *fewest* allocations count: validation is deterministic,
//! so an allocation of ours shows up in every run, while the harness's shows up in some.

use std::alloc::System;

use ldh_domain::{Domain, Policy};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Runs `f` up to three times; the stats of the run with the fewest allocations.
fn fewest(mut f: impl FnMut()) -> stats_alloc::Stats {
    let mut best: Option<stats_alloc::Stats> = None;
    for _ in 0..3 {
        let region = Region::new(GLOBAL);
        f();
        let stats = region.change();
        if best.is_none_or(|b| stats.allocations < b.allocations) {
            best = Some(stats);
        }
        if stats.allocations == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    best.unwrap()
}

#[test]
fn validation_allocates_nothing() {
    // Inputs prepared (and allocated) before counting starts.
    let long_label = format!("{}.com", "a".repeat(64));
    let long_name = format!("{0}.{0}.{0}.{0}", "a".repeat(63));
    let many = "a.".repeat(130);
    let huge = "a".repeat(100_000);
    let mut ascii: Vec<&str> = vec![
        "example.com",
        "www.example.com.",
        "WWW.EXAMPLE.COM",
        "localhost",
        "_dmarc.example.com",
        "xn--bcher-kva.de",
        "XN--BCHER-KVA.DE",
        "ab--cd.example.net",
        "a..b",
        "-a.com",
        "a_b.com",
        "1.2.3.4",
        "xn--99999999999.com",
        "xn--a.com",
        "",
        ".",
        &long_label,
        &long_name,
        &many,
        &huge,
    ];
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/corpus/domains.txt"
    ))
    .unwrap();
    ascii.extend(corpus.lines().filter(|l| l.is_ascii()).take(2000));
    // U-labels go through the `idna` engine, which keeps DNS-sized names on the stack.
    let unicode: Vec<&str> = vec![
        "bücher.example",
        "www.bücher.de.",
        "例え.テスト",
        "\u{5d0}\u{5d1}.\u{5d2}",
        "ab--ü.de",
        "0a.\u{5d0}",
        "a\u{200d}b.com",
        "\u{301}a.com",
        "_dmarc.bücher.de",
    ];
    let mut accepted = 0usize;

    let stats = fewest(|| {
        for name in &ascii {
            for policy in [Policy::HOSTNAME, Policy::FQDN, Policy::DNS] {
                if let Ok(d) = Domain::parse(name, &policy) {
                    accepted += 1;
                    accepted += d.labels().filter(|l| !l.kind().code().is_empty()).count();
                    let _ = d.tld();
                    let _ = d.warnings();
                    let _ = d.special_use();
                }
                let _ = Domain::parse_bytes(name.as_bytes(), &policy);
            }
        }
    });
    assert_eq!(
        stats.allocations, 0,
        "ASCII validation allocated: {stats:?}"
    );
    assert!(accepted > 1000);

    #[cfg(feature = "alloc")]
    {
        // `to_ascii` on names already in lower-case A-label form borrows.
        let region = Region::new(GLOBAL);
        for name in ["example.com", "www.example.com.", "xn--bcher-kva.de"] {
            let d = Domain::parse(name, &Policy::HOSTNAME).unwrap();
            assert!(matches!(
                d.to_ascii().unwrap(),
                std::borrow::Cow::Borrowed(_)
            ));
        }
        let stats = region.change();
        assert_eq!(stats.allocations, 0, "to_ascii allocated: {stats:?}");
    }

    if cfg!(feature = "idna") {
        let stats = fewest(|| {
            for name in &unicode {
                let _ = Domain::parse(name, &Policy::HOSTNAME);
                let _ = Domain::parse(name, &Policy::DNS);
            }
        });
        assert_eq!(
            stats.allocations, 0,
            "U-label validation allocated: {stats:?}"
        );
    }
}
