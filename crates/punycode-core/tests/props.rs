//! Property tests: round trips, never panicking, the crate against the naive reference
//! (which also pins both internal encoders and decoders: short inputs take the in-place
//! paths, inputs over 512 units the O(n log n) ones when `alloc` is on).

use crate::reference;
use proptest::prelude::*;
use punycode_core::{
    PunycodeError, decode_into, decode_mixed_case_into, encode, encode_mixed_case, encode_str,
    validate,
};

/// Code points as they come in labels: ASCII, Latin, CJK, astral, and the edges.
fn code_point() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::char::range('a', 'z'),
        1 => proptest::char::range('A', 'Z'),
        1 => proptest::char::range('0', '9'),
        1 => Just('-'),
        1 => proptest::char::range('\0', '\u{7F}'),
        2 => proptest::char::range('\u{80}', '\u{24F}'),
        2 => proptest::char::range('\u{3040}', '\u{30FF}'),
        1 => proptest::char::range('\u{4E00}', '\u{9FFF}'),
        1 => proptest::char::range('\u{1F300}', '\u{1F64F}'),
        1 => prop_oneof![Just('\u{D7FF}'), Just('\u{E000}'), Just('\u{FFFF}'), Just('\u{10FFFF}')],
        1 => any::<char>(),
    ]
}

fn text(max: usize) -> impl Strategy<Value = Vec<(char, bool)>> {
    proptest::collection::vec((code_point(), any::<bool>()), 0..max)
}

fn encode_chars(chars: &[char]) -> Result<String, PunycodeError> {
    let mut out = String::new();
    encode(chars, &mut out).map(|()| out)
}

fn decode_chars(input: &[u8]) -> Result<Vec<char>, PunycodeError> {
    let mut buf = vec!['\0'; input.len()];
    decode_into(input, &mut buf).map(<[char]>::to_vec)
}

fn failure(e: PunycodeError) -> reference::Failure {
    (e.kind(), e.offset())
}

/// RFC 3492 §1 (uniqueness, reversibility): every lower-case input the decoder accepts
/// is exactly the encoding of what it decodes to. `ldh-domain` relies on this to skip
/// the RFC 5891 §5.4 re-encoding of A-labels on its fast path (docs/standards.md).
fn assert_decoding_is_canonical(input: &str) -> Result<bool, TestCaseError> {
    let Ok(decoded) = decode_chars(input.as_bytes()) else {
        return Ok(false);
    };
    let encoded = encode_chars(&decoded);
    prop_assert_eq!(encoded.as_deref(), Ok(input), "{:?}", decoded);
    Ok(true)
}

