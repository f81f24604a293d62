//! Boundary lengths in octets (RFC 5321 §4.5.3.1, RFC 3696 errata 1003/1690), in ASCII
//! and UTF-8.

use ldh_domain::DomainErrorKind;
use rfc_email::{EmailAddress, EmailErrorKind, Policy};

fn kind(input: &str, policy: &Policy) -> Option<(EmailErrorKind, usize)> {
    EmailAddress::parse_with(input, policy)
        .err()
        .map(|e| (e.kind(), e.offset()))
}

/// Asserts that `policy` accepts `at_limit` and rejects `over` with the error kind and
/// offset `expected`.
#[track_caller]
fn assert_limit(policy: &Policy, at_limit: &str, over: &str, expected: (EmailErrorKind, usize)) {
    assert_eq!(kind(at_limit, policy), None, "{at_limit} under {policy:?}");
    assert_eq!(
        kind(over, policy),
        Some(expected),
        "{over} under {policy:?}"
    );
}

/// A domain of `len` octets made of 63-octet labels (ASCII).
fn domain(len: usize) -> String {
    let mut out = String::new();
    while out.len() < len {
        let remaining = len - out.len() - usize::from(!out.is_empty());
        if remaining == 0 {
            // No room for a dot and a label: lengthen the last label instead.
            out.push('d');
            continue;
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(&"d".repeat(remaining.min(50)));
    }
    assert_eq!(out.len(), len);
    out
}

#[test]
fn local_part_64_and_65_octets_ascii() {
    let too_long = (EmailErrorKind::LocalPartTooLong, 64);
    let ok = format!("{}@example.com", "a".repeat(64));
    let over = format!("{}@example.com", "a".repeat(65));
    for policy in [Policy::RFC5321, Policy::SMTPUTF8, Policy::RFC3696_PUBLISHED] {
        assert_limit(&policy, &ok, &over, too_long);
    }
    // The quotes count: `Local-part` is the quoted string as written.
    let quoted = |len| format!("\"{}\"@example.com", "a".repeat(len));
    assert_limit(&Policy::RFC5321, &quoted(62), &quoted(63), too_long);
    // RFC 5322 and HTML5 have no local-part limit.
    assert_eq!(kind(&over, &Policy::RFC5322), None);
    assert_eq!(kind(&over, &Policy::HTML5), None);
}

#[test]
fn local_part_64_and_65_octets_utf8() {
    // 32 two-octet characters: 64 octets.
    let ok = format!("{}@example.com", "\u{e9}".repeat(32));
    // 63 ASCII + one two-octet character: 65 octets; the error points at the
    // character that crosses the limit.
    let over = format!("{}\u{e9}@example.com", "a".repeat(63));
    let too_long = (EmailErrorKind::LocalPartTooLong, 63);
    assert_limit(&Policy::SMTPUTF8, &ok, &over, too_long);
}

/// RFC 3696 erratum 1690: 254 octets at most, so the 255th is the error.
const ADDRESS_TOO_LONG: (EmailErrorKind, usize) =
    (EmailErrorKind::AddressTooLong { max: 254 }, 254);

/// Addresses of 254 and 255 octets with the 64-octet local part `local`.
fn addresses_of_254_and_255(local: &str) -> (String, String) {
    assert_eq!(local.len(), 64);
    let ok = format!("{local}@{}", domain(254 - 65));
    let over = format!("{local}@{}", domain(255 - 65));
    assert_eq!((ok.len(), over.len()), (254, 255));
    (ok, over)
}

#[test]
fn whole_address_254_and_255_octets() {
    let (ok, over) = addresses_of_254_and_255(&"a".repeat(64));
    for policy in [Policy::RFC5321, Policy::SMTPUTF8] {
        assert_limit(&policy, &ok, &over, ADDRESS_TOO_LONG);
    }
    // RFC 3696 as printed: 320.
    assert_eq!(kind(&over, &Policy::RFC3696_PUBLISHED), None);
}

#[test]
fn whole_address_254_and_255_octets_utf8() {
    // 32 × `é` = 64 octets of local part.
    let (ok, over) = addresses_of_254_and_255(&"\u{e9}".repeat(32));
    assert_limit(&Policy::SMTPUTF8, &ok, &over, ADDRESS_TOO_LONG);
}

#[test]
fn rfc3696_published_320_limit() {
    let local = "a".repeat(64);
    // The domain is limited to 253 octets by `ldh-domain` (255 on the wire).
    let ok = format!("{local}@{}", domain(253));
    assert_eq!(ok.len(), 318);
    assert_eq!(kind(&ok, &Policy::RFC3696_PUBLISHED), None);
    let policy = Policy::RFC3696_PUBLISHED.with_max_address_len(Some(317));
    assert_eq!(
        kind(&ok, &policy),
        Some((EmailErrorKind::AddressTooLong { max: 317 }, 317))
    );
}

#[test]
fn labels_63_and_64_octets() {
    let ok = format!("user@{}.com", "a".repeat(63));
    let over = format!("user@{}.com", "a".repeat(64));
    let too_long = (EmailErrorKind::Domain(DomainErrorKind::LabelTooLong), 5);
    for policy in [Policy::RFC5321, Policy::SMTPUTF8, Policy::HTML5] {
        assert_limit(&policy, &ok, &over, too_long);
    }
}

/// A U-label is limited by the length of its A-label (RFC 5890 §4.2, RFC 1035 §2.3.4).
#[cfg(feature = "idna")]
#[test]
fn u_labels_63_and_64_octets_as_a_labels() {
    let a_label_len = |label: &str| 4 + punycode_core::encode_to_string(label).unwrap().len();
    let label_for = |ascii_len: usize| {
        (0..80)
            .map(|n| format!("{}\u{fc}", "a".repeat(n)))
            .find(|label| a_label_len(label) == ascii_len)
            .unwrap()
    };
    let ok = format!("user@{}.com", label_for(63));
    let over = format!("user@{}.com", label_for(64));
    let too_long = (EmailErrorKind::Domain(DomainErrorKind::LabelTooLong), 5);
    assert_limit(&Policy::SMTPUTF8, &ok, &over, too_long);
}

#[test]
fn domain_255_and_256_octets_under_rfc5322() {
    let ok = format!("a@{}", domain(255));
    let over = format!("a@{}", domain(256));
    assert_limit(
        &Policy::RFC5322,
        &ok,
        &over,
        (EmailErrorKind::DomainTooLong, 257),
    );
}
