//! punycode-core against `idna::punycode`, in the same run.
//!
//! - `labels/*`: encode and decode the 20,000 labels of `punycode-labels.txt`
//!   (throughput in labels). Both sides allocate one `String` per label, as
//!   `idna::punycode::{encode_str, decode_to_string}` do; `ours_reuse` writes into one
//!   reused buffer (`encode_str` into `fmt::Write`, `decode_into` a `[char; 64]`).
//! - `long/*`: cost against input length on lines of `long.txt` from 64 KiB to 1 MiB
//!   (throughput in bytes); idna only on the 10 KiB and 16 KiB lines, because its raw
//!   functions are quadratic.

use std::hint::black_box;
use std::time::Duration;

use bench::{corpus_group, each};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use punycode_core::{decode_into, decode_to_string, encode_str, encode_to_string, validate};

fn labels(c: &mut Criterion) {
    let labels = bench::corpus("punycode-labels.txt");
    let encoded: Vec<String> = labels
        .iter()
        .map(|l| encode_to_string(l).expect("corpus label encodes"))
        .collect();
    let per_label = Throughput::Elements(labels.len() as u64);

    let mut g = corpus_group(c, "punycode/labels/encode", per_label.clone(), &labels);
    each(&mut g, "punycode-core", &labels, |l| {
        encode_to_string(l).ok()
    });
    let mut out = String::with_capacity(256);
    each(&mut g, "punycode-core/reuse", &labels, |l| {
        out.clear();
        encode_str(l, &mut out).ok()
    });
    each(&mut g, "idna", &labels, |l| idna::punycode::encode_str(l));
    g.finish();

    let mut g = corpus_group(c, "punycode/labels/decode", per_label, &encoded);
    each(&mut g, "punycode-core", &encoded, |e| {
        decode_to_string(e).ok()
    });
    let mut buf = ['\0'; 256];
    each(&mut g, "punycode-core/reuse", &encoded, |e| {
        decode_into(e.as_bytes(), &mut buf).map(<[char]>::len).ok()
    });
    each(&mut g, "punycode-core/validate", &encoded, |e| {
        validate(e.as_bytes()).ok()
    });
    each(&mut g, "idna", &encoded, |e| {
        idna::punycode::decode_to_string(e)
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
            let encoded = encode_to_string(line).expect("long line encodes");
            let input = if op == "encode" { line } else { &encoded };
            g.throughput(Throughput::Bytes(input.len() as u64));
            g.bench_with_input(
                BenchmarkId::new("punycode-core", line.len()),
                input,
                |b, s| {
                    if op == "encode" {
                        b.iter(|| encode_to_string(black_box(s)).ok());
                    } else {
                        b.iter(|| decode_to_string(black_box(s)).ok());
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
