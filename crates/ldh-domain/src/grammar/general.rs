//! The general path of [`validate`](super::validate): every label kind, precise errors,
//! and the IDNA step for names with U-labels or A-labels.

use super::label::{numeric_tld_rejected, qualify, without_root_dot};
use crate::ascii::LDH;
use crate::error::{DomainError, DomainErrorKind, IdnaRule};
use crate::idna::alabel;
use crate::limits::{MAX_INPUT_LEN, MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN, MAX_U_LABEL_INPUT};
use crate::meta::{Form, Meta};
#[cfg(feature = "idna")]
use crate::policy::{IdnaMode, NumericTld};
use crate::policy::{LabelSyntax, Policy};
use crate::warning::{Warning, Warnings};

/// The general path of [`validate`]: every label kind, precise errors. Kept out of line
/// so that the fast path stays small (no large stack frame for the IDNA buffers).
#[inline(never)]
#[cold]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a name has at most 127 labels"
)]
pub(super) fn validate_general(input: &str, policy: Policy) -> Result<Meta, DomainError> {
    use DomainErrorKind as K;
    let bytes = input.as_bytes();
    if bytes.is_empty() {
        return Err(DomainError::whole(K::Empty, 0));
    }
    // RFC 3696 §2: one trailing dot (the root) is accepted everywhere.
    let (body, absolute) = without_root_dot(bytes);
    if body.is_empty() {
        return Err(DomainError::whole(K::RootOnly, 0));
    }
    if bytes.len() > MAX_INPUT_LEN {
        // Input safety: no name of 253 A-label octets is this long in UTF-8. The offset
        // is the start of the character holding octet 253 (found by fuzzing: a plain
        // 253 could fall inside a multi-octet character).
        let mut at = MAX_NAME_LEN;
        while !input.is_char_boundary(at) {
            at -= 1;
        }
        return Err(DomainError::whole(K::NameTooLong, at));
    }
    let mut warnings = Warnings::EMPTY;
    let mut pos = 0usize;
    let mut index = 0usize;
    // Octets of the A-label form so far: exact for ASCII labels, a lower bound for
    // U-labels (whose exact length the IDNA step computes).
    let mut name_len = 0usize;
    let mut unicode = false;
    let mut needs_idna = false;
    // An upper-case letter or an A-label: the name is not its own A-label and U-label
    // form.
    let mut converts = false;
    // Where the last two labels start, as they are passed.
    let mut sld_start;
    let mut tld_start = 0;
    loop {
        if index == MAX_LABELS {
            return Err(DomainError::new(K::TooManyLabels, pos, index));
        }
        let rest = body.get(pos..).unwrap_or_default();
        // Scan at most one octet past the longest possible label (input safety).
        let window = rest.get(..=MAX_U_LABEL_INPUT).unwrap_or(rest);
        let len = window
            .iter()
            .position(|&b| b == b'.')
            .unwrap_or(window.len());
        let label = rest.get(..len).unwrap_or_default();
        let err = |kind, at: usize| DomainError::new(kind, pos + at, index);
        if label.is_empty() {
            return Err(err(K::EmptyLabel, 0));
        }
        let a_len = check_label(label, policy, &mut warnings).map_err(|(k, at)| err(k, at))?;
        match a_len {
            LabelForm::Ascii { xn } => {
                needs_idna |= xn;
                converts |= alabel::ascii_label_converts(label);
                name_len += len;
            }
            LabelForm::Unicode => {
                unicode = true;
                needs_idna = true;
                // "xn--" plus at least one octet.
                name_len += 5;
            }
        }
        if index > 0 {
            name_len += 1;
        }
        if name_len > MAX_NAME_LEN {
            return Err(err(K::NameTooLong, 0));
        }
        sld_start = tld_start;
        tld_start = pos;
        index += 1;
        pos += len;
        match body.get(pos) {
            None => break,
            // Skip the dot.
            Some(_) => pos += 1,
        }
        if pos == body.len() {
            // `a..` or `a.` followed by the stripped root: an empty last label.
            return Err(DomainError::new(K::EmptyLabel, pos, index));
        }
    }
    let tld = body.get(tld_start..).unwrap_or_default();
    if numeric_tld_rejected(tld, policy) {
        return Err(DomainError::new(K::NumericTld, tld_start, index - 1));
    }
    if qualify(index, policy, &mut warnings).is_none() {
        return Err(DomainError::new(K::NotFullyQualified, 0, 0));
    }
    if needs_idna {
        // `body` is `input` without its root dot: a `str` prefix.
        idna_step(input.get(..body.len()).unwrap_or_default(), policy)?;
    }
    // Inputs are far shorter than 65,536 octets (`MAX_INPUT_LEN`).
    Ok(Meta::new(
        absolute,
        index as u8,
        if unicode {
            Form::Unicode
        } else if converts {
            Form::Ascii
        } else {
            Form::CanonicalAscii
        },
        u16::try_from(tld_start).unwrap_or(u16::MAX),
        u16::try_from(sld_start).unwrap_or(u16::MAX),
        warnings,
    ))
}

#[cfg(feature = "idna")]
fn idna_step(body: &str, policy: Policy) -> Result<(), DomainError> {
    match policy.idna_mode() {
        IdnaMode::Uts46 => crate::idna::uts46::check_name(
            body.as_bytes(),
            policy.numeric_tld() == NumericTld::Reject,
        ),
        mode => crate::idna::name::check_name(body, mode),
    }
}

