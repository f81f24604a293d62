//! Every error kind, with its exact offset (byte index into the whole input), under the
//! profile that produces it.

use std::collections::HashSet;

use ldh_domain::DomainErrorKind as D;
use name_text::ip::IpErrorKind as I;
use rfc_email::{EmailAddress, EmailErrorKind as K, Policy};

const P5321: Policy = Policy::RFC5321;
const UTF8: Policy = Policy::SMTPUTF8;
const P5322: Policy = Policy::RFC5322;
const HTML: Policy = Policy::HTML5;

/// (input, policy, kind, offset), one case a line.
#[rustfmt::skip]
fn cases() -> Vec<(String, Policy, K, usize)> {
    let s = |x: &str| x.to_owned();
    let long_local = format!("{}@example.com", "a".repeat(65));
    let long_address = crate::common::address_of_255_octets();
    let long_domain = format!("a@{}a", "a.".repeat(140));
    vec![
        (s(""), P5321, K::Empty, 0),
        (s(""), P5322, K::Empty, 0),
        (s("user.example.com"), P5321, K::MissingAt, 16),
        (s("user"), P5322, K::MissingAt, 4),
        (s("user"), HTML, K::MissingAt, 4),
        (s("a@b@example.com"), P5321, K::MultipleAt, 3),
        (s("a@b@example.com"), P5322, K::MultipleAt, 3),
        (s("a@b@example.com"), HTML, K::MultipleAt, 3),
        (s("@example.com"), P5321, K::EmptyLocalPart, 0),
        (s("@example.com"), P5322, K::EmptyLocalPart, 0),
        (s("@example.com"), HTML, K::EmptyLocalPart, 0),
        (s("user@"), P5321, K::EmptyDomain, 5),
        (s("user@"), P5322, K::EmptyDomain, 5),
        (s("user@"), HTML, K::EmptyDomain, 5),
        (s("a,b@example.com"), P5321, K::InvalidCharacter, 1),
        (s("a<b>@example.com"), P5322, K::InvalidCharacter, 1),
        (s("ab\"c\"@example.com"), P5321, K::InvalidCharacter, 2),
        (s("a\"b@example.com"), HTML, K::InvalidCharacter, 1),
        (s("jos\u{e9}@example.com"), P5321, K::NonAscii, 3),
        (s("user@ex\u{e4}mple.com"), P5321, K::NonAsciiDomain, 7),
        (s("\"\u{e9}\"@example.com"), P5321, K::NonAscii, 1),
        (s("jos\u{e9}@example.com"), HTML, K::NonAscii, 3),
        (s("a\u{1}@example.com"), P5321, K::ControlCharacter, 1),
        (s("\"a\u{1}\"@example.com"), P5321, K::ControlCharacter, 2),
        (s("\"a\u{0}\"@example.com"), P5322, K::ControlCharacter, 2),
        (s("\"a\r\"@example.com"), P5322, K::ControlCharacter, 2),
        (s("john doe@example.com"), P5321, K::Whitespace, 4),
        (s(" a@example.com"), UTF8, K::SurroundingWhitespace, 0),
        (s("a b@example.com"), HTML, K::Whitespace, 1),
        (s(".user@example.com"), P5321, K::LeadingDot, 0),
        (s(".user@example.com"), P5322, K::LeadingDot, 0),
        (s("user.@example.com"), P5321, K::TrailingDot, 4),
        (s("user.@example.com"), P5322, K::TrailingDot, 4),
        (s("a..b@example.com"), P5321, K::ConsecutiveDots, 2),
        (s("a..b@example.com"), P5322, K::ConsecutiveDots, 2),
        (s("a. .b@example.com"), P5322, K::ConsecutiveDots, 3),
        (s(r"Abc\@def@example.com"), P5321, K::BackslashOutsideQuotes, 3),
        (s(r"a\b@example.com"), P5322, K::BackslashOutsideQuotes, 1),
        (s("\"abc@example.com"), P5321, K::UnterminatedQuotedString, 0),
        (s("\"abc\\\"@example.com"), P5321, K::UnterminatedQuotedString, 0),
        (s("a.\"abc@example.com"), P5322, K::UnterminatedQuotedString, 2),
        (s("\"a\\\tb\"@example.com"), P5321, K::InvalidQuotedPair, 2),
        (s("\"a\\\u{e9}\"@example.com"), UTF8, K::InvalidQuotedPair, 2),
        (s("\\\ta@example.com"), Policy::RFC3696_PUBLISHED, K::InvalidQuotedPair, 0),
        (s("a.\\\ta@example.com"), Policy::RFC3696_PUBLISHED, K::InvalidQuotedPair, 2),
        (s("\"test\".test@example.com"), P5321, K::ObsoleteLocalPart, 6),
        (s("test.\"test\"@example.com"), P5321, K::ObsoleteLocalPart, 5),
        (s("john.doe(comment)@example.com"), P5321, K::Comment, 8),
        (s("(a@example.com"), P5322, K::UnterminatedComment, 0),
        (s("a(b\\)@example.com"), P5322, K::UnterminatedComment, 1),
        (s("((x))a@example.com"), P5322.with_max_comment_depth(1), K::CommentTooDeep, 1),
        (s("(x)a@example.com"), P5322.with_max_comment_depth(0), K::CommentTooDeep, 0),
        (long_local, P5321, K::LocalPartTooLong, 64),
        (long_domain, P5322, K::DomainTooLong, 257),
        (long_address, P5321, K::AddressTooLong { max: 254 }, 254),
        (s("user@[192.0.2.1"), P5321, K::UnterminatedAddressLiteral, 5),
        (s("user@[192.0.2.1"), P5322, K::UnterminatedAddressLiteral, 5),
        (s("user@[192.0.2.1]x"), P5321, K::InvalidAddressLiteral, 16),
        (s("user@[a b]"), P5321, K::InvalidAddressLiteral, 7),
        (s("user@[a[b]"), P5322, K::InvalidAddressLiteral, 7),
        (s("user@[x-:y]"), P5321, K::InvalidAddressLiteral, 6),
        (s("user@[2001:db8::1]"), P5321, K::UntaggedIpv6Literal, 6),
        (s("user@[x400:c=us]"), P5321, K::GeneralAddressLiteral, 6),
        (s("user@[192.0.2.1]"), HTML, K::AddressLiteralNotAllowed, 5),
        (s("user@[192.0.2.256]"), P5321, K::Ip(I::OctetOutOfRange), 14),
        (s("user@[1.2.3]"), P5321, K::Ip(I::WrongPartCount), 11),
        (s("user@[IPv6:2001:db8:1:2:3:4::5]"), P5321, K::Ip(I::CompressesOneGroup), 27),
        (s("user@localhost"), P5321, K::Domain(D::NotFullyQualified), 5),
        (s("user@-a.com"), P5321, K::Domain(D::LeadingHyphen), 5),
        (s("user@a-.com"), P5321, K::Domain(D::TrailingHyphen), 6),
        (s("user@a_b.com"), P5321, K::Domain(D::InvalidCharacter(b'_')), 6),
        (s("user@a..com"), P5321, K::Domain(D::EmptyLabel), 7),
        (s("user@1.2.3.4"), P5321, K::Domain(D::NumericTld), 11),
        (s("user@a..com"), P5322, K::Domain(D::EmptyLabel), 7),
        (format!("user@{}.com", "a".repeat(64)), HTML, K::Domain(D::LabelTooLong), 5),
        (s("user@-a.com"), HTML, K::Domain(D::LeadingHyphen), 5),
        (s("user@a-.com"), HTML, K::Domain(D::TrailingHyphen), 6),
        (s("user@a..com"), HTML, K::Domain(D::EmptyLabel), 7),
        (s("user@example.com."), P5321, K::DomainTrailingDot, 16),
        (s("user@example.com."), P5322, K::DomainTrailingDot, 16),
        (s("user@exa\u{200b}mple.com"), P5321, K::InvisibleCharacter('\u{200b}'), 8),
    ]
}

