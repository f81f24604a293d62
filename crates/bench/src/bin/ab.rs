//! `cargo run --release -p bench --bin ab [-- FILTER] [--rounds N]`: the interleaved A/B
//! runner. For every row whose name contains FILTER, ours and the peer alternate over
//! the whole vendored corpus for N rounds (default 100, after 3 warm-up rounds; a round
//! repeats the corpus until ours takes about 20 ms), and the row prints the median of the per-round ratios (peer time / our time, above 1 we are
//! faster) with its quartiles, and each side's median throughput.
//!
//! Rows: URIs (URL and mailto corpora) against fluent-uri, url and oxiri (an IRI
//! parser, so it accepts non-ASCII that a URI parser rejects), `mailto` parsing (RFC 6068,
//! every address checked) against fluent-uri's generic-syntax check, Punycode against
//! `idna::punycode` (decoding both into a `String` and, ours, into a reused buffer),
//! emails against addr, `email_address` and `email_syntax_verify_opt`, domain validation,
//! `to_ascii` and `to_unicode` on all 100,000 corpus names against `idna`, the per-label
//! spoofing decision against `unicode-security`'s mixed-script check and the UTS #39
//! skeleton against its `skeleton`. With the `ada` feature (C++, built with the cc
//! crate), also `http(s)` URLs against ada's `Url::can_parse`:
//! `cargo run --release -p bench --features ada --bin ab -- http`.
//!
//! Use it for decisions on a shared machine; criterion (`cargo xtask bench`) stays the
//! report.
//!
//! `--side ours|peer` runs only that side of the matching rows, N passes over the corpus
//! untimed (for `valgrind --tool=callgrind`: the difference between the instruction
//! counts of two pass counts, divided by the extra passes and the corpus size, is the
//! side's instructions per item, the corpus loading cancelled out).

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

/// The row `name` over `items`: each side counts the items its check accepts.
fn row<'a, S: AsRef<str>>(
    name: &'static str,
    items: &'a [S],
    ours: (&'static str, impl FnMut(&str) -> bool + 'a),
    peer: (&'static str, impl FnMut(&str) -> bool + 'a),
) -> Row<'a> {
    let (ours_name, mut ours_check) = ours;
    let (peer_name, mut peer_check) = peer;
    Row {
        name,
        items: items.len(),
        ours: (ours_name, Box::new(move || count(items, &mut ours_check))),
        peer: (peer_name, Box::new(move || count(items, &mut peer_check))),
    }
}

