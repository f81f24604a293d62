//! RFC 6068 mailto: the §6 examples and the corrected RFC 3696 Table 1, both ways.

#![cfg(feature = "mailto")]

#[cfg(feature = "alloc")]
use uri_schemes::MailtoBuilder;
use uri_schemes::{Mailto, UriErrorKind as K, Warning};

use crate::common::{assert_each_fails_at, tsv};

/// A JSON object's entries in document order (`serde_json`'s map would sort them).
#[cfg(feature = "alloc")]
fn ordered_object(json: &str) -> Vec<(String, String)> {
    use serde::de::{Deserializer, MapAccess, Visitor};
    struct Entries;
    impl<'de> Visitor<'de> for Entries {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of strings")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(entry) = map.next_entry::<String, String>()? {
                out.push(entry);
            }
            Ok(out)
        }
    }
    serde_json::Deserializer::from_str(json)
        .deserialize_map(Entries)
        .unwrap()
}

/// Whether a row needs the `idna` feature (an IDN domain).
fn needs_idna(row: &[String]) -> bool {
    !row[2].is_ascii() && cfg!(not(feature = "idna"))
}

#[test]
fn rfc6068_section_6_examples_parse() {
    let rows = tsv("uri/rfc6068-examples.tsv");
    assert_eq!(rows.len(), 23);
    for row in &rows {
        let (uri, valid) = (&row[0], row[1] == "true");
        if needs_idna(row) {
            continue;
        }
        let parsed = Mailto::parse(uri);
        assert_eq!(parsed.is_ok(), valid, "{uri}: {parsed:?}");
        #[cfg(feature = "alloc")]
        if let Ok(m) = parsed {
            let to: Vec<String> = serde_json::from_str(&row[2]).unwrap();
            let headers = ordered_object(&row[3]);
            // The table's `to` column is the addresses before `?`; to() adds `to` fields.
            let mut merged = to.clone();
            for (name, value) in &headers {
                if name == "to" {
                    merged.extend(value.split(',').map(str::to_owned));
                }
            }
            assert_eq!(m.to(), merged, "{uri}");
            assert_eq!(m.hfields(), headers, "{uri}");
        }
    }
}

#[cfg(feature = "alloc")]
#[test]
fn rfc6068_section_6_examples_build() {
    for row in tsv("uri/rfc6068-examples.tsv") {
        if row[1] != "true" || needs_idna(&row) {
            continue;
        }
        let to: Vec<String> = serde_json::from_str(&row[2]).unwrap();
        let mut builder = MailtoBuilder::new();
        for address in &to {
            builder = builder.to(address);
        }
        for (name, value) in ordered_object(&row[3]) {
            builder = match name.as_str() {
                "cc" => builder.cc(&value),
                "subject" => builder.subject(&value),
                "body" => builder.body(&value),
                _ => {
                    // Keep the RFC's spelling of the name (In-Reply-To).
                    let written = row[0]
                        .split(['?', '&'])
                        .find_map(|f| {
                            f.split_once('=')
                                .filter(|(n, _)| n.eq_ignore_ascii_case(&name))
                        })
                        .map_or(name.clone(), |(n, _)| n.to_owned());
                    builder.header(&written, &value)
                }
            };
        }
        // RFC 6068 §2 item 4: the builder writes an IDN domain as its A-label, which
        // the §6 example's note names; every other example is built as printed.
        let expected = row[0].replace("%E7%B4%8D%E8%B1%86.example.org", "xn--99zt52a.example.org");
        assert_eq!(builder.build().unwrap(), expected, "{}", row[5]);
    }
}

#[test]
fn rfc3696_table_1_corrected_parses_to_the_address() {
    for row in tsv("uri/rfc3696-mailto-table.tsv") {
        let (address, url) = (&row[0], &row[1]);
        let m = Mailto::parse(url).unwrap_or_else(|e| panic!("{url}: {e:?}"));
        assert_eq!(m.raw_to().count(), 1);
        #[cfg(feature = "alloc")]
        assert_eq!(&m.to(), std::slice::from_ref(address), "{url}");
        let _ = address;
    }
    // Note 2: "+" may also be written literally, and it is never a space.
    #[cfg(feature = "alloc")]
    assert_eq!(
        Mailto::parse("mailto:user+mailbox@example.com")
            .unwrap()
            .to(),
        ["user+mailbox@example.com"]
    );
}

