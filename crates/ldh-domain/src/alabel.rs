//! A-label checks with punycode-core (RFC 5890 §2.3.2.1, RFC 5891 §5.4), no allocation.

use crate::error::{ALabelReason, IdnaRule};
use crate::limits::MAX_LABEL_LEN;

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
pub(crate) fn decode<'o>(
    label: &[u8],
    out: &'o mut [char; MAX_LABEL_LEN],
) -> Result<&'o [char], ALabelReason> {
    let payload = label.get(4..).unwrap_or_default();
    let mut lower = [0u8; MAX_LABEL_LEN];
    let lower = lower
        .get_mut(..payload.len())
        .ok_or(ALabelReason::Punycode)?;
    for (dst, src) in lower.iter_mut().zip(payload) {
        *dst = src.to_ascii_lowercase();
    }
    punycode_core::decode_into(lower, out).map_err(|_| ALabelReason::Punycode)
}

/// What [`check`] learnt about a valid-looking A-label.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decoded {
    /// Every decoded code point is ASCII LDH or in [`is_plain`]: the U-label is valid
    /// (RFC 5892, UTS #46 §4.1) and left-to-right, so the IDNA engine need not run.
    pub(crate) plain: bool,
}

/// Code points that are, in every Unicode version since 3.0: UTS #46 status valid (or
/// deviation, valid in non-transitional processing) and IDNA2008 PVALID, Bidi class L,
/// canonical combining class 0 and never composed with a neighbour (NFC quick check
/// Yes, not Maybe), and no joiner. A string of them (with ASCII letters, digits and
/// inner hyphens) is a valid U-label by UTS #46 §4.1 V1–V8, and a name whose labels are
/// all such is no Bidi domain name (RFC 5893 §1.4). `tests/idna_errors.rs` checks every
/// one of them against the `idna` engine.
///
/// Ranges: Latin-1 lower case `ß`–`ÿ` without `÷`; Greek `α`–`ω`; Cyrillic `а`–`џ`;
/// Hiragana `ぁ`–`ゖ`; Katakana `ァ`–`ヺ`; CJK Unified Ideographs U+4E00–U+9FFF; Hangul
/// syllables U+AC00–U+D7A3.
pub(crate) const fn is_plain(c: char) -> bool {
    matches!(c,
        '\u{DF}'..='\u{F6}' | '\u{F8}'..='\u{FF}'
        | '\u{3B1}'..='\u{3C9}'
        | '\u{430}'..='\u{45F}'
        | '\u{3041}'..='\u{3096}'
        | '\u{30A1}'..='\u{30FA}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7A3}')
}

/// Checks that an `xn--` label is a real A-label: its payload decodes, the result is
/// not all ASCII, follows the U-label hyphen rules, and re-encodes to exactly the
/// (lower-cased) payload.
///
/// With the `idna` feature the caller additionally checks that the decoded string is a
/// valid U-label (done for the whole name at once, for the cross-label Bidi rule),
/// unless [`Decoded::plain`] says it is one by construction.
pub(crate) fn check(label: &[u8]) -> Result<Decoded, ALabelReason> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let decoded = decode(label, &mut buf)?;
    if decoded.is_ascii_only() {
        return Err(ALabelReason::DecodesToAscii);
    }
    // C1 controls are never valid in a U-label (RFC 5892 §2.3: Cc is DISALLOWED). The
    // full check is the `idna` feature's; this one keeps `xn--a` (U+0080) out without it.
    if decoded.iter().any(|c| ('\u{80}'..='\u{9f}').contains(c)) {
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
    let payload = label.get(4..).unwrap_or_default();
    let mut cmp = SameAs {
        expected: payload,
        pos: 0,
    };
    let same = punycode_core::encode(decoded, &mut cmp).is_ok() && cmp.pos == payload.len();
    if same {
        let plain = decoded
            .iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || is_plain(c));
        Ok(Decoded { plain })
    } else {
        Err(ALabelReason::NotCanonical)
    }
}

trait AsciiOnly {
    fn is_ascii_only(&self) -> bool;
}

impl AsciiOnly for [char] {
    fn is_ascii_only(&self) -> bool {
        self.iter().all(char::is_ascii)
    }
}

/// A `fmt::Write` that compares what is written with the lower-cased `expected` and
/// stops (with an error) at the first difference: re-encoding needs no buffer.
struct SameAs<'e> {
    expected: &'e [u8],
    pos: usize,
}

impl core::fmt::Write for SameAs<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for &b in s.as_bytes() {
            match self.expected.get(self.pos) {
                Some(e) if e.to_ascii_lowercase() == b => self.pos += 1,
                _ => return Err(core::fmt::Error),
            }
        }
        Ok(())
    }
}
