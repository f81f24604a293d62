//! Conversions that allocate (feature `alloc`): `ToASCII` and `ToUnicode`.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::domain::{Domain, LabelKind};
use crate::error::{DomainError, DomainErrorKind};
use crate::policy::{IdnaMode, Policy};

impl<'a> Domain<'a> {
    /// The name in lower-case A-label form (the form for DNS lookups), root dot kept.
    /// Borrowed when the name is already so.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse_with("example.com", &Policy::HOSTNAME)?;
    /// assert!(matches!(d.to_ascii()?, Cow::Borrowed("example.com")));
    /// let d = Domain::parse_with("WWW.Example.COM.", &Policy::HOSTNAME)?;
    /// assert_eq!(d.to_ascii()?, "www.example.com.");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn to_ascii(&self) -> Result<Cow<'a, str>, DomainError> {
        let name = self.as_str();
        if self.is_ascii() {
            return Ok(lower_case(name));
        }
        to_ascii_unicode_name(name, Labels::MaybeUnmapped).map(Cow::Owned)
    }

    /// The name in U-label form (A-labels decoded, ASCII lower-cased), root dot kept.
    /// Borrowed when the name is already so.
    ///
    /// ```
    /// use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse_with("XN--BCHER-KVA.example", &Policy::HOSTNAME)?;
    /// assert_eq!(d.to_unicode()?, "bücher.example");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn to_unicode(&self) -> Result<Cow<'a, str>, DomainError> {
        // Validation recorded whether the name is ASCII without upper case or A-labels,
        // which is exactly when it is its own U-label form (`tests/canonical_ascii.rs`):
        // no scan of the text.
        if self.is_canonical_ascii() {
            return Ok(Cow::Borrowed(self.as_str()));
        }
        to_unicode_name(self).map(Cow::Owned)
    }
}

/// What is known of a parsed name's U-labels when it is converted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Labels {
    /// Valid by IDNA 2008 (PVALID and context code points only, NFC): the UTS #46 mapping
    /// leaves them as they are.
    #[cfg(feature = "idna")]
    Mapped,
    /// Possibly validated in the UTS #46 mode, which accepts unmapped forms (`Bücher`).
    MaybeUnmapped,
}

#[cfg(feature = "idna")]
fn to_ascii_unicode_name(name: &str, labels: Labels) -> Result<String, DomainError> {
    let (body, absolute) = match name.strip_suffix('.') {
        Some(body) => (body, true),
        None => (name, false),
    };
    let mut out = crate::idna::convert::to_ascii_validated(body, labels == Labels::Mapped)?;
    if absolute {
        out.push('.');
    }
    Ok(out)
}

#[cfg(not(feature = "idna"))]
fn to_ascii_unicode_name(name: &str, _: Labels) -> Result<String, DomainError> {
    // Unreachable in practice: without `idna` no parsed name has U-labels.
    let at = name.bytes().position(|b| !b.is_ascii()).unwrap_or(0);
    Err(DomainError::whole(DomainErrorKind::IdnaFeatureDisabled, at))
}

fn to_unicode_name(domain: &Domain<'_>) -> Result<String, DomainError> {
    let mut out = crate::idna::convert::to_unicode_validated(domain.as_relative_str())?;
    if domain.is_absolute() {
        out.push('.');
    }
    Ok(out)
}

/// Converts to A-labels (a conversion, not a check of a policy): `ToASCII` under the
/// default mode, [`IdnaMode::Registration`]; see [`to_ascii_with`].
///
/// `Ok` says the name converts, not that it is acceptable where it is used: a single
/// label such as `localhost` converts, and so does any name a [`Policy`] may refuse.
/// To check a name, parse it with [`Domain::parse_with`] under the policy of the place
/// (then [`Domain::to_ascii`] converts it). Borrowed when the input is already in
/// lower-case A-label form.
///
/// ```
/// use ldh_domain::{Domain, Policy};
/// assert_eq!(ldh_domain::to_ascii("localhost")?, "localhost"); // converts…
/// let err = Domain::parse_with("localhost", &Policy::FQDN).unwrap_err(); // …but is no FQDN
/// assert_eq!(err.code(), "not_fully_qualified");
/// # if cfg!(feature = "idna") {
/// assert_eq!(ldh_domain::to_ascii("Bücher.example.")?, "xn--bcher-kva.example.");
/// assert_eq!(ldh_domain::to_ascii("a..b").unwrap_err().code(), "empty_label");
/// assert_eq!(ldh_domain::to_ascii("\u{1F4A9}.la").unwrap_err().code(), "idna_disallowed");
/// # }
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn to_ascii(input: &str) -> Result<Cow<'_, str>, DomainError> {
    to_ascii_with(input, IdnaMode::Registration)
}