#[test]
fn every_error_kind_with_its_offset() {
    let mut codes = HashSet::new();
    for (input, policy, kind, offset) in cases() {
        let err = EmailAddress::parse_with(&input, &policy).unwrap_err_or_else(&input);
        assert_eq!(
            (err.kind(), err.offset()),
            (kind, offset),
            "{input:?} under {policy:?}"
        );
        assert_eq!(err.code(), kind.code());
        codes.insert(std::mem::discriminant(&kind));
    }
    // Plus the two kinds tested below, `InvalidUtf8` and `AddressTooLongAsAscii`, and
    // the three of address lists (tests/address_list.rs).
    assert_eq!(
        codes.len() + 2 + 3,
        38,
        "every EmailErrorKind variant is covered"
    );
}

#[test]
fn invalid_utf8_offset() {
    let err = EmailAddress::parse_bytes(b"ab\xFF@example.com", &UTF8).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidUtf8, 2));
    let err = EmailAddress::parse_bytes(b"ab@exa\xC3", &P5321).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidUtf8, 6));
}

#[cfg(feature = "idna")]
#[test]
fn too_long_once_in_a_labels() {
    // `a\u{e9}` is 3 octets as typed and 9 as `xn--a-9ba`.
    let input = format!("{}@{}com", "a".repeat(64), "a\u{e9}.".repeat(20));
    assert!(input.len() <= 254);
    let err = EmailAddress::parse_with(&input, &UTF8).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::AddressTooLongAsAscii, 65));
    // Short enough once converted: fine.
    let input = format!("{}@{}com", "a".repeat(64), "a\u{e9}.".repeat(18));
    assert!(EmailAddress::parse_with(&input, &UTF8).is_ok());
}

