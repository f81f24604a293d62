//! `HttpUrlBuf::from_user_input`: an http(s) URL as people type it, its host mapped by
//! UTS #46 §4.1 (RFC 5895's advice), and the hints that lead to it.

use uri_schemes::{HttpPolicy, HttpUrl, HttpUrlBuf, UriErrorKind, UriRef};

fn mapped(input: &str) -> String {
    HttpUrlBuf::from_user_input(input, &HttpPolicy::STRICT)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .into_string()
}

fn error(input: &str) -> (&'static str, usize) {
    let e = HttpUrlBuf::from_user_input(input, &HttpPolicy::STRICT).unwrap_err();
    (e.code(), e.offset())
}

/// RFC 5892 §2.2 keeps capitals out of U-labels, so `http://Bücher.example/` fails even
/// as an IRI (RFC 3987); mapped as typed (UTS #46 §4.1), the host is `bücher.example`,
/// and the rest of the URL is kept as written.
#[test]
fn rfc5895_a_url_as_typed_has_its_host_mapped() {
    let iri = HttpPolicy::STRICT.with_iri();
    let as_written = HttpUrl::parse_with("http://Bücher.example/", &iri).unwrap_err();
    assert_eq!(
        (as_written.code(), as_written.offset()),
        ("idna_disallowed", 7)
    );
    assert_eq!(mapped("http://Bücher.example/"), "http://bücher.example/");
    let url = HttpUrlBuf::from_user_input(
        "HTTPS://ＥＸＡＭＰＬＥ\u{3002}com:8080/Path?Q=Ä#F",
        &HttpPolicy::STRICT,
    )
    .unwrap();
    assert_eq!(url.as_str(), "HTTPS://example.com:8080/Path?Q=Ä#F");
    assert_eq!(url.effective_port(), 8080);
    assert_eq!(url.host_ascii().unwrap(), "example.com");
    assert_eq!(
        mapped("http://WWW.Example.COM/A"),
        "http://www.example.com/A"
    );
}

/// The hints are true: the non-ASCII host error names both ways, and the IRI option's
/// upper-case error names the one that takes a URL as typed.
#[test]
fn the_hints_lead_to_a_call_that_works() {
    let err = HttpUrl::parse("http://Bücher.example/").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (UriErrorKind::NonAsciiHost, 8));
    let message = err.to_string();
    assert!(message.contains("with_iri()"), "{message}");
    assert!(message.contains("HttpUrlBuf::from_user_input"), "{message}");
    let iri = HttpPolicy::STRICT.with_iri();
    let err = HttpUrl::parse_with("http://Bücher.example/", &iri).unwrap_err();
    assert!(
        err.to_string().contains("HttpUrlBuf::from_user_input"),
        "{err}"
    );
    assert!(HttpUrlBuf::from_user_input("http://Bücher.example/", &HttpPolicy::STRICT).is_ok());
    // The other host errors keep their message.
    let err = HttpUrl::parse_with("http://\u{2603}.example/", &iri).unwrap_err();
    assert!(!err.to_string().contains("from_user_input"), "{err}");
}

/// Errors point into the input; what mapping cannot rescue is refused as written.
#[test]
fn errors_point_into_the_input() {
    // RFC 3986 §3.2.2: a space is no reg-name character (the generic parse says so).
    assert_eq!(
        error("http://Bü cher.example/"),
        ("invalid_character_in_host", 10)
    );
    // RFC 1123 §2.1 via ldh-domain, in a label mapping changed: at its start.
    assert_eq!(error("http://a.Ｂ_c.example/"), ("invalid_character", 9));
    // RFC 5892: U+200B is never mapped away.
    assert_eq!(
        error("http://exa\u{200b}mple.com/"),
        ("idna_disallowed", 10)
    );
    // RFC 9110 §4.2.4, after the host: the error of the URL as written.
    assert_eq!(
        error("http://u@Bücher.example/"),
        ("userinfo_in_http_url", 7)
    );
    assert_eq!(
        error("http://Bücher.example:99999/"),
        ("port_out_of_range", 23)
    );
    assert_eq!(error("ftp://Bücher.example/"), ("not_http", 0));
}

/// Hosts that are not reg-names, or are percent-encoded, are not mapped.
#[test]
fn ip_literals_and_percent_encoded_hosts_are_kept() {
    assert_eq!(mapped("http://[::1]:8080/"), "http://[::1]:8080/");
    assert_eq!(mapped("http://192.0.2.1/"), "http://192.0.2.1/");
    assert_eq!(
        mapped("http://b%C3%BCcher.example/"),
        "http://b%C3%BCcher.example/"
    );
    assert!(UriRef::parse("//b%C3%BCcher.example/").is_ok());
}