/// `ToASCII`: the input mapped by UTS #46 (non-transitional: case, full-width forms,
/// ideographic full stops; RFC 5895's advice), then judged by `mode`, then each U-label
/// encoded as an A-label; the root dot kept and allowed.
///
/// In the IDNA 2008 modes the mapped name must be valid as [`Domain::parse`] judges it
/// under [`Policy::HOSTNAME`] without the numeric-TLD rule and with R-LDH labels
/// (`ab--cd`) rejected, as UTS #46 `CheckHyphens` does; so `Bücher.de` converts while
/// `Domain::parse` refuses it as written. In [`IdnaMode::Uts46`] this is UTS #46 `ToASCII`
/// with `CheckHyphens`, `CheckBidi`, `CheckJoiners`, `UseSTD3ASCIIRules` and
/// `VerifyDnsLength`. Without the `idna` feature, non-ASCII input is an
/// `idna_feature_disabled` error.
///
/// Errors point into `input`: at the code point for a character error in a label that
/// mapping did not change, else at the start of the label.
///
/// ```
/// # if cfg!(feature = "idna") {
/// use ldh_domain::{IdnaMode, to_ascii_with};
/// assert_eq!(to_ascii_with("ＥＸＡＭＰＬＥ\u{3002}de", IdnaMode::Registration)?, "example.de");
/// assert!(to_ascii_with("\u{1F4A9}.la", IdnaMode::Registration).is_err());
/// assert_eq!(to_ascii_with("\u{1F4A9}.la", IdnaMode::Uts46)?, "xn--ls8h.la");
/// # }
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn to_ascii_with(input: &str, mode: IdnaMode) -> Result<Cow<'_, str>, DomainError> {
    // The common case first: a valid name of LDH labels and A-labels, which maps to
    // itself lower-cased; the ASCII fast path of validation alone.
    if let Some(out) = ascii_name_converted(input, mode, Target::ALabels) {
        return Ok(out);
    }
    #[cfg(feature = "idna")]
    if mode == IdnaMode::Uts46 && !input.is_ascii() {
        return uts46_to_ascii(input).map(Cow::Owned);
    }
    #[cfg(feature = "idna")]
    if let Some(out) = u_label_name_to_ascii(input, mode) {
        return Ok(Cow::Owned(out));
    }
    // Most input is already in mapped form (lower-case A-labels, IDNA 2008 U-labels):
    // parsed as written, it needs no mapping engine and no scan to prove it is mapped.
    // ASCII input maps to itself lower-cased, so its parse error is the answer.
    let parsed = strict(input, mode);
    let is_ascii = match &parsed {
        Ok(d) => d.is_ascii(),
        Err(_) => input.is_ascii(),
    };
    if is_ascii {
        return parsed?.to_ascii();
    }
    #[cfg(feature = "idna")]
    {
        // An IDNA 2008 U-label holds only code points that UTS #46 maps to themselves, in
        // NFC, which the parse checked: the name is its own mapping.
        if let Ok(d) = parsed {
            return to_ascii_unicode_name(d.as_str(), Labels::Mapped).map(Cow::Owned);
        }
        mapped(input, mode, |d| d.to_ascii().map(Cow::into_owned)).map(Cow::Owned)
    }
    #[cfg(not(feature = "idna"))]
    {
        let at = input.bytes().position(|b| !b.is_ascii()).unwrap_or(0);
        Err(DomainError::whole(DomainErrorKind::IdnaFeatureDisabled, at))
    }
}

