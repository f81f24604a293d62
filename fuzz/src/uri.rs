//! Targets for `uri-schemes`: URI round trips and resolution, HTTP URLs, `mailto`
//! parsing and building, and the comparison with `fluent-uri`.

use fluent_uri::pct_enc::EStr;
use rfc_email::{DomainPart, EmailAddress};
use uri_schemes::{HttpPolicy, HttpUrl, Mailto, MailtoBuilder, Uri, UriPolicy, UriRef};

use crate::{assert_included, text};

/// RFC 3986 §5.3 component recomposition.
fn recompose(r: &UriRef<'_>) -> String {
    let mut out = String::new();
    if let Some(s) = r.scheme() {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = r.authority() {
        out.push_str("//");
        out.push_str(a.as_str());
    }
    out.push_str(r.path());
    if let Some(q) = r.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

type Components<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn components<'a>(r: &UriRef<'a>) -> Components<'a> {
    (
        r.scheme(),
        r.authority().map(|a| a.as_str()),
        r.userinfo(),
        r.host().map(|h| h.as_str()),
        r.port_str(),
        r.path(),
        r.query(),
        r.fragment(),
    )
}

/// `uri_roundtrip`: `UriRef::parse` never panics; an accepted reference displays as
/// its input, re-parses to the same components and recomposes (RFC 3986 §5.3) to its
/// input; `Uri::parse` accepts exactly the references with a scheme; the lenient
/// options accept a superset; `normalize` gives a reference that parses and is a fixed
/// point (its documented guarantee).
pub fn uri_roundtrip(data: &[u8]) {
    for options in [
        UriPolicy::STRICT,
        UriPolicy::STRICT.with_zone_ids().with_iri(),
    ] {
        if let Err(e) = UriRef::parse_bytes(data, &options) {
            assert!(
                e.offset() <= data.len(),
                "error offset past the input: {e:?}"
            );
        }
    }
    let s = text(data);
    let strict = UriRef::parse(&s);
    let lenient = UriRef::parse_with(&s, &UriPolicy::STRICT.with_zone_ids().with_iri());
    assert_eq!(
        Uri::parse(&s).is_ok(),
        strict.as_ref().is_ok_and(UriRef::has_scheme),
        "Uri vs UriRef"
    );
    let r = match strict {
        Ok(r) => r,
        Err(e) => {
            assert!(e.offset() <= s.len(), "error offset past the input: {e:?}");
            return;
        }
    };
    assert!(
        lenient.is_ok(),
        "strict accepts, lenient options reject: {lenient:?}"
    );
    assert_eq!(
        components(&lenient.expect("checked")),
        components(&r),
        "lenient parse splits differently"
    );
    let shown = r.to_string();
    assert_eq!(shown, *s, "Display is not the input");
    let again = UriRef::parse(&shown).expect("Display output does not parse");
    assert_eq!(
        components(&again),
        components(&r),
        "re-parse gives other components"
    );
    assert_eq!(
        recompose(&r),
        *s,
        "RFC 3986 §5.3 recomposition is not the input"
    );
    if let Some(a) = r.authority() {
        assert_eq!(r.host().map(|h| h.as_str()), Some(a.host().as_str()));
        if let Some(p) = a.port_str() {
            assert!(p.bytes().all(|b| b.is_ascii_digit()), "port {p:?}");
            if let Some(n) = a.port() {
                assert_eq!(
                    p.trim_start_matches('0').parse::<u16>().unwrap_or(0),
                    n,
                    "port number"
                );
            }
        }
    } else {
        assert!(r.host().is_none() && r.port_str().is_none() && r.userinfo().is_none());
    }
    let n = r.normalize();
    let nr = match UriRef::parse(&n) {
        Ok(nr) => nr,
        Err(e) => panic!("normalize({s:?}) = {n:?} does not parse: {e:?}"),
    };
    assert_eq!(
        nr.has_scheme(),
        r.has_scheme(),
        "normalize changed the reference kind"
    );
    assert_eq!(nr.normalize(), n, "normalize is not idempotent on {s:?}");
}

