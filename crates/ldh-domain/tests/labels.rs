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