/// An ASCII name in lower case, borrowed when it is so already.
fn lower_case(name: &str) -> Cow<'_, str> {
    if crate::ascii::has_upper(name.as_bytes()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// The common case of non-ASCII input: a name valid as written (so its own UTS #46
/// mapping, as `to_ascii_with` says below), converted while the fast path of validation
/// walks it, each U-label encoded from the code points that path decoded. `None` sends
/// the name the long way (errors, R-LDH labels, anything the fast path leaves alone).
#[cfg(feature = "idna")]
fn u_label_name_to_ascii(input: &str, mode: IdnaMode) -> Option<String> {
    if input.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(input.len() + 16);
    let policy = UTS46_ASCII.with_idna_mode(mode);
    let meta = crate::grammar::unicode::validate_unicode(input, policy, |text, chars| {
        if !out.is_empty() {
            out.push('.');
        }
        let at = out.len();
        if let Some(chars) = chars {
            out.push_str("xn--");
            punycode_core::encode_append(chars, &mut out).ok()?;
        } else {
            out.push_str(text);
            if let Some(label) = out.get_mut(at..) {
                label.make_ascii_lowercase();
            }
        }
        Some(out.len() - at)
    })?;
    // UTS #46 `CheckHyphens`: an R-LDH label is an error, reported the long way.
    if meta
        .warnings()
        .contains(crate::Warning::ReservedHyphenLabel)
    {
        return None;
    }
    if meta.absolute() {
        out.push('.');
    }
    Some(out)
}

/// What UTS #46 `ToASCII` with `UseSTD3ASCIIRules` checks on ASCII input, as a policy:
/// host name labels, one label allowed, and no rule on all-digit last labels (UTS #46
/// has none: `1.2.3.4` converts to itself).
const UTS46_ASCII: Policy = Policy::HOSTNAME.with_numeric_tld(crate::policy::NumericTld::Allow);

/// `ToUnicode` under the default mode, [`IdnaMode::Registration`]: see
/// [`to_unicode_with`].
///
/// ```
/// # if cfg!(feature = "idna") {
/// assert_eq!(ldh_domain::to_unicode("xn--bcher-kva.example")?, "bücher.example");
/// assert_eq!(ldh_domain::to_unicode("xn--ls8h.la").unwrap_err().code(), "invalid_a_label");
/// # }
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn to_unicode(input: &str) -> Result<Cow<'_, str>, DomainError> {
    to_unicode_with(input, IdnaMode::Registration)
}

/// `ToUnicode`: A-labels decoded, the rest mapped by UTS #46, the result judged by
/// `mode` as [`to_ascii_with`] does.
///
/// In [`IdnaMode::Uts46`] this is UTS #46 `ToUnicode`, which has no `VerifyDnsLength`
/// step: a name longer than DNS allows still converts (in time linear in its length).
/// The IDNA 2008 modes parse the mapped name and so check the lengths. Without `idna`,
/// A-labels are decoded with punycode-core and non-ASCII input is an error.
///
/// ```
/// # if cfg!(feature = "idna") {
/// use ldh_domain::{IdnaMode, to_unicode_with};
/// assert_eq!(to_unicode_with("xn--ls8h.la", IdnaMode::Uts46)?, "\u{1F4A9}.la");
/// assert!(to_unicode_with("xn--ls8h.la", IdnaMode::Lookup).is_err());
/// # }
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn to_unicode_with(input: &str, mode: IdnaMode) -> Result<Cow<'_, str>, DomainError> {
    #[cfg(feature = "idna")]
    if mode == IdnaMode::Uts46 {
        return uts46_to_unicode(input).map(Cow::Owned);
    }
    if let Some(out) = ascii_name_converted(input, mode, Target::ULabels) {
        return Ok(out);
    }
    #[cfg(feature = "idna")]
    {
        // ASCII input maps to itself lower-cased, so its parse error is the answer.
        if input.is_ascii() {
            return strict(input, mode)?.to_unicode();
        }
        if let Some(out) = u_label_name_to_unicode(input, mode) {
            return Ok(out);
        }
        mapped(input, mode, to_unicode_name).map(Cow::Owned)
    }
    #[cfg(not(feature = "idna"))]
    {
        if let Some(at) = input.bytes().position(|b| !b.is_ascii()) {
            return Err(DomainError::whole(DomainErrorKind::IdnaFeatureDisabled, at));
        }
        strict(input, mode)?.to_unicode()
    }
}

