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
