//! RFC 6068 mailto under hostile input: `to`/`cc`/`bcc` values as RFC 5322 address
//! lists, header names as RFC 5322 field-names, line breaks of every kind, fragments,
//! the builder's encoding rules, and the warnings of the addresses inside.

#![cfg(feature = "mailto")]

use uri_schemes::{HttpUrl, Mailto, MailtoBuilder, UriErrorKind as K, Warning};

fn codes(uri: &str) -> Vec<&'static str> {
    let m = Mailto::parse(uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
    m.warnings().iter().map(Warning::code).collect()
}

#[test]
fn rfc6068_2_percent_encoded_comma_separates_addresses() {
    let m = Mailto::parse("mailto:a@b.example?Cc=x%40y.example%2Cz%40w.example").unwrap();
    assert_eq!(m.header("cc").as_deref(), Some("x@y.example,z@w.example"));
    let m = Mailto::parse("mailto:?to=chris@example.com%2C%20tony@example.com").unwrap();
    assert_eq!(m.to(), ["chris@example.com", "tony@example.com"]);
}

#[test]
fn rfc5322_3_4_name_addr_group_and_comments_in_to() {
    let m = Mailto::parse(
        "mailto:p@example.com?to=Bob%20%3Cbob@example.com%3E,%22Doe,%20J%22%20%3Cj@example.com%3E,team:%20t@example.com%3B",
    )
    .unwrap();
    assert_eq!(
        m.to(),
        [
            "p@example.com",
            "bob@example.com",
            "j@example.com",
            "t@example.com"
        ]
    );
    assert!(Mailto::parse("mailto:?cc=a@example.com%20(the%20boss)").is_ok());
}

#[test]
fn rfc6068_2_address_list_errors() {
    let cases: [(&str, &str, usize); 5] = [
        (
            "mailto:?cc=a@example.com,,b@example.com",
            "empty_address",
            25,
        ),
        ("mailto:?cc=a@example.com%2C", "empty_address", 11),
        (
            "mailto:?to=Bob%20%3Cbob@example.com",
            "unterminated_angle_addr",
            11,
        ),
        ("mailto:?to=x@y@z.example", "multiple_at", 14),
        (
            "mailto:?to=a@example.com%20b@example.com",
            "unexpected_in_address_list",
            11,
        ),
    ];
    for (uri, code, offset) in cases {
        let err = Mailto::parse(uri).unwrap_err();
        assert_eq!((err.code(), err.offset()), (code, offset), "{uri}");
    }
    // Each addr-spec still meets the profile: a quoted-string local part passes RFC
    // 5321, a comment inside the addr-spec does not.
    assert!(Mailto::parse("mailto:?to=%22a%20b%22@example.com").is_ok());
    assert!(Mailto::parse("mailto:?to=%3Ca(c)@example.com%3E").is_err());
}

#[test]
fn rfc5322_3_6_8_header_names_are_field_names() {
    let err = Mailto::parse("mailto:a@example.com?x-y%0D%0ABcc=evil@example.com").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidHeaderName, 24));
    let err = Mailto::parse("mailto:a@example.com?=x").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidHeaderName, 21));
    for bad in ["a%3Ab", "caf%C3%A9", "a%20b", "%00"] {
        let err = Mailto::parse(&format!("mailto:?{bad}=1")).unwrap_err();
        assert_eq!(err.kind(), K::InvalidHeaderName, "{bad}");
    }
    assert!(Mailto::parse("mailto:?X-Mailer%21=1").is_ok());
}

#[test]
fn rfc6068_7_header_injection_covers_nul_vt_nel_and_unicode_separators() {
    for value in [
        "%0D%0A",
        "%0A",
        "%00",
        "%0B",
        "%C2%85",
        "%E2%80%A8",
        "%E2%80%A9",
    ] {
        let uri = format!("mailto:a@example.com?subject=x{value}Bcc:%20e@example.com");
        assert!(codes(&uri).contains(&"header_injection"), "{value}");
    }
    assert!(!codes("mailto:a@example.com?body=x%0D%0Ay").contains(&"header_injection"));
}