/// The form a conversion gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// `ToASCII`: lower-case A-labels.
    ALabels,
    /// `ToUnicode`: U-labels, the rest in lower case.
    ULabels,
}

/// The common case of both conversions: a valid name of LDH labels and A-labels, taken
/// by the ASCII fast path of validation alone (which refuses non-ASCII input itself, so
/// no scan comes first) and answered from its facts. A name without upper case or
/// A-labels is its own A-label and U-label form and is borrowed. Otherwise `ToASCII`
/// lower-cases it, and `ToUnicode` decodes the `xn--` labels (checked while validating)
/// and lower-cases the rest into one string. `None` sends the name the long way
/// (errors, R-LDH labels, anything the fast path leaves alone), which gives the same
/// answers.
///
/// One function for both, so that the fast path of validation has one call site here and
/// is inlined into it: called from two places it stays out of line and costs `to_ascii`
/// an eighth more (bench rows `domain/to-ascii-full` and `domain/to-unicode`).
fn ascii_name_converted(input: &str, mode: IdnaMode, target: Target) -> Option<Cow<'_, str>> {
    let meta = crate::grammar::validate_ascii(input, UTS46_ASCII.with_idna_mode(mode))?;
    // UTS #46 `CheckHyphens`: an R-LDH label is an error, reported the long way.
    if meta
        .warnings()
        .contains(crate::Warning::ReservedHyphenLabel)
    {
        return None;
    }
    if meta.canonical_ascii() {
        return Some(Cow::Borrowed(input));
    }
    match target {
        Target::ALabels => Some(lower_case(input)),
        Target::ULabels => crate::idna::convert::ascii_to_unicode_validated(input)
            .ok()
            .map(Cow::Owned),
    }
}

/// The common case of non-ASCII input: a name valid as written (so its own UTS #46
/// mapping but for ASCII case, as `to_ascii_with` says), converted while the fast path
/// of validation walks it: U-labels copied, A-labels decoded, ASCII labels lower-cased.
/// Nothing is written while every label is its own U-label form: such a name (most of
/// them) is borrowed, and the first label that converts starts the copy. `None` sends the
/// name the long way (errors, R-LDH labels, anything the fast path leaves alone). Bench
/// row `domain/to-unicode` guards it.
#[cfg(feature = "idna")]
fn u_label_name_to_unicode(input: &str, mode: IdnaMode) -> Option<Cow<'_, str>> {
    use crate::idna::alabel::ascii_label_converts;
    use crate::idna::convert::push_ascii_label_unicode;
    let mut out = String::new();
    let mut copying = false;
    // Where the label `on_label` sees starts in `input`.
    let mut start = 0;
    let policy = UTS46_ASCII.with_idna_mode(mode);
    let meta = crate::grammar::unicode::validate_unicode(input, policy, |text, chars| {
        let at = start;
        start += text.len() + 1;
        if copying {
            out.push('.');
        } else if chars.is_none() && ascii_label_converts(text.as_bytes()) {
            // Decoded A-labels may be longer than they are written; the rest is as long.
            out.reserve(2 * input.len());
            out.push_str(input.get(..at)?);
            copying = true;
        }
        if copying {
            if chars.is_some() {
                out.push_str(text);
            } else {
                push_ascii_label_unicode(text, &mut out).ok()?;
            }
        }
        crate::grammar::unicode::a_label_len(text, chars)
    })?;
    // UTS #46 `CheckHyphens`: an R-LDH label is an error, reported the long way.
    if meta
        .warnings()
        .contains(crate::Warning::ReservedHyphenLabel)
    {
        return None;
    }
    if !copying {
        return Some(Cow::Borrowed(input));
    }
    if meta.absolute() {
        out.push('.');
    }
    Some(Cow::Owned(out))
}

