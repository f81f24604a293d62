//! RFC 3986 generic syntax: the RFC's own examples, absent-vs-empty, hosts, errors.

use core::net::Ipv6Addr;

use uri_schemes::{Host, Uri, UriErrorKind as K, UriPolicy, UriRef};

use crate::common::{assert_codes_at, assert_each_fails_at, assert_fails_at};

/// (input, scheme, authority, userinfo, host, port, path, query, fragment)
type Row = (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

fn check(rows: &[Row]) {
    for &(input, scheme, authority, userinfo, host, port, path, query, fragment) in rows {
        let r = UriRef::parse(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        assert_eq!(r.scheme(), scheme, "{input} scheme");
        assert_eq!(
            r.authority().map(|a| a.as_str()),
            authority,
            "{input} authority"
        );
        assert_eq!(r.userinfo(), userinfo, "{input} userinfo");
        assert_eq!(r.host().map(|h| h.as_str()), host, "{input} host");
        assert_eq!(r.port_str(), port, "{input} port");
        assert_eq!(r.path(), path, "{input} path");
        assert_eq!(r.query(), query, "{input} query");
        assert_eq!(r.fragment(), fragment, "{input} fragment");
        assert_eq!(r.to_string(), input, "{input} display");
    }
}

#[test]
fn rfc3986_section_1_1_2_examples() {
    #[rustfmt::skip]
    const ROWS: &[Row] = &[
        // (input, scheme, authority, userinfo, host, port, path, query, fragment)
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", Some("ftp"), Some("ftp.is.co.za"), None, Some("ftp.is.co.za"), None, "/rfc/rfc1808.txt", None, None),
        ("http://www.ietf.org/rfc/rfc2396.txt", Some("http"), Some("www.ietf.org"), None, Some("www.ietf.org"), None, "/rfc/rfc2396.txt", None, None),
        ("ldap://[2001:db8::7]/c=GB?objectClass?one", Some("ldap"), Some("[2001:db8::7]"), None, Some("[2001:db8::7]"), None, "/c=GB", Some("objectClass?one"), None),
        ("mailto:John.Doe@example.com", Some("mailto"), None, None, None, None, "John.Doe@example.com", None, None),
        ("news:comp.infosystems.www.servers.unix", Some("news"), None, None, None, None, "comp.infosystems.www.servers.unix", None, None),
        ("tel:+1-816-555-1212", Some("tel"), None, None, None, None, "+1-816-555-1212", None, None),
        ("telnet://192.0.2.16:80/", Some("telnet"), Some("192.0.2.16:80"), None, Some("192.0.2.16"), Some("80"), "/", None, None),
        ("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", Some("urn"), None, None, None, None, "oasis:names:specification:docbook:dtd:xml:4.1.2", None, None),
    ];
    check(ROWS);
}

#[test]
fn rfc3986_section_3_example() {
    #[rustfmt::skip]
    const ROWS: &[Row] = &[
        // (input, scheme, authority, userinfo, host, port, path, query, fragment)
        ("foo://example.com:8042/over/there?name=ferret#nose", Some("foo"), Some("example.com:8042"), None, Some("example.com"), Some("8042"), "/over/there", Some("name=ferret"), Some("nose")),
    ];
    check(ROWS);
    let uri = Uri::parse("urn:example:animal:ferret:nose").unwrap();
    assert_eq!(
        (uri.scheme(), uri.path()),
        ("urn", "example:animal:ferret:nose")
    );
}

#[test]
fn rfc3986_absent_versus_empty_for_every_component() {
    #[rustfmt::skip]
    const ROWS: &[Row] = &[
        // (input, scheme, authority, userinfo, host, port, path, query, fragment)
        // authority: "//" makes it present even when empty (file:///).
        ("file:///etc", Some("file"), Some(""), None, Some(""), None, "/etc", None, None),
        ("file:/etc", Some("file"), None, None, None, None, "/etc", None, None),
        // userinfo: "@" makes it present.
        ("http://@h/", Some("http"), Some("@h"), Some(""), Some("h"), None, "/", None, None),
        ("http://h/", Some("http"), Some("h"), None, Some("h"), None, "/", None, None),
        // port: ":" makes it present.
        ("http://h:/", Some("http"), Some("h:"), None, Some("h"), Some(""), "/", None, None),
        // path: always present, maybe empty.
        ("http://h", Some("http"), Some("h"), None, Some("h"), None, "", None, None),
        // query and fragment.
        ("http://h?", Some("http"), Some("h"), None, Some("h"), None, "", Some(""), None),
        ("http://h#", Some("http"), Some("h"), None, Some("h"), None, "", None, Some("")),
        ("http://h?#", Some("http"), Some("h"), None, Some("h"), None, "", Some(""), Some("")),
        // scheme: a relative reference has none; the empty reference is valid.
        ("", None, None, None, None, None, "", None, None),
        ("//", None, Some(""), None, Some(""), None, "", None, None),
        ("?", None, None, None, None, None, "", Some(""), None),
        ("#", None, None, None, None, None, "", None, Some("")),
    ];
    check(ROWS);
    let h = UriRef::parse("http://h:").unwrap();
    assert_eq!((h.port_str(), h.port()), (Some(""), None));
}

#[test]
fn rfc3986_section_4_2_relative_references() {
    #[rustfmt::skip]
    const ROWS: &[Row] = &[
        // (input, scheme, authority, userinfo, host, port, path, query, fragment)
        ("//g", None, Some("g"), None, Some("g"), None, "", None, None),
        ("../g;x?y#s", None, None, None, None, None, "../g;x", Some("y"), Some("s")),
        ("./a:b", None, None, None, None, None, "./a:b", None, None),
        ("/a:b", None, None, None, None, None, "/a:b", None, None),
        ("a/b:c", None, None, None, None, None, "a/b:c", None, None),
    ];
    check(ROWS);
}

#[test]
fn rfc3986_3_2_2_ipv4address_is_exact_else_reg_name() {
    fn host(s: &str) -> Host<'_> {
        Uri::parse(s).unwrap().host().unwrap()
    }
    assert!(
        matches!(host("http://192.0.2.16/"), Host::Ipv4 { addr, .. } if addr.octets() == [192, 0, 2, 16])
    );
    assert!(matches!(host("http://0.0.0.0/"), Host::Ipv4 { .. }));
    assert!(matches!(host("http://255.255.255.255/"), Host::Ipv4 { .. }));
    for reg in [
        "127.0.0.001",
        "256.0.0.1",
        "1.2.3",
        "1.2.3.4.5",
        "01.2.3.4",
        "0x7f.0.0.1",
        "1.2.3.4.",
    ] {
        let input = format!("http://{reg}/");
        assert_eq!(host(&input), Host::RegName(reg), "{reg}");
    }
}

#[test]
fn rfc4291_ipv6_text_forms() {
    let forms = [
        ("2001:db8:0:0:8:800:200c:417a", "2001:db8::8:800:200c:417a"),
        ("FF01:0:0:0:0:0:0:101", "ff01::101"),
        ("0:0:0:0:0:0:0:1", "::1"),
        ("::", "::"),
        ("::1", "::1"),
        ("1::", "1::"),
        ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
        ("::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8"),
        ("::ffff:192.0.2.1", "::ffff:192.0.2.1"),
        ("0:0:0:0:0:0:13.1.68.3", "::13.1.68.3"),
        ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:1.2.3.4"),
    ];
    for (text, std_form) in forms {
        let input = format!("http://[{text}]:8080/");
        let uri = Uri::parse(&input).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let Some(Host::Ipv6 {
            addr,
            zone,
            text: written,
        }) = uri.host()
        else {
            panic!("{text}")
        };
        assert_eq!(addr, std_form.parse::<Ipv6Addr>().unwrap(), "{text}");
        assert_eq!((zone, written), (None, format!("[{text}]").as_str()));
        assert_eq!(uri.port(), Some(8080));
    }
}

#[test]
fn rfc4291_ipv6_limits() {
    let cases: &[(&str, &str, usize)] = &[
        ("http://[1:2:3:4:5:6:7:8:9]/", "too_many_groups", 24),
        ("http://[1:2:3:4:5:6:7]/", "too_few_groups", 21),
        ("http://[1::2::3]/", "multiple_double_colons", 12),
        ("http://[12345::]/", "group_too_long", 12),
        ("http://[:1::]/", "lone_colon", 8),
        ("http://[1::1.2.3.256]/", "octet_out_of_range", 17),
        ("http://[]/", "empty_ip_address", 8),
        ("http://[g::]/", "invalid_ip_character", 8),
        ("http://[1:2:3:4:5:6:7:1.2.3.4]/", "too_many_groups", 22),
    ];
    assert_codes_at(cases, |s| Uri::parse(s).err());
    for &(input, ..) in cases {
        assert!(
            matches!(Uri::parse(input).map_err(|e| e.kind()), Err(K::Ip(_))),
            "{input}"
        );
    }
}

#[test]
fn rfc3986_ipvfuture_and_rfc6874_zone_ids() {
    let uri = Uri::parse("http://[v1.fe80::a+en1]/").unwrap();
    assert_eq!(uri.host(), Some(Host::IpFuture("[v1.fe80::a+en1]")));
    assert!(Uri::parse("http://[V7F.x:y]/").is_ok());
    let ip_futures = [
        ("http://[v.x]/", 9),
        ("http://[v1]/", 10),
        ("http://[v1.]/", 11),
        ("http://[v1.a b]/", 12),
        ("http://[vz.a]/", 9),
    ];
    assert_fails_at(K::InvalidIpFuture, &ip_futures, |s| Uri::parse(s).err());
    // RFC 6874: off by default, then "%25" + ZoneID.
    let err = Uri::parse("http://[fe80::1%25en1]/").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::ZoneIdNotAllowed, 15));
    let zones = UriPolicy::STRICT.with_zone_ids();
    let uri = Uri::parse_with("http://[fe80::1%25en1]:80/", &zones).unwrap();
    let Some(Host::Ipv6 { zone, text, .. }) = uri.host() else {
        panic!()
    };
    assert_eq!((zone, text), (Some("en1"), "[fe80::1%25en1]"));
    assert_eq!(uri.port(), Some(80));
    assert!(Uri::parse_with("http://[fe80::1%25%65n1]/", &zones).is_ok());
    let bad_zones = [
        ("http://[fe80::1%en1]/", 15),
        ("http://[fe80::1%25]/", 18),
        ("http://[fe80::1%25a:b]/", 19),
    ];
    assert_fails_at(K::InvalidZoneId, &bad_zones, |s| {
        Uri::parse_with(s, &zones).err()
    });
}

