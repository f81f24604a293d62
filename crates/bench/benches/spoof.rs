//! idn-spoof's display decision against `unicode-security`, in the same run.
//!
//! Inputs: the IDN labels of `testdata/corpus/domains.txt` (every label of a name with a
//! U-label or A-label, in Unicode form, non-ASCII ones only), and the all-ASCII names of
//! the same corpus. Throughput in labels or names. The machine may be shared: compare the
//! rows of one group with each other, not with other runs.
//!
//! - `spoof/idn-label`: `idn_spoof::check_label` under `DisplayPolicy::BROWSER` (every
//!   rule: Allowed characters, restriction level, mixed numbers, hidden characters, the
//!   browser rules beyond UTS #39, whole-script lookalike with its skeleton), and the same
//!   without the two skeleton rules; `idn_spoof::restriction_level`
//!   alone; `unicode-security`'s `is_single_script` (its cheapest mixed-script check) and
//!   `detect_restriction_level`; and the UTS #39 §4 skeleton, `idn_spoof::skeleton`
//!   against `unicode_security::skeleton`, each collected into one reused `String`.
//! - `spoof/ascii-name`: `check_label` on every label of all-ASCII names (the early exit),
//!   and the whole `display` (parse, both conversions, owned output).
//! - `spoof/protect`: the same IDN labels against the first 100 and the first 100,000
//!   names of `testdata/corpus/domains-100k.txt` as protected names, in one run:
//!   `ProtectedNames::find` alone and `check_label` with the index, for both sizes;
//!   `check_label` with the 100 names as a plain slice (each label compared with every
//!   name); and building the index of 100,000 names.

use std::hint::black_box;

use bench::each;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use idn_spoof::{DisplayPolicy, ProtectedNames, Rule, check_label, display, restriction_level};
use ldh_domain::{Domain, Policy};
use unicode_security::{MixedScript, RestrictionLevelDetection};

fn idn_label(c: &mut Criterion) {
    let labels = bench::idn_labels();
    let mut g = c.benchmark_group("spoof/idn-label");
    g.throughput(Throughput::Elements(labels.len() as u64));
    let policy = DisplayPolicy::BROWSER;
    each(&mut g, "idn-spoof/check_label", &labels, |l| {
        check_label(l, Some("com"), &policy).is_safe()
    });
    // The same without the skeleton rules (whole-script lookalikes, protected names):
    // what the two normalizer passes of the skeleton cost.
    let no_skeleton = policy
        .without(Rule::WholeScriptConfusable)
        .without(Rule::ProtectedName);
    each(&mut g, "idn-spoof/check_label-no-skeleton", &labels, |l| {
        check_label(l, Some("com"), &no_skeleton).is_safe()
    });
    each(&mut g, "idn-spoof/restriction_level", &labels, |l| {
        restriction_level(l)
    });
    each(&mut g, "unicode-security/is_single_script", &labels, |l| {
        l.as_str().is_single_script()
    });
    each(
        &mut g,
        "unicode-security/detect_restriction_level",
        &labels,
        |l| l.as_str().detect_restriction_level(),
    );
    let mut skeleton = String::new();
    each(&mut g, "idn-spoof/skeleton", &labels, |l| {
        skeleton.clear();
        skeleton.extend(idn_spoof::skeleton(l));
        skeleton.len()
    });
    each(&mut g, "unicode-security/skeleton", &labels, |l| {
        skeleton.clear();
        skeleton.extend(unicode_security::skeleton(l));
        skeleton.len()
    });
    g.finish();
}

fn ascii_name(c: &mut Criterion) {
    let names: Vec<String> = bench::corpus("domains.txt")
        .into_iter()
        .filter(|n| n.is_ascii() && !n.to_ascii_lowercase().contains("xn--"))
        .filter(|n| Domain::parse_with(n, &Policy::HOSTNAME).is_ok())
        .collect();
    let mut g = c.benchmark_group("spoof/ascii-name");
    g.throughput(Throughput::Elements(names.len() as u64));
    let policy = DisplayPolicy::BROWSER;
    each(&mut g, "idn-spoof/check_label", &names, |n| {
        for l in n.split('.') {
            black_box(check_label(l, Some("com"), &policy).is_safe());
        }
    });
    each(&mut g, "idn-spoof/display", &names, |n| {
        display(n, &policy).map(|d| d.is_display_safe()).ok()
    });
    g.finish();
}

fn protect(c: &mut Criterion) {
    let labels = bench::idn_labels();
    let corpus = bench::corpus("domains-100k.txt");
    let all: Vec<&str> = corpus.iter().map(String::as_str).collect();
    assert_eq!(all.len(), 100_000, "domains-100k.txt");
    let few = &all[..100];
    let few_index = ProtectedNames::new(few);
    let all_index = ProtectedNames::new(&all);
    let mut g = c.benchmark_group("spoof/protect");
    g.throughput(Throughput::Elements(labels.len() as u64));
    for (size, index) in [(100, &few_index), (100_000, &all_index)] {
        each(&mut g, &format!("idn-spoof/find-{size}"), &labels, |l| {
            index.find(l)
        });
        let policy = DisplayPolicy::BROWSER.with_protected_names(index);
        each(
            &mut g,
            &format!("idn-spoof/check_label-index-{size}"),
            &labels,
            |l| check_label(l, Some("com"), &policy).is_safe(),
        );
    }
    // The slice is compared name by name: 100 names only (100,000 would take minutes a
    // sample).
    let slice = DisplayPolicy::BROWSER.with_protected(few);
    each(&mut g, "idn-spoof/check_label-slice-100", &labels, |l| {
        check_label(l, Some("com"), &slice).is_safe()
    });
    g.throughput(Throughput::Elements(all.len() as u64));
    g.sample_size(10);
    g.bench_function("idn-spoof/ProtectedNames::new-100000", |b| {
        b.iter(|| black_box(ProtectedNames::new(black_box(&all)).len()));
    });
    g.finish();
}

criterion_group!(benches, idn_label, ascii_name, protect);
criterion_main!(benches);