/// Maps `input` by UTS #46, parses the result under `mode`, and converts it with
/// `convert`; errors are moved back into `input`.
#[cfg(feature = "idna")]
fn mapped(
    input: &str,
    mode: IdnaMode,
    convert: impl FnOnce(&Domain<'_>) -> Result<String, DomainError>,
) -> Result<String, DomainError> {
    use crate::error::IdnaRule;
    if input.len() > crate::limits::MAX_INPUT_LEN {
        // Input safety, as `Domain::parse`: no name of 253 A-label octets is this long,
        // and a name padded with thousands of ignored code points is refused, not mapped.
        let mut at = crate::limits::MAX_NAME_LEN;
        while !input.is_char_boundary(at) {
            at -= 1;
        }
        return Err(DomainError::whole(DomainErrorKind::NameTooLong, at));
    }
    let name: Cow<'_, str> = if crate::idna::convert::maps_to_itself(input) {
        Cow::Borrowed(input)
    } else {
        Cow::Owned(crate::idna::convert::map(input))
    };
    // A code point the mapping disallows comes out as U+FFFD: name the one in the input.
    if name.contains('\u{FFFD}')
        && let Some((at, c)) = crate::idna::convert::first_unmappable(input)
    {
        let why = crate::idna::props::disallowed_why(c);
        let index = input
            .get(..at)
            .map_or(0, |s| s.matches(is_full_stop).count());
        return Err(DomainError::new(
            DomainErrorKind::Idna(IdnaRule::Disallowed(c, why)),
            at,
            index,
        ));
    }
    let result = Domain::parse_with(&name, &UTS46_ASCII.with_idna_mode(mode))
        .and_then(|d| check_hyphens_3_4(&d).map(|()| d))
        .and_then(|d| convert(&d));
    result.map_err(|e| rebase(e, input, &name))
}

/// The four full stops UTS #46 maps to `.` (U+002E, U+3002, U+FF0E, U+FF61).
#[cfg(feature = "idna")]
fn is_full_stop(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Moves an error about the mapped name `name` into `input`: the same label; the same
/// offset inside it when mapping left the label unchanged, else the label's start.
#[cfg(feature = "idna")]
fn rebase(e: DomainError, input: &str, name: &str) -> DomainError {
    let Some(index) = e.label_index() else {
        return e;
    };
    let mapped_start: usize = name.split('.').take(index).map(|l| l.len() + 1).sum();
    let mapped_label = name.split('.').nth(index).unwrap_or_default();
    let (start, label) = input_label(input, index);
    let at = if label == mapped_label {
        start + e.offset().saturating_sub(mapped_start)
    } else {
        start
    };
    DomainError::new(e.kind(), at.min(input.len()), index)
}

/// Where label `index` of `input` starts (labels end at any of the four full stops),
/// and the label.
#[cfg(feature = "idna")]
fn input_label(input: &str, index: usize) -> (usize, &str) {
    let mut start = 0;
    let mut i = 0;
    for (at, c) in input.char_indices() {
        if is_full_stop(c) {
            if i == index {
                return (start, input.get(start..at).unwrap_or_default());
            }
            i += 1;
            start = at + c.len_utf8();
        }
    }
    (start, input.get(start..).unwrap_or_default())
}

/// A name in mapped form as the conversions judge it: [`UTS46_ASCII`] with `mode`, plus
/// UTS #46 `CheckHyphens` on R-LDH labels. For ASCII input this is all `ToASCII` checks.
fn strict(input: &str, mode: IdnaMode) -> Result<Domain<'_>, DomainError> {
    let d = Domain::parse_with(input, &UTS46_ASCII.with_idna_mode(mode))?;
    check_hyphens_3_4(&d)?;
    Ok(d)
}

/// UTS #46 `CheckHyphens`: R-LDH labels are errors for the strict conversions.
fn check_hyphens_3_4(d: &Domain<'_>) -> Result<(), DomainError> {
    // The parse's own warnings (not `Domain::warnings`, which also works out the
    // special-use warning).
    if !d
        .meta()
        .warnings()
        .contains(crate::Warning::ReservedHyphenLabel)
    {
        return Ok(());
    }
    for (i, label) in d.labels().enumerate() {
        if label.kind() == LabelKind::ReservedLdh {
            return Err(DomainError::new(
                DomainErrorKind::Idna(crate::error::IdnaRule::Hyphens),
                label.offset(),
                i,
            ));
        }
    }
    Ok(())
}

