//! Each error kind, with its offset and label index.

use crate::common::{Failure, fails_case};
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

/// Every error kind of the LDH grammar, with its offset and label index.
#[rustfmt::skip]
const FAILURES: &[Failure<'static>] = &[
    (EMPTY, "", H, K::Empty, 0, None),
    (EMPTY, "", DNS, K::Empty, 0, None),
    (ROOT_ALONE, ".", H, K::RootOnly, 0, None),
    (ROOT_ALONE, ".", DNS, K::RootOnly, 0, None),
    (EMPTY_LABEL, "a..b", H, K::EmptyLabel, 2, Some(1)),
    (EMPTY_LABEL, ".a", H, K::EmptyLabel, 0, Some(0)),
    (EMPTY_LABEL, "a..", H, K::EmptyLabel, 2, Some(1)),
    (EMPTY_LABEL, "..", H, K::EmptyLabel, 0, Some(0)),
    (EMPTY_LABEL, "a.b..", DNS, K::EmptyLabel, 4, Some(2)),
    (HYPHEN_ENDS, "-a.com", H, K::LeadingHyphen, 0, Some(0)),
    (HYPHEN_ENDS, "a.-b.com", H, K::LeadingHyphen, 2, Some(1)),
    (HYPHEN_ENDS, "a-.com", H, K::TrailingHyphen, 1, Some(0)),
    (HYPHEN_ENDS, "www.ab-.com", H, K::TrailingHyphen, 6, Some(1)),
    (HYPHEN_ENDS, "-", H, K::LeadingHyphen, 0, Some(0)),
    (HYPHEN_ENDS, "-a_b.com", H, K::LeadingHyphen, 0, Some(0)),
    (NOT_LDH, "a_b.com", H, K::InvalidCharacter(b'_'), 1, Some(0)),
    (NOT_LDH, "www.exa mple.com", H, K::InvalidCharacter(b' '), 7, Some(1)),
    (NOT_LDH, "a.b.c@d", H, K::InvalidCharacter(b'@'), 5, Some(2)),
    (NOT_LDH, "a\u{7f}.com", H, K::InvalidCharacter(0x7f), 1, Some(0)),
    (NOT_LDH, "a\tb", H, K::InvalidCharacter(b'\t'), 1, Some(0)),
    (NUMERIC_TLD, "example.123", H, K::NumericTld, 8, Some(1)),
    (NUMERIC_TLD, "1.2.3.4", H, K::NumericTld, 6, Some(3)),
    (NUMERIC_TLD, "1.2.3.4.", H, K::NumericTld, 6, Some(3)),
    (NUMERIC_TLD, "127", H, K::NumericTld, 0, Some(0)),
    (NUMERIC_TLD, "a.0", DNS, K::NumericTld, 2, Some(1)),
    (FQDN_DOT, "localhost", FQDN, K::NotFullyQualified, 0, Some(0)),
    (FQDN_DOT, "localhost.", FQDN, K::NotFullyQualified, 0, Some(0)),
    // Not Punycode at all.
    (FAKE_A_LABEL, "xn--99999999999.com", H, K::InvalidALabel(R::Punycode), 0, Some(0)),
    // Decodes to ASCII only (needs DNS: under LDH the trailing hyphen comes first).
    (FAKE_A_LABEL, "a.xn--abc-", DNS, K::InvalidALabel(R::DecodesToAscii), 2, Some(1)),
    (FAKE_A_LABEL, "xn--abc-.com", H, K::TrailingHyphen, 7, Some(0)),
    // `xn--` with non-LDH octets.
    (FAKE_A_LABEL, "xn--a_b.com", DNS, K::InvalidALabel(R::Punycode), 0, Some(0)),
    // A delimiter with no basic code points before it is not consumed (RFC 3492
    // §6.2), so `-tda` is not Punycode. (Punycode is bijective once case is folded, so
    // `NotCanonical` is a defence in depth that an RFC 3492 decoder never triggers.)
    (RE_ENCODES, "xn---tda.de", H, K::InvalidALabel(R::Punycode), 0, Some(0)),
];

#[test]
fn each_error_kind_with_offset_and_label() {
    for case in FAILURES {
        fails_case(case);
    }
}

/// Names the policies accept, each with the rule that allows it.
const ACCEPTED: &[(&str, &str, &Policy)] = &[
    (DNS_HYPHENS, "-a.com", DNS),
    (DNS_HYPHENS, "a-.com", DNS),
    (TLD_NOT_ALL_DIGITS, "example.1e5", H),
    (TLD_NOT_ALL_DIGITS, "a.9c", H),
    (TLD_NOT_ALL_DIGITS, "example.nan", H),
    (TLD_NOT_ALL_DIGITS, "1.2.3.4a", H),
    (TLD_NOT_ALL_DIGITS, "123.com", H),
    (TLD_NOT_ALL_DIGITS, "a.x1", H),
    (FQDN_DOT, "example.com", FQDN),
    // `bücher` encodes to `bcher-kva`; an upper-case basic part decodes to `Bücher`,
    // whose encoding keeps the `B`: it does not match the lower-cased input.
    (RE_ENCODES, "xn--bcher-kva.de", H),
    (RE_ENCODES, "XN--BCHER-KVA.DE", H),
];

#[test]
fn accepted_names_next_to_the_errors() {
    for &(rule, input, policy) in ACCEPTED {
        assert!(
            ldh_domain::Domain::parse_with(input, policy).is_ok(),
            "{rule}: {input:?} should parse"
        );
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

/// The end-user rendering (`display_for_user`): the input line and caret of
/// `display_in`, then the plain-language message instead of the code and the developer
/// message with its RFC citations; the inherent method and the common trait's agree.
#[test]
fn display_for_user_shows_the_caret_with_the_user_message() {
    use ldh_domain::Domain;
    use ldh_domain::report::LocatedError;
    for input in [
        "a..b",
        "-a.example",
        "a_b.example",
        "ex\u{200b}ample.com",
        "1.2.3.4",
    ] {
        let err = Domain::parse_with(input, H).unwrap_err();
        let developer = err.display_in(input).to_string();
        let caret = developer
            .strip_suffix(&format!("{}: {err}", err.code()))
            .unwrap();
        let user = err.display_for_user(input).to_string();
        assert_eq!(user, format!("{caret}{}", err.user_message()), "{input:?}");
        assert_eq!(
            LocatedError::display_for_user(&err, input).to_string(),
            user
        );
        assert!(!user.contains(err.code()), "{user}");
    }
}
