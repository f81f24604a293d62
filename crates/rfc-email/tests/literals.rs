//! Address literals (RFC 5321 §4.1.3): IPv4, the four IPv6 forms and their limits,
//! general literals; RFC 5322 domain literals.

use std::net::{Ipv4Addr, Ipv6Addr};

use name_text::ip::IpErrorKind;
use rfc_email::{AddressLiteral, DomainPart, EmailAddress, EmailErrorKind, Policy, Warning};

fn literal(input: &str) -> AddressLiteral<'_> {
    let addr = EmailAddress::parse(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
    assert!(addr.warnings().contains(Warning::AddressLiteral));
    match addr.domain() {
        DomainPart::Literal(lit) => lit,
        other => panic!("{other:?}"),
    }
}

fn ip_error(input: &str) -> (EmailErrorKind, usize) {
    let err = EmailAddress::parse(input).unwrap_err();
    (err.kind(), err.offset())
}

#[test]
fn ipv4_literals() {
    for (text, octets) in [
        ("[0.0.0.0]", [0, 0, 0, 0]),
        ("[255.255.255.255]", [255; 4]),
        ("[192.0.2.1]", [192, 0, 2, 1]),
        // `Snum = 1*3DIGIT`: leading zeros are allowed in SMTP.
        ("[001.002.003.004]", [1, 2, 3, 4]),
    ] {
        let input = format!("u@{text}");
        assert!(
            matches!(literal(&input), AddressLiteral::Ipv4 { addr, text: t } if addr == Ipv4Addr::from(octets) && t == text)
        );
    }
    assert_eq!(
        ip_error("u@[256.0.0.1]"),
        (EmailErrorKind::Ip(IpErrorKind::OctetOutOfRange), 3)
    );
    assert_eq!(
        ip_error("u@[1.2.3.4.5]").0,
        EmailErrorKind::Ip(IpErrorKind::WrongPartCount)
    );
    assert_eq!(
        ip_error("u@[1.2.3.0001]").0,
        EmailErrorKind::Ip(IpErrorKind::OctetTooLong)
    );
    assert_eq!(
        ip_error("u@[]"),
        (EmailErrorKind::Ip(IpErrorKind::Empty), 3)
    );
}

#[test]
fn ipv6_four_forms() {
    let ok = [
        // IPv6-full
        ("IPv6:2001:db8:0:0:0:0:0:1", "2001:db8::1"),
        (
            "IPv6:ffff:FFFF:ffff:ffff:ffff:ffff:ffff:ffff",
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        ),
        // IPv6-comp: `::` for at least two groups, at most 6 explicit groups.
        ("IPv6:::", "::"),
        ("IPv6:2001:db8::1", "2001:db8::1"),
        ("IPv6:1:2:3:4:5:6::", "1:2:3:4:5:6::"),
        ("IPv6:::1:2:3:4:5:6", "::1:2:3:4:5:6"),
        ("IPv6:1:2:3::4:5:6", "1:2:3::4:5:6"),
        // IPv6v4-full
        ("IPv6:1:2:3:4:5:6:192.0.2.1", "1:2:3:4:5:6:c000:201"),
        // IPv6v4-comp: at most 4 explicit groups besides the IPv4 part.
        ("IPv6:::ffff:192.0.2.1", "::ffff:192.0.2.1"),
        ("IPv6:1:2:3:4::192.0.2.1", "1:2:3:4::c000:201"),
        ("IPv6:::192.0.2.1", "::192.0.2.1"),
        // The tag is case-insensitive (RFC 5234 §2.3).
        ("ipv6:2001:db8::1", "2001:db8::1"),
    ];
    for (text, expected) in ok {
        let input = format!("u@[{text}]");
        match literal(&input) {
            AddressLiteral::Ipv6 { addr, .. } => {
                assert_eq!(addr, expected.parse::<Ipv6Addr>().unwrap(), "{input}");
            }
            other => panic!("{input}: {other:?}"),
        }
    }
    // (text between the brackets, kind, offset in `u@[text]`).
    let bad = [
        // `::` for a single group (RFC 5321 §4.1.3).
        ("IPv6:1:2:3:4:5:6:7::", IpErrorKind::CompressesOneGroup, 21),
        ("IPv6:::1:2:3:4:5:6:7", IpErrorKind::CompressesOneGroup, 8),
        (
            "IPv6:1:2:3:4:5::192.0.2.1",
            IpErrorKind::CompressesOneGroup,
            17,
        ),
        ("IPv6:1:2:3:4:5:6:7:8:9", IpErrorKind::TooManyGroups, 24),
        ("IPv6:1:2:3:4:5:6:7", IpErrorKind::TooFewGroups, 21),
        ("IPv6:1:2:3:4:5:192.0.2.1", IpErrorKind::TooFewGroups, 27),
        ("IPv6:12345::", IpErrorKind::GroupTooLong, 12),
        ("IPv6:1::2::3", IpErrorKind::MultipleDoubleColons, 12),
        ("IPv6::1", IpErrorKind::LoneColon, 8),
        ("IPv6:1:", IpErrorKind::LoneColon, 9),
        ("IPv6:", IpErrorKind::Empty, 8),
        ("IPv6:g::", IpErrorKind::InvalidCharacter, 8),
        ("IPv6:::256.0.0.1", IpErrorKind::OctetOutOfRange, 10),
    ];
    for (text, kind, offset) in bad {
        let input = format!("u@[{text}]");
        let (got_kind, got_offset) = ip_error(&input);
        assert_eq!(got_kind, EmailErrorKind::Ip(kind), "{input}");
        assert_eq!(got_offset, offset, "{input}");
    }
}

