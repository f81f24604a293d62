//! The owned URI types, the one constructor shape, `port`/`port_str`, equality as text
//! (RFC 3986 §6.2.1), origins (RFC 6454), and serde in structs.

use std::collections::HashSet;

use uri_schemes::{HttpPolicy, HttpUrl, HttpUrlBuf, Uri, UriBuf, UriPolicy, UriRef, UriRefBuf};
#[cfg(feature = "mailto")]
use uri_schemes::{Mailto, MailtoBuf, MailtoPolicy};

#[test]
fn owned_accessors_equal_the_views() {
    let url = HttpUrlBuf::parse("https://Example.com:8443/a/b?q=1#top").unwrap();
    let view = HttpUrl::parse("https://Example.com:8443/a/b?q=1#top").unwrap();
    assert_eq!(url, view);
    assert_eq!((url.port(), url.port_str()), (Some(8443), Some("8443")));
    assert_eq!(
        (url.path(), url.query(), url.fragment()),
        ("/a/b", Some("q=1"), Some("top"))
    );
    assert_eq!(url.host(), view.host());
    assert_eq!(url.origin(), view.origin());
    assert_eq!(url.host_ascii().unwrap(), "example.com");
    assert!(url.is_https() && !url.is_default_port());

    let uri = UriBuf::parse("foo://u@h:99999/p").unwrap();
    assert_eq!(uri.port(), None, "valid RFC 3986, too big for u16");
    assert_eq!(uri.port_str(), Some("99999"));
    assert_eq!(uri.scheme(), "foo");
    assert_eq!(uri.userinfo(), Some("u"));

    let r = UriRefBuf::parse("../x?y").unwrap();
    assert_eq!((r.scheme(), r.path(), r.query()), (None, "../x", Some("y")));
}

/// The owned mailto URI answers as the view does (RFC 6068 §2 `to`, §2 `hfields`).
#[cfg(feature = "mailto")]
#[test]
fn owned_mailto_accessors_equal_the_view() {
    let m = MailtoBuf::parse("mailto:a@example.com?subject=hi").unwrap();
    assert_eq!(m.to(), ["a@example.com"]);
    assert_eq!(m.subject().as_deref(), Some("hi"));
    assert!(Mailto::parse_bytes(b"mailto:a@example.com", &MailtoPolicy::DEFAULT).is_ok());
}

#[test]
fn one_constructor_shape_everywhere() {
    let bytes = b"http://h.example/";
    assert!(UriRef::parse_bytes(bytes, &UriPolicy::STRICT).is_ok());
    assert!(Uri::parse_bytes(bytes, &UriPolicy::STRICT).is_ok());
    assert!(HttpUrl::parse_bytes(bytes, &HttpPolicy::STRICT).is_ok());
    assert!(HttpUrlBuf::parse_bytes(bytes, &HttpPolicy::STRICT).is_ok());
    // Bytes are judged as the generic parser judges them, then as an http(s) URL.
    let iri = HttpPolicy::STRICT.with_iri();
    assert_eq!(
        HttpUrl::parse_bytes(b"http://h/\xff", &iri).unwrap_err(),
        Uri::parse_bytes(b"http://h/\xff", &UriPolicy::STRICT.with_iri()).unwrap_err()
    );
    assert_eq!(
        HttpUrl::parse_bytes(b"ftp://h/", &iri).unwrap_err().code(),
        "not_http"
    );
    let owned: HttpUrlBuf = HttpUrl::parse("http://h/").unwrap().into_owned();
    assert_eq!(owned, "http://h/");
    assert_eq!(
        HttpUrlBuf::from_string(String::from("ftp://h/"), &HttpPolicy::STRICT)
            .unwrap_err()
            .code(),
        "not_http"
    );
}

#[test]
fn rfc3986_6_2_1_equality_is_simple_string_comparison() {
    let a = Uri::parse("http://h/%7e").unwrap();
    let b = Uri::parse("http://h/~").unwrap();
    assert_ne!(a, b);
    assert_eq!(a.normalize(), b.normalize());
    assert_eq!(Uri::parse("http://h/").unwrap(), "http://h/");
}

