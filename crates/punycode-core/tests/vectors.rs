//! RFC 3492 §7.1 sample strings, both ways, plain and with mixed-case annotation.

use crate::common::rfc3492_vectors;
use punycode_core::{
    decode_into, decode_mixed_case_into, encode, encode_mixed_case, encode_str, validate,
};

#[test]
fn rfc3492_section7_1_encode_mixed_case_exact() {
    for v in rfc3492_vectors() {
        let mut out = String::new();
        encode_mixed_case(&v.code_points, &mut out).unwrap();
        assert_eq!(out, v.punycode, "{}", v.name);
    }
}

#[test]
fn rfc3492_section7_1_encode_plain_is_lowercase() {
    for v in rfc3492_vectors() {
        // Without annotation the encoder emits lowercase digits; basic code points are
        // copied as they are (in the vectors the flagged basic ones are uppercase).
        let mut out = String::new();
        encode(&v.chars(), &mut out).unwrap();
        let expected: String = {
            let (basic, ext) = match v.punycode.rfind('-') {
                Some(p) => v.punycode.split_at(p),
                None => ("", v.punycode.as_str()),
            };
            format!("{basic}{}", ext.to_ascii_lowercase())
        };
        assert_eq!(out, expected, "{}", v.name);
        let mut out2 = String::new();
        encode_str(&v.string(), &mut out2).unwrap();
        assert_eq!(out2, out, "{}", v.name);
        assert_eq!(
            v.mixed_case,
            out != v.punycode || v.code_points.iter().any(|&(c, u)| c.is_ascii() && u),
            "{}",
            v.name
        );
    }
}

#[test]
fn rfc3492_section7_1_decode_with_flags() {
    for v in rfc3492_vectors() {
        let mut buf = vec![('\0', false); v.punycode.len()];
        let out = decode_mixed_case_into(v.punycode.as_bytes(), &mut buf).unwrap();
        assert_eq!(out, v.code_points.as_slice(), "{}", v.name);
        let mut chars = vec!['\0'; v.punycode.len()];
        let out = decode_into(v.punycode.as_bytes(), &mut chars).unwrap();
        assert_eq!(out, v.chars().as_slice(), "{}", v.name);
        assert_eq!(
            validate(v.punycode.as_bytes()).unwrap(),
            v.code_points.len()
        );
    }
}

#[cfg(feature = "alloc")]
#[test]
fn rfc3492_section7_1_string_api() {
    use punycode_core::{decode_mixed_case, decode_to_string, encode_to_string};
    for v in rfc3492_vectors() {
        let s = v.string();
        assert_eq!(
            encode_to_string(&s).unwrap().to_ascii_lowercase(),
            v.punycode.to_ascii_lowercase(),
            "{}",
            v.name
        );
        assert_eq!(decode_to_string(&v.punycode).unwrap(), s, "{}", v.name);
        assert_eq!(
            decode_mixed_case(&v.punycode).unwrap(),
            v.code_points,
            "{}",
            v.name
        );
    }
}

/// Sample (I), Russian, round-trips with its mixed case: "b1abfaaepdrnnbgefbaDotcwatmq2g4l".
#[test]
fn rfc3492_section7_1_sample_i_round_trips_with_case() {
    let v = rfc3492_vectors()
        .into_iter()
        .find(|v| v.name.starts_with("(I)"))
        .unwrap();
    let mut buf = [('\0', false); 64];
    let decoded = decode_mixed_case_into(v.punycode.as_bytes(), &mut buf).unwrap();
    assert_eq!(decoded[0], ('\u{43F}', true));
    let mut again = String::new();
    encode_mixed_case(decoded, &mut again).unwrap();
    assert_eq!(again, "b1abfaaepdrnnbgefbaDotcwatmq2g4l");
}