#[cfg(feature = "alloc")]
#[test]
fn rfc3696_table_1_corrected_builds_the_url() {
    for row in tsv("uri/rfc3696-mailto-table.tsv") {
        let built = MailtoBuilder::new().to(&row[0]).build().unwrap();
        assert_eq!(built, row[1], "{}", row[0]);
        if row[2] != row[1] {
            // The printed form differs from the corrected one (notes 1 and 3).
            assert_ne!(built, row[2]);
        }
    }
}

#[test]
fn rfc6068_errors_with_offsets() {
    #[rustfmt::skip]
    let cases: &[(&str, K, usize)] = &[
        ("mailto:joe@example.com?cc=bob@example.com?body=hello", K::InvalidCharacterInMailto, 41),
        ("http://example.com/", K::NotMailto, 0),
        ("mailto://a@example.com", K::InvalidCharacterInMailto, 7),
        ("mailto:a@example.com?subject", K::HfieldWithoutEquals, 28),
        ("mailto:a@example.com?", K::HfieldWithoutEquals, 21),
        ("mailto:a@example.com?a=1&", K::HfieldWithoutEquals, 25),
        ("mailto:a@example.com?a=b=c", K::InvalidCharacterInMailto, 24),
        ("mailto:a@example.com,,b@example.com", K::EmptyAddress, 21),
        ("mailto:a@example.com,", K::EmptyAddress, 21),
        ("mailto:a&b@example.com", K::InvalidCharacterInMailto, 8),
        ("mailto:a;b@example.com", K::InvalidCharacterInMailto, 8),
        ("mailto:a%2Fb/c@example.com", K::InvalidCharacterInMailto, 12),
        ("mailto:a@example.com?subject=%FF", K::DecodedNotUtf8, 29),
        ("mailto:%FF@example.com", K::DecodedNotUtf8, 7),
        ("mailto:a b@example.com", K::InvalidCharacterInPath, 8),
        ("mailto:a@example.com?body=%zz", K::BadPercentEncoding, 26),
        ("mailto:a@example.com?cc=x;y@example.com", K::InvalidCharacterInMailto, 25),
    ];
    assert_each_fails_at(cases, |s| Mailto::parse(s).err());
    // Address errors come from rfc-email, rebased to the URI.
    let err = Mailto::parse("mailto:a@example.com,b..c@example.com").unwrap_err();
    assert!(matches!(err.kind(), K::Email(_)));
    assert_eq!(err.offset(), 23);
    let err = Mailto::parse("mailto:a@example.com?cc=nobody").unwrap_err();
    assert!(matches!(err.kind(), K::Email(_)));
    // Oversized decoded addresses never touch the heap.
    let long = format!("mailto:{}@example.com", "%41".repeat(2000));
    assert_eq!(Mailto::parse(&long).unwrap_err().kind(), K::AddressTooLong);
}