#[test]
fn rfc3986_each_error_kind_with_offset() {
    let cases: &[(&str, K, usize)] = &[
        ("http://example.com/a b", K::InvalidCharacterInPath, 20),
        ("http://example.com/path|x", K::InvalidCharacterInPath, 23),
        ("http%zz", K::BadPercentEncoding, 4),
        ("http://a/%", K::BadPercentEncoding, 9),
        ("http://a/%4", K::BadPercentEncoding, 9),
        ("http://a/%4g", K::BadPercentEncoding, 9),
        ("http://a?%zz", K::BadPercentEncoding, 9),
        ("http://u%zz@a", K::BadPercentEncoding, 8),
        ("http://us er@a/", K::InvalidCharacterInUserinfo, 9),
        ("http://u@v@a/", K::InvalidCharacterInHost, 10),
        ("http://a b/", K::InvalidCharacterInHost, 8),
        ("http://a_{/", K::InvalidCharacterInHost, 9),
        ("http://a:8x/", K::InvalidCharacterInPort, 10),
        ("http://a:-1/", K::InvalidCharacterInPort, 9),
        ("http://a/b?c d", K::InvalidCharacterInQuery, 12),
        ("http://a/b?c[d]", K::InvalidCharacterInQuery, 12),
        ("http://a/b#c#d", K::InvalidCharacterInFragment, 12),
        ("http://a/b#c d", K::InvalidCharacterInFragment, 12),
        ("http://[::1/", K::UnclosedIpLiteral, 7),
        ("http://[::1]x/", K::CharacterAfterIpLiteral, 12),
        ("http://[::1]:x/", K::InvalidCharacterInPort, 13),
        ("1a:b", K::ColonInFirstSegment, 2),
        (":a", K::ColonInFirstSegment, 0),
        ("a\\b", K::InvalidCharacterInPath, 1),
        ("é", K::InvalidCharacterInPath, 0),
    ];
    assert_each_fails_at(cases, |s| UriRef::parse(s).err());
    // Absolute URIs only.
    let cases: &[(&str, K, usize)] = &[
        ("", K::MissingScheme, 0),
        ("//a/b", K::MissingScheme, 0),
        ("example.com", K::MissingScheme, 0),
        ("example.com/x", K::MissingScheme, 0),
        ("1http://a", K::MissingScheme, 0),
        ("ht tp://a", K::InvalidCharacterInScheme, 2),
        ("ht_tp://a", K::InvalidCharacterInScheme, 2),
    ];
    assert_each_fails_at(cases, |s| Uri::parse(s).err());
}

