//! Equality, ordering and hashing of addresses: the local part as written (RFC 5321
//! §2.4: case-sensitive), the domain ASCII case-insensitive (RFC 4343 §3), the policy
//! ignored; and the look-alike domains SMTPUTF8 must not store.

use core::cmp::Ordering;
use std::collections::HashSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use rfc_email::{EmailAddress, EmailAddressBuf, Policy};

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

#[test]
fn rfc4343_domain_case_is_ignored() {
    let a = EmailAddress::parse("user@EXAMPLE.com").unwrap();
    let b = EmailAddress::parse("user@example.COM").unwrap();
    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    assert_eq!(a.cmp(&b), Ordering::Equal);
    assert_eq!(a, "user@example.com");
}

#[test]
fn rfc5321_s2_4_local_part_case_is_kept() {
    let a = EmailAddress::parse("Joe@example.com").unwrap();
    let b = EmailAddress::parse("joe@example.com").unwrap();
    assert_ne!(a, b);
    assert_ne!(a, "joe@example.com");
    assert_eq!(a.cmp(&b), "Joe".cmp("joe"));
}

#[test]
fn spellings_of_one_mailbox_differ_until_normalized() {
    let quoted = EmailAddress::parse("\"abc\"@example.com").unwrap();
    let plain = EmailAddress::parse("abc@example.com").unwrap();
    assert_ne!(quoted, plain);
    let form = rfc_email::DomainForm::Ascii;
    assert_eq!(quoted.normalize(form), plain.normalize(form));
}

#[test]
fn policy_is_not_part_of_equality() {
    let smtp = EmailAddress::parse_with("a@example.com", &Policy::RFC5321).unwrap();
    let header = EmailAddress::parse_with("a@Example.com", &Policy::RFC5322).unwrap();
    assert_eq!(smtp, header);
}

#[test]
fn owned_and_borrowed_agree() {
    let owned = EmailAddressBuf::parse("\"a b\"@Example.com").unwrap();
    let view = EmailAddress::parse("\"a b\"@example.com").unwrap();
    assert_eq!(owned, view);
    assert_eq!(view, owned);
    assert_eq!(hash_of(&owned), hash_of(&view));
    // Every accessor of the view, without the detour.
    assert_eq!(owned.local_part(), "\"a b\"");
    assert_eq!(owned.local_part_range(), view.local_part_range());
    assert_eq!(owned.domain_range(), 6..17);
    assert!(owned.is_quoted());
    assert_eq!(owned.domain().as_str(), "Example.com");
    assert_eq!(owned.warnings(), owned.as_address().warnings());
    assert_eq!(owned.unquoted_local_part(), "a b");
    assert_eq!(owned.to_ascii().unwrap(), "\"a b\"@example.com");
    assert!(!owned.requires_smtputf8());
}

#[test]
fn a_set_of_addresses_holds_one_entry_per_mailbox_spelling() {
    let set: HashSet<EmailAddressBuf> = [
        "a@example.com",
        "a@EXAMPLE.COM",
        "A@example.com",
        "a@example.org",
    ]
    .into_iter()
    .map(|s| EmailAddressBuf::parse(s).unwrap())
    .collect();
    assert_eq!(set.len(), 3);
}

/// U+200B ZERO WIDTH SPACE is DISALLOWED by IDNA 2008 (RFC 5892: it is
/// `Default_Ignorable_Code_Point`), so a domain holding it is no U-label: rejected, not stored.
#[cfg(feature = "idna")]
#[test]
fn rfc5892_zero_width_space_in_domain_is_rejected_under_smtputf8() {
    let err = EmailAddress::parse_with("user@exa\u{200B}mple.com", &Policy::SMTPUTF8).unwrap_err();
    assert_eq!(err.offset(), 8, "at the U+200B");
    assert!(err.code().starts_with("idna"), "{}", err.code());
}

/// Full-width letters are DISALLOWED in IDNA 2008 (RFC 5892 §2.6, they change under
/// NFKC); UTS #46 would map them to ASCII. Parsing judges the domain as written and
/// rejects it; mapping is the job of the storage call, which says so with a warning.
#[cfg(feature = "idna")]
#[test]
fn rfc5892_full_width_domain_is_rejected_under_smtputf8() {
    let input = "user@\u{FF25}\u{FF38}\u{FF21}\u{FF2D}\u{FF30}\u{FF2C}\u{FF25}.com";
    let err = EmailAddress::parse_with(input, &Policy::SMTPUTF8).unwrap_err();
    assert_eq!(err.offset(), 5);
    assert!(err.code().starts_with("idna"), "{}", err.code());
}