#[cfg(not(feature = "idna"))]
#[expect(
    clippy::unnecessary_wraps,
    reason = "the same signature as the `idna` build's `idna_step`"
)]
fn idna_step(_body: &str, _policy: Policy) -> Result<(), DomainError> {
    // Without `idna`, U-labels were rejected already and A-labels were checked with
    // punycode-core alone.
    Ok(())
}

enum LabelForm {
    /// An ASCII label; `xn` when it is an A-label that needs the IDNA step (right-to-left,
    /// or the UTS #46 mode, where the engine judges it).
    Ascii { xn: bool },
    /// A U-label (needs the IDNA step).
    Unicode,
}

/// Checks one label (non-empty); errors carry the offset inside the label.
fn check_label(
    label: &[u8],
    policy: Policy,
    warnings: &mut Warnings,
) -> Result<LabelForm, (DomainErrorKind, usize)> {
    use DomainErrorKind as K;
    let last = label.len() - 1;
    match LDH.find_first_not_in(label) {
        None => {
            // An LDH label (RFC 1034 §3.5 / RFC 1123 §2.1).
            let hyphen_rules = policy.label_syntax() == LabelSyntax::Ldh;
            if hyphen_rules && label.first() == Some(&b'-') {
                return Err((K::LeadingHyphen, 0));
            }
            if label.len() > MAX_LABEL_LEN {
                return Err((K::LabelTooLong, 0));
            }
            if hyphen_rules && label.last() == Some(&b'-') {
                return Err((K::TrailingHyphen, last));
            }
            let mut xn = false;
            if alabel::has_hyphens_3_4(label) {
                if alabel::has_ace_prefix(label) {
                    let decoded =
                        alabel::check(label, alabel::RoundTrip::Check, policy.idna_mode())
                            .map_err(|r| (K::InvalidALabel(r), 0))?;
                    // A left-to-right A-label judged valid needs no more; right-to-left
                    // ones need the Bidi rule across the name, and in the UTS #46 mode
                    // the engine judges every A-label.
                    xn = !decoded.valid || decoded.right_to_left;
                } else if label.first() != Some(&b'-') && label.last() != Some(&b'-') {
                    // R-LDH: valid, but reserved (RFC 5890 §2.3.1, RFC 3696 §5). (With a
                    // hyphen at an end, allowed by `Policy::DNS`, it is no LDH label.)
                    warnings.insert(Warning::ReservedHyphenLabel);
                }
            }
            Ok(LabelForm::Ascii { xn })
        }
        Some(_) if label.is_ascii() => {
            let at = LDH.find_first_not_in(label).unwrap_or(0);
            let byte = label.get(at).copied().unwrap_or(0);
            if policy.label_syntax() == LabelSyntax::Ldh {
                if label.first() == Some(&b'-') {
                    return Err((K::LeadingHyphen, 0));
                }
                return Err((K::InvalidCharacter(byte), at));
            }
            // RFC 2181 §11: any octet but the separator.
            if label.len() > MAX_LABEL_LEN {
                return Err((K::LabelTooLong, 0));
            }
            if alabel::has_ace_prefix(label) {
                // `xn--` with non-LDH octets is no A-label.
                return Err((K::InvalidALabel(crate::error::ALabelReason::Punycode), 0));
            }
            Ok(LabelForm::Ascii { xn: false })
        }
        Some(_) => check_u_label(label),
    }
}

/// First checks of a label with non-ASCII octets; the IDNA step does the rest.
fn check_u_label(label: &[u8]) -> Result<LabelForm, (DomainErrorKind, usize)> {
    use DomainErrorKind as K;
    if cfg!(not(feature = "idna")) {
        let at = label.iter().position(|b| !b.is_ascii()).unwrap_or(0);
        return Err((K::IdnaFeatureDisabled, at));
    }
    if label.len() > MAX_U_LABEL_INPUT {
        return Err((K::LabelTooLong, 0));
    }
    if label.first() == Some(&b'-') {
        return Err((K::LeadingHyphen, 0));
    }
    // ASCII octets of a U-label follow the LDH rules (UTS #46 `UseSTD3ASCIIRules`).
    if let Some(at) = label.iter().position(|&b| b.is_ascii() && !LDH.contains(b)) {
        let byte = label.get(at).copied().unwrap_or(0);
        return Err((K::InvalidCharacter(byte), at));
    }
    // U+3002, U+FF0E, U+FF61 are full stops to UTS #46.
    for (at, w) in label.windows(3).enumerate() {
        if matches!(
            w,
            [0xE3, 0x80, 0x82] | [0xEF, 0xBC, 0x8E] | [0xEF, 0xBD, 0xA1]
        ) {
            return Err((K::Idna(IdnaRule::NonAsciiFullStop), at));
        }
    }
    if label.last() == Some(&b'-') {
        return Err((K::TrailingHyphen, label.len() - 1));
    }
    // RFC 5891 §4.2.3.1 (no `--` in the third and fourth positions) applies to the
    // *mapped* label (`ßü\u{301}--x` maps to `ßǘ--x`), so the IDNA step checks it.
    Ok(LabelForm::Unicode)
}
