//! A-label checks with punycode-core (RFC 5890 §2.3.2.1, RFC 5891 §5.4), no allocation.

use crate::error::{ALabelReason, IdnaRule};
use crate::limits::MAX_LABEL_LEN;
use crate::ulabel::Summary;

/// Whether `label` starts with the ACE prefix `xn--` (ASCII case-insensitive).
pub(crate) fn has_ace_prefix(label: &[u8]) -> bool {
    label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
}

/// Whether `label` has hyphens in the third and fourth positions (`??--`).
pub(crate) fn has_hyphens_3_4(label: &[u8]) -> bool {
    label.get(2..4) == Some(b"--")
}

/// Decodes the Punycode payload of an `xn--` label (at most 63 octets) into `out`.
///
/// The payload is lower-cased first: UTS #46 maps the label to lower case before
/// decoding, so `XN--BCHER-KVA` is the same A-label as `xn--bcher-kva`.
#[cfg(feature = "alloc")]
pub(crate) fn decode<'o>(
    label: &[u8],
    out: &'o mut [char; MAX_LABEL_LEN],
) -> Result<&'o [char], ALabelReason> {
    let payload = label.get(4..).unwrap_or_default();
    // Almost every A-label is written in lower case: decode it as it is.
    if !payload.iter().any(u8::is_ascii_uppercase) {
        return punycode_core::decode_into(payload, out).map_err(|_| ALabelReason::Punycode);
    }
    let mut lower = [0u8; MAX_LABEL_LEN];
    let lower = lower
        .get_mut(..payload.len())
        .ok_or(ALabelReason::Punycode)?;
    for (dst, src) in lower.iter_mut().zip(payload) {
        *dst = src.to_ascii_lowercase();
    }
    punycode_core::decode_into(lower, out).map_err(|_| ALabelReason::Punycode)
}

/// Checks that an `xn--` label is a real A-label: its payload decodes, the result is
/// not all ASCII, follows the U-label hyphen rules, and re-encodes to exactly the
/// payload (compared without case).
///
/// With the `idna` feature the caller additionally checks that the decoded string is a
/// valid U-label (done for the whole name at once, for the cross-label Bidi rule),
/// unless [`Summary::covered`] says it is one (and, in a Bidi domain name, the caller
/// checks the Bidi rule across labels).
pub(crate) fn check(label: &[u8], round_trip: RoundTrip) -> Result<Summary, ALabelReason> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let payload = label.get(4..).unwrap_or_default();
    // Decoded as it is written, without [`decode`]'s lower-casing pass: the digits'
    // case does not change their values, and an upper-case basic code point, which
    // UTS #46 would have mapped, comes out upper case, which [`Summary::covered`]
    // refuses, so the caller asks the engine (a rare and slower case).
    let decoded =
        punycode_core::decode_into(payload, &mut buf).map_err(|_| ALabelReason::Punycode)?;
    let summary = crate::ulabel::summarize(decoded);
    if !summary.non_ascii {
        return Err(ALabelReason::DecodesToAscii);
    }
    // C1 controls are never valid in a U-label (RFC 5892 §2.3: Cc is DISALLOWED). The
    // full check is the `idna` feature's; this one keeps `xn--a` (U+0080) out without it.
    // Covered labels have none.
    if !summary.covered && decoded.iter().any(|c| ('\u{80}'..='\u{9f}').contains(c)) {
        return Err(ALabelReason::NotULabel(IdnaRule::DisallowedCharacter));
    }
    // RFC 5891 §4.2.3.1: a U-label neither starts nor ends with a hyphen and has no
    // hyphens in both the third and fourth positions.
    if decoded.first() == Some(&'-')
        || decoded.last() == Some(&'-')
        || decoded.get(2..4) == Some(&['-', '-'])
    {
        return Err(ALabelReason::NotULabel(IdnaRule::Hyphens));
    }
    // RFC 5891 §5.4: the U-label must re-encode to the A-label. punycode-core's decoder
    // is the inverse of the encoder on everything it accepts (docs/standards.md,
    // "A-label round trip"), so this cannot fail; the fast path asserts it in debug
    // builds (every test and fuzz run) and the general path checks it always.
    match round_trip {
        RoundTrip::Check if !encodes_to(decoded, payload) => {
            return Err(ALabelReason::NotCanonical);
        }
        RoundTrip::Check => {}
        RoundTrip::DebugAssert => debug_assert!(
            encodes_to(decoded, payload),
            "punycode-core decoded a non-canonical payload: {payload:?}"
        ),
    }
    Ok(summary)
}

/// Whether [`check`] re-encodes the decoded label to compare it with the A-label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundTrip {
    /// Always (the general path, where errors are reported).
    Check,
    /// In debug builds only (the fast path of valid names).
    DebugAssert,
}