/// Addresses with every kind of domain part: a name, address literals (RFC 5321 §4.1.3)
/// under `RFC5321`, ...
const SMTP_DOMAIN_KINDS: [&str; 4] = [
    "Joe@Mail.Example.com",
    "\"a b\"@example.com",
    "user@[192.0.2.1]",
    "user@[IPv6:2001:DB8::1]",
];

/// ... and a general literal, another domain literal and an `obs-domain` (RFC 5322
/// §3.4.1, §4.4) under `RFC5322`.
const MESSAGE_DOMAIN_KINDS: [&str; 3] = [
    "user@[x-tag:some-content]",
    "(c) user@[ odd literal ]",
    "user@example .com",
];

/// `EmailAddressBuf` keeps what the parse found: every accessor answers as the borrowed
/// address's does, for every kind of domain part (RFC 5321 §4.1.3 literals, RFC 5322
/// domain literals and domains that are no DNS name), without parsing again.
#[test]
fn owned_accessors_equal_the_borrowed_ones_for_every_domain_kind() {
    let mut kinds = HashSet::new();
    let smtp = SMTP_DOMAIN_KINDS.map(|text| (text, Policy::RFC5321));
    let message = MESSAGE_DOMAIN_KINDS.map(|text| (text, Policy::RFC5322));
    for (text, policy) in smtp.into_iter().chain(message) {
        let view = EmailAddress::parse_with(text, &policy).unwrap();
        let debug = format!("{:?}", view.domain());
        kinds.insert(
            debug
                .split([' ', '('])
                .take(2)
                .collect::<Vec<_>>()
                .join(" "),
        );
        let owned = EmailAddressBuf::parse_with(text, &policy).unwrap();
        assert_eq!(owned.as_str(), view.as_str(), "{text}");
        assert_eq!(owned.local_part(), view.local_part(), "{text}");
        assert_eq!(owned.local_part_range(), view.local_part_range(), "{text}");
        assert_eq!(owned.domain_range(), view.domain_range(), "{text}");
        assert_eq!(owned.is_quoted(), view.is_quoted(), "{text}");
        assert_eq!(owned.is_canonical_ascii(), view.is_canonical_ascii());
        assert_eq!(owned.warnings(), view.warnings(), "{text}");
        assert_eq!(owned.policy(), view.policy(), "{text}");
        assert_eq!(owned.domain(), view.domain(), "{text}");
        assert_eq!(
            format!("{:?}", owned.domain()),
            format!("{:?}", view.domain()),
            "{text}: the same variant, value and spans"
        );
        let rebuilt = owned.as_address();
        assert_eq!(
            format!("{rebuilt:?}"),
            format!("{view:?}"),
            "{text}: the view from the stored facts is the parsed one"
        );
        assert_eq!(owned.unquoted_local_part(), view.unquoted_local_part());
        assert_eq!(
            owned.normalize(rfc_email::DomainForm::AsWritten),
            view.normalize(rfc_email::DomainForm::AsWritten)
        );
        assert_eq!(owned.to_ascii(), view.to_ascii(), "{text}");
        assert_eq!(owned.to_unicode(), view.to_unicode(), "{text}");
        let kept = EmailAddressBuf::from_string(String::from(text), &policy).unwrap();
        assert_eq!(format!("{:?}", kept.as_address()), format!("{view:?}"));
    }
    let mut kinds: Vec<String> = kinds.into_iter().collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "Literal General",
            "Literal Ipv4",
            "Literal Ipv6",
            "Literal Other",
            "Name Domain",
            "Other \"example",
        ]
    );
}

/// `Debug` of an owned address is its text: the policy (a dozen fields) is not printed.
#[test]
fn owned_debug_is_the_text() {
    let owned = EmailAddressBuf::parse_with("a@example.com", &Policy::SMTPUTF8).unwrap();
    assert_eq!(format!("{owned:?}"), r#"EmailAddressBuf("a@example.com")"#);
}

/// `to_ascii` and `to_unicode` borrow the address when it is already in that form, and
/// build a new string when the domain changes or CFWS (RFC 5322 §3.2.2) goes.
#[test]
fn conversions_borrow_when_nothing_changes() {
    use std::borrow::Cow;
    let plain = EmailAddress::parse("a@example.com").unwrap();
    assert!(matches!(
        plain.to_ascii(),
        Ok(Cow::Borrowed("a@example.com"))
    ));
    assert!(matches!(
        plain.to_unicode(),
        Ok(Cow::Borrowed("a@example.com"))
    ));
    let upper = EmailAddress::parse("a@Example.com").unwrap();
    assert!(matches!(upper.to_ascii(), Ok(Cow::Owned(s)) if s == "a@example.com"));
    let commented = EmailAddress::parse_with("(c) a@example.com", &Policy::RFC5322).unwrap();
    assert!(matches!(commented.to_ascii(), Ok(Cow::Owned(s)) if s == "a@example.com"));
}
