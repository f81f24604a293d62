//! RFC 3986 §6.2.2 syntax-based and §6.2.3 (http/https) normalization.

use uri_schemes::UriRef;

fn norm(s: &str) -> String {
    UriRef::parse(s).unwrap().normalize()
}

/// Asserts that each `(input, normal form)` of `cases` normalizes as given.
fn assert_normalizes(cases: &[(&str, &str)]) {
    for &(input, expected) in cases {
        assert_eq!(norm(input), expected, "{input:?}");
    }
}

#[test]
fn rfc3986_6_2_2_1_case() {
    assert_normalizes(&[
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("http://example.com/%3a%2F", "http://example.com/%3A%2F"),
        ("x://User@Host/Path?Q#F", "x://User@host/Path?Q#F"),
        ("x://%C3%A9X/", "x://%C3%A9x/"),
        ("x://[2001:DB8::A]/", "x://[2001:db8::a]/"),
    ]);
}

#[test]
fn rfc3986_6_2_2_2_percent_encoding() {
    assert_normalizes(&[
        // §6.2.2.2 example: %7E is "~".
        (
            "http://example.com/%7Esmith/home.html",
            "http://example.com/~smith/home.html",
        ),
        ("x:%41%2d%2e%5f%7e", "x:A-._~"),
        ("x:%2F%3F", "x:%2F%3F"),
        ("x://%61%62/", "x://ab/"),
    ]);
}

#[test]
fn rfc3986_6_2_2_3_dot_segments() {
    assert_normalizes(&[
        ("http://example.com/a/./b/../../c", "http://example.com/c"),
        ("x:/../a", "x:/a"),
        ("/a/../b", "/b"),
        // A relative-path reference keeps its dot segments.
        ("../a/./b", "../a/./b"),
        // §5.2.4 fix: no authority and a path turning into "//…".
        ("x:/a/..//b", "x:/.//b"),
    ]);
    // The §6.2.2 example triple: all three normalize alike.
    let a = norm("example://a/b/c/%7Bfoo%7D");
    assert_eq!(a, norm("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"));
}

#[test]
fn rfc3986_6_2_3_scheme_based_for_http_only() {
    assert_normalizes(&[
        ("http://example.com", "http://example.com/"),
        ("http://example.com:/", "http://example.com/"),
        ("http://example.com:80/", "http://example.com/"),
        ("HTTPS://example.com:443", "https://example.com/"),
        ("https://example.com:80/", "https://example.com:80/"),
        ("ftp://example.com:21", "ftp://example.com:21"),
        ("x://h:", "x://h:"),
    ]);
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