#[test]
fn rfc6068_3_unsafe_header_of_any_length() {
    let uri = format!("mailto:a@b.example?Content-{}=1", "X".repeat(60));
    assert!(codes(&uri).contains(&"unsafe_header_field"));
    let uri = format!("mailto:a@b.example?Resent-{}=1", "Y".repeat(5000));
    assert!(codes(&uri).contains(&"unsafe_header_field"));
}

#[test]
fn rfc6068_2_fragment_is_a_warning() {
    let m = Mailto::parse("mailto:a@example.com#frag").unwrap();
    assert!(m.warnings().contains(Warning::FragmentInMailto));
    assert_eq!(m.to(), ["a@example.com"]);
    let m = Mailto::parse("mailto:?subject=s#f").unwrap();
    assert_eq!(m.subject().as_deref(), Some("s"));
}

#[test]
fn rfc6068_7_builder_rejects_line_breaks_outside_body() {
    let err = MailtoBuilder::new()
        .subject("x\r\nBcc: e@example.com")
        .build()
        .unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::HeaderLineBreak, 1));
    let err = MailtoBuilder::new()
        .header("X-A", "a\nb")
        .build()
        .unwrap_err();
    assert_eq!(err.kind(), K::HeaderLineBreak);
    let uri = MailtoBuilder::new()
        .subject("a\nb")
        .allow_header_line_breaks(true)
        .build()
        .unwrap();
    assert!(codes(&uri).contains(&"header_injection"));
}

#[test]
fn rfc6068_5_body_line_breaks_are_crlf() {
    for body in ["a\nb", "a\rb", "a\r\nb"] {
        let uri = MailtoBuilder::new().body(body).build().unwrap();
        assert_eq!(uri, "mailto:?body=a%0D%0Ab", "{body:?}");
    }
    let uri = MailtoBuilder::new().body("a\n\nb").build().unwrap();
    assert_eq!(uri, "mailto:?body=a%0D%0A%0D%0Ab");
}

#[cfg(feature = "idna")]
#[test]
fn rfc6068_2_item_4_builder_writes_a_labels() {
    let uri = MailtoBuilder::new()
        .to("info@b\u{fc}cher.example")
        .cc("j\u{f6}rg@b\u{fc}cher.example")
        .build()
        .unwrap();
    assert_eq!(
        uri,
        "mailto:info@xn--bcher-kva.example?cc=j%C3%B6rg@xn--bcher-kva.example"
    );
    assert!(!codes(&uri).contains(&"percent_encoded_domain"));
}

#[test]
fn rfc6068_2_address_literal_brackets_are_not_a_percent_encoded_domain() {
    let uri = MailtoBuilder::new().to("a@[192.0.2.1]").build().unwrap();
    assert_eq!(uri, "mailto:a@%5B192.0.2.1%5D");
    assert!(!codes(&uri).contains(&"percent_encoded_domain"));
    #[cfg(feature = "idna")]
    assert!(codes("mailto:a@b%C3%BCcher.example").contains(&"percent_encoded_domain"));
}

#[test]
fn domain_and_address_warnings_reach_the_uri() {
    use rfc_email::Warning as E;
    let m = Mailto::parse("mailto:a@ab--cd.example").unwrap();
    assert!(m.address_warnings().contains(E::ReservedHyphenLabel));
    let m = Mailto::parse("mailto:?cc=%22a%20b%22@ab--cd.example").unwrap();
    assert!(m.address_warnings().contains(E::QuotedLocalPart));
    assert!(m.address_warnings().contains(E::ReservedHyphenLabel));
    let url = HttpUrl::parse("http://ab--cd.example/").unwrap();
    assert!(
        url.host_warnings()
            .contains(ldh_domain::Warning::ReservedHyphenLabel)
    );
}
