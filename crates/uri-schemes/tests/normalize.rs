//! RFC 3986 §6.2.2 syntax-based and §6.2.3 (http/https) normalization.

use uri_schemes::UriRef;

fn norm(s: &str) -> String {
    UriRef::parse(s).unwrap().normalize()
}

#[test]
fn rfc3986_6_2_2_1_case() {
    assert_eq!(norm("HTTP://www.EXAMPLE.com/"), "http://www.example.com/");
    assert_eq!(
        norm("http://example.com/%3a%2F"),
        "http://example.com/%3A%2F"
    );
    assert_eq!(norm("x://User@Host/Path?Q#F"), "x://User@host/Path?Q#F");
    assert_eq!(norm("x://%C3%A9X/"), "x://%C3%A9x/");
    assert_eq!(norm("x://[2001:DB8::A]/"), "x://[2001:db8::a]/");
}

#[test]
fn rfc3986_6_2_2_2_percent_encoding() {
    // §6.2.2.2 example: %7E is "~".
    assert_eq!(
        norm("http://example.com/%7Esmith/home.html"),
        "http://example.com/~smith/home.html"
    );
    assert_eq!(norm("x:%41%2d%2e%5f%7e"), "x:A-._~");
    assert_eq!(norm("x:%2F%3F"), "x:%2F%3F");
    assert_eq!(norm("x://%61%62/"), "x://ab/");
}

#[test]
fn rfc3986_6_2_2_3_dot_segments() {
    assert_eq!(
        norm("http://example.com/a/./b/../../c"),
        "http://example.com/c"
    );
    assert_eq!(norm("x:/../a"), "x:/a");
    assert_eq!(norm("/a/../b"), "/b");
    // A relative-path reference keeps its dot segments.
    assert_eq!(norm("../a/./b"), "../a/./b");
    // §5.2.4 fix: no authority and a path turning into "//…".
    assert_eq!(norm("x:/a/..//b"), "x:/.//b");
    // The §6.2.2 example triple: all three normalize alike.
    let a = norm("example://a/b/c/%7Bfoo%7D");
    assert_eq!(a, norm("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"));
}

#[test]
fn rfc3986_6_2_3_scheme_based_for_http_only() {
    assert_eq!(norm("http://example.com"), "http://example.com/");
    assert_eq!(norm("http://example.com:/"), "http://example.com/");
    assert_eq!(norm("http://example.com:80/"), "http://example.com/");
    assert_eq!(norm("HTTPS://example.com:443"), "https://example.com/");
    assert_eq!(norm("https://example.com:80/"), "https://example.com:80/");
    assert_eq!(norm("ftp://example.com:21"), "ftp://example.com:21");
    assert_eq!(norm("x://h:"), "x://h:");
}

#[test]
fn normalize_is_idempotent_and_reparses_on_samples() {
    for s in [
        "HTTP://a/%7e/./../b?%3d#%7E",
        "//H/..//x",
        "x:.//a",
        "a/../b",
        "",
        "?",
        "#",
        "x://[fE80::1]:0",
    ] {
        let once = norm(s);
        assert_eq!(norm(&once), once, "{s}");
    }
}
