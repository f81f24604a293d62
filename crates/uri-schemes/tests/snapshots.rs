//! insta snapshots of the human-facing error and warning messages.

use std::fmt::Write;

#[cfg(feature = "mailto")]
use uri_schemes::Mailto;
use uri_schemes::{HttpUrl, Uri, UriError, UriPolicy, UriRef, Warning};

/// The error as the library renders it against its input (`display_in`: the input, a
/// caret under the offending character, the code and the message).
fn render(input: &str, err: &UriError) -> String {
    format!("{}\n", err.display_in(input))
}

/// Appends the rendering of the error `parse` reports for each of `inputs`.
fn render_each(out: &mut String, inputs: &[&str], parse: impl Fn(&str) -> Option<UriError>) {
    for input in inputs {
        let err = parse(input).unwrap_or_else(|| panic!("{input:?} was accepted"));
        out.push_str(&render(input, &err));
    }
}

#[test]
fn error_messages() {
    let mut out = String::new();
    let refs = [
        "http://example.com/a b",
        "http%zz",
        "http://us er@host/",
        "http://a b/",
        "http://a:8x/",
        "1a:b",
        "http://a/?c d",
        "http://a/#c#d",
        "http://[::1/",
        "http://[::1]x/",
        "http://[v1]/",
        "http://[1::2::3]/",
        "http://[fe80::1%25en0]/",
    ];
    render_each(&mut out, &refs, |s| UriRef::parse(s).err());
    let zones = UriPolicy::STRICT.with_zone_ids();
    let err = UriRef::parse_with("http://[fe80::1%25]/", &zones).unwrap_err();
    out.push_str(&render("http://[fe80::1%25]/", &err));
    render_each(&mut out, &["//no-scheme", "ht tp://x"], |s| {
        Uri::parse(s).err()
    });
    let http = [
        "ftp://h/",
        "http:x",
        "http:///x",
        "http://h:70000/",
        "http://bank.example@evil.example/",
        "http://-x.example/",
        "http://%FF/",
        "http://Bücher.example/",
        "http://exa\u{200b}mple.com/",
    ];
    render_each(&mut out, &http, |s| HttpUrl::parse(s).err());
    insta::assert_snapshot!(out);
}

/// The caret reports of RFC 6068 §2 errors, and of the address errors of `rfc-email`.
#[cfg(feature = "mailto")]
#[test]
fn mailto_error_messages() {
    let mut out = String::new();
    let inputs = [
        "mailto:a@example.com?cc=b@example.com?body=x",
        "mailto:a@example.com?x-y%0D%0ABcc=e@example.com",
        "mailto:?cc=a@example.com%20b@example.com",
        "mailto:a@example.com?subject",
        "mailto:a@example.com,,b@example.com",
        "mailto:a&b@example.com",
        "mailto:a..b@example.com",
        "mailto:a@example.com?subject=%FF",
    ];
    render_each(&mut out, &inputs, |s| Mailto::parse(s).err());
    insta::assert_snapshot!(out);
}

#[test]
fn warning_messages() {
    let all = [
        Warning::UserinfoInHttpUrl,
        Warning::EmptyPort,
        Warning::HeaderInjection,
        Warning::UnsafeHeaderField,
        Warning::ToInBothPathAndHeader,
        Warning::DuplicateHeaderField,
        Warning::Smtputf8Address,
        Warning::PercentEncodedDomain,
        Warning::InternationalizedHost,
        Warning::FragmentInMailto,
    ];
    let mut out = String::new();
    for w in all {
        writeln!(out, "{}: {}", w.code(), w.message()).unwrap();
    }
    insta::assert_snapshot!(out);
}
