//! Each error kind, with its offset and label index.

use crate::common::fails_case;
use ldh_domain::{ALabelReason as R, DomainErrorKind as K, Policy};

const H: &Policy = &Policy::HOSTNAME;

// The rules, with their RFC sections, that the rows of the tables below name.
const EMPTY: &str = "empty input";
const ROOT_ALONE: &str = "RFC 3696 §2: the root alone is not a host name";
const EMPTY_LABEL: &str = "RFC 1035 §2.3.1: empty labels";
const HYPHEN_ENDS: &str = "RFC 1123 §2.1: hyphens at label ends";
const NOT_LDH: &str = "RFC 1123 §2.1: characters outside LDH are named";
const NUMERIC_TLD: &str = "RFC 3696 §2: all-numeric TLD";
const FQDN_DOT: &str = "RFC 3696 §2: an FQDN needs a dot";
const FAKE_A_LABEL: &str = "RFC 5890 §2.3.2.1: fake A-labels";
const RE_ENCODES: &str = "RFC 5891 §5.4: an A-label must re-encode to itself";
const DNS_HYPHENS: &str = "RFC 2181 §11: hyphens are free under DNS";
const TLD_NOT_ALL_DIGITS: &str = "RFC 3696 §2: the TLD rule is only not all digits";

const DNS: &Policy = &Policy::DNS;
const FQDN: &Policy = &Policy::FQDN;

/// An input, its policy, and where the error points: offset and label index.
type Case = (&'static str, &'static Policy, usize, Option<usize>);

/// Every error kind of the LDH grammar, one row per rule: the rule (its RFC section),
/// the error kind, and the inputs with their policy, offset and label index.
#[rustfmt::skip]
const FAILURES: &[(&str, K, &[Case])] = &[
    (EMPTY, K::Empty, &[("", H, 0, None), ("", DNS, 0, None)]),
    (ROOT_ALONE, K::RootOnly, &[(".", H, 0, None), (".", DNS, 0, None)]),
    (EMPTY_LABEL, K::EmptyLabel, &[
        ("a..b", H, 2, Some(1)), (".a", H, 0, Some(0)), ("a..", H, 2, Some(1)), ("..", H, 0, Some(0)),
        ("a.b..", DNS, 4, Some(2)),
    ]),
    (HYPHEN_ENDS, K::LeadingHyphen, &[
        ("-a.com", H, 0, Some(0)), ("a.-b.com", H, 2, Some(1)), ("-", H, 0, Some(0)), ("-a_b.com", H, 0, Some(0)),
    ]),
    (HYPHEN_ENDS, K::TrailingHyphen, &[("a-.com", H, 1, Some(0)), ("www.ab-.com", H, 6, Some(1))]),
    (NOT_LDH, K::InvalidCharacter(b'_'), &[("a_b.com", H, 1, Some(0))]),
    (NOT_LDH, K::InvalidCharacter(b' '), &[("www.exa mple.com", H, 7, Some(1))]),
    (NOT_LDH, K::InvalidCharacter(b'@'), &[("a.b.c@d", H, 5, Some(2))]),
    (NOT_LDH, K::InvalidCharacter(0x7f), &[("a\u{7f}.com", H, 1, Some(0))]),
    (NOT_LDH, K::InvalidCharacter(b'\t'), &[("a\tb", H, 1, Some(0))]),
    (NUMERIC_TLD, K::NumericTld, &[
        ("example.123", H, 8, Some(1)), ("1.2.3.4", H, 6, Some(3)), ("1.2.3.4.", H, 6, Some(3)), ("127", H, 0, Some(0)),
        ("a.0", DNS, 2, Some(1)),
    ]),
    (FQDN_DOT, K::NotFullyQualified, &[("localhost", FQDN, 0, Some(0)), ("localhost.", FQDN, 0, Some(0))]),
    // Not Punycode at all; `xn--` with non-LDH octets.
    (FAKE_A_LABEL, K::InvalidALabel(R::Punycode), &[("xn--99999999999.com", H, 0, Some(0)), ("xn--a_b.com", DNS, 0, Some(0))]),
    // Decodes to ASCII only (needs DNS: under LDH the trailing hyphen comes first).
    (FAKE_A_LABEL, K::InvalidALabel(R::DecodesToAscii), &[("a.xn--abc-", DNS, 2, Some(1))]),
    (FAKE_A_LABEL, K::TrailingHyphen, &[("xn--abc-.com", H, 7, Some(0))]),
    // A delimiter with no basic code points before it is not consumed (RFC 3492
    // §6.2), so `-tda` is not Punycode. (Punycode is bijective once case is folded, so
    // `NotCanonical` is a defence in depth that an RFC 3492 decoder never triggers.)
    (RE_ENCODES, K::InvalidALabel(R::Punycode), &[("xn---tda.de", H, 0, Some(0))]),
];