#[test]
fn borrow_str_lets_a_set_of_urls_be_searched_by_text() {
    let set: HashSet<HttpUrlBuf> = ["http://a.example/", "http://b.example/"]
        .into_iter()
        .map(|s| HttpUrlBuf::parse(s).unwrap())
        .collect();
    assert!(set.contains("http://a.example/"));
    assert!(!set.contains("http://A.example/"));
}

#[test]
fn rfc6454_origin_lower_cases_scheme_and_host_and_fills_the_port() {
    let a = HttpUrl::parse("HTTP://WWW.Example.COM/a").unwrap().origin();
    let b = HttpUrl::parse("http://www.example.com:80/b")
        .unwrap()
        .origin();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "http://www.example.com");
    let c = HttpUrl::parse("https://www.example.com/").unwrap().origin();
    assert_ne!(a, c);
    let set: HashSet<_> = [a, b, c].into_iter().collect();
    assert_eq!(set.len(), 2);
}

#[cfg(all(feature = "serde", feature = "mailto"))]
mod serde_in_structs {
    use super::{HttpPolicy, HttpUrl, HttpUrlBuf, MailtoBuf, UriBuf, UriRef};

    /// Borrowed URI types are fields of a derived struct, without lifetime workarounds.
    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Links<'a> {
        #[serde(borrow)]
        home: HttpUrl<'a>,
        #[serde(borrow)]
        next: UriRef<'a>,
    }

    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Config {
        api: HttpUrlBuf,
        #[serde(with = "uri_schemes::serde_policy::iri")]
        mirror: HttpUrlBuf,
        feed: UriBuf,
        contact: MailtoBuf,
    }

    #[test]
    fn borrowed_fields() {
        let json = r#"{"home":"https://example.com/","next":"?page=2"}"#;
        let links: Links<'_> = serde_json::from_str(json).unwrap();
        assert_eq!(links.home.effective_port(), 443);
        assert_eq!(serde_json::to_string(&links).unwrap(), json);
    }

    #[test]
    fn owned_fields_round_trip_under_their_policy() {
        let config = Config {
            api: HttpUrlBuf::parse("https://api.example/v1").unwrap(),
            mirror: HttpUrlBuf::parse_with(
                "http://b\u{fc}cher.example/",
                &HttpPolicy::STRICT.with_iri(),
            )
            .unwrap(),
            feed: UriBuf::parse("urn:example:feed").unwrap(),
            contact: MailtoBuf::parse("mailto:a@example.com").unwrap(),
        };
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
        // Without the module the IRI is refused: the plain impl is strict.
        let strict = json
            .replace("\"mirror\"", "\"x\"")
            .replace("\"api\"", "\"mirror\"")
            .replace("\"x\"", "\"api\"");
        assert!(serde_json::from_str::<Config>(&strict).is_err());
    }
}

#[test]
fn warnings_debug_names_the_warnings() {
    let url = HttpUrl::parse("http://h:/").unwrap();
    assert_eq!(format!("{:?}", url.warnings()), "{EmptyPort}");
}

