//! Cost against input length on adversarial inputs ("Input safety" in the crate docs).
//!
//! Each group `safety/<crate>/<input kind>` measures one entry point of one crate on the
//! same adversarial input at 16 KiB, 64 KiB, 256 KiB and 1 MiB (`BenchmarkId::new(crate,
//! len)`, throughput in bytes), so `cargo xtask bench` reports the growth per doubling:
//! 2× is linear, about 1× means a limit stops the scan early (cost independent of the
//! length), 4× would be quadratic. The inputs mirror the `adversarial` test modules of
//! the four crates, which assert the results; here only the cost is measured.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

const LENGTHS: [usize; 4] = [16 << 10, 64 << 10, 256 << 10, 1 << 20];

fn run(c: char, n: usize) -> String {
    core::iter::repeat_n(c, n).collect()
}

/// `pattern` repeated up to `len` bytes (whole copies only).
fn fill(pattern: &str, len: usize) -> String {
    pattern.repeat(len / pattern.len())
}

/// One group: `make(len)` builds the input of about `len` bytes, `f` is measured on it.
fn group<T>(
    c: &mut Criterion,
    crate_name: &str,
    kind: &str,
    make: impl Fn(usize) -> T,
    f: impl Fn(&T),
) {
    let mut g = c.benchmark_group(format!("safety/{crate_name}/{kind}"));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(2));
    for len in LENGTHS {
        let input = make(len);
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_with_input(BenchmarkId::new(crate_name, len), &input, |b, i| {
            b.iter(|| f(black_box(i)));
        });
    }
    g.finish();
}

fn punycode(c: &mut Criterion) {
    const NAME: &str = "punycode-core";
    // Digit 0 only: one inserted code point per byte, the longest output per input.
    group(
        c,
        NAME,
        "validate-digit-zero",
        |len| run('a', len),
        |s| {
            black_box(punycode_core::validate(s.as_bytes()).ok());
        },
    );
    group(
        c,
        NAME,
        "decode-digit-zero",
        |len| run('a', len),
        |s| {
            black_box(punycode_core::decode_to_string(s).ok());
        },
    );
    group(
        c,
        NAME,
        "validate-hyphens",
        |len| run('-', len),
        |s| {
            black_box(punycode_core::validate(s.as_bytes()).ok());
        },
    );
    // U+10FFFF repeated: `len / 4` code points near the top of the code space.
    group(
        c,
        NAME,
        "encode-max-code-point",
        |len| run('\u{10FFFF}', len / 4),
        |s| {
            black_box(punycode_core::encode_to_string(s).ok());
        },
    );
    // `len / 4` distinct code points in descending order: every decoded insertion lands
    // at position 0 (the worst case for an in-place decoder). Input is the encoding;
    // the limit is raised because the encoding is longer than the text.
    let wide = punycode_core::Options::DEFAULT.with_max_input_len(usize::MAX);
    group(
        c,
        NAME,
        "decode-distinct-descending",
        |len| {
            #[allow(
                clippy::cast_possible_truncation,
                reason = "a benchmark length is at most a few MiB"
            )]
            let text: String = (0..len as u32 / 4)
                .rev()
                .filter_map(|i| char::from_u32(0x1_0000 + i))
                .collect();
            wide.encode_to_string(&text).expect("encodes")
        },
        |s| {
            black_box(wide.decode_to_string(s).ok());
        },
    );
}

fn domain(c: &mut Criterion) {
    use ldh_domain::{Domain, Policy};
    const NAME: &str = "ldh-domain";
    // Over `limits::MAX_INPUT_LEN` these are `name_too_long` at once: about 1× per
    // doubling.
    group(
        c,
        NAME,
        "parse-dots",
        |len| run('.', len),
        |s| {
            black_box(Domain::parse_with(s, &Policy::FQDN).is_ok());
        },
    );
    group(
        c,
        NAME,
        "parse-labels",
        |len| fill("a.", len),
        |s| {
            black_box(Domain::parse_with(s, &Policy::FQDN).is_ok());
        },
    );
    // The byte entry point checks UTF-8 over the whole input first: linear.
    group(
        c,
        NAME,
        "parse-bytes-single-label",
        |len| run('a', len),
        |s| {
            black_box(Domain::parse_bytes(s.as_bytes(), &Policy::DNS).is_ok());
        },
    );
    group(
        c,
        NAME,
        "to-ascii-u-labels",
        |len| fill("ü.", len),
        |s| {
            black_box(ldh_domain::to_ascii(s).is_ok());
        },
    );
    // UTS #46 ToUnicode returns these as values (no length bound): linear.
    group(
        c,
        NAME,
        "to-unicode-a-labels",
        |len| fill("xn--tda.", len),
        |s| {
            black_box(ldh_domain::to_unicode(s).is_ok());
        },
    );
}