/// `uri_resolve`: input is `base \n reference`. When the base is a URI and the
/// reference parses, `resolve` gives a URI that parses (its documented guarantee),
/// equals `resolve_against`, is deterministic, and reaches a fixed point after one more
/// resolution against the same base (the result then has a scheme and no dot segments
/// left, RFC 3986 §5.2.2 and §5.2.4); the fragment is the reference's.
pub fn uri_resolve(data: &[u8]) {
    let s = text(data);
    let (base, reference) = s.split_once('\n').unwrap_or((&s, ""));
    let (Ok(base), Ok(reference)) = (Uri::parse(base), UriRef::parse(reference)) else {
        return;
    };
    let target = uri_schemes::resolve(&base, &reference);
    let parsed = match Uri::parse(&target) {
        Ok(t) => t,
        Err(e) => panic!("resolve({base}, {reference}) = {target:?} is not a URI: {e:?}"),
    };
    assert_eq!(
        reference.resolve_against(&base),
        target,
        "resolve_against differs"
    );
    assert_eq!(
        uri_schemes::resolve(&base, &reference),
        target,
        "resolve is not deterministic"
    );
    // Resolving the target again gives a fixed point after one step, not at once: with
    // an empty reference §5.2.2 copies the base path *without* remove_dot_segments, so
    // `http://a/b/./x` + `` = `http://a/b/./x`, and only a second resolution (the target
    // now has a scheme) removes the `./` (found by this target; see docs/notes/fuzz.md).
    let once = uri_schemes::resolve(&base, parsed.as_uri_ref());
    let once_parsed = match Uri::parse(&once) {
        Ok(t) => t,
        Err(e) => panic!("re-resolved {once:?} is not a URI: {e:?}"),
    };
    assert_eq!(
        uri_schemes::resolve(&base, once_parsed.as_uri_ref()),
        once,
        "resolution is not a fixed point after one step"
    );
    // A URI with a scheme resolves to the same thing against any base (§5.2.2).
    assert_eq!(
        uri_schemes::resolve(&once_parsed, once_parsed.as_uri_ref()),
        once,
        "self-resolution"
    );
    if reference.fragment().is_some() {
        assert_eq!(
            parsed.fragment(),
            reference.fragment(),
            "§5.2.2: T.fragment = R.fragment"
        );
    } else {
        assert!(parsed.fragment().is_none(), "§5.2.2: fragment from nowhere");
    }
}

/// `http_parse`: `HttpUrl::parse` never panics; an accepted URL is an absolute URI with
/// scheme http/https, a non-empty host whose A-label form can be computed, a port that
/// fits 16 bits; its origin re-parses as an http(s) URL with the same origin; the
/// lenient policies (userinfo with a warning, IRIs) accept a superset.
pub fn http_parse(data: &[u8]) {
    let s = text(data);
    let strict = HttpUrl::parse(&s);
    let lax_policy = HttpPolicy::STRICT
        .with_userinfo(uri_schemes::UserinfoPolicy::Warn)
        .with_iri();
    let lax = HttpUrl::parse_with(&s, &lax_policy);
    let iri = HttpUrl::parse_with(&s, &HttpPolicy::STRICT.with_iri());
    if let Err(e) = &strict {
        assert!(e.offset() <= s.len(), "error offset past the input: {e:?}");
    }
    assert_included(strict.is_ok(), &iri, "strict accepts, IRI policy rejects");
    assert_included(iri.is_ok(), &lax, "IRI policy accepts, lax policy rejects");
    for url in [strict.ok(), iri.ok(), lax.ok()].into_iter().flatten() {
        assert_eq!(url.as_str(), &*s);
        assert_eq!(url.to_string(), *s);
        let scheme = url.as_uri().scheme();
        assert_eq!(url.is_https(), scheme.eq_ignore_ascii_case("https"));
        assert!(scheme.eq_ignore_ascii_case("http") || url.is_https());
        assert!(!url.host().as_str().is_empty(), "empty host accepted");
        assert_eq!(url.port(), url.as_uri().port());
        let ascii = match url.host_ascii() {
            Ok(a) => a,
            Err(e) => panic!("host_ascii of accepted {s:?} failed: {e:?}"),
        };
        assert!(ascii.is_ascii(), "host_ascii not ASCII: {ascii:?}");
        let origin = url.origin();
        let shown = origin.to_string();
        let back = match HttpUrl::parse_with(&shown, &lax_policy) {
            Ok(b) => b,
            Err(e) => panic!("origin {shown:?} of {s:?} does not parse: {e:?}"),
        };
        assert_eq!(back.origin(), origin, "origin changed after a round trip");
    }
}