/// UTS #46 `ToASCII` with every check on (`CheckHyphens` in full), the root dot allowed.
#[cfg(feature = "idna")]
fn uts46_to_ascii(input: &str) -> Result<String, DomainError> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};
    crate::idna::uts46::UTS46
        .to_ascii(
            input.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Check,
            DnsLength::VerifyAllowRootDot,
        )
        .map(Cow::into_owned)
        .map_err(|_| diagnose(input))
}

/// UTS #46 `ToUnicode` with every check on (`CheckHyphens` in full).
#[cfg(feature = "idna")]
fn uts46_to_unicode(input: &str) -> Result<String, DomainError> {
    use idna::uts46::{AsciiDenyList, Hyphens};
    let (out, result) =
        crate::idna::uts46::UTS46.to_unicode(input.as_bytes(), AsciiDenyList::STD3, Hyphens::Check);
    match result {
        Ok(()) => Ok(out.into_owned()),
        Err(_) => Err(diagnose(input)),
    }
}

/// Explains why the strict UTS #46 conversions failed, pointing at a label.
#[cfg(feature = "idna")]
fn diagnose(input: &str) -> DomainError {
    let uts46 = Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46);
    match Domain::parse_with(input, &uts46) {
        Err(e) => e,
        Ok(d) => match check_hyphens_3_4(&d) {
            Err(e) => e,
            Ok(()) => crate::idna::uts46::classify(d.as_relative_str().as_bytes()),
        },
    }
}

#[cfg(all(test, feature = "idna"))]
mod tests {
    extern crate std;

    use super::{
        Labels, Target, ascii_name_converted, mapped, strict, to_ascii_unicode_name,
        to_unicode_name, u_label_name_to_ascii, u_label_name_to_unicode,
    };
    use crate::IdnaMode;
    use crate::idna::convert::map;
    use alloc::borrow::Cow;
    use proptest::prelude::*;

    /// The conversion done while validating (`u_label_name_to_ascii`) gives what the long
    /// way gives (parse, then encode each U-label of the parsed name) whenever it gives
    /// anything.
    fn same_as_the_long_way(name: &str) -> bool {
        let mut taken = false;
        for mode in [IdnaMode::Registration, IdnaMode::Lookup] {
            if let Some(fast) = u_label_name_to_ascii(name, mode) {
                let long = strict(name, mode)
                    .and_then(|d| to_ascii_unicode_name(d.as_str(), Labels::Mapped));
                assert_eq!(Ok(fast), long, "{name:?} {mode:?}");
                taken = true;
            }
        }
        taken
    }