/// RFC 6068 §2: a `%`-encoded address, or address list, is decoded before it is
/// checked, into a buffer that holds exactly its limit: a decoded value of the limit
/// reaches `rfc-email`, one octet more is `address_too_long` at the triplet that did
/// not fit.
#[test]
fn rfc6068_2_decoded_values_fill_their_buffers_to_the_limit() {
    let code = |text: &str| {
        Mailto::parse(text)
            .map(|_| ())
            .map_err(|e| (e.kind(), e.offset()))
    };
    let address = uri_schemes::MAX_DECODED_ADDRESS_LEN;
    // The crate's `MAX_DECODED_ADDRESS_LIST_LEN`, which it does not export.
    let list = 8192;
    // A path address from offset 7, a `cc` list from offset 11. Decoded,
    // `A…A@example.com` of the limit: the local part is too long (RFC 5321 §4.5.3.1.1),
    // which `rfc-email` reports at the address.
    for (prefix, start, limit) in [("mailto:", 7, address), ("mailto:?cc=", 11, list)] {
        let fits = format!("{prefix}{}@example.com", "%41".repeat(limit - 12));
        assert!(
            matches!(code(&fits), Err((K::Email(_), at)) if at == start),
            "{:?}",
            code(&fits)
        );
        let over = format!("{prefix}{}", "%41".repeat(limit + 1));
        assert_eq!(code(&over), Err((K::AddressTooLong, start + 3 * limit)));
    }
    // Short encoded values decode whole: the UTF-8 and the `%40` are read decoded.
    assert!(Mailto::parse("mailto:?cc=a%40example.com,b%40example.com").is_ok());
    assert_eq!(
        code("mailto:?cc=a%C3@example.com"),
        Err((K::DecodedNotUtf8, 11))
    );
}

/// RFC 5322 §3.6.8 (`ftext` has no `:`) and RFC 6068 §2 (`;` percent-encoded in an
/// `addr-spec`): the first `:` of a header name and the first `;` of a `to`, `cc` or
/// `bcc` value as written are reported where they are, by the one-pass parse and by
/// the generic one (which a fragment selects) alike.
#[test]
fn rfc6068_2_colons_in_names_and_semicolons_in_address_lists_at_their_offsets() {
    let cases = [
        ("mailto:?a:b=c", Err((K::InvalidHeaderName, 9))),
        ("mailto:?ab:c:d=x", Err((K::InvalidHeaderName, 10))),
        ("mailto:?:=x", Err((K::InvalidHeaderName, 8))),
        ("mailto:?=x", Err((K::InvalidHeaderName, 8))),
        ("mailto:?a%41:b=x", Err((K::InvalidHeaderName, 12))),
        ("mailto:?x=1&Subject:=x", Err((K::InvalidHeaderName, 19))),
        (
            "mailto:?cc=a@b.example;c",
            Err((K::InvalidCharacterInMailto, 22)),
        ),
        ("mailto:?To=x;y;z", Err((K::InvalidCharacterInMailto, 12))),
        ("mailto:?bcc=%3B;", Err((K::InvalidCharacterInMailto, 15))),
        ("mailto:?subject=a;b:c", Ok(())),
        ("mailto:?x-y=a;b&body=:;", Ok(())),
    ];
    for (text, want) in cases {
        let got = |text: &str| {
            Mailto::parse(text)
                .map(|_| ())
                .map_err(|e| (e.kind(), e.offset()))
        };
        assert_eq!(got(text), want, "{text}");
        assert_eq!(got(&format!("{text}#f")), want, "{text}#f");
    }
}

#[test]
fn rfc6068_warnings() {
    let w = |s: &str| Mailto::parse(s).unwrap().warnings();
    assert!(
        w("mailto:a@example.com?subject=hi%0D%0ABcc:%20x@example.com")
            .contains(Warning::HeaderInjection)
    );
    assert!(w("mailto:a@example.com?subject=hi%0A").contains(Warning::HeaderInjection));
    assert!(!w("mailto:a@example.com?body=hi%0D%0Athere").contains(Warning::HeaderInjection));
    assert!(w("mailto:a@example.com?From=b@example.com").contains(Warning::UnsafeHeaderField));
    assert!(
        w("mailto:a@example.com?Content-Type=text/html"
            .replace('/', "%2F")
            .as_str())
        .contains(Warning::UnsafeHeaderField)
    );
    assert!(w("mailto:a@example.com?resent-to=x").contains(Warning::UnsafeHeaderField));
    assert!(
        !w("mailto:a@example.com?subject=x&keywords=y&in-reply-to=z")
            .contains(Warning::UnsafeHeaderField)
    );
    assert!(w("mailto:a@example.com?to=b@example.com").contains(Warning::ToInBothPathAndHeader));
    assert!(!w("mailto:?to=b@example.com").contains(Warning::ToInBothPathAndHeader));
    assert!(w("mailto:a@example.com?subject=x&Subject=y").contains(Warning::DuplicateHeaderField));
    assert!(w("mailto:a@example.com?sub%6Bect=x&subject=y").is_empty());
    assert!(
        w("mailto:a@example.com?s%75bject=x&subject=y").contains(Warning::DuplicateHeaderField)
    );
    assert!(w("mailto:chris@example.com").is_empty());
}

