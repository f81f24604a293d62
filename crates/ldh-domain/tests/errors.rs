//! Each error kind, with its offset and label index.

use crate::common::{fails, ok};
use ldh_domain::{ALabelReason, DomainErrorKind as K, Policy};

const H: &Policy = &Policy::HOSTNAME;

#[test]
fn empty_input() {
    fails("", H, K::Empty, 0, None);
    fails("", &Policy::DNS, K::Empty, 0, None);
}

#[test]
fn rfc3696_2_root_alone_is_not_a_host_name() {
    fails(".", H, K::RootOnly, 0, None);
    fails(".", &Policy::DNS, K::RootOnly, 0, None);
}

#[test]
fn empty_labels() {
    fails("a..b", H, K::EmptyLabel, 2, Some(1));
    fails(".a", H, K::EmptyLabel, 0, Some(0));
    fails("a..", H, K::EmptyLabel, 2, Some(1));
    fails("..", H, K::EmptyLabel, 0, Some(0));
    fails("a.b..", &Policy::DNS, K::EmptyLabel, 4, Some(2));
}

#[test]
fn rfc1123_2_1_hyphens_at_label_ends() {
    fails("-a.com", H, K::LeadingHyphen, 0, Some(0));
    fails("a.-b.com", H, K::LeadingHyphen, 2, Some(1));
    fails("a-.com", H, K::TrailingHyphen, 1, Some(0));
    fails("www.ab-.com", H, K::TrailingHyphen, 6, Some(1));
    fails("-", H, K::LeadingHyphen, 0, Some(0));
    fails("-a_b.com", H, K::LeadingHyphen, 0, Some(0));
}

#[test]
fn rfc2181_11_hyphens_are_free_under_dns() {
    ok("-a.com", &Policy::DNS);
    ok("a-.com", &Policy::DNS);
}

#[test]
fn rfc1123_2_1_characters_outside_ldh_are_named() {
    fails("a_b.com", H, K::InvalidCharacter(b'_'), 1, Some(0));
    fails("www.exa mple.com", H, K::InvalidCharacter(b' '), 7, Some(1));
    fails("a.b.c@d", H, K::InvalidCharacter(b'@'), 5, Some(2));
    fails("a\u{7f}.com", H, K::InvalidCharacter(0x7f), 1, Some(0));
    fails("a\tb", H, K::InvalidCharacter(b'\t'), 1, Some(0));
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
fn rfc3696_2_all_numeric_tld() {
    fails("example.123", H, K::NumericTld, 8, Some(1));
    fails("1.2.3.4", H, K::NumericTld, 6, Some(3));
    fails("1.2.3.4.", H, K::NumericTld, 6, Some(3));
    fails("127", H, K::NumericTld, 0, Some(0));
    fails("a.0", &Policy::DNS, K::NumericTld, 2, Some(1));
}

#[test]
fn rfc3696_2_tld_rule_is_only_not_all_digits() {
    for name in [
        "example.1e5",
        "a.9c",
        "example.nan",
        "1.2.3.4a",
        "123.com",
        "a.x1",
    ] {
        ok(name, H);
    }
}

#[test]
fn rfc3696_2_fqdn_needs_a_dot() {
    fails("localhost", &Policy::FQDN, K::NotFullyQualified, 0, Some(0));
    fails(
        "localhost.",
        &Policy::FQDN,
        K::NotFullyQualified,
        0,
        Some(0),
    );
    ok("example.com", &Policy::FQDN);
}

#[test]
fn rfc5890_2_3_2_1_fake_a_labels() {
    // Not Punycode at all.
    fails(
        "xn--99999999999.com",
        H,
        K::InvalidALabel(ALabelReason::Punycode),
        0,
        Some(0),
    );
    // Decodes to ASCII only (needs DNS: under LDH the trailing hyphen comes first).
    fails(
        "a.xn--abc-",
        &Policy::DNS,
        K::InvalidALabel(ALabelReason::DecodesToAscii),
        2,
        Some(1),
    );
    fails("xn--abc-.com", H, K::TrailingHyphen, 7, Some(0));
    // `xn--` with non-LDH octets.
    fails(
        "xn--a_b.com",
        &Policy::DNS,
        K::InvalidALabel(ALabelReason::Punycode),
        0,
        Some(0),
    );
}

#[test]
fn rfc5891_5_4_a_label_must_re_encode_to_itself() {
    // `bücher` encodes to `bcher-kva`; an upper-case basic part decodes to `Bücher`,
    // whose encoding keeps the `B`: it does not match the lower-cased input.
    ok("xn--bcher-kva.de", H);
    ok("XN--BCHER-KVA.DE", H);
    // A delimiter with no basic code points before it is not consumed (RFC 3492
    // §6.2), so `-tda` is not Punycode. (Punycode is bijective once case is folded, so
    // `NotCanonical` is a defence in depth that an RFC 3492 decoder never triggers.)
    fails(
        "xn---tda.de",
        H,
        K::InvalidALabel(ALabelReason::Punycode),
        0,
        Some(0),
    );
}

#[test]
fn rfc5891_4_2_3_1_decoded_hyphens() {
    // A U-label with `--` in positions 3 and 4, as an A-label.
    let a = format!("xn--{}.de", idna::punycode::encode_str("ab--ü").unwrap());
    let e = ldh_domain::Domain::parse_with(&a, H).unwrap_err();
    assert_eq!(
        e.kind(),
        K::InvalidALabel(ALabelReason::NotULabel(ldh_domain::IdnaRule::Hyphens))
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
