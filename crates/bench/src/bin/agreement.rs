//! `cargo run --release -p bench --bin agreement`: how often each peer of the `ab` rows
//! reaches our verdict on the same vendored corpus. Ours is the standard's verdict (the
//! conformance suites of each crate prove it); a disagreement is the peer applying a
//! different rule set (WHATWG instead of RFC 3986, IRIs instead of URIs, a looser email
//! grammar, another Unicode version), so the speed rows compare work that is not
//! always the same. Prints two markdown tables: the valid/invalid verdicts of the
//! checks, and for the conversions also whether both sides produce the same text where
//! both succeed.
//!
//! With the `ada` feature the `http` row against ada is included.

use std::str::FromStr;

/// A check of one side: whether the item is valid, or the conversion's output.
type Check = fn(&str) -> bool;
type Convert = fn(&str) -> Option<String>;

/// The rows over one corpus: its name, its items, and per row the row's name (as in
/// `ab`) and our side and the peer's.
struct Table<'a, F> {
    corpus: &'static str,
    items: &'a [String],
    rows: Vec<(&'static str, F, F)>,
}

fn uri(s: &str) -> bool {
    uri_schemes::Uri::parse(s).is_ok()
}

fn fluent(s: &str) -> bool {
    fluent_uri::Uri::parse(s).is_ok()
}

fn rfc5321(s: &str) -> bool {
    rfc_email::EmailAddress::parse_with(s, &rfc_email::Policy::RFC5321).is_ok()
}

fn idna_strict(n: &str) -> Option<String> {
    idna::domain_to_ascii_strict(n).ok()
}

fn ldh_to_ascii(n: &str) -> Option<String> {
    ldh_domain::to_ascii(n).ok().map(Into::into)
}

fn punycode_encode(l: &str) -> Option<String> {
    punycode_core::encode_to_string(l).ok()
}

fn punycode_decode(e: &str) -> Option<String> {
    punycode_core::decode_to_string(e).ok()
}

fn ldh_to_unicode(n: &str) -> Option<String> {
    ldh_domain::to_unicode(n).ok().map(Into::into)
}

fn idna_to_unicode(n: &str) -> Option<String> {
    let (text, result) = idna::domain_to_unicode(n);
    result.ok().map(|()| text)
}