fn main() {
    let mut filter = String::new();
    let mut rounds = 100usize;
    let mut side = None;
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
        } else if arg == "--side" {
            side = match args.next().as_deref() {
                Some("ours") => Some(true),
                Some("peer") => Some(false),
                _ => {
                    eprintln!("--side needs ours or peer");
                    std::process::exit(2)
                }
            };
        } else {
            filter = arg;
        }
    }

    let bench::Corpora {
        urls,
        mailto,
        labels,
        encoded,
        emails,
        names,
        idn_labels,
    } = bench::Corpora::load();
    let browser = idn_spoof::DisplayPolicy::BROWSER;

    let uri = |s: &str| uri_schemes::Uri::parse(s).is_ok();
    let fluent = |s: &str| fluent_uri::Uri::parse(s).is_ok();
    let url = |s: &str| url::Url::parse(s).is_ok();
    let encode = |l: &str| punycode_core::encode_to_string(l).is_ok();
    let idna_encode = |l: &str| idna::punycode::encode_str(l).is_some();
    let decode = |e: &str| punycode_core::decode_to_string(e).is_ok();
    let idna_decode = |e: &str| idna::punycode::decode_to_string(e).is_some();
    // Output never longer than the input: one buffer as long as the longest label.
    let mut decode_buffer = vec!['\0'; encoded.iter().map(String::len).max().unwrap_or(0)];
    let decode_into = move |e: &str| {
        punycode_core::decode_into(e.as_bytes(), &mut decode_buffer)
            .is_ok_and(|out| !out.is_empty())
    };
    let rfc5321 =
        |s: &str| rfc_email::EmailAddress::parse_with(s, &rfc_email::Policy::RFC5321).is_ok();
    let addr = |s: &str| addr::parse_email_address(s).is_ok();
    let email_address = |s: &str| email_address::EmailAddress::from_str(s).is_ok();
    let email_syntax_verify_opt = email_syntax_verify_opt::validate_email;
    let mailto_parse = |s: &str| uri_schemes::Mailto::parse(s).is_ok();
    let oxiri = |s: &str| oxiri::Iri::parse(s).is_ok();
    let hostname =
        |n: &str| ldh_domain::Domain::parse_with(n, &ldh_domain::Policy::HOSTNAME).is_ok();
    let to_ascii = |n: &str| ldh_domain::to_ascii(n).is_ok();
    let idna_strict = |n: &str| idna::domain_to_ascii_strict(n).is_ok();
    let to_unicode = |n: &str| ldh_domain::to_unicode(n).is_ok();
    let idna_to_unicode = |n: &str| idna::domain_to_unicode(n).1.is_ok();
    let check_label = |l: &str| idn_spoof::check_label(l, Some("com"), &browser).is_safe();
    let single_script = |l: &str| unicode_security::MixedScript::is_single_script(l);
    // Both skeletons collected into a reused String, the way a caller compares them.
    let mut skeleton_buffer = String::new();
    let skeleton = move |l: &str| {
        skeleton_buffer.clear();
        skeleton_buffer.extend(idn_spoof::skeleton(l));
        !skeleton_buffer.is_empty()
    };
    let mut peer_skeleton_buffer = String::new();
    let peer_skeleton = move |l: &str| {
        peer_skeleton_buffer.clear();
        peer_skeleton_buffer.extend(unicode_security::skeleton(l));
        !peer_skeleton_buffer.is_empty()
    };
    #[cfg_attr(
        not(feature = "ada"),
        expect(unused_mut, reason = "only the `ada` feature adds a row")
    )]
    let mut rows: Vec<Row<'_>> = vec![
        row(
            "uri/parse-urls",
            &urls,
            ("uri-schemes Uri", uri),
            ("fluent-uri", fluent),
        ),
        row(
            "uri/parse-urls (url, reference)",
            &urls,
            ("uri-schemes Uri", uri),
            ("url", url),
        ),
        row(
            "uri/parse-urls (oxiri, IRI)",
            &urls,
            ("uri-schemes Uri", uri),
            ("oxiri Iri", oxiri),
        ),
        row(
            "uri/parse-mailto",
            &mailto,
            ("uri-schemes Uri", uri),
            ("fluent-uri", fluent),
        ),
        row(
            "mailto/parse (fluent-uri: generic syntax only)",
            &mailto,
            ("uri-schemes Mailto", mailto_parse),
            ("fluent-uri", fluent),
        ),
        row(
            "punycode/labels/encode",
            &labels,
            ("punycode-core", encode),
            ("idna::punycode", idna_encode),
        ),
        row(
            "punycode/labels/decode",
            &encoded,
            ("punycode-core", decode),
            ("idna::punycode", idna_decode),
        ),
        row(
            "punycode/labels/decode-into",
            &encoded,
            ("punycode-core decode_into", decode_into),
            ("idna::punycode decode_to_string", idna_decode),
        ),
        row(
            "email/corpus (addr)",
            &emails,
            ("rfc-email RFC5321", rfc5321),
            ("addr", addr),
        ),
        row(
            "email/corpus (email_address)",
            &emails,
            ("rfc-email RFC5321", rfc5321),
            ("email_address", email_address),
        ),
        row(
            "email/corpus (email_syntax_verify_opt)",
            &emails,
            ("rfc-email RFC5321", rfc5321),
            ("email_syntax_verify_opt", email_syntax_verify_opt),
        ),
        row(
            "domain/validate-full",
            &names,
            ("ldh-domain", hostname),
            ("idna strict", idna_strict),
        ),
        row(
            "domain/to-ascii-full",
            &names,
            ("ldh-domain to_ascii", to_ascii),
            ("idna strict", idna_strict),
        ),
        row(
            "domain/to-unicode",
            &names,
            ("ldh-domain to_unicode", to_unicode),
            ("idna domain_to_unicode", idna_to_unicode),
        ),
        row(
            "spoof/idn-label",
            &idn_labels,
            ("idn-spoof check_label", check_label),
            ("unicode-security is_single_script", single_script),
        ),
        row(
            "spoof/skeleton",
            &idn_labels,
            ("idn-spoof skeleton", skeleton),
            ("unicode-security skeleton", peer_skeleton),
        ),
    ];
    #[cfg(feature = "ada")]
    rows.push(row(
        "http/parse-urls (ada)",
        &urls,
        ("uri-schemes HttpUrl", |u: &str| {
            uri_schemes::HttpUrl::parse(u).is_ok()
        }),
        ("ada can_parse", |u: &str| ada_url::Url::can_parse(u, None)),
    ));

    if let Some(ours) = side {
        for mut row in rows.into_iter().filter(|r| r.name.contains(&filter)) {
            let (name, check) = if ours { &mut row.ours } else { &mut row.peer };
            let accepted: usize = (0..rounds).map(|_| black_box(check())).sum();
            println!(
                "{} | {name}: {accepted} accepted in {rounds} passes of {} items",
                row.name, row.items
            );
        }
        return;
    }

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