/// The email policy that `Mailto` and `MailtoBuilder` check an address with.
fn mailto_policy(address: &str) -> rfc_email::Policy {
    if address.is_ascii() {
        rfc_email::Policy::RFC5321
    } else {
        rfc_email::Policy::SMTPUTF8
    }
}

/// RFC 5322 §3.6.8 `field-name = 1*ftext` (printable ASCII except `:`).
pub(crate) fn assert_field_name(name: &str, uri: &str) {
    assert!(
        !name.is_empty() && name.bytes().all(|b| matches!(b, 33..=57 | 59..=126)),
        "header name {name:?} of {uri:?} is not an RFC 5322 field-name"
    );
}

/// `mailto_parse`: `Mailto::parse` never panics; an accepted URI is a valid `Uri`, shows
/// as its input, and has a fragment only with the `fragment_in_mailto` warning; every
/// decoded header name is an RFC 5322 field-name; every decoded recipient (path and the
/// RFC 5322 address lists of `to`, `cc` and `bcc` fields) is an address `rfc-email`
/// accepts (RFC 6068 §2); raw and decoded accessors agree.
pub fn mailto_parse(data: &[u8]) {
    let s = text(data);
    let m = match Mailto::parse(&s) {
        Ok(m) => m,
        Err(e) => {
            assert!(e.offset() <= s.len(), "error offset past the input: {e:?}");
            return;
        }
    };
    let uri = Uri::parse(&s).expect("accepted mailto is not a URI");
    assert!(uri.scheme().eq_ignore_ascii_case("mailto"));
    assert_eq!(
        uri.fragment().is_some(),
        m.warnings()
            .contains(uri_schemes::Warning::FragmentInMailto),
        "fragment without its warning"
    );
    assert_eq!(m.to_string(), *s);
    let to = m.to();
    let raw_to: Vec<_> = m.raw_to().collect();
    assert!(to.len() >= raw_to.len());
    for address in &to {
        let r = EmailAddress::parse_with(address, &mailto_policy(address));
        assert!(
            r.is_ok(),
            "recipient {address:?} of {s:?} is not a valid address: {r:?}"
        );
    }
    for (name, value) in m.raw_hfields() {
        let decoded = uri_schemes::percent::decode_to_string(name).expect("hfname not UTF-8");
        assert_field_name(&decoded, &s);
        if ["to", "cc", "bcc"]
            .iter()
            .any(|n| decoded.eq_ignore_ascii_case(n))
            && !value.is_empty()
        {
            let list = uri_schemes::percent::decode_to_string(value).expect("value not UTF-8");
            for mailbox in rfc_email::mailboxes(&list) {
                let address = mailbox
                    .unwrap_or_else(|e| {
                        panic!("{decoded} list {list:?} of {s:?} accepted but: {e}")
                    })
                    .addr_spec();
                let r = EmailAddress::parse_with(address, &mailto_policy(address));
                assert!(
                    r.is_ok(),
                    "{decoded} address {address:?} of {s:?} is not valid: {r:?}"
                );
            }
        }
    }
    let fields = m.hfields();
    assert_eq!(fields.len(), m.raw_hfields().count());
    assert_eq!(m.subject(), m.header("subject"));
    assert_eq!(
        m.subject(),
        fields
            .iter()
            .find(|(n, _)| n == "subject")
            .map(|(_, v)| v.clone()),
        "subject() is not the first subject field"
    );
}

