//! RFC 9110 §4.2 http(s) URLs with ldh-domain host checks.

use uri_schemes::{Host, HttpPolicy, HttpUrl, UriErrorKind as K, UserinfoPolicy, Warning};

use crate::common::assert_codes_at;

#[test]
fn rfc9110_4_2_valid_urls() {
    for url in [
        "http://www.example.com/",
        "HTTPS://WWW.EXAMPLE.COM:443/a?b#c",
        "http://localhost:8080/",
        "http://microsoft/",
        "http://192.0.2.1/",
        "http://[2001:db8::1]:8080/x",
        "http://3com.com/",
        "http://example.com.",
        "http://a-b.example/",
        "http://ex%61mple.com/",
        "https://xn--bcher-kva.example/",
    ] {
        HttpUrl::parse(url).unwrap_or_else(|e| panic!("{url}: {e:?}"));
    }
}

#[test]
fn rfc9110_4_2_errors_with_offsets() {
    #[rustfmt::skip]
    let cases: &[(&str, &str, usize)] = &[
        ("ftp://example.com/", "not_http", 0),
        ("http:example.com", "missing_authority", 5),
        ("http:/example.com", "missing_authority", 5),
        ("http:///path", "empty_host", 7),
        ("http://:80/", "empty_host", 10),
        ("http://h:65536/", "port_out_of_range", 9),
        ("http://bank.example@evil.example/", "userinfo_in_http_url", 7),
        ("http://-bad.example/", "leading_hyphen", 7),
        ("http://bad-.example/", "trailing_hyphen", 10),
        ("http://a..b/", "empty_label", 9),
        ("http://exa_mple.com/", "invalid_character", 10),
        ("http://example.123/", "numeric_tld", 15),
        ("http://ex%20ample.com/", "invalid_character", 7),
        ("http://%FF.example/", "decoded_not_utf8", 7),
    ];
    assert_codes_at(cases, |s| HttpUrl::parse(s).err());
    let long = format!("http://{}.example/", "a".repeat(64));
    assert_eq!(HttpUrl::parse(&long).unwrap_err().code(), "label_too_long");
}

#[test]
fn rfc9110_4_2_4_userinfo_policy() {
    let warn = HttpPolicy::STRICT.with_userinfo(UserinfoPolicy::Warn);
    let url = HttpUrl::parse_with("http://user:pass@example.com/", &warn).unwrap();
    assert!(url.warnings().contains(Warning::UserinfoInHttpUrl));
    assert_eq!(url.host().as_str(), "example.com");
    assert_eq!(
        HttpUrl::parse("http://@example.com/").unwrap_err().kind(),
        K::UserinfoInHttpUrl
    );
}

#[test]
fn effective_port_origin_and_default_port() {
    let u = HttpUrl::parse("http://h.example/").unwrap();
    assert_eq!(
        (u.port(), u.effective_port(), u.is_default_port()),
        (None, 80, true)
    );
    let u = HttpUrl::parse("https://h.example:443/").unwrap();
    assert_eq!((u.effective_port(), u.is_default_port()), (443, true));
    let u = HttpUrl::parse("https://h.example:80/").unwrap();
    assert_eq!((u.effective_port(), u.is_default_port()), (80, false));
    assert_eq!(u.origin().to_string(), "https://h.example:80");
    let u = HttpUrl::parse("http://h.example:/").unwrap();
    assert!(u.warnings().contains(Warning::EmptyPort));
    assert_eq!(u.effective_port(), 80);
    let u = HttpUrl::parse("http://[::1]:8080/").unwrap();
    assert!(matches!(u.host(), Host::Ipv6 { .. }));
    assert_eq!(u.origin().to_string(), "http://[::1]:8080");
}

#[cfg(feature = "alloc")]
#[test]
fn host_ascii_forms() {
    let h = |s: &str| {
        HttpUrl::parse(s)
            .unwrap()
            .host_ascii()
            .unwrap()
            .into_owned()
    };
    assert_eq!(h("http://WWW.Example.COM/"), "www.example.com");
    assert_eq!(h("http://[::1]/"), "[::1]");
    assert_eq!(h("http://10.0.0.1/"), "10.0.0.1");
}

