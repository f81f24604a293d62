//! punycode-core against `idna::punycode`, in the same run.
//!
//! - `labels/*`: encode and decode the 20,000 labels of `punycode-labels.txt`
//!   (throughput in labels). Both sides allocate one `String` per label, as
//!   `idna::punycode::{encode_str, decode_to_string}` do; `ours_reuse` writes into one
//!   reused buffer (`encode_str` into `fmt::Write`, `decode_into` a `[char; 64]`).
//! - `long/*`: cost against input length on lines of `long.txt` from 64 KiB to 1 MiB
//!   (throughput in bytes); idna only on the 10 KiB and 16 KiB lines, because its raw
//!   functions are quadratic.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn labels(c: &mut Criterion) {
    let labels = bench::corpus("punycode-labels.txt");
    let encoded: Vec<String> = labels
        .iter()
        .map(|l| punycode_core::encode_to_string(l).expect("corpus label encodes"))
        .collect();
    let count = labels.len() as u64;

    let mut g = c.benchmark_group("punycode/labels/encode");
    g.throughput(Throughput::Elements(count));
    bench::floor(&mut g, &labels);
    g.bench_function("punycode-core", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(punycode_core::encode_to_string(black_box(l)).ok());
            }
        });
    });
    g.bench_function("punycode-core/reuse", |b| {
        let mut out = String::with_capacity(256);
        b.iter(|| {
            for l in &labels {
                out.clear();
                black_box(punycode_core::encode_str(black_box(l), &mut out).ok());
            }
        });
    });
    g.bench_function("idna", |b| {
        b.iter(|| {
            for l in &labels {
                black_box(idna::punycode::encode_str(black_box(l)));
            }
        });
    });
    g.finish();

    let mut g = c.benchmark_group("punycode/labels/decode");
    g.throughput(Throughput::Elements(count));
    bench::floor(&mut g, &encoded);
    g.bench_function("punycode-core", |b| {
        b.iter(|| {
            for e in &encoded {
                black_box(punycode_core::decode_to_string(black_box(e)).ok());
            }
        });
    });
    g.bench_function("punycode-core/reuse", |b| {
        let mut buf = ['\0'; 256];
        b.iter(|| {
            for e in &encoded {
                black_box(punycode_core::decode_into(black_box(e.as_bytes()), &mut buf).ok());
            }
        });
    });
    g.bench_function("punycode-core/validate", |b| {
        b.iter(|| {
            for e in &encoded {
                black_box(punycode_core::validate(black_box(e.as_bytes())).ok());
            }
        });
    });
    g.bench_function("idna", |b| {
        b.iter(|| {
            for e in &encoded {
                black_box(idna::punycode::decode_to_string(black_box(e)));
            }
        });
    });
    g.finish();
}

fn long(c: &mut Criterion) {
    let lines = bench::corpus("long.txt");
    // Roughly doubling sizes from 64 KiB to 1 MiB, plus two small lines for idna.
    let pick = |min: usize| {
        lines
            .iter()
            .find(|l| l.len() >= min)
            .expect("long.txt has a line this long")
            .clone()
    };
    let sizes = [64 << 10, 128 << 10, 256 << 10, 512 << 10, (1 << 20) - 2];
    let ours: Vec<String> = sizes.iter().map(|&s| pick(s)).collect();
    let small: Vec<String> = [10 << 10, 16 << 10].iter().map(|&s| pick(s)).collect();

    for op in ["encode", "decode"] {
        let mut g = c.benchmark_group(format!("punycode/long/{op}"));
        g.sample_size(10);
        g.measurement_time(Duration::from_secs(3));
        for (line, with_idna) in small
            .iter()
            .map(|l| (l, true))
            .chain(ours.iter().map(|l| (l, false)))
        {
            let encoded = punycode_core::encode_to_string(line).expect("long line encodes");
            let input = if op == "encode" { line } else { &encoded };
            g.throughput(Throughput::Bytes(input.len() as u64));
            g.bench_with_input(
                BenchmarkId::new("punycode-core", line.len()),
                input,
                |b, s| {
                    if op == "encode" {
                        b.iter(|| punycode_core::encode_to_string(black_box(s)).ok());
                    } else {
                        b.iter(|| punycode_core::decode_to_string(black_box(s)).ok());
                    }
                },
            );
            if with_idna {
                g.bench_with_input(BenchmarkId::new("idna", line.len()), input, |b, s| {
                    if op == "encode" {
                        b.iter(|| idna::punycode::encode_str(black_box(s)));
                    } else {
                        b.iter(|| idna::punycode::decode_to_string(black_box(s)));
                    }
                });
            }
        }
        g.finish();
    }
}

criterion_group!(benches, labels, long);
criterion_main!(benches);
