//! Decoding a label (at most 64 bytes of Punycode) straight to a `String`, RFC 3492 §6.2.
//!
//! The same steps as the general decoder ([`crate::decode::decode_with`] with a
//! [`crate::decode::SliceSink`]), written for labels only: a stack array of code points,
//! insertions shifted in place, no `Result` per step (the failure points of §6.2 and
//! §6.4 return `None`), non-digits flagged once for the whole input instead of a branch
//! per digit.
//!
//! Whatever this path does not decode returns `None`, and the caller runs the general
//! decoder, which reports the error with its offset: results and errors are those of
//! the general decoder by construction. An invalid label is therefore read twice, a
//! valid one once.

use alloc::string::String;

use crate::bootstring::{
    BASE, DIGIT_VALUE, INITIAL_BIAS, INITIAL_N, NOT_A_DIGIT, adapt, div_rem, threshold,
};
use crate::decode::{SHIFT_BLOCK, last_delimiter};

/// The longest input this path takes (a DNS label has at most 63 octets): `length + 1`
/// stays within the divisors `div_rem` has multipliers for.
pub(crate) const MAX_LABEL_LEN: usize = 64;

/// Decodes `input` (at most `N - SHIFT_BLOCK` and [`MAX_LABEL_LEN`] bytes) through a
/// stack array of `N` code points, or `None` if the input is no valid Punycode (the
/// general decoder then reports why).
#[inline]
#[expect(
    clippy::many_single_char_names,
    clippy::cast_possible_truncation,
    reason = "n, i, w, k, t are the variable names of RFC 3492 §6.2; lengths and indexes are below N, a few dozen"
)]
pub(crate) fn decode_to_string<const N: usize>(input: &[u8]) -> Option<String> {
    if input.len() > MAX_LABEL_LEN || input.len() + SHIFT_BLOCK > N {
        return None;
    }
    let mut out = ['\0'; N];
    let (basic, digits) = match last_delimiter(input) {
        // §6.2 consumes the delimiter only after at least one basic code point.
        Some(0) => return None,
        Some(p) => (input.get(..p)?, input.get(p + 1..)?),
        None => (&[][..], input),
    };
    // §6.2 "fail on any non-basic code point" before the delimiter.
    let mut seen = 0u8;
    for (slot, &b) in out.iter_mut().zip(basic) {
        *slot = char::from(b);
        seen |= b;
    }
    if !seen.is_ascii() {
        return None;
    }
    let mut len = basic.len();
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut digits = digits.iter();
    // A non-digit has the value `NOT_A_DIGIT` (0xFF, above every threshold): it never
    // ends an integer, and this flag fails the input at the end (§6.2 "fail").
    let mut not_digit = 0u8;
    while let Some(&first) = digits.next() {
        let old_i = i;
        let mut byte = first;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            let d = DIGIT_VALUE
                .get(usize::from(byte))
                .copied()
                .unwrap_or(NOT_A_DIGIT);
            not_digit |= d;
            let d = u32::from(d);
            i = i.checked_add(d.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if d < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
            byte = *digits.next()?;
        }
        let len1 = len as u32 + 1;
        bias = adapt(i - old_i, len1, old_i == 0);
        let (quot, rem) = div_rem(i, len1);
        n = n.checked_add(quot)?;
        let c = char::from_u32(n)?;
        let index = rem as usize;
        // index <= len < input.len() <= N - SHIFT_BLOCK - 1: the block always fits.
        if len - index < SHIFT_BLOCK {
            let block = out.get_mut(index..=index + SHIFT_BLOCK)?;
            block.copy_within(..SHIFT_BLOCK, 1);
        } else {
            out.copy_within(index..len, index + 1);
        }
        *out.get_mut(index)? = c;
        len += 1;
        i = rem + 1;
    }
    if not_digit == NOT_A_DIGIT {
        return None;
    }
    // Four UTF-8 bytes per code point: the `String` never grows.
    let mut s = String::with_capacity(4 * len);
    for &c in out.get(..len)? {
        s.push(c);
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PunycodeErrorKind;
    use alloc::string::ToString;
    use proptest::prelude::*;

    const N: usize = MAX_LABEL_LEN + SHIFT_BLOCK;

    fn general(input: &[u8]) -> Option<String> {
        let mut buf = ['\0'; N];
        let chars = crate::decode_into(input, &mut buf).ok()?;
        Some(chars.iter().collect())
    }

    /// RFC 3492 §7.1 sample (A), and the failure points of §6.2 each declined.
    #[test]
    fn rfc3492_samples_and_failures() {
        assert_eq!(
            decode_to_string::<N>(b"egbpdaj6bu4bxfgehfvwxn").as_deref(),
            Some(
                "\u{644}\u{64a}\u{647}\u{645}\u{627}\u{628}\u{62a}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64a}\u{61f}"
            )
        );
        assert_eq!(
            decode_to_string::<N>(b"bcher-kva").as_deref(),
            Some("b\u{fc}cher")
        );
        assert_eq!(decode_to_string::<N>(b"").as_deref(), Some(""));
        assert_eq!(decode_to_string::<N>(b"abc-").as_deref(), Some("abc"));
        // Each failure point is declined, and the general decoder reports it.
        let failures = [
            (&b"-kva"[..], PunycodeErrorKind::LeadingDelimiter),
            (b"kv", PunycodeErrorKind::Truncated),
            (b"bcher-k_a", PunycodeErrorKind::InvalidDigit),
            (b"99999999999", PunycodeErrorKind::Overflow),
            // U+D800, a surrogate.
            (b"ib9b", PunycodeErrorKind::InvalidCodePoint),
        ];
        for (bad, kind) in failures {
            assert_eq!(decode_to_string::<N>(bad), None, "{bad:?}");
            let mut buf = ['\0'; N];
            let error = crate::decode_into(bad, &mut buf).err();
            assert_eq!(error.map(|e| e.kind()), Some(kind), "{bad:?}");
        }
    }

    proptest! {
        /// On every input of Punycode digits and delimiters this path and the general
        /// decoder agree: the same text, or both decline (§6.2 fails).
        #[test]
        fn agrees_with_the_general_decoder(input in "[a-zA-Z0-9-]{0,64}") {
            prop_assert_eq!(decode_to_string::<N>(input.as_bytes()), general(input.as_bytes()));
        }

        /// Every encoded label of up to 64 bytes decodes through this path to its text.
        #[test]
        fn decodes_encoded_labels(text in "\\PC{1,20}") {
            let encoded = crate::encode_to_string(&text)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assume!(encoded.len() <= MAX_LABEL_LEN);
            prop_assert_eq!(decode_to_string::<N>(encoded.as_bytes()), Some(text));
        }
    }
}
