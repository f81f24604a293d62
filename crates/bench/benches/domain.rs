//! ldh-domain against `addr` and `idna`, in the same run.
//!
//! Inputs: `testdata/corpus/domains.txt` (20,000 names: Tranco top list with IDNs mixed
//! in). Throughput in names.
//!
//! - `domain/validate-ascii`: the 18,941 all-ASCII names. `ldh-domain` checks them with
//!   `Domain::parse_with(_, &Policy::HOSTNAME)` (no allocation), and again with
//!   `Domain::warnings` asked for (the special-use check runs there); `addr` with
//!   `parse_domain_name` (syntax plus a public-suffix lookup); `idna` with
//!   `domain_to_ascii_strict` (UTS #46 `ToASCII` with STD3 and DNS length checks, which
//!   returns a `Cow` that borrows for lower-case ASCII input).
//! - `domain/validate-ascii-no-a-labels`: the 18,044 of those without an `xn--` label
//!   (for A-labels every library runs a Punycode decoder and U-label validation).
//! - `domain/validate-full` and `domain/to-ascii-full`: all 100,000 names of
//!   `testdata/corpus/domains-100k.txt`, the 5,332 with non-ASCII characters included;
//!   `ldh-domain` in its default mode (IDNA 2008 registration) and in the UTS #46 mode.
//! - `domain/to-unicode-full`: the same 100,000 names converted to Unicode:
//!   `ldh_domain::to_unicode` (a `Cow` that borrows names without an A-label) against
//!   `idna::domain_to_unicode` (a new `String` each), both results checked for errors.
//! - `domain/to-ascii`: every name, ASCII and IDN: `ldh_domain::to_ascii` (strict
//!   UTS #46, root dot allowed) and `Domain::parse` + `Domain::to_ascii` against
//!   `idna::domain_to_ascii_strict`.

use bench::{corpus_group, each};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use idna::domain_to_ascii_strict;
use ldh_domain::{Domain, IdnaMode, Policy, to_ascii};

fn validate_ascii(c: &mut Criterion) {
    let names: Vec<String> = bench::corpus("domains.txt")
        .into_iter()
        .filter(|n| n.is_ascii())
        .collect();
    compare_validation(c, "domain/validate-ascii", &names);
    // The same without the names holding an `xn--` label: for those, all three
    // libraries decode the Punycode and check the U-label, which dominates.
    let ldh: Vec<String> = names
        .into_iter()
        .filter(|n| !n.to_ascii_lowercase().contains("xn--"))
        .collect();
    compare_validation(c, "domain/validate-ascii-no-a-labels", &ldh);
}

/// Opens a group over `names`, throughput in names, with the floor row.
fn names_group<'c>(
    c: &'c mut Criterion,
    group: &str,
    names: &[String],
) -> criterion::BenchmarkGroup<'c, criterion::measurement::WallTime> {
    corpus_group(c, group, Throughput::Elements(names.len() as u64), names)
}

/// The two peer rows every validation group has.
fn peer_validation<M: criterion::measurement::Measurement>(
    g: &mut criterion::BenchmarkGroup<'_, M>,
    names: &[String],
) {
    each(g, "addr", names, |n| addr::parse_domain_name(n).is_ok());
    each(g, "idna-strict", names, |n| {
        domain_to_ascii_strict(n).is_ok()
    });
}

fn compare_validation(c: &mut Criterion, group: &str, names: &[String]) {
    let mut g = names_group(c, group, names);
    each(&mut g, "ldh-domain", names, |n| {
        Domain::parse_with(n, &Policy::HOSTNAME).is_ok()
    });
    // The same, and the warnings asked for: the special-use one is worked out by
    // `warnings()`, not by the parse, so this shows what it adds.
    each(&mut g, "ldh-domain/parse+warnings", names, |n| {
        Domain::parse_with(n, &Policy::HOSTNAME)
            .map(|d| d.warnings())
            .ok()
    });
    peer_validation(&mut g, names);
    g.finish();
}

fn validate_full(c: &mut Criterion) {
    let names = bench::corpus("domains-100k.txt");
    let mut g = names_group(c, "domain/validate-full", &names);
    each(&mut g, "ldh-domain", &names, |n| {
        Domain::parse_with(n, &Policy::HOSTNAME).is_ok()
    });
    let uts46 = Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46);
    each(&mut g, "ldh-domain/uts46", &names, |n| {
        Domain::parse_with(n, &uts46).is_ok()
    });
    peer_validation(&mut g, &names);
    g.finish();
    let mut g = c.benchmark_group("domain/to-ascii-full");
    g.throughput(Throughput::Elements(names.len() as u64));
    each(&mut g, "ldh-domain/to_ascii", &names, |n| to_ascii(n).ok());
    each(&mut g, "idna-strict", &names, |n| {
        domain_to_ascii_strict(n).ok()
    });
    g.finish();
    let mut g = c.benchmark_group("domain/to-unicode-full");
    g.throughput(Throughput::Elements(names.len() as u64));
    each(&mut g, "ldh-domain/to_unicode", &names, |n| {
        ldh_domain::to_unicode(n).is_ok()
    });
    each(&mut g, "idna/domain_to_unicode", &names, |n| {
        idna::domain_to_unicode(n).1.is_ok()
    });
    g.finish();
}

fn to_ascii_all(c: &mut Criterion) {
    let names = bench::corpus("domains.txt");
    let mut g = names_group(c, "domain/to-ascii", &names);
    each(&mut g, "ldh-domain/to_ascii", &names, |n| to_ascii(n).ok());
    each(&mut g, "ldh-domain/parse+to_ascii", &names, |n| {
        Domain::parse_with(n, &Policy::HOSTNAME).map(|d| d.to_ascii().ok())
    });
    each(&mut g, "idna-strict", &names, |n| {
        domain_to_ascii_strict(n).ok()
    });
    g.finish();
}

criterion_group!(benches, validate_ascii, validate_full, to_ascii_all);
criterion_main!(benches);
