//! RFC 3986 §5.4 reference resolution examples (testdata/uri/rfc3986-resolution.tsv).

use uri_schemes::{Uri, UriRef, resolve};

use crate::common::tsv;

#[test]
fn rfc3986_section_5_4_examples_strict_parser() {
    let rows = tsv("uri/rfc3986-resolution.tsv");
    let mut checked = 0;
    for row in &rows {
        let (base, reference, expected, note) = (&row[0], &row[1], &row[2], &row[4]);
        if note.starts_with("backward-compatible") {
            // §5.4.2: we are a strict parser; the non-strict row must NOT be produced.
            let got = resolve(
                &Uri::parse(base).unwrap(),
                &UriRef::parse(reference).unwrap(),
            );
            assert_ne!(
                &got, expected,
                "non-strict variant produced for {reference}"
            );
            continue;
        }
        let base = Uri::parse(base).unwrap();
        let r = UriRef::parse(reference).unwrap();
        assert_eq!(&resolve(&base, &r), expected, "{reference}");
        assert_eq!(&r.resolve_against(&base), expected, "{reference}");
        assert_eq!(&base.join(reference).unwrap(), expected, "{reference}");
        checked += 1;
    }
    assert_eq!(checked, 42);
}

#[test]
fn rfc3986_5_2_4_double_slash_fix() {
    let cases = [
        ("foo:/a/b", "..//x", "foo:/.//x"),
        ("foo:a/b", ".//x", "foo:a//x"),
        ("foo:a/b", "..//x", "foo:/.//x"),
        ("foo:/a", "/..//x", "foo:/.//x"),
        ("foo:/a", "//h/..//x", "foo://h//x"),
        ("g:h", "/.//x", "g:/.//x"),
    ];
    for (base, reference, expected) in cases {
        let got = resolve(
            &Uri::parse(base).unwrap(),
            &UriRef::parse(reference).unwrap(),
        );
        assert_eq!(got, expected, "{base} + {reference}");
        let reparsed = Uri::parse(&got).unwrap();
        assert!(
            reparsed.authority().is_none() || base.contains("//") || reference.starts_with("//")
        );
    }
}

/// Asserts that each `(reference, target)` of `cases` resolves against `base` as given.
fn assert_resolves(base: &str, cases: &[(&str, &str)]) {
    let base = Uri::parse(base).unwrap();
    for &(reference, expected) in cases {
        let got = resolve(&base, &UriRef::parse(reference).unwrap());
        assert_eq!(got, expected, "{base} + {reference:?}");
    }
}

#[test]
fn rfc3986_5_2_2_base_fragment_is_ignored() {
    assert_resolves(
        "http://a/b?q#frag",
        &[("", "http://a/b?q"), ("#x", "http://a/b?q#x")],
    );
}

#[test]
fn rfc3986_5_2_3_rootless_and_empty_base_paths() {
    assert_resolves(
        "urn:example:a",
        &[("b", "urn:b"), ("../b", "urn:b"), ("?q", "urn:example:a?q")],
    );
    assert_resolves(
        "mailto:a@example.com",
        &[("b@example.org", "mailto:b@example.org")],
    );
    // §5.2.3 first bullet: authority and empty path merge to "/" + reference.
    assert_resolves("http://h", &[("g", "http://h/g"), ("", "http://h")]);
}

#[test]
fn rfc3986_5_4_2_reference_with_scheme_is_taken_as_is() {
    assert_resolves(
        "http://a/b/c/d;p?q",
        &[("http:g", "http:g"), ("HTTP:./g/../h", "HTTP:/h")],
    );
}

/// `Uri::join` reports the reference's own parse error (RFC 3986 §2.1: `%` needs two hex
/// digits), at its offset in the reference.
#[test]
fn join_reports_the_reference_parse_error() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let err = base.join("a%zz").unwrap_err();
    assert_eq!((err.code(), err.offset()), ("bad_percent_encoding", 1));
}
