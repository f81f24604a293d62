//! The first error a person sees for an internationalized or invisible character in a
//! host: it says what to do instead of "invalid character".

use uri_schemes::{HttpUrl, UriErrorKind, UriPolicy, UriRef};

/// RFC 3987 §3.1: an IRI host may hold Unicode; RFC 3986 alone may not. The error points
/// to the IRI option.
#[test]
fn unicode_host_points_to_the_iri_option() {
    let err = HttpUrl::parse("http://Bücher.example/").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (UriErrorKind::NonAsciiHost, 8));
    assert_eq!(err.code(), "non_ascii_host");
    assert!(err.to_string().contains("with_iri()"), "{err}");
    let err = UriRef::parse("//例え.jp/").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (UriErrorKind::NonAsciiHost, 2));
}

#[test]
fn the_hint_is_true_the_iri_option_accepts_the_host() {
    assert!(UriRef::parse_with("//例え.jp/", &UriPolicy::STRICT.with_iri()).is_ok());
    #[cfg(feature = "idna")]
    {
        let iri = uri_schemes::HttpPolicy::STRICT.with_iri();
        assert!(HttpUrl::parse_with("http://bücher.example/", &iri).is_ok());
        // RFC 5892 §2.2: an upper-case letter is not in a U-label; the next error says
        // so and how to fix it.
        let err = HttpUrl::parse_with("http://Bücher.example/", &iri).unwrap_err();
        assert_eq!((err.code(), err.offset()), ("idna_disallowed", 7));
        assert!(err.to_string().contains("lower case"), "{err}");
    }
}

#[test]
fn ascii_host_errors_keep_their_kind() {
    let err = UriRef::parse("//a b/").unwrap_err();
    assert_eq!(err.kind(), UriErrorKind::InvalidCharacterInHost);
}

#[test]
fn invisible_characters_in_hosts_are_named() {
    // RFC 3987 §2.2 `ucschar` includes U+200B, so an IRI's reg-name may hold it (a
    // host check such as `HttpUrl`'s rejects it later); plain RFC 3986 may not.
    {
        let options = UriPolicy::STRICT;
        let err = UriRef::parse_with("//exa\u{200b}mple.com/", &options).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (UriErrorKind::InvisibleCharacter('\u{200b}'), 5)
        );
        assert!(
            err.to_string()
                .starts_with("U+200B is an invisible zero-width character"),
            "{err}"
        );
    }
}

#[test]
fn user_messages_cite_no_rfc() {
    for input in [
        "example.com",
        "http://Bücher.example/",
        "http://a:99999/",
        "ftp://x/",
        "http://a/%zz",
    ] {
        let err = HttpUrl::parse(input).unwrap_err();
        let message = err.user_message();
        assert!(
            !message.contains("RFC") && !message.contains('§'),
            "{input}: {message}"
        );
    }
}

#[test]
fn display_in_counts_wide_characters_twice() {
    let input = "//例え.jp/a b";
    let err = UriRef::parse_with(input, &UriPolicy::STRICT.with_iri()).unwrap_err();
    let shown = err.display_in(input).to_string();
    // `//` 2, `例え` 4, `.jp/a` 5: the space is at column 11.
    assert_eq!(shown.lines().nth(1).unwrap().find('^'), Some(11), "{shown}");
}

/// An error about a wrapped host (RFC 9110 §4.2 hosts are checked by `ldh-domain`) or a
/// wrapped mailto address (RFC 6068 §2, checked by `rfc-email`) exposes the wrapped
/// crate's kind through `Error::source`, so error-chain reporters show both; errors of
/// the URI grammar itself have no source.
#[test]
fn wrapped_host_and_address_errors_are_the_source() {
    use core::error::Error;
    let err = HttpUrl::parse("http://-bad.example/").unwrap_err();
    let host = err
        .source()
        .and_then(|e| e.downcast_ref::<ldh_domain::DomainErrorKind>());
    assert_eq!(host.map(|kind| kind.code()), Some(err.code()));
    assert!(UriRef::parse("/a b").unwrap_err().source().is_none());
}

