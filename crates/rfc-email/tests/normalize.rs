//! Normalization and conversions (`alloc`).

use std::borrow::Cow;

use rfc_email::{DomainForm, EmailAddress, EmailAddressBuf, Policy};

fn normalized(input: &str, policy: &Policy, form: DomainForm) -> String {
    EmailAddress::parse_with(input, policy)
        .unwrap_or_else(|e| panic!("{input}: {e:?}"))
        .normalize(form)
}

/// Asserts each (input, form, normalized) case under `policy`, naming the case on failure.
fn assert_normalizes(policy: &Policy, cases: &[(&str, DomainForm, &str)]) {
    for &(input, form, expected) in cases {
        assert_eq!(
            normalized(input, policy, form),
            expected,
            "{input:?} as {form:?}"
        );
    }
}

#[test]
fn needless_quotes_and_escapes_removed() {
    let as_written = |input, expected| (input, DomainForm::AsWritten, expected);
    assert_normalizes(
        &Policy::RFC5321,
        &[
            as_written("\"abc\"@example.com", "abc@example.com"),
            as_written("\"a.b\"@example.com", "a.b@example.com"),
            as_written("\"\\a\\b\"@example.com", "ab@example.com"),
            // Still needed: the quotes stay, escapes only for `"` and `\`.
            as_written("\"a b\"@example.com", "\"a b\"@example.com"),
            as_written(
                r#""Fred\ Bloggs"@example.com"#,
                "\"Fred Bloggs\"@example.com",
            ),
            as_written(r#""Abc\@def"@example.com"#, "\"Abc@def\"@example.com"),
            as_written(r#""Joe.\\Blow"@example.com"#, r#""Joe.\\Blow"@example.com"#),
            as_written(r#""a\"b"@example.com"#, r#""a\"b"@example.com"#),
            as_written("\"a..b\"@example.com", "\"a..b\"@example.com"),
            as_written("\".a\"@example.com", "\".a\"@example.com"),
            as_written("\"\"@example.com", "\"\"@example.com"),
            // The local part's case is the receiving host's business.
            as_written("John.Doe@Example.COM", "John.Doe@example.com"),
        ],
    );
}

#[test]
fn literals_are_canonical() {
    let p = Policy::RFC5321;
    for (input, expected) in [
        ("a@[001.002.003.004]", "a@[1.2.3.4]"),
        ("a@[IPv6:2001:DB8:0:0:0:0:0:1]", "a@[IPv6:2001:db8::1]"),
        (
            "a@[ipv6:2001:db8:0:0:1:0:0:1]",
            "a@[IPv6:2001:db8::1:0:0:1]",
        ),
        (
            "a@[IPv6:0:0:0:0:0:ffff:192.0.2.1]",
            "a@[IPv6:::ffff:192.0.2.1]",
        ),
        ("a@[IPv6:1:0:2:3:4:5:6:7]", "a@[IPv6:1:0:2:3:4:5:6:7]"),
    ] {
        let out = normalized(input, &p, DomainForm::Ascii);
        assert_eq!(out, expected, "{input}");
        assert!(EmailAddress::parse(&out).is_ok(), "{out}");
    }
}

#[cfg(feature = "idna")]
#[test]
fn domain_forms() {
    use DomainForm as F;
    // As written, `Bücher` is no U-label (RFC 5892 §2.2: upper case is DISALLOWED);
    // the UTS #46 mode maps it.
    assert!(EmailAddress::parse_with("J\u{f6}rg@B\u{fc}cher.Example", &Policy::SMTPUTF8).is_err());
    let p = Policy::SMTPUTF8.with_idna_mode(ldh_domain::IdnaMode::Uts46);
    let mixed = "J\u{f6}rg@B\u{fc}cher.Example";
    let ace = "info@XN--BCHER-KVA.example";
    assert_normalizes(
        &p,
        &[
            (mixed, F::AsWritten, "J\u{f6}rg@b\u{fc}cher.example"),
            (mixed, F::Ascii, "J\u{f6}rg@xn--bcher-kva.example"),
            (ace, F::Unicode, "info@b\u{fc}cher.example"),
            (ace, F::AsWritten, "info@xn--bcher-kva.example"),
        ],
    );

    let addr = EmailAddress::parse_with("info@b\u{fc}cher.example", &p).unwrap();
    assert_eq!(addr.to_ascii().unwrap(), "info@xn--bcher-kva.example");
    assert_eq!(addr.to_unicode().unwrap(), "info@b\u{fc}cher.example");
    let addr = EmailAddress::parse_with("j\u{f6}rg@example.com", &p).unwrap();
    let err = addr.to_ascii().unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (rfc_email::EmailErrorKind::NonAscii, 1)
    );
    assert_eq!(addr.to_unicode().unwrap(), "j\u{f6}rg@example.com");
}

#[test]
fn unquoted_local_part() {
    let cases: &[(&str, Policy, &str)] = &[
        ("abc@example.com", Policy::RFC5321, "abc"),
        ("\"a b\"@example.com", Policy::RFC5321, "a b"),
        (r#""a\"b\\c"@example.com"#, Policy::RFC5321, "a\"b\\c"),
        (
            r"Abc\@def@example.com",
            Policy::RFC3696_PUBLISHED,
            "Abc@def",
        ),
        ("(c) \"a\" . b (d)@example.com", Policy::RFC5322, "a.b"),
        ("\"a\r\n b\"@example.com", Policy::RFC5322, "a b"),
        ("a(x\\)y).b@example.com", Policy::RFC5322, "a.b"),
    ];
    for (input, policy, expected) in cases {
        let addr = EmailAddress::parse_with(input, policy).unwrap();
        assert_eq!(addr.unquoted_local_part(), *expected, "{input}");
    }
    let addr = EmailAddress::parse("abc@example.com").unwrap();
    assert!(matches!(addr.unquoted_local_part(), Cow::Borrowed("abc")));
}

#[test]
fn rfc5322_forms_normalize_to_rfc5321() {
    let as_written = |input, expected| (input, DomainForm::AsWritten, expected);
    assert_normalizes(
        &Policy::RFC5322,
        &[
            as_written(
                "(c) john . doe (d) @ (e) Example.COM",
                "john.doe@example.com",
            ),
            as_written("\"a\".b@example.com", "a.b@example.com"),
            as_written("\"a b\".c@example.com", "\"a b.c\"@example.com"),
        ],
    );
}

#[test]
fn owned_address() {
    let owned: EmailAddressBuf = "\"abc\"@example.com".parse().unwrap();
    assert_eq!(owned.as_str(), "\"abc\"@example.com");
    assert!(owned.as_address().is_quoted());
    assert_eq!(owned.to_string(), "\"abc\"@example.com");
    assert_eq!(owned.policy(), Policy::RFC5321);
    let from_borrowed = EmailAddressBuf::from(owned.as_address());
    assert_eq!(from_borrowed, owned);
    assert!(EmailAddressBuf::try_from(String::from("user@localhost")).is_err());
    let header = EmailAddressBuf::parse_with("a(b)@localhost", &Policy::RFC5322).unwrap();
    assert_eq!(header.local_part(), "a");
    assert_eq!(header.local_part(), header.as_address().local_part());
    assert_eq!(header.into_string(), "a(b)@localhost");
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    let owned: EmailAddressBuf = serde_json::from_str("\"user@example.com\"").unwrap();
    assert_eq!(
        serde_json::to_string(&owned).unwrap(),
        "\"user@example.com\""
    );
    let borrowed: EmailAddress<'_> = serde_json::from_str("\"a@example.com\"").unwrap();
    assert_eq!(borrowed.local_part(), "a");
    let err = serde_json::from_str::<EmailAddressBuf>("\"user@localhost\"").unwrap_err();
    assert!(err.to_string().contains("fully qualified"), "{err}");
}

/// Found by the `email_normalize` fuzz target: an RFC 5322 `obs-domain` with CFWS is a
/// plain name once the CFWS is gone, so normalize treats it as one in every form, and a
/// second normalize changes nothing.
#[cfg(feature = "idna")]
#[test]
fn rfc5322_obs_domain_with_cfws_normalizes_idempotently() {
    let cases = [
        ("a@x\u{511}. g", DomainForm::AsWritten, "a@x\u{511}.g"),
        (
            "a@b\u{fc}cher .example",
            DomainForm::Ascii,
            "a@xn--bcher-kva.example",
        ),
        (
            "a@xn--bcher-kva .example",
            DomainForm::Unicode,
            "a@b\u{fc}cher.example",
        ),
    ];
    for (input, form, expected) in cases {
        let once = normalized(input, &Policy::RFC5322, form);
        assert_eq!(once, expected, "{input:?} {form:?}");
        assert_eq!(
            normalized(&once, &Policy::RFC5322, form),
            once,
            "{input:?} {form:?}"
        );
    }
}

/// Found by the `email_normalize` fuzz target: under SMTPUTF8 (RFC 6531 keeps RFC 5321's
/// octet limits on the text as sent) the U-label form of a long A-label domain can pass
/// 255 octets; normalize then keeps the domain as written, so the result stays valid.
#[cfg(feature = "idna")]
#[test]
fn smtputf8_unicode_form_that_would_be_too_long_keeps_a_labels() {
    // Three labels of 40 three-octet characters: short A-labels (a repeated character
    // encodes in about one octet each), 120-octet U-labels.
    let label = punycode_label(&"\u{4e00}".repeat(40));
    assert!(label.len() <= 63);
    let domain = [label.as_str(); 3].join(".") + ".example";
    let input = format!("a@{domain}");
    let addr = EmailAddress::parse_with(&input, &Policy::SMTPUTF8).unwrap();
    assert!(
        addr.to_unicode().unwrap().len() > 254,
        "the U-label form is too long"
    );
    let normal = addr.normalize(DomainForm::Unicode);
    assert_eq!(normal, input.to_lowercase());
    assert!(EmailAddress::parse_with(&normal, &Policy::SMTPUTF8).is_ok());
}

#[cfg(feature = "idna")]
fn punycode_label(unicode: &str) -> String {
    ldh_domain::to_ascii(unicode).unwrap().into_owned()
}

/// Found by the `email_convert` fuzz target: a non-ASCII RFC 5322 domain that is not a
/// DNS name (so `DomainPart::Other`) has no A-label form; `to_ascii` said it was ASCII.
#[test]
fn to_ascii_refuses_a_non_ascii_domain_that_is_no_dns_name() {
    let addr = EmailAddress::parse_with("info@b\u{fc}ch\u{fffd}example", &Policy::RFC5322).unwrap();
    assert!(matches!(addr.domain(), rfc_email::DomainPart::Other(_)));
    let err = addr.to_ascii().unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (rfc_email::EmailErrorKind::NonAscii, 6)
    );
    assert!(addr.to_unicode().is_ok());
}
