//! `ValidatedAddress`: the one call for storage (normalized form, ASCII form, SMTPUTF8,
//! warnings), NFC for UTF-8 local parts (RFC 6532 §3.1) and UTS #46 mapping of the
//! domain with a warning.

use rfc_email::{EmailAddress, Policy, ValidatedAddress, Warning};

/// Asserts the stored forms: the normalized text and the ASCII form, and that delivery
/// needs SMTPUTF8 (RFC 6531) exactly when there is no ASCII form.
#[track_caller]
fn assert_stored(v: &ValidatedAddress, normalized: &str, ascii: Option<&str>) {
    assert_eq!(v.normalized(), normalized);
    assert_eq!(v.ascii(), ascii);
    assert_eq!(v.requires_smtputf8(), ascii.is_none());
}

#[test]
fn ascii_address_has_both_forms_equal() {
    let v = ValidatedAddress::new("\"user\"@Example.COM", &Policy::RFC5321).unwrap();
    assert_stored(&v, "user@example.com", Some("user@example.com"));
    assert!(v.warnings().contains(Warning::QuotedLocalPart));
    assert!(!v.warnings().contains(Warning::DomainMapped));
}

#[test]
fn rfc5321_s2_4_local_part_case_is_kept() {
    let v = ValidatedAddress::new("Joe@example.com", &Policy::RFC5321).unwrap();
    assert_eq!(v.normalized(), "Joe@example.com");
}

#[test]
fn errors_are_the_parse_errors() {
    for input in ["user@localhost", "a b@example.com", "@example.com", "user@"] {
        let expected = EmailAddress::parse(input).unwrap_err();
        assert_eq!(
            ValidatedAddress::new(input, &Policy::RFC5321).unwrap_err(),
            expected,
            "{input}"
        );
    }
}

#[test]
fn spellings_of_one_mailbox_store_alike() {
    let store = |input| ValidatedAddress::new(input, &Policy::RFC5321).unwrap();
    assert_eq!(store("\"abc\"@EXAMPLE.com"), store("abc@example.com"));
}

#[test]
fn storing_is_idempotent() {
    for input in [
        "\"a\"@Example.com",
        "x.y+tag@EXAMPLE.org",
        "a@[IPv6:2001:DB8::1]",
    ] {
        let once = ValidatedAddress::new(input, &Policy::RFC5321).unwrap();
        let twice = ValidatedAddress::new(once.normalized(), &Policy::RFC5321).unwrap();
        assert_eq!(once, twice, "{input}");
        assert_eq!(once.to_address().as_str(), once.normalized());
    }
}

/// `to_address` keeps what checking the normalized form found: the same facts as
/// parsing it again (RFC 5321 §4.1.2 quoting removed, RFC 5321 §4.1.3 literal in
/// canonical form, RFC 4343 lower-cased domain).
#[test]
fn to_address_has_the_facts_of_the_normalized_form() {
    let cases: [(Policy, &[&str]); 3] = [
        (
            Policy::RFC5321,
            &[
                "\"a\"@Example.com",
                "\"a b\"@example.com",
                "a@[IPv6:2001:DB8::1]",
                "a@[192.0.2.1]",
            ],
        ),
        (Policy::RFC5322, &["(c) a.b@EXAMPLE.org", "a@b"]),
        (Policy::HTML5, &["x.y@Example.COM"]),
    ];
    for (policy, input) in cases
        .iter()
        .flat_map(|(policy, inputs)| inputs.iter().map(move |input| (*policy, *input)))
    {
        let v = ValidatedAddress::new(input, &policy).unwrap();
        let kept = v.to_address();
        let parsed = rfc_email::EmailAddressBuf::parse_with(v.normalized(), &policy).unwrap();
        assert_eq!(kept.as_str(), v.normalized(), "{input}");
        assert_eq!(
            format!("{:?}", kept.as_address()),
            format!("{:?}", parsed.as_address()),
            "{input}"
        );
        assert_eq!(kept.policy(), policy);
    }
}

#[cfg(feature = "idna")]
mod unicode {
    use super::{Policy, ValidatedAddress, Warning, assert_stored};

    #[test]
    fn rfc6532_3_1_local_part_is_stored_in_nfc() {
        let decomposed =
            ValidatedAddress::new("jose\u{301}@example.com", &Policy::SMTPUTF8).unwrap();
        let composed = ValidatedAddress::new("jos\u{e9}@example.com", &Policy::SMTPUTF8).unwrap();
        assert_stored(&decomposed, "jos\u{e9}@example.com", None);
        assert_eq!(decomposed, composed);
        assert!(decomposed.warnings().contains(Warning::LocalPartNotNfc));
        assert!(!composed.warnings().contains(Warning::LocalPartNotNfc));
    }

    #[test]
    fn u_label_domain_has_an_ascii_form() {
        let v = ValidatedAddress::new("info@B\u{fc}cher.example", &Policy::SMTPUTF8).unwrap();
        assert_stored(
            &v,
            "info@b\u{fc}cher.example",
            Some("info@xn--bcher-kva.example"),
        );
        let from_a_label =
            ValidatedAddress::new("info@xn--bcher-kva.example", &Policy::SMTPUTF8).unwrap();
        assert_eq!(v, from_a_label);
    }

    #[test]
    fn uts46_full_width_domain_is_mapped_with_a_warning() {
        let input = "user@\u{FF25}\u{FF38}\u{FF21}\u{FF2D}\u{FF30}\u{FF2C}\u{FF25}.com";
        for policy in [Policy::SMTPUTF8, Policy::RFC5321] {
            let v = ValidatedAddress::new(input, &policy).unwrap();
            assert_eq!(v.normalized(), "user@example.com");
            assert!(v.warnings().contains(Warning::DomainMapped));
        }
        let v = ValidatedAddress::new("user@B\u{dc}CHER.example", &Policy::SMTPUTF8).unwrap();
        assert_eq!(v.normalized(), "user@b\u{fc}cher.example");
        assert!(v.warnings().contains(Warning::DomainMapped));
    }

    #[test]
    fn rfc5892_zero_width_space_in_domain_is_not_rescued_by_mapping() {
        // UTS #46 maps U+200B to nothing; IDNA 2008 disallows it. Mapping it away would
        // store an address the user did not type, so it stays an error.
        let input = "user@exa\u{200B}mple.com";
        let err = ValidatedAddress::new(input, &Policy::SMTPUTF8).unwrap_err();
        assert_eq!(err.offset(), 8);
    }

    #[test]
    fn invisible_and_bidi_characters_in_the_local_part_are_warned() {
        let v = ValidatedAddress::new("a\u{200B}b@example.com", &Policy::SMTPUTF8).unwrap();
        assert!(v.warnings().contains(Warning::InvisibleCharacter));
        let v = ValidatedAddress::new("a\u{202E}b@example.com", &Policy::SMTPUTF8).unwrap();
        assert!(v.warnings().contains(Warning::BidiControl));
    }
}
