//! Adversarial inputs ("Input safety" in the crate docs): megabyte runs of one
//! byte, `%` and `%2` runs, megabyte hosts, ports, IPv6-looking literals, dot segments,
//! and megabyte mailto URIs with many `&` and many addresses. Each case asserts the exact
//! error kind and offset, or the value.
//!
//! No timing assertions. Where the API exposes a count it is checked (components of the
//! parse, the `to` addresses and header fields of a mailto, the bytes `percent::decode`
//! yields), so the work is shown to be one pass over the input; the other inputs are 1 MiB,
//! so a quadratic path (10^12 steps) would make the test time out visibly. These run on
//! the default 2 MiB test thread, so a recursive parser would overflow it.
//!
//! `MAX_INPUT_LEN` (4 GiB - 1) is not exercised: an input over it needs 4 GiB of memory.

use ldh_domain::DomainErrorKind as D;
use name_text::ip::IpErrorKind as I;
#[cfg(feature = "mailto")]
use rfc_email::EmailErrorKind as E;
#[cfg(feature = "mailto")]
use uri_schemes::Mailto;
use uri_schemes::{HttpUrl, Uri, UriError, UriErrorKind as K, UriRef};

const MIB: usize = 1 << 20;

fn run(c: char, n: usize) -> String {
    core::iter::repeat_n(c, n).collect()
}

/// The error kind and offset, or the length of what was parsed.
fn outcome<T>(r: &Result<T, UriError>, len: impl Fn(&T) -> usize) -> Result<usize, (K, usize)> {
    r.as_ref().map(len).map_err(|e| (e.kind(), e.offset()))
}

fn uri_ref(input: &str) -> Result<usize, (K, usize)> {
    outcome(&UriRef::parse(input), |u| u.as_str().len())
}

fn uri(input: &str) -> Result<usize, (K, usize)> {
    outcome(&Uri::parse(input), |u| u.as_str().len())
}

fn http(input: &str) -> Result<usize, (K, usize)> {
    outcome(&HttpUrl::parse(input), |u| u.as_str().len())
}

/// The number of `to` addresses and header fields, or the error.
#[cfg(feature = "mailto")]
fn mailto(input: &str) -> Result<(usize, usize), (K, usize)> {
    Mailto::parse(input)
        .map(|m| (m.raw_to().count(), m.raw_hfields().count()))
        .map_err(|e| (e.kind(), e.offset()))
}

/// 1 MiB runs of one byte as a relative reference (RFC 3986 §4.2): a run of path
/// characters is one long path, returned whole; others fail at their first octet. As an
/// absolute URI none has a scheme (§3.1: it starts with a letter and ends at `:`).
#[test]
fn mebibyte_runs_as_references() {
    // pchar / "/" / "?" runs are valid paths or queries (§3.3, §3.4).
    for byte in ['.', '-', '(', ')', '@', '/', '?'] {
        let input = run(byte, MIB);
        assert_eq!(uri_ref(&input), Ok(MIB), "{byte:?}");
        assert_eq!(uri(&input), Err((K::MissingScheme, 0)), "{byte:?}");
        assert_eq!(http(&input), Err((K::MissingScheme, 0)), "{byte:?}");
    }
    // One path segment of 1 MiB dots: a value whose path is the whole input.
    let dots = run('.', MIB);
    assert_eq!(UriRef::parse(&dots).map(|u| u.path().len()), Ok(MIB));
    // `%` not followed by two hex digits (§2.1), at the first one.
    assert_eq!(uri_ref(&run('%', MIB)), Err((K::BadPercentEncoding, 0)));
    assert_eq!(
        uri_ref(&"%2".repeat(MIB / 2)),
        Err((K::BadPercentEncoding, 0))
    );
    assert_eq!(
        uri_ref(&"%%".repeat(MIB / 2)),
        Err((K::BadPercentEncoding, 0))
    );
    // 349,525 valid triplets: a value, and the lazy decoder yields one byte per triplet.
    let triplets = "%41".repeat(MIB / 3);
    assert_eq!(uri_ref(&triplets), Ok(triplets.len()));
    assert_eq!(
        uri_schemes::percent::decode(triplets.as_bytes())
            .filter(|b| *b == Ok(b'A'))
            .count(),
        MIB / 3
    );
    // A bad triplet at the very end is found at the end.
    let late = format!("{triplets}%4");
    assert_eq!(uri_ref(&late), Err((K::BadPercentEncoding, triplets.len())));
    // Characters outside the grammar, at once.
    for byte in ['"', '\\', '['] {
        assert_eq!(
            uri_ref(&run(byte, MIB)),
            Err((K::InvalidCharacterInPath, 0))
        );
    }
    // `::::…`: a colon in the first segment of a relative path (§4.2).
    assert_eq!(uri_ref(&run(':', MIB)), Err((K::ColonInFirstSegment, 0)));
    // `####…`: `#` is not allowed in a fragment (§3.5).
    assert_eq!(
        uri_ref(&run('#', MIB)),
        Err((K::InvalidCharacterInFragment, 1))
    );
}