/// Punycode parameters (RFC 3492 §5).
const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// Bias adaptation (RFC 3492 §6.1).
fn adapt(delta: u32, numpoints: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / numpoints.max(1);
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + SKEW)
}

/// The Punycode digits, lower case (RFC 3492 §5).
const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// The Punycode digit for `d` (< 36), lower case (RFC 3492 §5).
fn digit(d: u32) -> u8 {
    // `d` < 36 by construction: the fallback is never taken.
    DIGITS.get(d as usize).copied().unwrap_or(b'9')
}

/// Whether `payload` (compared ASCII case-insensitively) is exactly the Punycode
/// encoding of `decoded` (at most 63 code points): the encoder of RFC 3492 §6.3, each
/// output octet compared as it is produced and the first difference ending the run. No
/// buffer and no `fmt::Write` dispatch: this is the RFC 5891 §5.4 round trip of every
/// A-label on the fast path.
fn encodes_to(decoded: &[char], payload: &[u8]) -> bool {
    let mut expected = payload.iter().map(u8::to_ascii_lowercase);
    let mut emit = |b: u8| expected.next() == Some(b);
    // Basic code points first (RFC 3492 §6.3), and the smallest other one.
    let mut basic = 0u32;
    let mut next_min = u32::MAX;
    for &c in decoded {
        if c.is_ascii() {
            // Basic code points are compared without case, like the digits.
            if !emit((c as u8).to_ascii_lowercase()) {
                return false;
            }
            basic += 1;
        } else {
            next_min = next_min.min(c as u32);
        }
    }
    if basic > 0 && !emit(b'-') {
        return false;
    }
    // At most 63 code points of at most U+10FFFF: `delta` stays below
    // 0x10FFFF × 64 + 64², far from `u32::MAX`.
    let Ok(len) = u32::try_from(decoded.len()) else {
        return false;
    };
    if len > MAX_LABEL_LEN as u32 {
        return false;
    }
    let (mut code, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while handled < len {
        // `next_min` is the smallest code point not yet handled; each pass finds the
        // next one.
        if next_min == u32::MAX {
            return false;
        }
        delta += (next_min - code) * (handled + 1);
        code = next_min;
        next_min = u32::MAX;
        for &c in decoded {
            let c = c as u32;
            // Counting smaller code points and tracking the next one to handle are
            // written as selects, not branches: which side a code point falls on is
            // data, and the mispredictions cost more than the loop's work.
            delta += u32::from(c < code);
            next_min = next_min.min(if c > code { c } else { u32::MAX });
            if c == code {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        TMIN
                    } else if k >= bias + TMAX {
                        TMAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    if !emit(digit(t + (q - t) % (BASE - t))) {
                        return false;
                    }
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                if !emit(digit(q)) {
                    return false;
                }
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        code += 1;
    }
    expected.next().is_none()
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::encodes_to;
    use proptest::prelude::*;
    use std::string::String;
    use std::vec::Vec;

    /// `punycode_core::encode` into a string, the reference for [`encodes_to`].
    fn reference(decoded: &[char]) -> Option<String> {
        let mut out = String::new();
        punycode_core::encode(decoded, &mut out).ok()?;
        Some(out)
    }

    #[test]
    fn rfc_3492_samples() {
        let bucher: Vec<char> = "bücher".chars().collect();
        assert!(encodes_to(&bucher, b"bcher-kva"));
        assert!(encodes_to(&bucher, b"BCHER-KVA"));
        assert!(!encodes_to(&bucher, b"bcher-kvb"));
        assert!(!encodes_to(&bucher, b"bcher-kv"));
        assert!(!encodes_to(&bucher, b"bcher-kvaa"));
        // RFC 3492 §7.1 (B): Chinese (simplified).
        let zh: Vec<char> = "他们为什么不说中文".chars().collect();
        assert!(encodes_to(&zh, b"ihqwcrb4cv8a8dqg056pqjye"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn agrees_with_punycode_core(s in "[a-z0-9\u{80}-\u{2FF}\u{4E00}-\u{4E20}\u{10000}-\u{10010}-]{1,20}") {
            let decoded: Vec<char> = s.chars().collect();
            if let Some(encoded) = reference(&decoded) {
                prop_assert!(encodes_to(&decoded, encoded.as_bytes()), "{s:?} {encoded}");
                let mut wrong = encoded.clone().into_bytes();
                if let Some(last) = wrong.last_mut() {
                    *last = if *last == b'a' { b'b' } else { b'a' };
                }
                prop_assert!(!encodes_to(&decoded, &wrong));
            }
        }
    }
}
