//! Targets for `punycode-core`: decoding, round trips and the comparison with `idna`.

use crate::text;

/// What RFC 3492 §6.3 re-encoding of a successfully decoded `input` must give: the basic
/// part (before the last delimiter) exactly as written, the delimiter, then the digits
/// in lower case (the encoder always writes lower-case digits; upper-case digits are only
/// the Appendix A annotation).
fn canonical_punycode(input: &[u8]) -> Vec<u8> {
    match input.iter().rposition(|&b| b == b'-') {
        Some(p) => {
            let mut out = input[..=p].to_vec();
            out.extend(input[p + 1..].iter().map(u8::to_ascii_lowercase));
            out
        }
        None => input.to_ascii_lowercase(),
    }
}

/// `punycode_decode`: decoding arbitrary bytes never panics; the three decoding entry
/// points agree with `validate` (same count, same error kind and offset); a successful
/// decode re-encodes to the input with lower-case digits; the Appendix A case flags
/// survive a mixed-case round trip.
pub fn punycode_decode(data: &[u8]) {
    let validated = punycode_core::validate(data);
    let mut buf = vec!['\0'; data.len()];
    let decoded = punycode_core::decode_into(data, &mut buf).map(<[char]>::to_vec);
    let mut mixed_buf = vec![('\0', false); data.len()];
    let mixed = punycode_core::decode_mixed_case_into(data, &mut mixed_buf).map(<[_]>::to_vec);

    match (&validated, &decoded, &mixed) {
        (Ok(n), Ok(chars), Ok(pairs)) => {
            assert_eq!(*n, chars.len(), "validate count != decoded length");
            assert!(chars.len() <= data.len(), "output longer than input");
            let from_pairs: Vec<char> = pairs.iter().map(|&(c, _)| c).collect();
            assert_eq!(&from_pairs, chars, "decode_mixed_case_into != decode_into");
        }
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(
                (a.kind(), a.offset()),
                (b.kind(), b.offset()),
                "validate vs decode_into"
            );
            assert_eq!(
                (a.kind(), a.offset()),
                (c.kind(), c.offset()),
                "validate vs mixed"
            );
            assert!(a.offset() <= data.len(), "error offset past the input");
        }
        _ => panic!("validate {validated:?} / decode_into {decoded:?} / mixed {mixed:?} disagree"),
    }

    // A buffer one element short of the output must fail with `buffer_too_small`.
    if let Ok(chars) = &decoded
        && let Some(short) = chars.len().checked_sub(1)
    {
        let mut small = vec!['\0'; short];
        let err = punycode_core::decode_into(data, &mut small)
            .expect_err("decoded into a too-small buffer");
        assert_eq!(err.kind(), punycode_core::PunycodeErrorKind::BufferTooSmall);
    }

    if let Ok(s) = std::str::from_utf8(data) {
        let string = punycode_core::decode_to_string(s);
        match (&string, &decoded) {
            (Ok(s), Ok(chars)) => assert_eq!(s.chars().collect::<Vec<_>>(), *chars),
            (Err(a), Err(b)) => assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset())),
            _ => panic!("decode_to_string {string:?} vs decode_into {decoded:?}"),
        }
        let long_mixed = punycode_core::decode_mixed_case(s);
        assert_eq!(
            long_mixed.is_ok(),
            mixed.is_ok(),
            "decode_mixed_case vs decode_mixed_case_into"
        );
        if let (Ok(a), Ok(b)) = (&long_mixed, &mixed) {
            assert_eq!(a, b, "decode_mixed_case vs decode_mixed_case_into");
        }
    }

    let (Ok(chars), Ok(pairs)) = (decoded, mixed) else {
        return;
    };
    // RFC 3492 §6.3: one canonical encoding per code point sequence.
    let mut re = String::new();
    punycode_core::encode(&chars, &mut re).expect("re-encoding a decoded string failed");
    assert_eq!(
        re.as_bytes(),
        canonical_punycode(data).as_slice(),
        "decode then encode did not give back the input"
    );
    // Appendix A: encoding the decoded (char, flag) pairs and decoding again keeps them.
    let mut annotated = String::new();
    punycode_core::encode_mixed_case(&pairs, &mut annotated)
        .expect("mixed-case re-encoding failed");
    let again =
        punycode_core::decode_mixed_case(&annotated).expect("mixed-case output does not decode");
    assert_eq!(again, pairs, "mixed-case annotation lost in a round trip");
}