fn email(c: &mut Criterion) {
    use rfc_email::{EmailAddress, Policy};
    const NAME: &str = "rfc-email";
    // RFC 5322 sets no local-part limit: the whole local part is scanned.
    group(
        c,
        NAME,
        "rfc5322-local-part",
        |len| format!("{}@example.com", run('a', len)),
        |s| {
            black_box(EmailAddress::parse_with(s, &Policy::RFC5322).is_ok());
        },
    );
    group(
        c,
        NAME,
        "rfc5322-quoted-pairs",
        |len| format!("\"{}\"@example.com", fill("\\a", len)),
        |s| {
            black_box(EmailAddress::parse_with(s, &Policy::RFC5322).is_ok());
        },
    );
    group(
        c,
        NAME,
        "rfc5322-sibling-comments",
        |len| format!("{}a@example.com", fill("(a)", len)),
        |s| {
            black_box(EmailAddress::parse_with(s, &Policy::RFC5322).is_ok());
        },
    );
    // Stopped by the comment bound (16) whatever the length: about 1×.
    group(
        c,
        NAME,
        "rfc5322-nested-comments",
        |len| run('(', len),
        |s| {
            black_box(EmailAddress::parse_with(s, &Policy::RFC5322).is_ok());
        },
    );
    // Stopped at octet 64 of the local part: about 1×.
    group(
        c,
        NAME,
        "rfc5321-local-part",
        |len| format!("{}@example.com", run('a', len)),
        |s| {
            black_box(EmailAddress::parse(s).is_ok());
        },
    );
    // HTML5 sets no domain length limit: 10,000s of labels are scanned.
    group(
        c,
        NAME,
        "html5-labels",
        |len| format!("a@{}a", fill("a.", len)),
        |s| {
            black_box(EmailAddress::parse_with(s, &Policy::HTML5).is_ok());
        },
    );
}

fn uri(c: &mut Criterion) {
    use uri_schemes::{Mailto, Uri, UriRef};
    const NAME: &str = "uri-schemes";
    group(
        c,
        NAME,
        "parse-dots",
        |len| run('.', len),
        |s| {
            black_box(UriRef::parse(s).is_ok());
        },
    );
    group(
        c,
        NAME,
        "parse-percent-triplets",
        |len| fill("%41", len),
        |s| {
            black_box(UriRef::parse(s).is_ok());
        },
    );
    group(
        c,
        NAME,
        "parse-query-ampersands",
        |len| format!("http://a/?{}", run('&', len)),
        |s| {
            black_box(Uri::parse(s).is_ok());
        },
    );
    group(
        c,
        NAME,
        "mailto-hfields",
        |len| format!("mailto:a@example.com?{}x=1", fill("x=1&", len)),
        |s| {
            black_box(Mailto::parse(s).map(|m| m.raw_hfields().count()).ok());
        },
    );
    group(
        c,
        NAME,
        "mailto-addresses",
        |len| format!("mailto:{}a@example.com", fill("a@example.com,", len)),
        |s| {
            black_box(Mailto::parse(s).map(|m| m.raw_to().count()).ok());
        },
    );
    let base = Uri::parse("http://a/b/c/d;p?q").expect("base parses");
    group(
        c,
        NAME,
        "resolve-dot-segments",
        |len| fill("x/../", len),
        |s| {
            let reference = UriRef::parse(s).expect("reference parses");
            black_box(uri_schemes::resolve(&base, &reference));
        },
    );
}

criterion_group!(benches, punycode, domain, email, uri);
criterion_main!(benches);