/// A 1 MiB scheme is a scheme (RFC 3986 sets no length limit); a run of hyphens is not
/// (the first character must be a letter), and then the `:` is in the first segment.
#[test]
fn mebibyte_schemes() {
    let scheme = format!("{}:", run('a', MIB));
    assert_eq!(uri(&scheme), Ok(MIB + 1));
    assert_eq!(Uri::parse(&scheme).map(|u| u.scheme().len()), Ok(MIB));
    assert_eq!(http(&scheme), Err((K::NotHttp, 0)));
    let hyphens = format!("{}:", run('-', MIB));
    assert_eq!(uri_ref(&hyphens), Err((K::ColonInFirstSegment, MIB)));
    assert_eq!(uri(&hyphens), Err((K::MissingScheme, 0)));
}

/// Authorities of 1 MiB: a generic URI accepts any reg-name length (RFC 3986 §3.2.2),
/// http(s) applies the DNS limits through `ldh-domain` (`name_too_long` at the host's
/// offset 7 + 253) and the percent-decoded host limit (`MAX_DECODED_HOST_LEN`).
#[test]
fn mebibyte_authorities() {
    let name = Err((K::Domain(D::NameTooLong), 7 + 253));
    let host = format!("http://{}/", run('a', MIB));
    let dots = format!("http://{}", run('.', MIB));
    let labels = format!("http://{}/", vec!["a"; 10_000].join("."));
    for input in [&host, &dots, &labels] {
        assert_eq!(uri(input), Ok(input.len()), "{input:.24}");
        assert_eq!(http(input), name, "{input:.24}");
    }
    assert_eq!(
        Uri::parse(&labels).map(|u| u.host().map(|h| h.as_str().len())),
        Ok(Some(19_999))
    );
    // Percent-encoded host: a valid reg-name; decoded it is over 1024 octets.
    let encoded = format!("http://{}/", "%41".repeat(MIB / 3));
    assert_eq!(uri(&encoded), Ok(encoded.len()));
    assert_eq!(http(&encoded), Err((K::Domain(D::NameTooLong), 7)));
    // A port is `*DIGIT` (§3.2.3): 1 MiB of digits is a generic port, out of range for
    // http.
    let port = format!("http://a:{}/", run('9', MIB));
    assert_eq!(uri(&port), Ok(port.len()));
    assert_eq!(http(&port), Err((K::PortOutOfRange, 9)));
    // `@@@…`: the userinfo ends at the first `@`; the next is not a host character.
    let at = format!("http://{}@a/", run('@', MIB));
    assert_eq!(uri(&at), Err((K::InvalidCharacterInHost, 8)));
    // `http://::::…`: an empty host, then a port of colons.
    let colons = format!("http://{}", run(':', MIB));
    assert_eq!(uri(&colons), Err((K::InvalidCharacterInPort, 8)));
}

/// IP literals of 1 MiB (§3.2.2): the IPv6 parser stops at the ninth group; an
/// unclosed `[` is reported at its offset, found in one scan for `]`.
#[test]
fn mebibyte_ip_literals() {
    let cases = [
        (
            format!("http://[{}]/", "1:".repeat(MIB / 2)),
            (K::Ip(I::TooManyGroups), 24),
        ),
        (
            format!("http://[{}", "1:".repeat(MIB / 2)),
            (K::UnclosedIpLiteral, 7),
        ),
        (
            format!("http://{}", run('[', MIB)),
            (K::UnclosedIpLiteral, 7),
        ),
    ];
    for (input, error) in &cases {
        for parse in [uri_ref, uri, http] {
            assert_eq!(parse(input), Err(*error), "{input:.24}");
        }
    }
}

/// Long paths and queries: values, whatever their size, with their components whole.
#[test]
fn mebibyte_paths_and_queries() {
    let segments = format!("http://a/{}", "a/".repeat(MIB / 2));
    let dot_segments = format!("http://a/{}", "../".repeat(MIB / 3));
    let query = format!("http://a/?{}", run('&', MIB));
    for input in [&segments, &dot_segments, &query] {
        assert_eq!(http(input), Ok(input.len()), "{input:.24}");
    }
    assert_eq!(Uri::parse(&segments).map(|u| u.path().len()), Ok(MIB + 1));
    assert_eq!(
        Uri::parse(&query).map(|u| u.query().map(str::len)),
        Ok(Some(MIB))
    );
}