/// Reads the fuzzer's bytes as builder calls: chunks separated by `0xFF` (never part
/// of UTF-8), each an operation byte then text.
fn builder_ops(data: &[u8]) -> Vec<(u8, String)> {
    data.split(|&b| b == 0xFF)
        .filter_map(|chunk| {
            let (&op, rest) = chunk.split_first()?;
            Some((op % 6, String::from_utf8_lossy(rest).into_owned()))
        })
        .collect()
}

/// An address as the builder writes it: an IDN domain as A-labels (RFC 6068 §2 item 4).
fn as_written(address: &str) -> String {
    match EmailAddress::parse_with(address, &mailto_policy(address)).map(|a| a.domain()) {
        Ok(DomainPart::Name(name)) if !name.is_ascii() => {
            let (local, _) = address.rsplit_once('@').expect("an address has an @");
            format!(
                "{local}@{}",
                name.to_ascii().expect("a valid IDN has an A-label form")
            )
        }
        _ => address.to_owned(),
    }
}

/// Every line break (CRLF, CR, LF) as CRLF.
fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\n', "\r\n")
}

/// What `Mailto::parse` flags as header injection outside the body (RFC 6068 §7).
const LINE_BREAKS: [char; 7] = ['\r', '\n', '\0', '\u{0B}', '\u{85}', '\u{2028}', '\u{2029}'];

/// Header names RFC 6068 §3 says mail clients MUST ignore (with the `resent-` and
/// `content-` prefixes).
const UNSAFE_NAMES: [&str; 8] = [
    "from",
    "sender",
    "reply-to",
    "date",
    "apparently-to",
    "received",
    "return-path",
    "mime-version",
];

#[derive(Debug)]
enum Expected {
    Text(String),
    Addresses(Vec<String>),
}