fn main() {
    let corpora = bench::Corpora::load();

    let verdicts: Vec<Table<'_, Check>> = vec![
        Table {
            corpus: "urls.txt",
            items: &corpora.urls,
            rows: vec![
                ("uri/parse-urls", uri, fluent),
                ("uri/parse-urls (url, reference)", uri, |s| {
                    url::Url::parse(s).is_ok()
                }),
                ("uri/parse-urls (oxiri, IRI)", uri, |s| {
                    oxiri::Iri::parse(s).is_ok()
                }),
                #[cfg(feature = "ada")]
                (
                    "http/parse-urls (ada)",
                    |u| uri_schemes::HttpUrl::parse(u).is_ok(),
                    |u| ada_url::Url::can_parse(u, None),
                ),
            ],
        },
        Table {
            corpus: "mailto.txt",
            items: &corpora.mailto,
            rows: vec![
                ("uri/parse-mailto", uri, fluent),
                (
                    "mailto/parse (fluent-uri: generic syntax only)",
                    |s| uri_schemes::Mailto::parse(s).is_ok(),
                    fluent,
                ),
            ],
        },
        Table {
            corpus: "emails.txt",
            items: &corpora.emails,
            rows: vec![
                ("email/corpus (addr)", rfc5321, |s| {
                    addr::parse_email_address(s).is_ok()
                }),
                ("email/corpus (email_address)", rfc5321, |s| {
                    email_address::EmailAddress::from_str(s).is_ok()
                }),
                (
                    "email/corpus (email_syntax_verify_opt)",
                    rfc5321,
                    email_syntax_verify_opt::validate_email,
                ),
            ],
        },
        Table {
            corpus: "domains-100k.txt",
            items: &corpora.names,
            rows: vec![(
                "domain/validate-full",
                |n| ldh_domain::Domain::parse_with(n, &ldh_domain::Policy::HOSTNAME).is_ok(),
                |n| idna::domain_to_ascii_strict(n).is_ok(),
            )],
        },
        Table {
            corpus: "IDN labels of domains.txt",
            items: &corpora.idn_labels,
            rows: vec![(
                "spoof/idn-label (safe vs single-script)",
                |l| {
                    idn_spoof::check_label(l, Some("com"), &idn_spoof::DisplayPolicy::BROWSER)
                        .is_safe()
                },
                |l| unicode_security::MixedScript::is_single_script(l),
            )],
        },
    ];

    println!("| row | corpus | items | same verdict | only ours valid | only peer valid |");
    println!("|---|---|---:|---:|---:|---:|");
    for corpus in &verdicts {
        for &(row, ours, peer) in &corpus.rows {
            let (mut same, mut only_ours, mut only_peer) = (0usize, 0usize, 0usize);
            for item in corpus.items {
                match (ours(item), peer(item)) {
                    (true, false) => only_ours += 1,
                    (false, true) => only_peer += 1,
                    _ => same += 1,
                }
            }
            let items = corpus.items.len();
            println!(
                "| {row} | {} | {items} | {same} ({}) | {only_ours} | {only_peer} |",
                corpus.corpus,
                percent(same, items),
            );
        }
    }

    let outputs: Vec<Table<'_, Convert>> = vec![
        Table {
            corpus: "punycode-labels.txt",
            items: &corpora.labels,
            rows: vec![(
                "punycode/labels/encode",
                punycode_encode,
                idna::punycode::encode_str,
            )],
        },
        Table {
            corpus: "punycode-labels.txt encoded",
            items: &corpora.encoded,
            rows: vec![(
                "punycode/labels/decode, decode-into",
                punycode_decode,
                idna::punycode::decode_to_string,
            )],
        },
        Table {
            corpus: "domains-100k.txt",
            items: &corpora.names,
            rows: vec![
                ("domain/to-ascii-full", ldh_to_ascii, idna_strict),
                ("domain/to-unicode", ldh_to_unicode, idna_to_unicode),
            ],
        },
        Table {
            corpus: "IDN labels of domains.txt",
            items: &corpora.idn_labels,
            rows: vec![(
                "spoof/skeleton",
                |l| Some(idn_spoof::skeleton(l).collect()),
                |l| Some(unicode_security::skeleton(l).collect()),
            )],
        },
    ];
    println!();
    println!(
        "| row | corpus | items | same verdict | only ours valid | only peer valid | same output (both valid) |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for corpus in &outputs {
        for &(row, ours, peer) in &corpus.rows {
            let (mut only_ours, mut only_peer, mut both, mut same_output) = (0, 0, 0, 0);
            for item in corpus.items {
                match (ours(item), peer(item)) {
                    (Some(_), None) => only_ours += 1,
                    (None, Some(_)) => only_peer += 1,
                    (Some(ours), Some(peer)) => {
                        both += 1;
                        same_output += usize::from(ours == peer);
                    }
                    (None, None) => {}
                }
            }
            let items = corpus.items.len();
            let same = items - only_ours - only_peer;
            println!(
                "| {row} | {} | {items} | {same} ({}) | {only_ours} | {only_peer} | {same_output} of {both} ({}) |",
                corpus.corpus,
                percent(same, items),
                percent(same_output, both),
            );
        }
    }
}

/// `part` of `whole` as a percentage with one decimal, e.g. `99.5%`.
fn percent(part: usize, whole: usize) -> String {
    let tenths = (part * 1000).checked_div(whole).unwrap_or(0);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn percent_rounds_down_to_tenths() {
        assert_eq!(percent(9338, 10_000), "93.3%");
        assert_eq!(percent(2, 3), "66.6%");
        assert_eq!(percent(7, 7), "100.0%");
    }

    #[test]
    fn percent_of_nothing_is_zero() {
        assert_eq!(percent(0, 0), "0.0%");
    }
}
