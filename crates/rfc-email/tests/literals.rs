//! Address literals (RFC 5321 §4.1.3): IPv4, the four IPv6 forms and their limits,
//! general literals; RFC 5322 domain literals.

use std::net::{Ipv4Addr, Ipv6Addr};

use name_text::ip::IpErrorKind as I;
use rfc_email::{AddressLiteral, DomainPart, EmailAddress, EmailErrorKind as K, Policy, Warning};

fn literal(input: &str) -> AddressLiteral<'_> {
    let addr = EmailAddress::parse(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
    assert!(addr.warnings().contains(Warning::AddressLiteral));
    match addr.domain() {
        DomainPart::Literal(lit) => lit,
        other => panic!("{other:?}"),
    }
}

fn ip_error(input: &str) -> (K, usize) {
    let err = EmailAddress::parse(input).unwrap_err();
    (err.kind(), err.offset())
}

/// Asserts each (input, kind, offset) rejection under RFC 5321, naming the input.
fn assert_rejects(cases: &[(&str, K, usize)]) {
    for &(input, kind, offset) in cases {
        assert_eq!(ip_error(input), (kind, offset), "{input}");
    }
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
    assert_eq!(ip_error("u@[256.0.0.1]"), (K::Ip(I::OctetOutOfRange), 3));
    assert_eq!(ip_error("u@[1.2.3.4.5]").0, K::Ip(I::WrongPartCount));
    assert_eq!(ip_error("u@[1.2.3.0001]").0, K::Ip(I::OctetTooLong));
    assert_eq!(ip_error("u@[]"), (K::Ip(I::Empty), 3));
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
    let rejects = |cases: &[(&str, I, usize)]| {
        for &(text, kind, offset) in cases {
            let input = format!("u@[{text}]");
            assert_eq!(ip_error(&input), (K::Ip(kind), offset), "{input}");
        }
    };
    // `::` for a single group (RFC 5321 §4.1.3).
    rejects(&[
        ("IPv6:1:2:3:4:5:6:7::", I::CompressesOneGroup, 21),
        ("IPv6:::1:2:3:4:5:6:7", I::CompressesOneGroup, 8),
        ("IPv6:1:2:3:4:5::192.0.2.1", I::CompressesOneGroup, 17),
    ]);
    // Group counts and group syntax.
    rejects(&[
        ("IPv6:1:2:3:4:5:6:7:8:9", I::TooManyGroups, 24),
        ("IPv6:1:2:3:4:5:6:7", I::TooFewGroups, 21),
        ("IPv6:1:2:3:4:5:192.0.2.1", I::TooFewGroups, 27),
        ("IPv6:12345::", I::GroupTooLong, 12),
        ("IPv6:1::2::3", I::MultipleDoubleColons, 12),
        ("IPv6::1", I::LoneColon, 8),
        ("IPv6:1:", I::LoneColon, 9),
        ("IPv6:", I::Empty, 8),
        ("IPv6:g::", I::InvalidCharacter, 8),
        ("IPv6:::256.0.0.1", I::OctetOutOfRange, 10),
    ]);
}

#[test]
fn ipv6_error_offsets_are_rebased() {
    // The IPv6 parser's offset (the second `::` of `1::2::3` starts at 4; `12345` is too
    // long at its fifth digit, 4) plus the 8 octets of `u@[IPv6:`: 12.
    let prefix = "u@[IPv6:".len();
    assert_eq!(
        ip_error("u@[IPv6:1::2::3]"),
        (K::Ip(I::MultipleDoubleColons), prefix + 4)
    );
    assert_eq!(
        ip_error("u@[IPv6:12345::]"),
        (K::Ip(I::GroupTooLong), prefix + 4)
    );
    assert_eq!(prefix + 4, 12);
}

#[test]
fn untagged_and_general_literals() {
    assert_rejects(&[
        ("u@[2001:db8::1]", K::UntaggedIpv6Literal, 3),
        ("u@[::1]", K::UntaggedIpv6Literal, 3),
        ("u@[x400:c=us]", K::GeneralAddressLiteral, 3),
        ("u@[x400:]", K::InvalidAddressLiteral, 3),
    ]);
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
