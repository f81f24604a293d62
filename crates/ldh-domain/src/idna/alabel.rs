//! A-label checks with punycode-core (RFC 5890 §2.3.2.1, RFC 5891 §5.4), no allocation.

use crate::error::{ALabelReason, IdnaRule};
use crate::limits::MAX_LABEL_LEN;
use crate::policy::IdnaMode;

/// Whether `label` starts with the ACE prefix `xn--` (ASCII case-insensitive).
pub(crate) fn has_ace_prefix(label: &[u8]) -> bool {
    label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
}

/// Whether an ASCII label differs from its lower-case A-label and its U-label form: it
/// is an A-label (`xn--`, decoded by `ToUnicode`) or has an upper-case letter
/// (lower-cased, RFC 4343 §3).
pub(crate) fn ascii_label_converts(label: &[u8]) -> bool {
    has_ace_prefix(label) || name_text::ascii::has_upper(label)
}

/// Whether `label` has hyphens in the third and fourth positions (`??--`).
pub(crate) fn has_hyphens_3_4(label: &[u8]) -> bool {
    label.get(2..4) == Some(b"--")
}

/// Decodes the Punycode payload of an `xn--` label (at most 63 octets) into `out`.
///
/// The payload is lower-cased first: DNS labels compare without ASCII case (RFC 4343)
/// and UTS #46 maps the label to lower case before decoding, so `XN--BCHER-KVA` is the
/// same A-label as `xn--bcher-kva`.
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

/// What [`check`] finds out about a real A-label, for the checks across labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    /// The decoded label is known to be a valid U-label under the mode. `false` in the
    /// UTS #46 mode, where the `idna` engine decides for the whole name, and without
    /// the `idna` feature never (only the Punycode checks run there).
    pub(crate) valid: bool,
    /// The label is an RTL label (RFC 5893 §1.4: it has an R, AL or AN character), so
    /// the name is a Bidi domain name.
    pub(crate) right_to_left: bool,
    /// The label passes the six conditions of RFC 5893 §2 (needed only in a Bidi domain
    /// name).
    pub(crate) bidi_ok: bool,
}

/// Checks that an `xn--` label is a real A-label: its payload decodes, the result is
/// not all ASCII, follows the U-label hyphen rules, and re-encodes to exactly the
/// payload (compared without case); with the `idna` feature, in the IDNA 2008 modes,
/// the decoded string is judged as a U-label by the mode's rules (RFC 5891 §5.4: the
/// A-label is decoded and its U-label checked).
pub(crate) fn check(
    label: &[u8],
    round_trip: RoundTrip,
    mode: IdnaMode,
) -> Result<Summary, ALabelReason> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let payload = label.get(4..).unwrap_or_default();
    let decoded = decode(label, &mut buf)?;
    if decoded.iter().all(char::is_ascii) {
        return Err(ALabelReason::DecodesToAscii);
    }
    // RFC 5891 §5.4: the U-label must re-encode to the A-label. punycode-core's decoder
    // is the inverse of the encoder on everything it accepts (docs/standards.md,
    // "A-label round trip"), so this cannot fail; the fast path asserts it in debug
    // builds (every test and fuzz run) and the general path checks it always.
    match round_trip {
        RoundTrip::Check if !punycode_core::encodes_to(decoded, payload) => {
            return Err(ALabelReason::NotCanonical);
        }
        RoundTrip::Check => {}
        RoundTrip::DebugAssert => debug_assert!(
            punycode_core::encodes_to(decoded, payload),
            "punycode-core decoded a non-canonical payload: {payload:?}"
        ),
    }
    judge(decoded, mode)
}

/// The U-label checks of [`check`] under `mode`.
#[cfg(feature = "idna")]
fn judge(decoded: &[char], mode: IdnaMode) -> Result<Summary, ALabelReason> {
    if mode == IdnaMode::Uts46 {
        return hyphens_and_c1(decoded).map(|()| Summary {
            valid: false,
            right_to_left: false,
            bidi_ok: false,
        });
    }
    let facts =
        super::ulabel::check(decoded, mode).map_err(|(rule, _)| ALabelReason::NotULabel(rule))?;
    Ok(Summary {
        valid: true,
        right_to_left: facts.right_to_left,
        bidi_ok: facts.ok,
    })
}

/// Without `idna`: the checks that need no Unicode data.
#[cfg(not(feature = "idna"))]
fn judge(decoded: &[char], _mode: IdnaMode) -> Result<Summary, ALabelReason> {
    hyphens_and_c1(decoded).map(|()| Summary {
        valid: true,
        right_to_left: false,
        bidi_ok: true,
    })
}

/// RFC 5891 §4.2.3.1 (a U-label neither starts nor ends with a hyphen and has no
/// hyphens in both the third and fourth positions) and RFC 5892 §2.3 (C1 controls are
/// DISALLOWED): the checks made before the UTS #46 engine runs, and the only ones
/// without the `idna` feature.
fn hyphens_and_c1(decoded: &[char]) -> Result<(), ALabelReason> {
    if let Some(&c) = decoded.iter().find(|c| ('\u{80}'..='\u{9f}').contains(*c)) {
        return Err(ALabelReason::NotULabel(IdnaRule::Disallowed(
            c,
            crate::error::DisallowedWhy::Control,
        )));
    }
    if decoded.first() == Some(&'-')
        || decoded.last() == Some(&'-')
        || decoded.get(2..4) == Some(&['-', '-'])
    {
        return Err(ALabelReason::NotULabel(IdnaRule::Hyphens));
    }
    Ok(())
}

/// Whether [`check`] re-encodes the decoded label to compare it with the A-label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundTrip {
    /// Always (the general path, where errors are reported).
    Check,
    /// In debug builds only (the fast path of valid names).
    DebugAssert,
}