#[test]
fn each_error_kind_with_offset_and_label() {
    for &(rule, kind, cases) in FAILURES {
        for &(input, policy, offset, label) in cases {
            fails_case(&(rule, input, policy, kind, offset, label));
        }
    }
}

/// Names the policies accept, one row per rule that allows them.
#[rustfmt::skip]
const ACCEPTED: &[(&str, &Policy, &[&str])] = &[
    (DNS_HYPHENS, DNS, &["-a.com", "a-.com"]),
    (TLD_NOT_ALL_DIGITS, H, &["example.1e5", "a.9c", "example.nan", "1.2.3.4a", "123.com", "a.x1"]),
    (FQDN_DOT, FQDN, &["example.com"]),
    // `bücher` encodes to `bcher-kva`; an upper-case basic part decodes to `Bücher`,
    // whose encoding keeps the `B`: it does not match the lower-cased input.
    (RE_ENCODES, H, &["xn--bcher-kva.de", "XN--BCHER-KVA.DE"]),
];

#[test]
fn accepted_names_next_to_the_errors() {
    for &(rule, policy, inputs) in ACCEPTED {
        for input in inputs {
            assert!(
                ldh_domain::Domain::parse_with(input, policy).is_ok(),
                "{rule}: {input:?} should parse"
            );
        }
    }
}

#[test]
fn invalid_utf8_from_bytes() {
    let e = ldh_domain::Domain::parse_bytes(b"ab\xc3", &Policy::DNS).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset(), e.label_index()),
        (K::InvalidUtf8, 2, None)
    );
}

#[test]
fn rfc5891_4_2_3_1_decoded_hyphens() {
    // A U-label with `--` in positions 3 and 4, as an A-label.
    let a = format!("xn--{}.de", idna::punycode::encode_str("ab--ü").unwrap());
    let e = ldh_domain::Domain::parse_with(&a, H).unwrap_err();
    assert_eq!(
        e.kind(),
        K::InvalidALabel(R::NotULabel(ldh_domain::IdnaRule::Hyphens))
    );
}

#[test]
fn non_ascii_labels() {
    let r = ldh_domain::Domain::parse_with("www.bücher.de", H);
    if cfg!(feature = "idna") {
        assert!(r.is_ok());
    } else {
        let e = r.unwrap_err();
        assert_eq!(
            (e.kind(), e.offset(), e.label_index()),
            (K::IdnaFeatureDisabled, 5, Some(1))
        );
    }
}

#[test]
fn with_offset_rebases() {
    let e = ldh_domain::Domain::parse_with("a..b", H).unwrap_err();
    assert_eq!(e.with_offset(10).offset(), 12);
    assert_eq!(e.with_offset(10).label_index(), Some(1));
    assert_eq!(e.with_offset(usize::MAX).offset(), usize::MAX);
}

#[test]
fn error_is_small_and_copy() {
    fn assert_copy<T: Copy + Send + Sync + 'static>() {}
    assert_copy::<ldh_domain::DomainError>();
    assert!(size_of::<ldh_domain::DomainError>() <= 24);
}