#[cfg(feature = "idna")]
#[test]
fn rfc3987_idn_hosts_to_a_labels() {
    let u = HttpUrl::parse("http://b%C3%BCcher.example/").unwrap();
    assert!(u.warnings().contains(Warning::InternationalizedHost));
    assert_eq!(u.host_ascii().unwrap(), "xn--bcher-kva.example");
    let iri = HttpPolicy::STRICT.with_iri();
    let u = HttpUrl::parse_with("http://bücher.example/straße", &iri).unwrap();
    assert_eq!(u.host_ascii().unwrap(), "xn--bcher-kva.example");
    // As written, `Bücher` is no U-label (RFC 5892 §2.2); UTS #46 maps it.
    assert!(HttpUrl::parse_with("http://Bücher.example/", &iri).is_err());
    let uts46 = iri.with_idna_mode(ldh_domain::IdnaMode::Uts46);
    let u = HttpUrl::parse_with("http://Bücher.example/straße", &uts46).unwrap();
    assert_eq!(u.host_ascii().unwrap(), "xn--bcher-kva.example");
    assert!(HttpUrl::parse("http://bücher.example/").is_err());
}

#[test]
fn rfc3696_4_4_no_name_completion() {
    // `microsoft` stays `microsoft`: no www., no .com.
    let u = HttpUrl::parse("http://microsoft/").unwrap();
    assert_eq!(u.host().as_str(), "microsoft");
    assert_eq!(u.origin().to_string(), "http://microsoft");
}

/// The IDNA modes a policy can judge hosts by.
const IDNA_MODES: [ldh_domain::IdnaMode; 3] = [
    ldh_domain::IdnaMode::Registration,
    ldh_domain::IdnaMode::Lookup,
    ldh_domain::IdnaMode::Uts46,
];

/// Whether `ldh_domain` rejects `name` as a host name under every IDNA mode.
fn rejected_in_every_mode(name: &str) -> bool {
    IDNA_MODES.iter().all(|&mode| {
        ldh_domain::Domain::parse_with(name, &ldh_domain::Policy::HOSTNAME.with_idna_mode(mode))
            .is_err()
    })
}