#[test]
fn ipv6_error_offsets_are_rebased() {
    // `u@[IPv6:` is 8 octets; the second `::` is at 3 in `1::2::3`.
    assert_eq!(
        ip_error("u@[IPv6:1::2::3]"),
        (EmailErrorKind::Ip(IpErrorKind::MultipleDoubleColons), 12)
    );
    assert_eq!(
        ip_error("u@[IPv6:12345::]"),
        (EmailErrorKind::Ip(IpErrorKind::GroupTooLong), 12)
    );
}

#[test]
fn untagged_and_general_literals() {
    assert_eq!(
        ip_error("u@[2001:db8::1]"),
        (EmailErrorKind::UntaggedIpv6Literal, 3)
    );
    assert_eq!(
        ip_error("u@[::1]"),
        (EmailErrorKind::UntaggedIpv6Literal, 3)
    );
    assert_eq!(
        ip_error("u@[x400:c=us]"),
        (EmailErrorKind::GeneralAddressLiteral, 3)
    );
    assert_eq!(
        ip_error("u@[x400:]"),
        (EmailErrorKind::InvalidAddressLiteral, 3)
    );
}

#[test]
fn rfc5322_domain_literals() {
    let parse = |input| EmailAddress::parse_with(input, &Policy::RFC5322).unwrap();
    let addr = parse("u@[x400:c=us]");
    assert!(addr.warnings().contains(Warning::GeneralDomainLiteral));
    assert!(matches!(
        addr.domain(),
        DomainPart::Literal(AddressLiteral::General {
            tag: "x400",
            content: "c=us",
            ..
        })
    ));
    let addr = parse("u@[ 192.0.2.1 ]");
    assert!(matches!(
        addr.domain(),
        DomainPart::Literal(AddressLiteral::Other {
            text: "[ 192.0.2.1 ]"
        })
    ));
    let addr = parse("u@ (c) [192.0.2.1] (d)");
    assert!(matches!(
        addr.domain(),
        DomainPart::Literal(AddressLiteral::Ipv4 {
            text: "[192.0.2.1]",
            ..
        })
    ));
    assert!(addr.warnings().contains(Warning::Cfws));
    let addr = parse("u@[a\\]b]");
    assert!(addr.warnings().contains(Warning::ObsoleteText));
}