#[test]
fn rfc3986_2_1_every_percent_needs_two_hex_digits_and_either_case() {
    let r = UriRef::parse("/%41%4a%4A").unwrap();
    assert_eq!(r.path(), "/%41%4a%4A");
    let bad = [("%", 0), ("%a", 0), ("a%%41", 1), ("/%ag", 1)];
    assert_fails_at(K::BadPercentEncoding, &bad, |s| UriRef::parse(s).err());
}

#[test]
fn rfc3986_3_2_3_port_value_when_it_fits() {
    fn port(s: &str) -> (Option<&str>, Option<u16>) {
        let u = Uri::parse(s).unwrap();
        (u.port_str(), u.port())
    }
    assert_eq!(port("x://h:0"), (Some("0"), Some(0)));
    assert_eq!(port("x://h:65535"), (Some("65535"), Some(65535)));
    assert_eq!(port("x://h:65536"), (Some("65536"), None));
    assert_eq!(port("x://h:00080"), (Some("00080"), Some(80)));
    assert_eq!(
        port("x://h:99999999999999999999"),
        (Some("99999999999999999999"), None)
    );
}

#[test]
fn rfc3987_iri_opt_in() {
    let iri = UriPolicy::STRICT.with_iri();
    let r = UriRef::parse_with("http://例え.テスト/パス?q=ü\u{E000}#frag-é", &iri).unwrap();
    assert_eq!(r.host().unwrap().as_str(), "例え.テスト");
    assert_eq!(r.query(), Some("q=ü\u{E000}"));
    // iprivate only in the query (RFC 3987 §2.2).
    let err = UriRef::parse_with("/\u{E000}", &iri).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidCharacterInPath, 1));
    // Non-characters and controls are not ucschar.
    assert!(UriRef::parse_with("/\u{FFFE}", &iri).is_err());
    assert!(UriRef::parse_with("/\u{85}", &iri).is_err());
    assert!(UriRef::parse_with("/\u{1FFFE}", &iri).is_err());
    assert!(UriRef::parse_with("/\u{10000}", &iri).is_ok());
    // Not in the scheme or port.
    assert!(UriRef::parse_with("é:x", &iri).is_err());
    // parse_bytes: invalid UTF-8 is rejected in both modes.
    assert!(UriRef::parse_bytes(b"/\xff", &iri).is_err());
    assert_eq!(
        UriRef::parse_bytes(b"/\xc3\xa9", &UriPolicy::STRICT)
            .unwrap_err()
            .kind(),
        K::InvalidCharacterInPath
    );
    assert!(UriRef::parse_bytes("/\u{e9}".as_bytes(), &iri).is_ok());
}

