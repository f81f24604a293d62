//! The label taxonomy of RFC 5890 §2.3.1.

use crate::common::ok;
use ldh_domain::{LabelKind, Policy};

fn kinds(name: &str, policy: &Policy) -> Vec<LabelKind> {
    ok(name, policy).labels().map(|l| l.kind()).collect()
}

#[test]
fn rfc5890_2_3_1_taxonomy() {
    use LabelKind::*;
    assert_eq!(
        kinds("www.example.com", &Policy::HOSTNAME),
        [NrLdh, NrLdh, NrLdh]
    );
    assert_eq!(
        kinds("xn--bcher-kva.ab--c.de", &Policy::HOSTNAME),
        [ALabel, ReservedLdh, NrLdh]
    );
    assert_eq!(
        kinds("_dmarc.a_b.-x.com", &Policy::DNS),
        [Underscore, Underscore, Other, NrLdh]
    );
    assert_eq!(kinds("sp ace.com", &Policy::DNS), [Other, NrLdh]);
    if cfg!(feature = "idna") {
        assert_eq!(kinds("bücher.de", &Policy::HOSTNAME), [ULabel, NrLdh]);
    }
}

#[test]
fn label_offsets_and_iteration() {
    let d = ok("a.bc.def.", &Policy::HOSTNAME);
    let got: Vec<(&str, usize)> = d.labels().map(|l| (l.as_str(), l.offset())).collect();
    assert_eq!(got, [("a", 0), ("bc", 2), ("def", 5)]);
    let back: Vec<&str> = d.labels().rev().map(|l| l.as_str()).collect();
    assert_eq!(back, ["def", "bc", "a"]);
    assert_eq!(d.tld().as_str(), "def");
    assert_eq!(d.tld().offset(), 5);
    assert_eq!(d.label_count(), 3);
    assert_eq!(d.tld().len(), 3);
    assert!(!d.tld().is_empty());
}

#[test]
fn kind_codes_are_distinct() {
    use LabelKind::*;
    let codes = [NrLdh, ALabel, ReservedLdh, ULabel, Underscore, Other].map(LabelKind::code);
    let mut sorted = codes.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), codes.len());
}

/// UTS #46 maps a name to lower case before it decodes A-labels (§4 step 1), so an
/// A-label written in capitals, whole or in part, has the verdict of its lower-case
/// form, and the same error. Checked on every A-label name of the corpus, as written
/// and with one Punycode digit changed (mostly fake A-labels).
#[test]
fn upper_case_a_labels_have_the_verdict_of_lower_case() {
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/corpus/domains.txt"
    ))
    .expect("corpus");
    let mut checked = 0;
    for name in corpus
        .lines()
        .filter(|l| l.is_ascii() && l.contains("xn--"))
    {
        let lower = name.to_ascii_lowercase();
        // One digit changed: the last octet of the name's first A-label.
        let at = lower.find("xn--").unwrap();
        let end = lower[at..].find('.').map_or(lower.len(), |e| at + e);
        let mut changed = lower.clone().into_bytes();
        changed[end - 1] = if changed[end - 1] == b'a' { b'b' } else { b'a' };
        let changed = String::from_utf8(changed).unwrap();
        for lower in [lower, changed] {
            // All capitals, and capitals in the basic part only (before the last `-`).
            let upper = lower.to_ascii_uppercase();
            let basic_upper: String = lower
                .split('.')
                .map(|l| match l.rfind('-') {
                    Some(d) if l.starts_with("xn--") && d > 3 => {
                        format!("xn--{}{}", l[4..d].to_ascii_uppercase(), &l[d..])
                    }
                    _ => l.to_string(),
                })
                .collect::<Vec<_>>()
                .join(".");
            for policy in [Policy::HOSTNAME, Policy::DNS] {
                let expected =
                    ldh_domain::Domain::parse_with(&lower, &policy).map_err(|e| e.kind());
                for variant in [&upper, &basic_upper] {
                    let got =
                        ldh_domain::Domain::parse_with(variant, &policy).map_err(|e| e.kind());
                    assert_eq!(got.is_ok(), expected.is_ok(), "{variant} vs {lower}");
                    assert_eq!(got.err(), expected.err(), "{variant} vs {lower}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 1_500, "{checked}");
}