    /// RFC 5891 §4.4 (each U-label encoded as its A-label, ASCII labels lower-cased) on the
    /// corpus's names with non-ASCII text: the conversion while validating takes almost
    /// all of the valid ones and agrees with the long way on each.
    #[test]
    fn to_ascii_while_validating_agrees_on_the_corpus() {
        let corpus = crate::test_corpus::domains();
        let (mut valid, mut taken) = (0, 0);
        for name in corpus.lines().filter(|n| !n.is_ascii()) {
            valid += usize::from(strict(name, IdnaMode::Registration).is_ok());
            taken += usize::from(same_as_the_long_way(name));
        }
        assert!(
            valid > 5_000 && taken * 100 >= valid * 95,
            "{taken} of {valid}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        /// Random names of upper and lower case letters, U-labels of several scripts,
        /// A-labels, R-LDH labels and the root dot: the same A-label form both ways.
        #[test]
        fn to_ascii_while_validating_agrees_on_random_names(
            name in r"((Ab|xn--bcher-kva|ab--c|ü|Ü|例え|한|אב|ب|e\x{301}|-|7|\x{b7}|\x{200d}){1,4}\.){0,4}(com|ü|例|XN--4GBRIM|1)\.?"
        ) {
            same_as_the_long_way(&name);
        }
    }

    /// The conversions done while validating (`ascii_name_converted`,
    /// `u_label_name_to_unicode`) give what the long way gives whenever they give anything:
    /// UTS #46 §4.1 mapping by the engine, the parse of the mapped name, then each A-label
    /// decoded (RFC 5891 §5.4) and ASCII lower-cased. A name is borrowed exactly when it
    /// is its own U-label form. Returns whether a fast path took the name.
    fn to_unicode_same_as_the_long_way(name: &str) -> bool {
        let mut taken = false;
        for mode in [IdnaMode::Registration, IdnaMode::Lookup] {
            let fast = ascii_name_converted(name, mode, Target::ULabels)
                .or_else(|| u_label_name_to_unicode(name, mode));
            if let Some(fast) = fast {
                let long = mapped(name, mode, to_unicode_name);
                assert_eq!(Ok(fast.as_ref()), long.as_deref(), "{name:?} {mode:?}");
                let borrowed = matches!(fast, Cow::Borrowed(_));
                assert_eq!(borrowed, fast == name, "{name:?}");
                taken = true;
            }
        }
        taken
    }

    /// RFC 5891 §5.4 / UTS #46 §4.3 `ToUnicode` on every name of the corpus: the fast
    /// paths take almost all of the valid ones (ASCII and not, with and without
    /// A-labels), agree with the long way on each, and agree with the `idna` crate's
    /// `domain_to_unicode`, an implementation of UTS #46 that shares no code with ours.
    #[test]
    fn to_unicode_while_validating_agrees_on_the_corpus() {
        let corpus = crate::test_corpus::domains();
        let (mut valid, mut taken, mut a_label_names, mut u_label_names) = (0, 0, 0, 0);
        for name in corpus.lines() {
            let Ok(ours) = super::to_unicode(name) else {
                continue;
            };
            valid += 1;
            assert_eq!(ours, idna::domain_to_unicode(name).0, "{name:?}");
            if to_unicode_same_as_the_long_way(name) {
                taken += 1;
                a_label_names += usize::from(name.contains("xn--"));
                u_label_names += usize::from(!name.is_ascii());
            }
        }
        assert!(
            valid > 90_000
                && taken * 100 >= valid * 95
                && a_label_names > 4_000
                && u_label_names > 5_000,
            "{taken} of {valid}, {a_label_names} with A-labels, {u_label_names} with U-labels"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        /// Random names of upper and lower case letters, A-labels in both cases, U-labels
        /// of several scripts, R-LDH labels, context code points and the root dot: the
        /// same U-label form both ways.
        #[test]
        fn to_unicode_while_validating_agrees_on_random_names(
            name in r"((Ab|xn--bcher-kva|XN--BCHER-KVA|xn--4gbrim|ab--c|xn--zz|ü|Ü|例え|한|אב|ب|e\x{301}|-|7|\x{b7}|\x{200d}){1,4}\.){0,4}(com|ü|例|XN--4GBRIM|xn--p1ai|1)\.?"
        ) {
            to_unicode_same_as_the_long_way(&name);
        }
    }

    /// The shortcut of `to_ascii_with`: a non-ASCII name that parses as written in an IDNA
    /// 2008 mode is its own UTS #46 mapping but for the case of its ASCII labels, which
    /// the conversion lowers (so converting it without the mapping engine gives what
    /// mapping first would). Over the domain corpus and names next to the
    /// edge: context code points (RFC 5892 A.1–A.9), marks that NFC composes, upper case.
    #[test]
    fn uts46_4_names_valid_as_written_are_their_own_mapping() {
        let corpus = crate::test_corpus::domains();
        #[rustfmt::skip]
        let extra = [
            "l\u{b7}l.cat", "\u{915}\u{94d}\u{200c}.com", "\u{5d0}\u{5f3}.com",
            "\u{30a2}\u{30fb}\u{30a2}.jp", "\u{663}\u{664}.eg", "\u{3b1}\u{375}\u{3b2}.gr",
            "u\u{308}.de", "Bücher.de", "ü.DE", "吴.Cn",
        ];
        let mut checked = 0;
        for name in corpus.lines().chain(extra) {
            for mode in [IdnaMode::Registration, IdnaMode::Lookup] {
                if !name.is_ascii() && strict(name, mode).is_ok() {
                    assert_eq!(map(name), name.to_ascii_lowercase(), "{name} {mode:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }
}