#[test]
fn uri_parse_requires_scheme_uri_ref_does_not() {
    assert!(Uri::parse("a:").is_ok());
    assert!(UriRef::parse("a").unwrap().to_uri().is_none());
    assert_eq!(UriRef::parse("A+1.-b:x").unwrap().scheme(), Some("A+1.-b"));
    let uri = Uri::parse("HTTP://h").unwrap();
    assert_eq!(uri.as_uri_ref().scheme(), Some("HTTP"));
}

#[cfg(feature = "serde")]
#[test]
fn serde_strings_validate_on_deserialize() {
    let uri: Uri<'_> = serde_json::from_str("\"http://a/b?c\"").unwrap();
    assert_eq!(uri.query(), Some("c"));
    assert_eq!(serde_json::to_string(&uri).unwrap(), "\"http://a/b?c\"");
    let err = serde_json::from_str::<UriRef<'_>>("\"a b\"").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid_character_in_path at byte 1"),
        "{err}"
    );
    assert!(serde_json::from_str::<uri_schemes::HttpUrl<'_>>("\"ftp://x/\"").is_err());
    #[cfg(feature = "mailto")]
    let m: uri_schemes::Mailto<'_> = serde_json::from_str("\"mailto:a@example.com\"").unwrap();
    #[cfg(feature = "mailto")]
    assert_eq!(
        serde_json::to_string(&m).unwrap(),
        "\"mailto:a@example.com\""
    );
}