/// `mailto_build`: a `MailtoBuilder` fed fuzzer-chosen recipients and header fields
/// builds exactly when every address is valid (RFC 5321, or SMTPUTF8 when not ASCII),
/// every header name is an RFC 5322 `field-name` that RFC 6068 §3 does not say to ignore
/// and that is not used twice, and no value but the body holds a line break (CR, LF,
/// NUL, VT, NEL, U+2028, U+2029); what it builds parses with `Mailto` and gives back the
/// same recipients and the same fields in the documented order (calls in order;
/// `cc`/`bcc` gathered into one field each; `subject`/`body` replaced in place).
/// Generic header names that the builder treats specially or that `Mailto` reads as
/// addresses (`to`, `cc`, `bcc`, `subject`, `body`) are skipped (`mailto_build.rs` in
/// the uri-schemes tests covers them).
pub fn mailto_build(data: &[u8]) {
    let mut builder = MailtoBuilder::new();
    let mut to = Vec::new();
    let mut fields: Vec<(String, Expected)> = Vec::new();
    let mut all_valid = true;
    for (op, arg) in builder_ops(data) {
        match op {
            0 => {
                all_valid &= EmailAddress::parse_with(&arg, &mailto_policy(&arg)).is_ok();
                builder = builder.to(&arg);
                to.push(as_written(&arg));
            }
            1 | 2 => {
                let name = if op == 1 { "cc" } else { "bcc" };
                all_valid &= EmailAddress::parse_with(&arg, &mailto_policy(&arg)).is_ok();
                builder = if op == 1 {
                    builder.cc(&arg)
                } else {
                    builder.bcc(&arg)
                };
                let arg = as_written(&arg);
                match fields.iter_mut().find(|(n, _)| n == name) {
                    Some((_, Expected::Addresses(list))) => list.push(arg),
                    _ => fields.push((name.to_owned(), Expected::Addresses(vec![arg]))),
                }
            }
            3 | 4 => {
                let name = if op == 3 { "subject" } else { "body" };
                builder = if op == 3 {
                    builder.subject(&arg)
                } else {
                    builder.body(&arg)
                };
                // RFC 6068 §7: line breaks only in the body, written as CRLF (§5).
                let arg = if op == 3 {
                    all_valid &= !arg.contains(LINE_BREAKS);
                    arg
                } else {
                    crlf(&arg)
                };
                match fields.iter_mut().find(|(n, _)| n == name) {
                    Some((_, v)) => *v = Expected::Text(arg),
                    None => fields.push((name.to_owned(), Expected::Text(arg))),
                }
            }
            _ => {
                let (name, value) = arg.split_once(':').unwrap_or((&arg, ""));
                if ["to", "cc", "bcc", "subject", "body"]
                    .iter()
                    .any(|n| name.eq_ignore_ascii_case(n))
                {
                    continue;
                }
                let lower = name.to_ascii_lowercase();
                all_valid &= !name.is_empty()
                    && name.bytes().all(|b| matches!(b, 33..=57 | 59..=126))
                    && !value.contains(LINE_BREAKS)
                    && !UNSAFE_NAMES.contains(&lower.as_str())
                    && !lower.starts_with("resent-")
                    && !lower.starts_with("content-")
                    && !fields.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
                builder = builder.header(name, value);
                fields.push((name.to_owned(), Expected::Text(value.to_owned())));
            }
        }
    }
    let uri = match builder.build() {
        Ok(uri) => uri,
        Err(e) => {
            assert!(
                !all_valid,
                "build failed on valid parts: {e:?} ({to:?}, {fields:?})"
            );
            return;
        }
    };
    assert!(all_valid, "build accepted an invalid part: {uri:?}");
    let m = match Mailto::parse(&uri) {
        Ok(m) => m,
        Err(e) => panic!("built {uri:?} does not parse: {e:?}"),
    };
    let decode = |raw: &str| {
        uri_schemes::percent::decode_to_string(raw)
            .expect("not UTF-8")
            .into_owned()
    };
    let got_to: Vec<String> = m.raw_to().map(decode).collect();
    assert_eq!(got_to, to, "recipients before ? differ in {uri:?}");
    let got: Vec<(&str, &str)> = m.raw_hfields().collect();
    assert_eq!(
        got.len(),
        fields.len(),
        "field count differs in {uri:?}: {fields:?}"
    );
    for ((raw_name, raw_value), (name, expected)) in got.iter().zip(&fields) {
        assert_eq!(decode(raw_name), *name, "field name in {uri:?}");
        match expected {
            Expected::Text(text) => assert_eq!(decode(raw_value), *text, "field {name} in {uri:?}"),
            Expected::Addresses(list) => {
                let back: Vec<String> = raw_value.split(',').map(decode).collect();
                assert_eq!(&back, list, "field {name} in {uri:?}");
            }
        }
    }
}

/// `uri_vs_fluent`: `UriRef::parse` and `fluent_uri::UriRef::parse` accept the same
/// strings and split them into the same scheme, authority, path, query and fragment:
/// both are strict RFC 3986 parsers, so no difference is allowed.
pub fn uri_vs_fluent(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let ours = UriRef::parse(s);
    let theirs = fluent_uri::UriRef::parse(s);
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "accept/reject differs on {s:?}: ours {ours:?}, fluent-uri {:?}",
        theirs.as_ref().map(|_| ())
    );
    if let (Ok(a), Ok(b)) = (ours, theirs) {
        assert_eq!(
            a.scheme(),
            b.scheme().map(fluent_uri::component::Scheme::as_str),
            "scheme of {s:?}"
        );
        assert_eq!(
            a.authority().map(|x| x.as_str()),
            b.authority().map(|x| x.as_str()),
            "authority of {s:?}"
        );
        assert_eq!(a.path(), b.path().as_str(), "path of {s:?}");
        assert_eq!(
            (a.query(), a.fragment()),
            (b.query().map(EStr::as_str), b.fragment().map(EStr::as_str)),
            "query and fragment of {s:?}"
        );
        if let (Some(x), Some(y)) = (a.authority(), b.authority()) {
            assert_eq!(
                (x.userinfo(), x.port_str()),
                (y.userinfo().map(EStr::as_str), y.port().map(EStr::as_str)),
                "userinfo and port of {s:?}"
            );
            assert_eq!(x.host().as_str(), y.host(), "host of {s:?}");
        }
    }
}