#[test]
fn with_offset_rebases() {
    let err = EmailAddress::parse("a..b@example.com").unwrap_err();
    assert_eq!(err.with_offset(7).offset(), 9);
    assert_eq!(err.with_offset(usize::MAX).offset(), usize::MAX);
}

/// `unwrap_err` with the input in the panic message.
trait UnwrapErr<E> {
    fn unwrap_err_or_else(self, input: &str) -> E;
}

impl<T: std::fmt::Debug, E> UnwrapErr<E> for Result<T, E> {
    fn unwrap_err_or_else(self, input: &str) -> E {
        match self {
            Ok(v) => panic!("{input:?} was accepted: {v:?}"),
            Err(e) => e,
        }
    }
}

/// Every suggestion is accepted by the profile that rejected the input.
#[test]
fn suggestions_are_valid() {
    let cases = [
        (r"Abc\@def@example.com", "\"Abc@def\"@example.com"),
        (r"Fred\ Bloggs@example.com", "\"Fred Bloggs\"@example.com"),
        (r"Joe.\\Blow@example.com", r#""Joe.\\Blow"@example.com"#),
        ("john doe@example.com", "\"john doe\"@example.com"),
        ("john q. doe@example.com", "\"john q. doe\"@example.com"),
        ("user@[2001:db8::1]", "user@[IPv6:2001:db8::1]"),
        ("user@example.com.", "user@example.com"),
    ];
    for (input, fix) in cases {
        let err = EmailAddress::parse(input).unwrap_err();
        let suggestion = err.suggestion(input).map(|s| s.to_string());
        assert_eq!(suggestion.as_deref(), Some(fix), "{input}");
        assert!(EmailAddress::parse(fix).is_ok(), "{fix}");
    }
    for input in [
        " john@example.com",
        "a..b@example.com",
        "user@localhost",
        "\"a\"\\b@example.com",
        // Fixing the first error would leave a second one (RFC 5321 needs a fully
        // qualified domain; `-x.com` has a leading hyphen): no suggestion.
        "user@example.",
        "a@b.",
        "john doe@localhost",
        r"Abc\@def@-x.com",
        r"Fred\ Bloggs@localhost",
        "user@[2001:db8::1].",
    ] {
        let err = EmailAddress::parse(input).unwrap_err();
        assert_eq!(err.suggestion(input), None, "{input}");
    }
}

/// A suggestion, under whichever policy produced the error, is `None` or an address
/// that parses under that policy.
#[test]
fn suggestions_parse_under_their_policy() {
    let inputs = [
        r"Abc\@def@example.com",
        r"Abc\@def@-x.com",
        "john doe@example.com",
        "john doe@localhost",
        "user@example.",
        "user@example.com.",
        "a@b.",
        "user@[2001:db8::1]",
        "user@[2001:db8::1].",
        "\u{e9}l\u{e8}ve @example.com",
    ];
    let mut suggested = 0;
    for policy in &crate::common::PRESETS {
        for input in inputs {
            let Err(err) = EmailAddress::parse_with(input, policy) else {
                continue;
            };
            if let Some(fix) = err.suggestion_with(input, policy) {
                let fix = fix.to_string();
                assert!(
                    EmailAddress::parse_with(&fix, policy).is_ok(),
                    "{input} -> {fix} under {policy:?}"
                );
                suggested += 1;
            }
        }
    }
    assert!(suggested >= 10, "{suggested}");
    // Under RFC 5322 a single-label domain is valid, so the dropped root dot is a fix.
    let err = EmailAddress::parse_with("user@example.", &Policy::RFC5322).unwrap_err();
    assert_eq!(
        err.suggestion_with("user@example.", &Policy::RFC5322)
            .map(|s| s.to_string())
            .as_deref(),
        Some("user@example")
    );
}