/// `punycode_roundtrip`: any string encodes (or fails only with `overflow`), and the
/// encoding decodes back to it; the `&[char]` and `&str` encoders agree; Appendix A
/// flags chosen by the fuzzer come back from the decoder.
pub fn punycode_roundtrip(data: &[u8]) {
    let s = text(data);
    let chars: Vec<char> = s.chars().collect();
    let encoded = punycode_core::encode_to_string(&s);
    let mut from_chars = String::new();
    let by_chars = punycode_core::encode(&chars, &mut from_chars).map(|()| from_chars);
    assert_eq!(
        encoded.as_ref().map_err(punycode_core::PunycodeError::kind),
        by_chars
            .as_ref()
            .map_err(punycode_core::PunycodeError::kind),
        "encode_to_string vs encode(&[char])"
    );
    let encoded = match encoded {
        Ok(e) => e,
        Err(e) => {
            // §6.4: only very long inputs with high code points overflow 32 bits.
            assert_eq!(
                e.kind(),
                punycode_core::PunycodeErrorKind::Overflow,
                "{e:?}"
            );
            return;
        }
    };
    assert!(encoded.is_ascii(), "punycode output is not ASCII");
    assert!(
        !encoded.bytes().any(|b| b.is_ascii_uppercase())
            || s.bytes().any(|b| b.is_ascii_uppercase()),
        "upper case in the output that is not from the input"
    );
    let decoded =
        punycode_core::decode_to_string(&encoded).expect("our own encoding does not decode");
    assert_eq!(decoded, *s, "encode then decode changed the string");
    assert_eq!(
        punycode_core::validate(encoded.as_bytes()).ok(),
        Some(chars.len())
    );

    // Appendix A: flags from the input bytes (bit 0 of the code point, cheap and varied).
    let pairs: Vec<(char, bool)> = chars.iter().map(|&c| (c, u32::from(c) & 1 == 1)).collect();
    let mut annotated = String::new();
    punycode_core::encode_mixed_case(&pairs, &mut annotated).expect("mixed-case encode failed");
    assert!(
        annotated.eq_ignore_ascii_case(&encoded) || chars.iter().any(char::is_ascii_alphabetic)
    );
    let back =
        punycode_core::decode_mixed_case(&annotated).expect("mixed-case output does not decode");
    assert_eq!(back.len(), pairs.len());
    for (&(c, flag), &(d, dflag)) in pairs.iter().zip(&back) {
        if c.is_ascii_alphabetic() {
            // The flag chose the letter's case.
            let want = if flag {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
            assert_eq!((d, dflag), (want, flag), "ASCII letter annotation");
        } else if c.is_ascii() {
            assert_eq!((d, dflag), (c, false), "basic code point annotation");
        } else {
            assert_eq!((d, dflag), (c, flag), "non-basic code point annotation");
        }
    }
}

/// `punycode_vs_idna`: punycode-core and `idna::punycode` agree on every input: the same
/// decoded string or both fail; the same encoding or both fail. No principled
/// difference exists below our 1 MiB input limit (fuzz inputs are far shorter): both
/// reject a leading delimiter (ours as `leading_delimiter`, idna because `-` is then
/// read as a digit), surrogates and 32-bit overflow.
pub fn punycode_vs_idna(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let agree = |op: &str, ours: Result<String, _>, theirs: Option<String>| {
        assert_eq!(
            ours.as_ref().ok(),
            theirs.as_ref(),
            "{op} differs: ours {ours:?}, idna {theirs:?}"
        );
    };
    agree(
        "decode",
        punycode_core::decode_to_string(s),
        idna::punycode::decode_to_string(s),
    );
    agree(
        "encode",
        punycode_core::encode_to_string(s),
        idna::punycode::encode_str(s),
    );
}