#[test]
fn decoding_is_canonical_on_every_short_string() {
    // Every string of one to three Punycode digits or hyphens: 52,059 strings, of
    // which 35,199 decode.
    let alphabet: Vec<char> = ('a'..='z').chain('0'..='9').chain(['-']).collect();
    let mut decoded = 0;
    let mut strings = vec![String::new()];
    for _ in 0..3 {
        strings = strings
            .iter()
            .flat_map(|s| alphabet.iter().map(move |&c| format!("{s}{c}")))
            .collect();
        for s in &strings {
            decoded += usize::from(assert_decoding_is_canonical(s).unwrap());
        }
    }
    assert_eq!(decoded, 35_199);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn decoding_is_canonical(input in "[a-z0-9-]{0,40}") {
        assert_decoding_is_canonical(&input)?;
    }

    #[test]
    fn decoding_is_canonical_near_valid_encodings(
        s in any::<String>(), at in any::<prop::sample::Index>(), digit in "[a-z0-9-]"
    ) {
        // One digit of a real encoding replaced: decodes (if at all) to something else,
        // which must encode back to the changed string.
        let mut encoded = String::new();
        encode_str(&s, &mut encoded).unwrap();
        if !encoded.is_empty() {
            let i = at.index(encoded.len());
            encoded.replace_range(i..=i, &digit);
            encoded.make_ascii_lowercase();
            assert_decoding_is_canonical(&encoded)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn decode_of_encode_is_identity(s in any::<String>()) {
        let mut out = String::new();
        encode_str(&s, &mut out).unwrap();
        prop_assert!(out.is_ascii());
        let back: String = decode_chars(out.as_bytes()).unwrap().into_iter().collect();
        prop_assert_eq!(back, s);
    }

    #[test]
    fn mixed_case_round_trips(input in text(80)) {
        let mut out = String::new();
        encode_mixed_case(&input, &mut out).unwrap();
        let mut buf = vec![('\0', false); out.len()];
        let back = decode_mixed_case_into(out.as_bytes(), &mut buf).unwrap();
        // Basic letters take the case of their flag; other basic code points report
        // their own case (false); non-basic code points keep their flag.
        let expected: Vec<(char, bool)> = input.iter().map(|&(c, up)| {
            if c.is_ascii_alphabetic() {
                (if up { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }, up)
            } else if c.is_ascii() {
                (c, false)
            } else {
                (c, up)
            }
        }).collect();
        prop_assert_eq!(back, expected.as_slice());
    }

    #[test]
    fn encode_matches_reference(input in text(100)) {
        let chars: Vec<char> = input.iter().map(|&(c, _)| c).collect();
        prop_assert_eq!(encode_chars(&chars).map_err(failure), reference::encode(&input, false));
        let mut out = String::new();
        let ours = encode_mixed_case(&input, &mut out).map(|()| out).map_err(failure);
        prop_assert_eq!(ours, reference::encode(&input, true));
    }

    #[test]
    fn decode_never_panics_on_bytes(input in proptest::collection::vec(any::<u8>(), 0..80)) {
        let ours = validate(&input);
        let mut buf = vec![('\0', false); input.len()];
        let decoded = decode_mixed_case_into(&input, &mut buf).map(<[_]>::to_vec);
        prop_assert_eq!(decoded.clone().map_err(failure), reference::decode(&input));
        prop_assert_eq!(ours.map_err(failure), decoded.map(|d| d.len()).map_err(failure));
    }

    #[test]
    fn decode_matches_reference_on_digits(input in "[a-zA-Z0-9_-]{0,48}") {
        let mut buf = vec![('\0', false); input.len()];
        let ours = decode_mixed_case_into(input.as_bytes(), &mut buf).map(<[_]>::to_vec);
        prop_assert_eq!(ours.map_err(failure), reference::decode(input.as_bytes()));
    }

    /// Short shifts copy a fixed block when the buffer has room past the output; the
    /// result must not depend on that room (exactly sized vs. 64 spare slots).
    #[test]
    fn spare_room_does_not_change_the_decoding(input in text(70)) {
        let chars: Vec<char> = input.iter().map(|&(c, _)| c).collect();
        let encoded = encode_chars(&chars).unwrap();
        let mut exact = vec!['\0'; chars.len()];
        let mut roomy = vec!['\u{FFFD}'; chars.len() + 64];
        prop_assert_eq!(decode_into(encoded.as_bytes(), &mut exact).unwrap(), chars.as_slice());
        prop_assert_eq!(decode_into(encoded.as_bytes(), &mut roomy).unwrap(), chars.as_slice());
        if !chars.is_empty() {
            let mut short = vec!['\0'; chars.len() - 1];
            prop_assert_eq!(
                decode_into(encoded.as_bytes(), &mut short).unwrap_err().kind(),
                punycode_core::PunycodeErrorKind::BufferTooSmall
            );
        }
    }

    #[test]
    fn small_buffers_fail_cleanly(input in "[a-z0-9-]{0,24}", cap in 0usize..8) {
        let mut buf = vec!['\0'; cap];
        match (decode_into(input.as_bytes(), &mut buf), reference::decode(input.as_bytes())) {
            (Ok(out), Ok(expected)) => prop_assert_eq!(out.len(), expected.len()),
            (Err(e), Ok(expected)) => {
                prop_assert_eq!(e.kind(), punycode_core::PunycodeErrorKind::BufferTooSmall);
                prop_assert!(expected.len() > cap);
            }
            (Err(e), Err(f)) => prop_assert!(
                failure(e) == f || e.kind() == punycode_core::PunycodeErrorKind::BufferTooSmall
            ),
            (Ok(_), Err(f)) => prop_assert!(false, "accepted, reference says {f:?}"),
        }
    }
}

proptest! {
    // Long inputs cross the 512-unit thresholds of the O(n log n) paths.
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn long_inputs_match_reference(input in text(1500)) {
        let chars: Vec<char> = input.iter().map(|&(c, _)| c).collect();
        let encoded = encode_chars(&chars);
        prop_assert_eq!(encoded.clone().map_err(failure), reference::encode(&input, false));
        if let Ok(encoded) = encoded {
            prop_assert_eq!(decode_chars(encoded.as_bytes()).unwrap(), chars);
            let mut out = String::new();
            encode_mixed_case(&input, &mut out).unwrap();
            let mut buf = vec![('\0', false); out.len()];
            let ours = decode_mixed_case_into(out.as_bytes(), &mut buf).unwrap().to_vec();
            prop_assert_eq!(ours, reference::decode(out.as_bytes()).unwrap());
        }
    }
}

#[cfg(feature = "alloc")]
mod strings {
    use super::*;
    use punycode_core::{decode_mixed_case, decode_to_string, encode_to_string};

    /// `decode_to_string` gives the reference decoder's result (RFC 3492 §6.2), errors
    /// included.
    fn decodes_like_the_reference(input: &str) -> Result<(), TestCaseError> {
        let ours = decode_to_string(input).map_err(failure);
        let expected = reference::decode(input.as_bytes())
            .map(|v| v.into_iter().map(|(c, _)| c).collect::<String>());
        prop_assert_eq!(ours, expected);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn string_api_round_trips(s in any::<String>()) {
            let encoded = encode_to_string(&s).unwrap();
            prop_assert_eq!(decode_to_string(&encoded).unwrap(), s);
            prop_assert_eq!(
                decode_mixed_case(&encoded).unwrap(),
                reference::decode(encoded.as_bytes()).unwrap()
            );
        }

        /// RFC 3492 §6.2/§6.3 through the `String` functions, whose label paths size
        /// their stack arrays in steps (inputs of at most 16, 32 and 64 units): texts of
        /// up to 40 code points straddle every step, both ways, against the reference.
        #[test]
        fn string_api_at_the_stack_size_steps(input in text(40)) {
            let s: String = input.iter().map(|&(c, _)| c).collect();
            let encoded = encode_to_string(&s).map_err(failure);
            prop_assert_eq!(encoded.clone(), reference::encode(&input, false));
            if let Ok(encoded) = encoded {
                prop_assert_eq!(decode_to_string(&encoded).unwrap(), s);
            }
        }

        /// The same for decoding arbitrary digit strings of 10 to 70 octets: invalid
        /// digits, truncation and §6.4 overflow are reported like the reference does.
        #[test]
        fn string_decode_at_the_stack_size_steps(input in "[a-z0-9-]{10,70}|[9a-z]{14,70}") {
            decodes_like_the_reference(&input)?;
        }

        #[test]
        fn string_api_matches_reference(input in "[a-zA-Z0-9-]{0,600}") {
            decodes_like_the_reference(&input)?;
        }
    }
}

proptest! {
    /// `encodes_to` and `encoded_len` agree with `encode` (RFC 3492 §6.3) on short and
    /// long inputs: the encoding itself matches, in either case, and nothing else does
    /// (a one-octet change, a prefix, an extension).
    #[test]
    fn encodes_to_and_encoded_len_agree_with_encode(
        input in proptest::collection::vec(code_point(), 0..80),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut out = String::new();
        encode(&input, &mut out).unwrap();
        prop_assert_eq!(punycode_core::encoded_len(&input).unwrap(), out.len());
        prop_assert!(punycode_core::encodes_to(&input, out.as_bytes()));
        prop_assert!(punycode_core::encodes_to(&input, out.to_ascii_uppercase().as_bytes()));
        let mut longer = out.clone();
        longer.push('a');
        prop_assert!(!punycode_core::encodes_to(&input, longer.as_bytes()));
        if !out.is_empty() {
            let at = cut.index(out.len());
            prop_assert!(!punycode_core::encodes_to(&input, &out.as_bytes()[..at]));
            let mut changed = out.clone().into_bytes();
            changed[at] = if changed[at].eq_ignore_ascii_case(&b'z') { b'y' } else { b'z' };
            prop_assert!(!punycode_core::encodes_to(&input, &changed));
        }
    }
}
