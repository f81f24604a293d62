//! `IdnaMode::Uts46` on http(s) hosts and mailto addresses: the A-label form of a host
//! is UTS #46 §4.2 `ToASCII` of the decoded host (mapped before conversion), and it is
//! a host the same policy accepts with the same A-label form.

use std::fmt::Write as _;

use ldh_domain::IdnaMode;
use uri_schemes::{HttpPolicy, HttpUrl};
#[cfg(feature = "mailto")]
use uri_schemes::{Mailto, MailtoPolicy};

const MODES: [IdnaMode; 3] = [IdnaMode::Registration, IdnaMode::Lookup, IdnaMode::Uts46];

fn iri(mode: IdnaMode) -> HttpPolicy {
    HttpPolicy::STRICT.with_iri().with_idna_mode(mode)
}

#[track_caller]
fn host_ascii(url: &str, policy: HttpPolicy) -> String {
    let parsed = HttpUrl::parse_with(url, &policy).unwrap_or_else(|e| panic!("{url:?}: {e}"));
    parsed
        .host_ascii()
        .unwrap_or_else(|e| panic!("{url:?}: {e}"))
        .into_owned()
}

/// UTS #46 §4.1 then §4.2, on hosts written in Unicode and percent-encoded (RFC 3987
/// §3.1, RFC 3986 §3.2.2): full-width letters, an ignored U+200B, `s` + U+0307 not
/// in NFC, a ligature.
#[test]
fn uts46_4_2_http_host_ascii_is_the_mapped_host() {
    let policy = iri(IdnaMode::Uts46);
    let cases = [
        ("http://ＥＸＡＭＰＬＥ.com/", "example.com"),
        (
            "http://%EF%BC%A5%EF%BC%B8%EF%BC%A1%EF%BC%AD%EF%BC%B0%EF%BC%AC%EF%BC%A5.com/",
            "example.com",
        ),
        ("https://exa\u{200B}mple.com/", "example.com"),
        ("https://exa%E2%80%8Bmple.com/", "example.com"),
        ("http://s\u{307}.example/", "xn--tig.example"),
        ("http://s%CC%87.example/", "xn--tig.example"),
        ("http://a\u{FB01}b.example/", "afib.example"),
        ("http://B\u{fc}cher.example/", "xn--bcher-kva.example"),
    ];
    for (url, expected) in cases {
        assert_eq!(host_ascii(url, policy), expected, "{url}");
    }
}

/// The property over the URL corpus and generated hosts (every code point class the
/// UTS #46 mapping changes, written and percent-encoded): for every mode, a URL that
/// parses has a `host_ascii` that, as the host of a URL, parses under the same policy
/// to the same `host_ascii`, and equals `to_ascii_with` of the decoded host when that
/// converts.
#[test]
fn uts46_4_2_http_host_ascii_reparses_to_itself() {
    let corpus = include_str!("../testdata/corpus/urls.txt");
    let mut urls: Vec<String> = corpus.lines().map(String::from).collect();
    let pieces = [
        "ＥＸＡＭＰＬＥ",
        "exa\u{200B}mple",
        "s\u{307}",
        "a\u{FB01}b",
        "Bücher",
        "x\u{00AD}y",
        "\u{1D400}b",
        "k\u{212A}",
        "xn--bＥ𝐀",
        "ß",
        "例え",
        "\u{5e0}",
        "a\u{FE0F}",
    ];
    for piece in pieces {
        for tld in [".com", ".example", ".ＣＯＭ"] {
            let host = format!("{piece}{tld}");
            urls.push(format!("http://{host}/"));
            let encoded = host.bytes().fold(String::new(), |mut out, b| {
                let _ = write!(out, "%{b:02X}");
                out
            });
            urls.push(format!("https://{encoded}/p"));
        }
    }
    let (mut parsed, mut compared) = (0, 0);
    let mut failures = Vec::new();
    for url in &urls {
        for mode in MODES {
            let policy = iri(mode);
            let Ok(u) = HttpUrl::parse_with(url, &policy) else {
                continue;
            };
            parsed += 1;
            let Ok(ascii) = u.host_ascii() else {
                failures.push(format!("{url:?} {mode:?}: host_ascii failed"));
                continue;
            };
            let again = format!("http://{ascii}/");
            match HttpUrl::parse_with(&again, &policy)
                .map(|a| a.host_ascii().map(std::borrow::Cow::into_owned))
            {
                Ok(Ok(h)) if h == ascii => {}
                other => failures.push(format!("{url:?} {mode:?}: {ascii:?} gives {other:?}")),
            }
            let uri_schemes::Host::RegName(text) = u.host() else {
                continue;
            };
            let decoded = percent_decode(text);
            if let Ok(free) = ldh_domain::to_ascii_with(&decoded, mode) {
                compared += 1;
                if free != ascii {
                    failures.push(format!("{url:?} {mode:?}: {ascii:?}, free {free:?}"));
                }
            }
        }
    }
    eprintln!(
        "{} URLs, {parsed} parsed (× mode), {compared} compared with to_ascii_with",
        urls.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(parsed > 20_000 && compared > 20_000);
}

/// RFC 3986 §2.1 percent-decoding of a reg-name (valid triplets only: the URL parsed).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(v) = u8::from_str_radix(hex, 16)
        {
            out.push(v);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// RFC 6068 §2 addresses under `--idna uts46`: each `to` address, checked by rfc-email
/// under the same mode, has an ASCII form with the mapped domain, which parses again.
#[cfg(feature = "mailto")]
#[test]
fn uts46_4_2_mailto_addresses_convert_to_mapped_ascii() {
    let policy = MailtoPolicy::DEFAULT.with_idna_mode(IdnaMode::Uts46);
    let m = Mailto::parse_with("mailto:a@%EF%BC%A5%EF%BC%B8%EF%BC%A1%EF%BC%AD%EF%BC%B0%EF%BC%AC%EF%BC%A5.com,b@s%CC%87.example", &policy).unwrap();
    let email = rfc_email::Policy::SMTPUTF8.with_idna_mode(IdnaMode::Uts46);
    let ascii: Vec<String> = m
        .to()
        .iter()
        .map(|a| {
            rfc_email::EmailAddress::parse_with(a, &email)
                .unwrap()
                .to_ascii()
                .unwrap()
                .into_owned()
        })
        .collect();
    assert_eq!(ascii, ["a@example.com", "b@xn--tig.example"]);

    let corpus = include_str!("../testdata/corpus/mailto.txt");
    let mut checked = 0;
    for line in corpus.lines() {
        for mode in MODES {
            let Ok(m) = Mailto::parse_with(line, &MailtoPolicy::DEFAULT.with_idna_mode(mode))
            else {
                continue;
            };
            let email = rfc_email::Policy::SMTPUTF8.with_idna_mode(mode);
            for address in m.to() {
                let Ok(a) = rfc_email::EmailAddress::parse_with(&address, &email) else {
                    continue;
                };
                let Ok(ascii) = a.to_ascii() else { continue };
                let again = rfc_email::EmailAddress::parse_with(&ascii, &email)
                    .unwrap_or_else(|e| panic!("{line:?}: {ascii:?}: {e}"));
                assert_eq!(again.to_ascii().unwrap(), ascii, "{line:?}");
                checked += 1;
            }
        }
    }
    eprintln!("mailto corpus: {checked} addresses' ASCII forms checked (× mode)");
    assert!(checked > 10_000);
}