/// The mailto half of the above: an address `rfc-email` rejects (RFC 6068 §2) is the
/// source of the URI error.
#[cfg(feature = "mailto")]
#[test]
fn wrapped_address_errors_are_the_source() {
    use core::error::Error;
    let err = uri_schemes::Mailto::parse("mailto:a..b@example.com").unwrap_err();
    let address = err
        .source()
        .and_then(|e| e.downcast_ref::<rfc_email::EmailErrorKind>());
    assert_eq!(address.map(|kind| kind.code()), Some(err.code()));
}

/// RFC 3986 §3.1–§3.5: a character a component does not allow is named in the message
/// (code point and, when it shows, the character) and returned by `found`; the code and
/// offset are those of the kind as before.
#[test]
fn rfc3986_3_invalid_characters_are_named() {
    let cases: [(&str, &str, usize, char); 5] = [
        ("/caf\u{e9}", "invalid_character_in_path", 4, '\u{e9}'),
        ("/a?b<c", "invalid_character_in_query", 4, '<'),
        ("/a#b#c", "invalid_character_in_fragment", 4, '#'),
        ("//u\u{5c}@h/", "invalid_character_in_userinfo", 3, '\\'),
        ("http://h:8x/", "invalid_character_in_port", 10, 'x'),
    ];
    for (input, code, offset, c) in cases {
        let err = UriRef::parse(input).unwrap_err();
        assert_eq!(
            (err.code(), err.offset(), err.found()),
            (code, offset, Some(c)),
            "{input:?}"
        );
        let message = err.to_string();
        let named = format!("invalid character U+{:04X}", u32::from(c));
        assert!(message.starts_with(&named), "{message}");
        assert!(message.contains(&format!("'{c}'")), "{message}");
    }
    let err = UriRef::parse("/caf\u{e9}").unwrap_err();
    assert!(err.to_string().ends_with(" in path"), "{err}");
    let err = UriRef::parse("http://h:8x/").unwrap_err();
    assert!(
        err.to_string()
            .ends_with("in port (a port is decimal digits only)"),
        "{err}"
    );
    // A space shows as nothing: named by its code point only.
    let err = UriRef::parse("/a b").unwrap_err();
    assert_eq!(err.to_string(), "invalid character U+0020 in path");
}

/// Bytes that are not UTF-8 name no character: the message stays the kind's.
#[test]
fn rfc3629_bytes_that_are_not_utf8_name_no_character() {
    let err = UriRef::parse_bytes(b"/a\xffb", &UriPolicy::STRICT).unwrap_err();
    assert_eq!(
        (err.code(), err.offset(), err.found()),
        ("invalid_character_in_path", 2, None)
    );
    assert_eq!(err.to_string(), "invalid character in path");
}

/// RFC 3986 Appendix C: white space around a URI in text is not part of it. A leading
/// one is `surrounding_whitespace` at 0 (not `missing_scheme`), a trailing one at the
/// white space; white space inside stays the component's error.
#[test]
fn rfc3986_appendix_c_surrounding_whitespace_is_named_with_the_fix() {
    for input in [
        " https://example.com/",
        "\thttps://example.com/",
        "\u{a0}https://example.com/",
    ] {
        let err = HttpUrl::parse(input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (UriErrorKind::SurroundingWhitespace, 0),
            "{input:?}"
        );
        assert_eq!(err.code(), "surrounding_whitespace");
        assert!(err.to_string().contains("trim"), "{err}");
        assert!(HttpUrl::parse(input.trim()).is_ok());
    }
    let err = uri_schemes::Uri::parse(" /x").unwrap_err();
    assert_eq!((err.code(), err.offset()), ("surrounding_whitespace", 0));
    let err = UriRef::parse(" /x").unwrap_err();
    assert_eq!((err.code(), err.offset()), ("surrounding_whitespace", 0));
    let err = HttpUrl::parse("https://example.com/a \n").unwrap_err();
    assert_eq!((err.code(), err.offset()), ("surrounding_whitespace", 21));
    let err = HttpUrl::parse("https://example.com/a b").unwrap_err();
    assert_eq!(
        (err.code(), err.offset()),
        ("invalid_character_in_path", 21)
    );
}
