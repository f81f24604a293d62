//! idn-spoof's display decision against `unicode-security`, in the same run.
//!
//! Inputs: the IDN labels of `testdata/corpus/domains.txt` (every label of a name with a
//! U-label or A-label, in Unicode form, non-ASCII ones only), and the all-ASCII names of
//! the same corpus. Throughput in labels or names. The machine may be shared: compare the
//! rows of one group with each other, not with other runs.
//!
//! - `spoof/idn-label`: `idn_spoof::check_label` under `DisplayPolicy::BROWSER` (every
//!   rule: Allowed characters, restriction level, mixed numbers, hidden characters, kana
//!   marks, whole-script lookalike with its skeleton), and the same without the two
//!   skeleton rules; `idn_spoof::restriction_level`
//!   alone; `unicode-security`'s `is_single_script` (its cheapest mixed-script check) and
//!   `detect_restriction_level`.
//! - `spoof/ascii-name`: `check_label` on every label of all-ASCII names (the early exit),
//!   and the whole `display` (parse, both conversions, owned output).
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use idn_spoof::{DisplayPolicy, Rule, check_label, display, restriction_level};
use ldh_domain::{Domain, Policy};
use unicode_security::{MixedScript, RestrictionLevelDetection};

fn idn_label(c: &mut Criterion) {
    let labels = bench::idn_labels();
    let mut g = c.benchmark_group("spoof/idn-label");
    g.throughput(Throughput::Elements(labels.len() as u64));
    let policy = DisplayPolicy::BROWSER;
    g.bench_function("idn-spoof/check_label", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(check_label(black_box(l), Some("com"), &policy).is_safe());
            }
        });
    });
    // The same without the skeleton rules (whole-script lookalikes, protected names):
    // what the two normalizer passes of the skeleton cost.
    let no_skeleton = policy
        .without(Rule::WholeScriptConfusable)
        .without(Rule::ProtectedName);
    g.bench_function("idn-spoof/check_label-no-skeleton", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(check_label(black_box(l), Some("com"), &no_skeleton).is_safe());
            }
        });
    });
    g.bench_function("idn-spoof/restriction_level", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(restriction_level(black_box(l)));
            }
        });
    });
    g.bench_function("unicode-security/is_single_script", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(black_box(l.as_str()).is_single_script());
            }
        });
    });
    g.bench_function("unicode-security/detect_restriction_level", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(black_box(l.as_str()).detect_restriction_level());
            }
        });
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
    g.bench_function("idn-spoof/check_label", |b| {
        b.iter(|| {
            for n in &names {
                for l in black_box(n).split('.') {
                    black_box(check_label(l, Some("com"), &policy).is_safe());
                }
            }
        });
    });
    g.bench_function("idn-spoof/display", |b| {
        b.iter(|| {
            for n in &names {
                black_box(
                    display(black_box(n), &policy)
                        .map(|d| d.is_display_safe())
                        .ok(),
                );
            }
        });
    });
    g.finish();
}

criterion_group!(benches, idn_label, ascii_name);
criterion_main!(benches);