/// RFC 6454 §4, §5: an origin compares its host by value when it is an IPv6 literal
/// (RFC 3986 §6.2.2 leaves the text of IPv6 alone, but an origin is a comparison), and
/// §6.2 serializes it in the RFC 5952 §4 form, so equal origins print alike.
#[test]
fn rfc6454_origins_compare_ipv6_hosts_by_value() {
    use std::collections::hash_map::RandomState;
    use std::hash::BuildHasher;
    fn origin(s: &str) -> uri_schemes::Origin<'_> {
        HttpUrl::parse(s).unwrap().origin()
    }
    let state = RandomState::new();
    // RFC 5952 §4.1 (leading zeros), §4.2 (`::`), §4.3 (lower case), §5 (IPv4-mapped).
    for (spellings, canonical) in [
        (
            &[
                "http://[::1]/",
                "http://[0::1]/",
                "http://[0:0:0:0:0:0:0:1]/",
            ][..],
            "http://[::1]",
        ),
        (
            &[
                "https://[2001:DB8:0:0:1:0:0:1]:8443/",
                "https://[2001:0db8::1:0:0:1]:8443/x",
            ][..],
            "https://[2001:db8::1:0:0:1]:8443",
        ),
        (
            &[
                "http://[::ffff:192.0.2.1]/",
                "http://[0:0:0:0:0:FFFF:C000:0201]/",
            ][..],
            "http://[::ffff:192.0.2.1]",
        ),
    ] {
        let first = origin(spellings[0]);
        for spelling in spellings {
            let other = origin(spelling);
            assert_eq!(other, first, "{spelling}");
            assert_eq!(other.cmp(&first), std::cmp::Ordering::Equal, "{spelling}");
            assert_eq!(state.hash_one(other), state.hash_one(first), "{spelling}");
            assert_eq!(other.to_string(), canonical, "{spelling}");
            assert_eq!(
                other.host().as_str(),
                HttpUrl::parse(spelling).unwrap().host().as_str()
            );
        }
    }
    assert_ne!(origin("http://[::1]/"), origin("http://[::2]/"));
    assert_ne!(origin("http://[::1]/"), origin("https://[::1]/"));
    assert_ne!(origin("http://[::1]/"), origin("http://[::1]:8080/"));
    assert_ne!(origin("http://[::1]/"), origin("http://127.0.0.1/"));
    assert_eq!(origin("http://EXAMPLE.com/"), origin("http://example.COM/"));
    // A total order that agrees with `Eq`: names and IPv4 first, IPv6 values after.
    let mut sorted = [
        origin("http://[::2]/"),
        origin("http://b.example/"),
        origin("http://[0::1]/"),
        origin("http://A.example/"),
    ];
    sorted.sort();
    let printed: Vec<String> = sorted.iter().map(ToString::to_string).collect();
    assert_eq!(
        printed,
        [
            "http://a.example",
            "http://b.example",
            "http://[::1]",
            "http://[::2]"
        ]
    );
}

/// `Debug` of an owned URI is its type and text, not its components and warnings.
#[test]
fn owned_debug_is_the_text() {
    assert_eq!(
        format!("{:?}", HttpUrlBuf::parse("http://h.example/a").unwrap()),
        r#"HttpUrlBuf("http://h.example/a")"#
    );
    assert_eq!(
        format!("{:?}", UriRefBuf::parse("../a").unwrap()),
        r#"UriRefBuf("../a")"#
    );
    assert_eq!(
        format!("{:?}", UriBuf::parse("a:b").unwrap()),
        r#"UriBuf("a:b")"#
    );
    #[cfg(feature = "mailto")]
    assert_eq!(
        format!("{:?}", MailtoBuf::parse("mailto:a@example.com").unwrap()),
        r#"MailtoBuf("mailto:a@example.com")"#
    );
}

/// The borrowed types have `AsRef<str>` and `TryFrom<&str>` (under their default
/// policy), as the owned ones do.
#[test]
fn borrowed_types_convert_from_and_to_text() {
    let url = HttpUrl::try_from("https://h.example/").unwrap();
    assert_eq!(url.as_ref(), "https://h.example/");
    assert_eq!(
        HttpUrl::try_from("http://u@h.example/").unwrap_err().code(),
        "userinfo_in_http_url"
    );
    #[cfg(feature = "mailto")]
    {
        let m = Mailto::try_from("mailto:a@example.com").unwrap();
        assert_eq!(AsRef::<str>::as_ref(&m), "mailto:a@example.com");
        assert!(Mailto::try_from("http://h/").is_err());
    }
    assert_eq!(AsRef::<str>::as_ref(&Uri::parse("a:b").unwrap()), "a:b");
    assert_eq!(AsRef::<str>::as_ref(&UriRef::parse("#f").unwrap()), "#f");
}