#[cfg(feature = "idna")]
#[test]
fn rfc6068_internationalized_addresses() {
    let m = Mailto::parse("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO")
        .unwrap();
    assert_eq!(m.to(), ["user@納豆.example.org"]);
    assert!(m.warnings().contains(Warning::PercentEncodedDomain));
    let m = Mailto::parse("mailto:%E7%94%A8%E6%88%B7@example.com").unwrap();
    assert!(m.warnings().contains(Warning::Smtputf8Address));
    // A fixed ASCII-only profile rejects the same address.
    let ascii = uri_schemes::MailtoPolicy::DEFAULT.with_email_policy(rfc_email::Policy::RFC5321);
    assert!(Mailto::parse_with("mailto:%E7%94%A8%E6%88%B7@example.com", &ascii).is_err());
}

#[cfg(feature = "alloc")]
#[test]
fn builder_round_trips_and_header_rules() {
    let uri = MailtoBuilder::new()
        .to("a+b@example.com")
        .to("\"x,y&z\"@example.com")
        .cc("c@example.com")
        .cc("d@example.com")
        .subject("a=b & c?d #e +f ;g 100%")
        .header("X-Custom", "1,2")
        .body("line1\r\nline2")
        .subject("final")
        .build()
        .unwrap();
    assert_eq!(
        uri,
        "mailto:a%2Bb@example.com,%22x%2Cy%26z%22@example.com?cc=c@example.com,d@example.com&subject=final&X-Custom=1,2&body=line1%0D%0Aline2"
    );
    let m = Mailto::parse(&uri).unwrap();
    assert_eq!(m.to(), ["a+b@example.com", "\"x,y&z\"@example.com"]);
    assert_eq!(m.subject().as_deref(), Some("final"));
    assert_eq!(m.header("x-custom").as_deref(), Some("1,2"));
    assert_eq!(m.body().as_deref(), Some("line1\r\nline2"));
    let tricky = "a=b & c?d #e +f ;g 100%";
    let uri = MailtoBuilder::new().subject(tricky).build().unwrap();
    assert_eq!(
        uri,
        "mailto:?subject=a%3Db%20%26%20c%3Fd%20%23e%20%2Bf%20%3Bg%20100%25"
    );
    assert_eq!(
        Mailto::parse(&uri).unwrap().subject().as_deref(),
        Some(tricky)
    );
    for bad in ["", "a b", "a:b", "é"] {
        let err = MailtoBuilder::new().header(bad, "x").build().unwrap_err();
        assert_eq!(err.kind(), K::InvalidHeaderName, "{bad:?}");
    }
    assert!(matches!(
        MailtoBuilder::new().cc("no-at").build().unwrap_err().kind(),
        K::Email(_)
    ));
}

/// RFC 6068 §2: a character a mailto URI must percent-encode is named in the message,
/// wherever the mailto checks find it (the address list, a header field without `=`,
/// the `//` of an authority).
#[test]
fn rfc6068_2_invalid_characters_are_named() {
    for (input, offset, found) in [
        ("mailto:a&b@example.com", 8, '&'),
        ("mailto:a@example.com?a?b", 22, '?'),
        ("mailto://a@example.com", 7, '/'),
    ] {
        let err = Mailto::parse(input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset(), err.found()),
            (K::InvalidCharacterInMailto, offset, Some(found)),
            "{input:?}"
        );
        let message = err.to_string();
        assert!(message.starts_with("invalid character U+00"), "{message}");
        assert!(
            message.ends_with("in mailto URI (must be percent-encoded)"),
            "{message}"
        );
    }
}
