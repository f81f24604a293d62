//! `cargo run --release -p bench --bin ab [-- FILTER] [--rounds N]`: the interleaved A/B
//! runner. For every row whose name contains FILTER, ours and the peer alternate over
//! the whole vendored corpus for N rounds (default 100, after 3 warm-up rounds; a round
//! repeats the corpus until ours takes about 20 ms), and the row prints the median of the per-round ratios (peer time / our time, above 1 we are
//! faster) with its quartiles, and each side's median throughput.
//!
//! Rows: URIs (URL and mailto corpora) against fluent-uri and url, Punycode against
//! `idna::punycode`, emails against addr and `email_address`, domain validation and
//! `to_ascii` on all 100,000 corpus names against `idna::domain_to_ascii_strict`, and the
//! per-label spoofing decision against `unicode-security`'s mixed-script check.
//!
//! Use it for decisions on a shared machine; criterion (`cargo xtask bench`) stays the
//! report.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use bench::ab::interleave;

/// One comparison: row name, corpus size, and the two closures.
struct Row<'a> {
    name: &'static str,
    items: usize,
    ours: (&'static str, Box<dyn FnMut() -> usize + 'a>),
    peer: (&'static str, Box<dyn FnMut() -> usize + 'a>),
}

/// Counts the items for which `f` holds: the result every closure returns, so the
/// work cannot be optimised away.
fn count<S: AsRef<str>>(items: &[S], mut f: impl FnMut(&str) -> bool) -> usize {
    items.iter().filter(|s| f(black_box(s.as_ref()))).count()
}

fn main() {
    let mut filter = String::new();
    let mut rounds = 100usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            rounds = args
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .unwrap_or_else(|| {
                    eprintln!("--rounds needs a positive number");
                    std::process::exit(2)
                });
        } else {
            filter = arg;
        }
    }

    let urls = bench::corpus("urls.txt");
    let mailto = bench::corpus("mailto.txt");
    let labels = bench::corpus("punycode-labels.txt");
    let encoded: Vec<String> = labels
        .iter()
        .map(|l| punycode_core::encode_to_string(l).expect("corpus label encodes"))
        .collect();
    let emails = bench::corpus("emails.txt");
    let names = bench::corpus("domains-100k.txt");
    let idn_labels = bench::idn_labels();
    let browser = idn_spoof::DisplayPolicy::BROWSER;

    let uri = |s: &str| uri_schemes::Uri::parse(s).is_ok();
    let fluent = |s: &str| fluent_uri::Uri::parse(s).is_ok();
    let rfc5321 =
        |s: &str| rfc_email::EmailAddress::parse_with(s, &rfc_email::Policy::RFC5321).is_ok();
    let rows: Vec<Row<'_>> = vec![
        Row {
            name: "uri/parse-urls",
            items: urls.len(),
            ours: ("uri-schemes Uri", Box::new(|| count(&urls, uri))),
            peer: ("fluent-uri", Box::new(|| count(&urls, fluent))),
        },
        Row {
            name: "uri/parse-urls (url, reference)",
            items: urls.len(),
            ours: ("uri-schemes Uri", Box::new(|| count(&urls, uri))),
            peer: (
                "url",
                Box::new(|| count(&urls, |s| url::Url::parse(s).is_ok())),
            ),
        },
        Row {
            name: "uri/parse-mailto",
            items: mailto.len(),
            ours: ("uri-schemes Uri", Box::new(|| count(&mailto, uri))),
            peer: ("fluent-uri", Box::new(|| count(&mailto, fluent))),
        },
        Row {
            name: "punycode/labels/encode",
            items: labels.len(),
            ours: (
                "punycode-core",
                Box::new(|| count(&labels, |l| punycode_core::encode_to_string(l).is_ok())),
            ),
            peer: (
                "idna::punycode",
                Box::new(|| count(&labels, |l| idna::punycode::encode_str(l).is_some())),
            ),
        },
        Row {
            name: "punycode/labels/decode",
            items: encoded.len(),
            ours: (
                "punycode-core",
                Box::new(|| count(&encoded, |e| punycode_core::decode_to_string(e).is_ok())),
            ),
            peer: (
                "idna::punycode",
                Box::new(|| count(&encoded, |e| idna::punycode::decode_to_string(e).is_some())),
            ),
        },
        Row {
            name: "email/corpus (addr)",
            items: emails.len(),
            ours: ("rfc-email RFC5321", Box::new(|| count(&emails, rfc5321))),
            peer: (
                "addr",
                Box::new(|| count(&emails, |s| addr::parse_email_address(s).is_ok())),
            ),
        },
        Row {
            name: "email/corpus (email_address)",
            items: emails.len(),
            ours: ("rfc-email RFC5321", Box::new(|| count(&emails, rfc5321))),
            peer: (
                "email_address",
                Box::new(|| {
                    count(&emails, |s| {
                        email_address::EmailAddress::from_str(s).is_ok()
                    })
                }),
            ),
        },
        Row {
            name: "domain/validate-full",
            items: names.len(),
            ours: (
                "ldh-domain",
                Box::new(|| {
                    count(&names, |n| {
                        ldh_domain::Domain::parse_with(n, &ldh_domain::Policy::HOSTNAME).is_ok()
                    })
                }),
            ),
            peer: (
                "idna strict",
                Box::new(|| count(&names, |n| idna::domain_to_ascii_strict(n).is_ok())),
            ),
        },
        Row {
            name: "domain/to-ascii-full",
            items: names.len(),
            ours: (
                "ldh-domain to_ascii",
                Box::new(|| count(&names, |n| ldh_domain::to_ascii(n).is_ok())),
            ),
            peer: (
                "idna strict",
                Box::new(|| count(&names, |n| idna::domain_to_ascii_strict(n).is_ok())),
            ),
        },
        Row {
            name: "spoof/idn-label",
            items: idn_labels.len(),
            ours: (
                "idn-spoof check_label",
                Box::new(|| {
                    count(&idn_labels, |l| {
                        idn_spoof::check_label(l, Some("com"), &browser).is_safe()
                    })
                }),
            ),
            peer: (
                "unicode-security is_single_script",
                Box::new(|| {
                    count(&idn_labels, |l| {
                        unicode_security::MixedScript::is_single_script(l)
                    })
                }),
            ),
        },
    ];

    println!(
        "interleaved A/B, {rounds} rounds (+3 warm-up) per row; a round is the whole corpus, repeated to about 20 ms"
    );
    println!("| row | ours | peer | ratio median (q1–q3) | fastest rounds | ours M/s | peer M/s |");
    println!("|---|---|---|---|---:|---:|---:|");
    for mut row in rows.into_iter().filter(|r| r.name.contains(&filter)) {
        let result = interleave(
            &mut *row.ours.1,
            &mut *row.peer.1,
            3,
            rounds,
            Duration::from_millis(20),
        );
        let s = result.ratio_spread().expect("at least one round");
        let (ours, peer) = result.millions_per_second(row.items);
        println!(
            "| {} | {} | {} | **{:.2}×** ({:.2}–{:.2}) | {:.2}× | {ours:.2} | {peer:.2} |",
            row.name,
            row.ours.0,
            row.peer.0,
            s.median,
            s.q1,
            s.q3,
            result.fastest_ratio().unwrap_or(0.0)
        );
    }
}
