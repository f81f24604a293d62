//! The percent module (RFC 3986 §2.1).

use uri_schemes::UriErrorKind as K;
use uri_schemes::percent::{self, EncodeSet};

use crate::common::assert_fails_at;

#[test]
fn rfc3986_2_1_encode_uses_uppercase_and_named_sets() {
    let percent_too = EncodeSet::new(uri_schemes::ascii::ByteSet::NON_ASCII.with(b'%'));
    let cases: [(&[u8], &EncodeSet, &str); 7] = [
        (b"a b", &EncodeSet::QUERY, "a%20b"),
        (&[0x00, 0x7F, 0xFF], &EncodeSet::UNRESERVED, "%00%7F%FF"),
        (b"/?#[]@", &EncodeSet::PATH, "/%3F%23%5B%5D@"),
        (b"/?#", &EncodeSet::QUERY, "/?%23"),
        (b"u:p@", &EncodeSet::USERINFO, "u:p%40"),
        (b"a:b", &EncodeSet::REG_NAME, "a%3Ab"),
        (b"%", &percent_too, "%25"),
    ];
    for (input, set, expected) in cases {
        let got = percent::encode(input, set).to_string();
        assert_eq!(got, expected, "{:?}", input.escape_ascii().to_string());
    }
}

#[test]
fn rfc3986_2_1_validate_and_decode_errors_with_offsets() {
    let bad = [("%", 0), ("ab%4", 2), ("%g0", 0), ("a%%", 1)];
    assert_fails_at(K::BadPercentEncoding, &bad, |s| {
        percent::validate(s.as_bytes(), &EncodeSet::QUERY).err()
    });
    assert_fails_at(K::BadPercentEncoding, &bad, |s| {
        percent::decode(s.as_bytes()).find_map(Result::err)
    });
    let err = percent::validate(b"a#b", &EncodeSet::QUERY).unwrap_err();
    assert_eq!(err.offset(), 1);
    let mut small = [0u8; 2];
    let err = percent::decode_into(b"%41%42%43", &mut small).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::BufferTooSmall, 6));
}

#[cfg(feature = "alloc")]
#[test]
fn decode_to_bytes_and_utf8() {
    use std::borrow::Cow;
    assert!(matches!(
        percent::decode_to_string("abc").unwrap(),
        Cow::Borrowed("abc")
    ));
    assert_eq!(percent::decode_to_string("%E2%82%AC+").unwrap(), "€+");
    assert_eq!(
        percent::decode_to_bytes("%c3%28").unwrap().as_ref(),
        &[0xC3, 0x28]
    );
    assert_eq!(
        percent::decode_to_string("%c3%28").unwrap_err().kind(),
        K::DecodedNotUtf8
    );
    assert_eq!(
        percent::encode_to_string("€ x", &EncodeSet::PATH_SEGMENT),
        "%E2%82%AC%20x"
    );
}
