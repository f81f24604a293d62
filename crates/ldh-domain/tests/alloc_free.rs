//! Proves that validation allocates nothing: a counting global allocator (from
//! `stats_alloc`, since the workspace forbids `unsafe`) around the calls, all in one
//! `#[test]` so that no other test thread allocates meanwhile.
//!
//! The counter is process-wide, and the harness's main thread may still be allocating
//! (printing, bookkeeping) when the test thread starts. Each measurement therefore runs
//! up to three times and the *fewest* allocations count: validation is deterministic,
//! so an allocation of ours shows up in every run, while the harness's shows up in some.

use std::alloc::System;

use ldh_domain::{Domain, IdnaMode, Policy};
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
        "/testdata/corpus/domains.txt"
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
        "xn--ls8h.la",
        "a\u{b7}b.com",
        "col\u{b7}legi.cat",
    ];
    // Random IDNs (a fixed pseudo-random sequence, prepared before counting): letters of
    // several scripts, combining marks in runs, joiners, CONTEXTO code points, digits of
    // two systems, symbols; among them labels with long runs of combining marks, which
    // ICU4X's normalizer would buffer on the heap.
    let palette: Vec<char> = "aébüß-1\u{301}\u{308}\u{94d}\u{915}\u{5d0}\u{627}\u{628}\u{661}\u{6f1}\u{200c}\u{200d}\u{b7}\u{30fb}\u{30a2}\u{4e00}\u{ac00}\u{1f4a9}\u{3b1}\u{375}\u{5f3}"
        .chars()
        .collect();
    let mut seed = 3696u64;
    let mut random_names: Vec<String> = (0..3000)
        .map(|_| {
            let mut name = String::new();
            for label in 0..3 {
                if label > 0 {
                    name.push('.');
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let len = 1 + (seed >> 59) as usize;
                for _ in 0..len {
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    name.push(palette[(seed >> 33) as usize % palette.len()]);
                }
            }
            name
        })
        .collect();
    random_names.push(format!("a{}.com", "\u{301}".repeat(30)));
    random_names.push(format!("x{}.com", "\u{301}".repeat(60)));
    random_names.push(format!("\u{e9}{}.com", "\u{334}\u{301}".repeat(40)));
    let unicode: Vec<&str> = unicode
        .into_iter()
        .chain(random_names.iter().map(String::as_str))
        .collect();
    let mut accepted = 0usize;

    let stats = fewest(|| {
        for name in &ascii {
            for policy in [Policy::HOSTNAME, Policy::FQDN, Policy::DNS] {
                if let Ok(d) = Domain::parse_with(name, &policy) {
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
            let d = Domain::parse_with(name, &Policy::HOSTNAME).unwrap();
            assert!(matches!(
                d.to_ascii().unwrap(),
                std::borrow::Cow::Borrowed(_)
            ));
        }
        let stats = region.change();
        assert_eq!(stats.allocations, 0, "to_ascii allocated: {stats:?}");
    }

    if cfg!(feature = "idna") {
        // The IDNA 2008 modes (the default) allocate on no input.
        let stats = fewest(|| {
            for name in &unicode {
                for mode in [IdnaMode::Registration, IdnaMode::Lookup] {
                    let _ = Domain::parse_with(name, &Policy::HOSTNAME.with_idna_mode(mode));
                    let _ = Domain::parse_with(name, &Policy::DNS.with_idna_mode(mode));
                }
            }
        });
        assert_eq!(
            stats.allocations, 0,
            "U-label validation allocated: {stats:?}"
        );
        // The UTS #46 mode runs the `idna` crate, which keeps DNS-sized names on the
        // stack but moves a long run of combining marks to the heap: the names with such
        // runs (the last three) are left out for it.
        let stats = fewest(|| {
            for name in &unicode[..unicode.len() - 3] {
                let _ = Domain::parse_with(name, &Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46));
                let _ = Domain::parse_with(name, &Policy::DNS.with_idna_mode(IdnaMode::Uts46));
            }
        });
        assert_eq!(
            stats.allocations, 0,
            "U-label validation (UTS #46 mode) allocated: {stats:?}"
        );
    }
}
