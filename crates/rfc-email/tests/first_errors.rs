//! The first error a person sees for common slips: white space around the address,
//! invisible characters, a missing `@` in a long text. The grammar alone would report
//! the first byte it cannot accept, which for these says the wrong thing.

use rfc_email::{EmailAddress, EmailErrorKind, Policy};

const ASCII_PROFILES: [Policy; 3] = [Policy::RFC5321, Policy::HTML5, Policy::RFC3696_PUBLISHED];

#[test]
fn leading_space_is_surrounding_whitespace_not_advice_to_quote() {
    for policy in ASCII_PROFILES.iter().chain([&Policy::SMTPUTF8]) {
        let err = EmailAddress::parse_with(" user@example.com", policy).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (EmailErrorKind::SurroundingWhitespace, 0)
        );
        assert!(!err.to_string().contains("quote"), "{err}");
        assert!(err.to_string().contains("remove"), "{err}");
    }
}

#[test]
fn trailing_white_space_points_at_its_start() {
    for tail in [" ", "\t", "  ", "\u{a0}"] {
        let input = format!("user@example.com{tail}");
        let err = EmailAddress::parse(&input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (EmailErrorKind::SurroundingWhitespace, 16),
            "{input:?}"
        );
    }
}

#[test]
fn inner_space_still_gets_the_quoting_advice() {
    let err = EmailAddress::parse("john doe@example.com").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (EmailErrorKind::Whitespace, 4));
}

/// RFC 5322 §3.4.1: `addr-spec` may carry CFWS, so surrounding white space is valid
/// there and stays valid.
#[test]
fn rfc5322_still_accepts_surrounding_folding_white_space() {
    assert!(EmailAddress::parse_with(" user@example.com ", &Policy::RFC5322).is_ok());
}

/// An earlier error stays the first error: white space at the end does not hide it.
#[test]
fn an_earlier_error_is_reported_before_trailing_space() {
    let err = EmailAddress::parse("a..b@example.com ").unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (EmailErrorKind::ConsecutiveDots, 2)
    );
}

#[test]
fn zero_width_space_is_named_by_code_point() {
    for (input, at) in [
        ("user@exa\u{200b}mple.com", 8),
        ("us\u{200b}er@example.com", 2),
    ] {
        let err = EmailAddress::parse(input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (EmailErrorKind::InvisibleCharacter('\u{200b}'), at)
        );
        let message = err.to_string();
        assert!(
            message.starts_with("U+200B is an invisible zero-width character"),
            "{message}"
        );
        assert_eq!(err.code(), "invisible_character");
    }
}

#[test]
fn bidi_controls_and_byte_order_marks_are_named_too() {
    let err = EmailAddress::parse("user\u{202e}@example.com").unwrap_err();
    assert_eq!(err.kind(), EmailErrorKind::InvisibleCharacter('\u{202e}'));
    assert!(err.to_string().contains("bidirectional control"), "{err}");
    let err = EmailAddress::parse("user@example.com\u{feff}").unwrap_err();
    assert_eq!(err.kind(), EmailErrorKind::InvisibleCharacter('\u{feff}'));
    assert!(err.to_string().contains("byte order mark"), "{err}");
}

/// A visible non-ASCII character keeps the profile's error: only invisible ones are
/// renamed.
#[test]
fn visible_non_ascii_keeps_its_error() {
    let err = EmailAddress::parse("jos\u{e9}@example.com").unwrap_err();
    assert_eq!(err.kind(), EmailErrorKind::NonAscii);
}

/// RFC 5321 §4.5.3.1.1 limits the local part to 64 octets, but 65 `x` with no `@` is not
/// an over-long local part: it is not an address at all.
#[test]
fn sixty_five_x_without_at_says_the_at_is_missing() {
    let input = "x".repeat(65);
    let err = EmailAddress::parse(&input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (EmailErrorKind::MissingAt, 65));
    let long = "x".repeat(400);
    assert_eq!(
        EmailAddress::parse(&long).unwrap_err().kind(),
        EmailErrorKind::MissingAt
    );
}

#[test]
fn sixty_five_x_with_at_is_still_too_long() {
    let input = format!("{}@example.com", "x".repeat(65));
    assert_eq!(
        EmailAddress::parse(&input).unwrap_err().kind(),
        EmailErrorKind::LocalPartTooLong
    );
}

#[test]
fn user_messages_cite_no_rfc() {
    let inputs = [
        "",
        "user",
        " user@example.com",
        "a..b@example.com",
        "user@exa\u{200b}mple.com",
        "user@-example.com",
        "user@[2001:db8::1]",
        r"Abc\@def@example.com",
        "a@b@example.com",
        "user@example.123",
    ];
    for input in inputs {
        let err = EmailAddress::parse(input).unwrap_err();
        let message = err.user_message();
        assert!(!message.is_empty());
        assert!(
            !message.contains("RFC") && !message.contains('§'),
            "{input:?}: {message}"
        );
        assert_ne!(
            message,
            err.to_string(),
            "{input:?}: the developer message again"
        );
    }
}

#[test]
fn display_in_puts_the_caret_under_the_offending_character() {
    let input = "bü..x@example.com";
    let err = EmailAddress::parse_with(input, &Policy::SMTPUTF8).unwrap_err();
    let shown = err.display_in(input).to_string();
    let caret_line = shown.lines().nth(1).unwrap();
    // `b`, `ü`, `.`: the second dot is at column 3.
    assert_eq!(caret_line.find('^'), Some(3), "{shown}");
    assert!(
        caret_line.ends_with(&format!("{}: {err}", err.code())),
        "{shown}"
    );
}

/// The plain-language message of an error in the domain of an address says "the domain
/// after the @", not `ldh-domain`'s "the name" (which reads as the person's name).
#[test]
fn domain_errors_in_user_messages_name_the_domain() {
    let cases = [
        "user@exa mple.com",
        "user@a..example.com",
        "user@-a.example.com",
        "user@example.123",
        "user@xn--zz.example.com",
        &format!("user@{}.com", "a".repeat(64)),
    ];
    for input in cases {
        let err = EmailAddress::parse(input).unwrap_err();
        assert!(
            matches!(err.kind(), EmailErrorKind::Domain(_)),
            "{input}: {err:?}"
        );
        let message = err.user_message();
        assert!(message.contains("domain"), "{input}: {message}");
        assert!(!message.contains("the name"), "{input}: {message}");
    }
    let err = EmailAddress::parse("user@exa mple.com").unwrap_err();
    assert_eq!(
        err.user_message(),
        "the domain after the @ contains a space"
    );
    #[cfg(feature = "idna")]
    {
        let smtputf8 = &Policy::SMTPUTF8;
        let err = EmailAddress::parse_with("user@B\u{fc}cher.example", smtputf8).unwrap_err();
        assert_eq!(
            err.user_message(),
            "write the domain after the @ in lower case"
        );
        let err = EmailAddress::parse_with("user@\u{2603}.example", smtputf8).unwrap_err();
        assert!(
            err.user_message().contains("the domain after the @"),
            "{err:?}"
        );
    }
}
