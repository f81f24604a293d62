//! Cost against input length on adversarial inputs ("Input safety" in the crate docs).
//!
//! Each group `safety/<crate>/<input kind>` measures one entry point of one crate on the
//! same adversarial input at 16 KiB, 64 KiB, 256 KiB and 1 MiB (`BenchmarkId::new(crate,
//! len)`, throughput in bytes), so `cargo xtask bench` reports the growth per doubling:
//! 2× is linear, about 1× means a limit stops the scan early (cost independent of the
//! length), 4× would be quadratic. The inputs mirror the `adversarial` test modules of
//! the four crates, which assert the results; here only the cost is measured.

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

/// One [`group`] per row `kind: |len| input, |s| measured` (the result of `measured`
/// through `black_box`), all of one crate.
macro_rules! groups {
    ($c:expr, $crate_name:expr; $($kind:literal: |$len:ident| $make:expr, |$s:ident| $measured:expr;)+) => {
        $(group($c, $crate_name, $kind, |$len| $make, |$s| {
            black_box($measured);
        });)+
    };
}

fn punycode(c: &mut Criterion) {
    // `len / 4` distinct code points in descending order (below): every decoded
    // insertion lands at position 0 (the worst case for an in-place decoder). Input is
    // the encoding; the limit is raised because the encoding is longer than the text.
    let wide = punycode_core::Options::DEFAULT.with_max_input_len(usize::MAX);
    groups! { c, "punycode-core";
        // Digit 0 only: one inserted code point per byte, the longest output per input.
        "validate-digit-zero": |len| run('a', len), |s| punycode_core::validate(s.as_bytes()).ok();
        "decode-digit-zero": |len| run('a', len), |s| punycode_core::decode_to_string(s).ok();
        "validate-hyphens": |len| run('-', len), |s| punycode_core::validate(s.as_bytes()).ok();
        // U+10FFFF repeated: `len / 4` code points near the top of the code space.
        "encode-max-code-point": |len| run('\u{10FFFF}', len / 4), |s| punycode_core::encode_to_string(s).ok();
        "decode-distinct-descending": |len| wide.encode_to_string(&descending(len / 4)).expect("encodes"),
            |s| wide.decode_to_string(s).ok();
    }
}

/// `count` distinct supplementary code points from U+10000 up, in descending order.
fn descending(count: usize) -> String {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a benchmark length is at most a few MiB"
    )]
    (0..count as u32)
        .rev()
        .filter_map(|i| char::from_u32(0x1_0000 + i))
        .collect()
}

fn domain(c: &mut Criterion) {
    use ldh_domain::{Domain, Policy};
    groups! { c, "ldh-domain";
        // Over `limits::MAX_INPUT_LEN` these are `name_too_long` at once: about 1× per
        // doubling.
        "parse-dots": |len| run('.', len), |s| Domain::parse_with(s, &Policy::FQDN).is_ok();
        "parse-labels": |len| fill("a.", len), |s| Domain::parse_with(s, &Policy::FQDN).is_ok();
        // The byte entry point checks UTF-8 over the whole input first: linear.
        "parse-bytes-single-label": |len| run('a', len),
            |s| Domain::parse_bytes(s.as_bytes(), &Policy::DNS).is_ok();
        "to-ascii-u-labels": |len| fill("ü.", len), |s| ldh_domain::to_ascii(s).is_ok();
        // UTS #46 ToUnicode returns these as values (no length bound): linear.
        "to-unicode-a-labels": |len| fill("xn--tda.", len), |s| ldh_domain::to_unicode(s).is_ok();
    }
}

fn email(c: &mut Criterion) {
    use rfc_email::{EmailAddress, Policy};
    groups! { c, "rfc-email";
        // RFC 5322 sets no local-part limit: the whole local part is scanned.
        "rfc5322-local-part": |len| format!("{}@example.com", run('a', len)),
            |s| EmailAddress::parse_with(s, &Policy::RFC5322).is_ok();
        "rfc5322-quoted-pairs": |len| format!("\"{}\"@example.com", fill("\\a", len)),
            |s| EmailAddress::parse_with(s, &Policy::RFC5322).is_ok();
        "rfc5322-sibling-comments": |len| format!("{}a@example.com", fill("(a)", len)),
            |s| EmailAddress::parse_with(s, &Policy::RFC5322).is_ok();
        // Stopped by the comment bound (16) whatever the length: about 1×.
        "rfc5322-nested-comments": |len| run('(', len),
            |s| EmailAddress::parse_with(s, &Policy::RFC5322).is_ok();
        // Stopped at octet 64 of the local part: about 1×.
        "rfc5321-local-part": |len| format!("{}@example.com", run('a', len)),
            |s| EmailAddress::parse(s).is_ok();
        // HTML5 sets no domain length limit: 10,000s of labels are scanned.
        "html5-labels": |len| format!("a@{}a", fill("a.", len)),
            |s| EmailAddress::parse_with(s, &Policy::HTML5).is_ok();
    }
}

fn uri(c: &mut Criterion) {
    use uri_schemes::{Mailto, Uri, UriRef};
    let base = Uri::parse("http://a/b/c/d;p?q").expect("base parses");
    groups! { c, "uri-schemes";
        "parse-dots": |len| run('.', len), |s| UriRef::parse(s).is_ok();
        "parse-percent-triplets": |len| fill("%41", len), |s| UriRef::parse(s).is_ok();
        "parse-query-ampersands": |len| format!("http://a/?{}", run('&', len)), |s| Uri::parse(s).is_ok();
        "mailto-hfields": |len| format!("mailto:a@example.com?{}x=1", fill("x=1&", len)),
            |s| Mailto::parse(s).map(|m| m.raw_hfields().count()).ok();
        "mailto-addresses": |len| format!("mailto:{}a@example.com", fill("a@example.com,", len)),
            |s| Mailto::parse(s).map(|m| m.raw_to().count()).ok();
        "resolve-dot-segments": |len| fill("x/../", len),
            |s| uri_schemes::resolve(&base, &UriRef::parse(s).expect("reference parses"));
    }
}

criterion_group!(benches, punycode, domain, email, uri);
criterion_main!(benches);
