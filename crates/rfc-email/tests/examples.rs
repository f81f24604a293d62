//! Every row of `testdata/email/rfc-examples.tsv` (RFC 3696 §3 and its errata) under
//! the strict profile, plus the seed's own examples under every profile it names.

use rfc_email::{EmailAddress, EmailErrorKind, Policy, Warning};

use crate::common::read;

#[test]
fn rfc3696_examples_tsv_every_row() {
    let text = read("email/rfc-examples.tsv");
    let mut rows = 0;
    for line in text.lines().skip(1).filter(|l| !l.is_empty()) {
        let mut fields = line.split('\t');
        let input = fields.next().unwrap();
        let valid: bool = fields.next().unwrap().parse().unwrap();
        let note = fields.next().unwrap_or_default();
        let result = EmailAddress::parse(input);
        assert_eq!(result.is_ok(), valid, "{input:?} ({note}): {result:?}");
        rows += 1;
    }
    assert_eq!(rows, 20);
}

/// The rejected rows fail for the reason their note gives.
#[test]
fn rfc3696_examples_tsv_error_codes() {
    let text = read("email/rfc-examples.tsv");
    let expected = [
        "backslash_outside_quotes",
        "backslash_outside_quotes",
        "consecutive_dots",
        "leading_dot",
        "local_part_too_long",
        "address_too_long",
        "untagged_ipv6_literal",
        "double_colon_for_one_group",
        "obsolete_local_part",
        "comment_not_allowed",
        "not_fully_qualified",
    ];
    let codes: Vec<&str> = text
        .lines()
        .skip(1)
        .filter_map(|line| EmailAddress::parse(line.split('\t').next()?).err())
        .map(|e| e.code())
        .collect();
    assert_eq!(codes, expected);
}

/// The three printed backslash forms are `backslash_outside_quotes` under
/// RFC 5321, with the quoted fix; valid with a warning under `RFC3696_PUBLISHED`.
#[test]
fn erratum_246_backslash_forms() {
    let cases = [
        (r"Abc\@def@example.com", 3, "\"Abc@def\"@example.com"),
        (
            r"Fred\ Bloggs@example.com",
            4,
            "\"Fred Bloggs\"@example.com",
        ),
        (r"Joe.\\Blow@example.com", 4, r#""Joe.\\Blow"@example.com"#),
    ];
    for (input, offset, fix) in cases {
        let err = EmailAddress::parse(input).unwrap_err();
        assert_eq!(
            err.kind(),
            EmailErrorKind::BackslashOutsideQuotes,
            "{input}"
        );
        assert_eq!(err.code(), "backslash_outside_quotes");
        assert_eq!(err.offset(), offset, "{input}");
        let suggestion = err.suggestion(input).unwrap().to_string();
        assert_eq!(suggestion, fix, "{input}");
        assert!(EmailAddress::parse(&suggestion).is_ok(), "{suggestion}");
        assert!(err.to_string().contains("\"Abc@def\"@example.com"));

        let published = EmailAddress::parse_with(input, &Policy::RFC3696_PUBLISHED).unwrap();
        assert!(published.warnings().contains(Warning::Erratum246Backslash));
        assert_eq!(published.domain().as_str(), "example.com");
    }
}

#[test]
fn seed_valid_examples() {
    for input in [
        r#""Abc\@def"@example.com"#,
        r#""Fred\ Bloggs"@example.com"#,
        r#""Joe.\\Blow"@example.com"#,
        "\"Abc@def\"@example.com",
        "\"Fred Bloggs\"@example.com",
        "customer/department=shipping@example.com",
        "$A12345@example.com",
        "!def!xyz%abc@example.com",
        "_somename@example.com",
        "user+mailbox@example.com",
    ] {
        for policy in [
            Policy::RFC5321,
            Policy::SMTPUTF8,
            Policy::RFC5322,
            Policy::RFC3696_PUBLISHED,
        ] {
            assert!(
                EmailAddress::parse_with(input, &policy).is_ok(),
                "{input} under {policy:?}"
            );
        }
    }
}
