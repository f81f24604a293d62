//! The same inputs under the five profiles: a table of verdicts (`true` = valid).

use rfc_email::{EmailAddress, Policy};

use crate::common::NAMED_PRESETS as PROFILES;

/// input, verdicts under `[RFC5321, SMTPUTF8, RFC5322, HTML5, RFC3696_PUBLISHED]`, why.
const TABLE: &[(&str, [bool; 5], &str)] = &[
    ("user@example.com", [true; 5], "plain"),
    ("user+tag@sub.example.com", [true; 5], "atext `+`"),
    (
        "\"john doe\"@example.com",
        [true, true, true, false, true],
        "quoted: not in HTML5",
    ),
    (
        r"Abc\@def@example.com",
        [false, false, false, false, true],
        "erratum 246",
    ),
    (
        r"Fred\ Bloggs@example.com",
        [false, false, false, false, true],
        "erratum 246",
    ),
    (
        r"Joe.\\Blow@example.com",
        [false, false, false, false, true],
        "erratum 246",
    ),
    (
        "j\u{f6}rg@example.com",
        [false, true, true, false, false],
        "RFC 6531/6532 UTF-8",
    ),
    (
        "user@b\u{fc}cher.example",
        [false, true, true, false, false],
        "U-label domain",
    ),
    (
        "john.doe(comment)@example.com",
        [false, false, true, false, false],
        "CFWS",
    ),
    (
        " user@example.com",
        [false, false, true, false, false],
        "leading FWS",
    ),
    (
        "\"test\".test@example.com",
        [false, false, true, false, false],
        "obs-local-part",
    ),
    (
        "user@localhost",
        [false, false, true, true, false],
        "single label",
    ),
    (
        "user@example.com.",
        [false, false, false, false, false],
        "root dot",
    ),
    (
        ".user.@example.com",
        [false, false, false, true, false],
        "HTML5 allows dots anywhere",
    ),
    (
        "a..b@example.com",
        [false, false, false, true, false],
        "HTML5 allows `..`",
    ),
    (
        "user@[192.0.2.1]",
        [true, true, true, false, true],
        "IPv4 literal",
    ),
    (
        "user@[IPv6:2001:db8::1]",
        [true, true, true, false, true],
        "IPv6 literal",
    ),
    (
        "user@[2001:db8::1]",
        [false, false, true, false, false],
        "untagged: RFC 5322 dtext",
    ),
    (
        "user@[x400:c=us]",
        [false, false, true, false, false],
        "general literal",
    ),
    (
        "user@a_b.example",
        [false, false, true, false, false],
        "RFC 5322 dot-atom",
    ),
    (
        "user@1.2.3.4",
        [false, false, true, true, false],
        "numeric TLD",
    ),
    (
        "user@-x.example",
        [false, false, true, false, false],
        "leading hyphen",
    ),
    (
        "\"\"@example.com",
        [true, true, true, false, true],
        "empty quoted string",
    ),
];

#[test]
fn per_profile_differences() {
    let mut failures = Vec::new();
    for (input, expected, why) in TABLE {
        // U-label domains need `ldh-domain`'s `idna` feature.
        if cfg!(not(feature = "idna")) && input.split_once('@').is_some_and(|(_, d)| !d.is_ascii())
        {
            continue;
        }
        for ((name, policy), want) in PROFILES.iter().zip(expected) {
            let got = EmailAddress::parse_with(input, policy);
            if got.is_ok() != *want {
                failures.push(format!("{input:?} under {name} ({why}): {got:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Policies are `const` and can be adjusted with the builder methods.
#[test]
fn policy_builders() {
    use rfc_email::{Backslash, Charset, Syntax};
    assert_eq!(
        Policy::RFC5321.with_charset(Charset::Utf8),
        Policy::SMTPUTF8
    );
    assert_eq!(
        Policy::RFC5321
            .with_backslash(Backslash::Anywhere)
            .with_max_address_len(Some(320)),
        Policy::RFC3696_PUBLISHED
    );
    assert_eq!(Policy::default().syntax(), Syntax::Smtp);
    assert_eq!(Policy::HTML5.max_address_len(), None);
}

/// The warnings each profile reports (valid but discouraged forms).
#[test]
fn warnings_table() {
    use rfc_email::Warning as W;
    let cases: &[(&str, Policy, &[W])] = &[
        ("user@mail.org", Policy::RFC5321, &[]),
        ("\"a b\"@mail.org", Policy::RFC5321, &[W::QuotedLocalPart]),
        ("user@[192.0.2.1]", Policy::RFC5321, &[W::AddressLiteral]),
        ("user@example.com", Policy::RFC5321, &[W::SpecialUseDomain]),
        ("user@mail.test", Policy::RFC5321, &[W::SpecialUseDomain]),
        (
            "user@ab--cd.org",
            Policy::RFC5321,
            &[W::ReservedHyphenLabel],
        ),
        (
            r"a\ b@mail.org",
            Policy::RFC3696_PUBLISHED,
            &[W::Erratum246Backslash],
        ),
        ("a(b)@mail.org", Policy::RFC5322, &[W::Cfws]),
        ("\"a\".b@mail.org", Policy::RFC5322, &[W::ObsoleteLocalPart]),
        (
            "a@mail (c) . org",
            Policy::RFC5322,
            &[W::Cfws, W::ObsoleteDomain],
        ),
        (
            "\"a\u{7f}\"@mail.org",
            Policy::RFC5322,
            &[W::QuotedLocalPart, W::ObsoleteText],
        ),
        ("user@mailhost", Policy::RFC5322, &[W::SingleLabelDomain]),
        ("user@mailhost", Policy::HTML5, &[W::SingleLabelDomain]),
        (
            "user@[x400:c=us]",
            Policy::RFC5322,
            &[W::AddressLiteral, W::GeneralDomainLiteral],
        ),
    ];
    for (input, policy, expected) in cases {
        let addr = EmailAddress::parse_with(input, policy).unwrap();
        let got: Vec<W> = addr.warnings().iter().collect();
        assert_eq!(got, *expected, "{input:?} under {policy:?}");
        // The domain name's warnings are read from the name when asked: the debug
        // form and the owned form report them too.
        let debug = format!("{addr:?}");
        for warning in *expected {
            assert!(debug.contains(&format!("{warning:?}")), "{debug}");
        }
        #[cfg(feature = "alloc")]
        {
            let owned = rfc_email::EmailAddressBuf::parse_with(input, policy).unwrap();
            assert_eq!(owned.warnings(), addr.warnings(), "{input:?}");
            assert_eq!(owned.as_address().warnings(), addr.warnings(), "{input:?}");
        }
    }
}