/// RFC 1123 §2.1 (and UTS #46 `UseSTD3ASCIIRules` for IDNA labels): no host name holds a
/// `%`. `HttpUrl` checks a reg-name as written before looking for percent-encoding, so
/// its verdicts are those of decoding first exactly when this holds.
#[test]
fn rfc3986_section3_2_2_no_host_name_holds_a_percent_sign() {
    for name in [
        "www.example.com",
        "bücher.example",
        "xn--bcher-kva.example",
        "a",
        "1.2",
    ] {
        for (at, _) in name.char_indices().chain([(name.len(), ' ')]) {
            for insert in ["%", "%41", "%2E", "%C3%BC"] {
                let text = format!("{}{insert}{}", &name[..at], &name[at..]);
                assert!(rejected_in_every_mode(&text), "{text}");
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

    /// Random names with a `%` somewhere, of LDH octets, other ASCII, `xn--` labels,
    /// Unicode letters and digits: `ldh_domain` rejects every one.
    #[test]
    fn rfc3986_section3_2_2_no_random_host_name_holds_a_percent_sign(
        before in "([a-zA-Z0-9.-]|xn--|ü|ß|\u{3b1}|\u{661}|_|~){0,24}",
        after in "([a-fA-F0-9.-]|xn--|ü|ß|\u{3b1}|\u{661}|_|~){0,24}",
    ) {
        let text = format!("{before}%{after}");
        proptest::prop_assert!(rejected_in_every_mode(&text), "{}", text);
    }
}

/// RFC 3986 §3.2.2: a percent-encoded reg-name is decoded (it must be UTF-8) and then
/// checked as a host name; its errors point at the host, since offsets in the decoded
/// name do not map back. Errors of a name as written point into it.
#[test]
fn rfc3986_section3_2_2_encoded_hosts_are_decoded_then_checked() {
    use ldh_domain::DomainErrorKind as D;
    let plain = HttpUrl::parse("http://example.com/").unwrap();
    let encoded = HttpUrl::parse("http://ex%61mple.com/").unwrap();
    assert_eq!(encoded.host_warnings(), plain.host_warnings());
    assert_eq!(encoded.warnings(), plain.warnings());
    let long = format!("http://{}/", "%41".repeat(1025));
    let cases: &[(&str, K, usize)] = &[
        (
            "http://a_b.example/",
            K::Domain(D::InvalidCharacter(b'_')),
            8,
        ),
        (
            "http://a%5Fb.example/",
            K::Domain(D::InvalidCharacter(b'_')),
            7,
        ),
        (
            "http://ab.ex%5Fample/",
            K::Domain(D::InvalidCharacter(b'_')),
            7,
        ),
        ("http://%FF.example/", K::DecodedNotUtf8, 7),
        (&long, K::Domain(D::NameTooLong), 7),
    ];
    for &(url, kind, offset) in cases {
        let e = HttpUrl::parse(url).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{url}");
    }
}

/// RFC 3986 §3.1: the scheme is case-insensitive. Every case of `http` and `https` is
/// one, and every scheme one byte away from them (any scheme character in any place, or
/// one more or one less) is not.
#[test]
fn rfc3986_section3_1_http_schemes_in_any_case() {
    for (name, https) in [("http", false), ("https", true)] {
        for mask in 0..1u32 << name.len() {
            let scheme: String = name
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if mask >> i & 1 == 1 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            let text = format!("{scheme}://h/");
            assert_eq!(HttpUrl::parse(&text).unwrap().is_https(), https, "{text}");
        }
        let scheme_chars = (b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .chain(b'0'..=b'9')
            .chain(*b"+-.");
        for at in 0..name.len() {
            for c in scheme_chars.clone() {
                let mut scheme = name.as_bytes().to_vec();
                // A scheme starts with a letter (RFC 3986 §3.1).
                if scheme[at].eq_ignore_ascii_case(&c) || at == 0 && !c.is_ascii_alphabetic() {
                    continue;
                }
                scheme[at] = c;
                let url = format!("{}://h/", String::from_utf8(scheme).unwrap());
                assert_eq!(
                    HttpUrl::parse(&url).unwrap_err().kind(),
                    K::NotHttp,
                    "{url}"
                );
            }
        }
        for url in [
            format!("{name}x://h/"),
            format!("{}://h/", &name[..name.len() - 1]),
        ] {
            if url != "http://h/" {
                assert_eq!(
                    HttpUrl::parse(&url).unwrap_err().kind(),
                    K::NotHttp,
                    "{url}"
                );
            }
        }
    }
}

/// The host's warnings are those `ldh_domain` gives the host name (decoded when
/// percent-encoded, RFC 3986 §3.2.2): special-use names (RFC 6761 §6) and reserved
/// `--` labels (RFC 5891 §4.2.3.1) included, none for IP hosts (RFC 3986 §3.2.2).
#[test]
fn rfc3986_section3_2_2_host_warnings_are_the_host_names() {
    use ldh_domain::{Domain, Policy, Warning as D};
    let cases: &[(&str, &str, &[D])] = &[
        (
            "http://printer.local/",
            "printer.local",
            &[D::SpecialUseDomain],
        ),
        (
            "https://ab--cd.example:8443/x",
            "ab--cd.example",
            &[D::ReservedHyphenLabel, D::SpecialUseDomain],
        ),
        (
            "http://pr%69nter.local/",
            "printer.local",
            &[D::SpecialUseDomain],
        ),
        (
            "http://www.example.com/",
            "www.example.com",
            &[D::SpecialUseDomain],
        ),
        ("http://www.rfc-editor.org/", "www.rfc-editor.org", &[]),
        ("http://Localhost/", "Localhost", &[D::SpecialUseDomain]),
    ];
    for &(url, name, expected) in cases {
        let found = HttpUrl::parse(url).unwrap().host_warnings();
        let of_name = Domain::parse_with(name, &Policy::HOSTNAME)
            .unwrap()
            .warnings();
        assert_eq!(found, of_name, "{url}");
        for &warning in expected {
            assert!(found.contains(warning), "{url}: {warning:?}");
        }
        if expected.is_empty() {
            assert!(found.is_empty(), "{url}: {found:?}");
        }
    }
    for url in [
        "http://192.0.2.1/",
        "http://[2001:db8::1]/",
        "http://[v7.x]/",
    ] {
        assert!(
            HttpUrl::parse(url).unwrap().host_warnings().is_empty(),
            "{url}"
        );
    }
    // Debug shows the warnings as the accessor gives them.
    let debug = format!("{:?}", HttpUrl::parse("http://printer.local/").unwrap());
    assert!(debug.contains("SpecialUseDomain"), "{debug}");
}