/// mailto (RFC 6068) of 1 MiB: `&` runs, many header fields, many addresses, and the
/// limits on a decoded address (`MAX_DECODED_ADDRESS_LEN`) and its local part
/// (RFC 5321, 64 octets, via `rfc-email`).
#[cfg(feature = "mailto")]
#[test]
fn mebibyte_mailto() {
    // `?&&&…`: the first hfield is empty, so it has no `=` (§2), at offset 21.
    let amps = format!("mailto:a@example.com?{}", run('&', MIB));
    assert_eq!(mailto(&amps), Err((K::HfieldWithoutEquals, 21)));
    // 262,144 header fields: all of them are returned, counted in one pass.
    let fields = format!("mailto:a@example.com?{}", vec!["x=1"; MIB / 4].join("&"));
    assert_eq!(mailto(&fields), Ok((1, MIB / 4)));
    // A trailing `&` is an empty hfield at the end.
    let trailing = format!("{fields}&");
    assert_eq!(
        mailto(&trailing),
        Err((K::HfieldWithoutEquals, trailing.len()))
    );
    // 50,000 addresses in the path: all returned.
    let to = format!("mailto:{}", vec!["a@example.com"; 50_000].join(","));
    assert_eq!(mailto(&to), Ok((50_000, 0)));
    // `,,,…`: an empty address at once.
    assert_eq!(
        mailto(&format!("mailto:{}", run(',', MIB))),
        Err((K::EmptyAddress, 7))
    );
    // `@@@…`: the local part is empty.
    assert_eq!(
        mailto(&format!("mailto:{}", run('@', MIB))),
        Err((K::Email(E::EmptyLocalPart), 7))
    );
    // A 1 MiB local part: the address limits stop it at octet 64 of the address.
    let long = format!("mailto:{}@example.com", run('a', MIB));
    assert_eq!(mailto(&long), Err((K::Email(E::LocalPartTooLong), 7 + 64)));
    // Percent-encoded, it is the decoded-address limit that stops it: 1024 octets
    // decoded = 3072 encoded.
    let past_the_limit = 7 + 3 * uri_schemes::MAX_DECODED_ADDRESS_LEN;
    for encoded in [
        format!("mailto:{}@example.com", "%41".repeat(MIB / 3)),
        format!("mailto:{}a@example.com", "%28".repeat(MIB / 3)),
    ] {
        let got = mailto(&encoded);
        assert_eq!(
            got,
            Err((K::AddressTooLong, past_the_limit)),
            "{encoded:.24}"
        );
    }
    // A 1 MiB body is a value.
    let body = format!("mailto:a@example.com?body={}", "%41".repeat(MIB / 3));
    assert_eq!(mailto(&body), Ok((1, 1)));
}

/// The `alloc` helpers on megabyte inputs: decoding, header access, building.
#[cfg(all(feature = "alloc", feature = "mailto"))]
#[test]
fn mebibyte_mailto_alloc() {
    let body = format!("mailto:a@example.com?body={}", "%41".repeat(MIB / 3));
    let m = Mailto::parse(&body).unwrap();
    assert_eq!(m.body().map(|b| b.len()), Some(MIB / 3));
    let fields = format!("mailto:a@example.com?{}", vec!["x=1"; MIB / 4].join("&"));
    let m = Mailto::parse(&fields).unwrap();
    assert_eq!(m.hfields().len(), MIB / 4);
    assert_eq!(m.header("x").as_deref(), Some("1"));
    let built = uri_schemes::MailtoBuilder::new()
        .to("a@example.com")
        .subject(&run('&', MIB))
        .build()
        .unwrap();
    // Every `&` is escaped as `%26` (RFC 6068 §2), and the result parses back.
    assert_eq!(built.len(), "mailto:a@example.com?subject=".len() + 3 * MIB);
    assert_eq!(
        Mailto::parse(&built).map(|m| m.subject().map(|s| s.len())),
        Ok(Some(MIB))
    );
}

/// Reference resolution and normalization (RFC 3986 §5.2.4 `remove_dot_segments`) on
/// 349,525 dot segments: a naive implementation that rescans the output buffer for each
/// `..` is quadratic; these finish in one pass.
#[cfg(feature = "alloc")]
#[test]
fn mebibyte_dot_segments() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let up = "../".repeat(MIB / 3);
    let reference = UriRef::parse(&up).unwrap();
    assert_eq!(uri_schemes::resolve(&base, &reference), "http://a/");
    let down_up = format!("http://a/{}", "x/../".repeat(MIB / 5));
    let u = UriRef::parse(&down_up).unwrap();
    assert_eq!(u.normalize(), "http://a/");
    let here = format!("http://a/{}z", "./".repeat(MIB / 2));
    assert_eq!(UriRef::parse(&here).unwrap().normalize(), "http://a/z");
    let deep = format!("http://a/{}", "x/".repeat(MIB / 2));
    assert_eq!(UriRef::parse(&deep).unwrap().normalize().len(), deep.len());
}
