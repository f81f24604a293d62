//! The UTS #46 mode ([`IdnaMode::Uts46`](crate::IdnaMode::Uts46)): validity through the `idna` crate, and typed diagnostics for its
//! opaque failures.
//!
//! `idna` says only *that* a name is invalid. To say *which* rule and *where*, the
//! failing name is re-checked label by label and character by character with the same
//! engine ([`classify`]). This runs on the error path only and allocates nothing.

use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46};

use super::alabel;
use crate::error::{ALabelReason, DomainError, DomainErrorKind, IdnaRule};
use crate::limits::{MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN};

/// The `idna` crate's UTS #46 processor (compiled data).
pub(crate) const UTS46: Uts46 = Uts46::new();

/// Runs UTS #46 `ToASCII` (non-transitional, STD3, `CheckBidi`, `CheckJoiners`, the
/// given `CheckHyphens` mode) over `name` into `sink`.
fn process<W: core::fmt::Write>(
    name: &[u8],
    hyphens: Hyphens,
    sink: &mut W,
) -> Option<ProcessingSuccess> {
    UTS46
        .process(
            name,
            AsciiDenyList::STD3,
            hyphens,
            ErrorPolicy::FailFast,
            |_, _, _| false,
            sink,
            None,
        )
        .ok()
}

/// Whether `name` passes UTS #46 processing with full `CheckHyphens`.
fn passes(name: &[u8]) -> bool {
    process(name, Hyphens::Check, &mut Discard).is_some()
}

/// How an ASCII label is shown to the engine (non-ASCII and `xn--` labels: as they are).
enum EngineForm {
    /// As it is: an NR-LDH label (subject to the Bidi rule in a Bidi domain name).
    AsIs,
    /// An R-LDH label (`ab--cd`, valid here with a warning, refused by `CheckHyphens`):
    /// with its third and fourth octets replaced by `a`, which keeps its Bidi verdict
    /// (hyphen is class ES, allowed inside a left-to-right label, like `a`).
    Reserved,
    /// Not a host name label (`_dmarc`, `-x` under `Policy::DNS`): replaced by `a`; it is
    /// outside IDNA, and neither `UseSTD3ASCIIRules` nor the Bidi rule applies to it.
    Outside,
}

fn engine_form(label: &[u8]) -> EngineForm {
    if !label.is_ascii() || alabel::has_ace_prefix(label) {
        EngineForm::AsIs
    } else if !crate::ascii::LDH.contains_all(label)
        || label.first() == Some(&b'-')
        || label.last() == Some(&b'-')
    {
        EngineForm::Outside
    } else if alabel::has_hyphens_3_4(label) {
        EngineForm::Reserved
    } else {
        EngineForm::AsIs
    }
}

/// Appends the engine form of `label` to `buf`.
fn push_engine_form<const N: usize>(buf: &mut Buf<N>, label: &[u8]) {
    match engine_form(label) {
        EngineForm::AsIs => {
            buf.push_bytes(label);
        }
        EngineForm::Reserved => {
            buf.push_bytes(label.get(..2).unwrap_or_default())
                .push_bytes(b"aa")
                .push_bytes(label.get(4..).unwrap_or_default());
        }
        EngineForm::Outside => {
            buf.push_bytes(b"a");
        }
    }
}

/// Validates a name (without its root dot) that has U-labels or A-labels with the
/// engine (full `CheckHyphens` on the *mapped* U-labels and on decoded A-labels), and
/// checks the A-label lengths of the result.
///
/// ASCII labels that the engine would refuse for reasons this crate handles itself are
/// shown to it in another form ([`EngineForm`]): R-LDH labels, valid here with a warning,
/// and labels that are no host name labels under [`Policy::DNS`](crate::Policy::DNS).
pub(crate) fn check_name(body: &[u8], reject_numeric_tld: bool) -> Result<(), DomainError> {
    let split = || body.split(|&b| b == b'.');
    if split().any(|l| !matches!(engine_form(l), EngineForm::AsIs)) {
        let mut name = Buf::<{ crate::limits::MAX_INPUT_LEN }>::new();
        for (i, label) in split().enumerate() {
            if i > 0 {
                name.push('.');
            }
            push_engine_form(&mut name, label);
        }
        return check_processed(name.as_bytes(), body, reject_numeric_tld);
    }
    check_processed(body, body, reject_numeric_tld)
}

/// Runs the check over `name` (`body` with some ASCII labels in engine form).
fn check_processed(name: &[u8], body: &[u8], reject_numeric_tld: bool) -> Result<(), DomainError> {
    let mut lengths = Lengths::new();
    match process(name, Hyphens::Check, &mut lengths) {
        // All ASCII and unchanged: lengths were checked exactly already.
        Some(ProcessingSuccess::Passthrough) => Ok(()),
        Some(ProcessingSuccess::WroteToSink) => lengths.check(body, reject_numeric_tld),
        None => Err(classify(body)),
    }
}

/// Collects the label lengths of `ToASCII` output, without storing the output.
struct Lengths {
    current: usize,
    /// Whether the current label is all digits so far.
    digits: bool,
    /// Whether the last label pushed was all digits.
    last_digits: bool,
    labels: [u16; MAX_LABELS + 1],
    count: usize,
    overflow: bool,
}

impl core::fmt::Write for Lengths {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for &b in s.as_bytes() {
            if b == b'.' {
                self.push();
            } else {
                self.current += 1;
                self.digits &= b.is_ascii_digit();
            }
        }
        Ok(())
    }
}

impl Lengths {
    const fn new() -> Self {
        Self {
            current: 0,
            digits: true,
            last_digits: false,
            labels: [0; MAX_LABELS + 1],
            count: 0,
            overflow: false,
        }
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "the value is clamped to `u16::MAX` first"
    )]
    fn push(&mut self) {
        match self.labels.get_mut(self.count) {
            Some(slot) => *slot = self.current.min(usize::from(u16::MAX)) as u16,
            None => self.overflow = true,
        }
        self.count += 1;
        self.last_digits = self.digits && self.current > 0;
        self.current = 0;
        self.digits = true;
    }

    fn check(mut self, body: &[u8], reject_numeric_tld: bool) -> Result<(), DomainError> {
        use DomainErrorKind as K;
        self.push();
        let mut total = 0usize;
        let mut offset = 0usize;
        let mut inputs = body.split(|&b| b == b'.');
        for (index, &len) in self.labels.iter().take(self.count).enumerate() {
            let input = inputs.next().unwrap_or_default();
            // ASCII labels were measured exactly already (and may have been shown to
            // the engine in another form); U-labels count their A-label octets.
            let len = if input.is_ascii() {
                input.len()
            } else {
                usize::from(len)
            };
            if len == 0 {
                // A U-label of code points that UTS #46 maps to nothing (U+00AD, U+FE0F).
                return Err(DomainError::new(K::EmptyLabel, offset, index));
            }
            if len > MAX_LABEL_LEN {
                return Err(DomainError::new(K::LabelTooLong, offset, index));
            }
            total += len + usize::from(index > 0);
            if total > MAX_NAME_LEN {
                return Err(DomainError::new(K::NameTooLong, offset, index));
            }
            offset += input.len() + 1;
        }
        if self.overflow {
            return Err(DomainError::whole(K::TooManyLabels, 0));
        }
        // A non-ASCII last label can map to digits (`１２３` → `123`): RFC 3696 §2.
        if reject_numeric_tld && self.last_digits {
            let last = body.rsplit(|&b| b == b'.').next().unwrap_or_default();
            if !last.is_ascii() {
                let at = body.len() - last.len();
                return Err(DomainError::new(K::NumericTld, at, self.count - 1));
            }
        }
        Ok(())
    }
}

/// A sink that drops what it is given.
struct Discard;

impl core::fmt::Write for Discard {
    fn write_str(&mut self, _: &str) -> core::fmt::Result {
        Ok(())
    }
}

/// A fixed-size UTF-8 buffer on the stack, for building test labels and names.
/// Pushing past the end is ignored (inputs are bounded before they get here).
struct Buf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Buf<N> {
    const fn new() -> Self {
        Self {
            bytes: [0; N],
            len: 0,
        }
    }

    fn push_bytes(&mut self, s: &[u8]) -> &mut Self {
        if let Some(dst) = self.bytes.get_mut(self.len..self.len + s.len()) {
            dst.copy_from_slice(s);
            self.len += s.len();
        }
        self
    }

    fn push(&mut self, c: char) -> &mut Self {
        let mut tmp = [0u8; 4];
        self.push_bytes(c.encode_utf8(&mut tmp).as_bytes())
    }

    fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }
}

/// Room for one label in UTF-8 plus a few characters.
const LABEL_BUF: usize = 4 * MAX_LABEL_LEN + 16;

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
/// HEBREW LETTER ALEF: a right-to-left base character for the experiments.
const ALEF: char = '\u{05D0}';

/// Names the rule a failing name (without its root dot) breaks, and where.
///
/// 1. Each U-label and `xn--` label alone: the first that fails is classified by
///    [`classify_label`]; for `xn--` labels the result is an `invalid_a_label` error.
/// 2. If every label passes alone, the name broke a cross-label rule: the Bidi rule
///    for Bidi domain names (RFC 5893 §2 applies to every label once one label is
///    right-to-left). The label named is the first that fails next to a Hebrew label.
pub(crate) fn classify(body: &[u8]) -> DomainError {
    let mut offset = 0usize;
    for (index, label) in body.split(|&b| b == b'.').enumerate() {
        let err = |(rule, at): (IdnaRule, usize)| (rule, offset + at, index);
        let found = if alabel::has_ace_prefix(label) && label.is_ascii() {
            if passes(label) {
                None
            } else {
                let mut chars = ['\0'; MAX_LABEL_LEN];
                let reason = match alabel::decode(label, &mut chars) {
                    Ok(decoded) => {
                        let mut text = Buf::<LABEL_BUF>::new();
                        for &c in decoded {
                            text.push(c);
                        }
                        ALabelReason::NotULabel(classify_label(text.as_bytes()).0)
                    }
                    Err(reason) => reason,
                };
                return DomainError::new(DomainErrorKind::InvalidALabel(reason), offset, index);
            }
        } else if !label.is_ascii() && !passes(label) {
            Some(err(classify_label(label)))
        } else {
            None
        };
        if let Some((rule, at, index)) = found {
            return DomainError::new(DomainErrorKind::Idna(rule), at, index);
        }
        offset += label.len() + 1;
    }
    // Cross-label Bidi: try each label next to a right-to-left label.
    let mut offset = 0usize;
    for (index, label) in body.split(|&b| b == b'.').enumerate() {
        if matches!(engine_form(label), EngineForm::Outside) {
            // Not a host name label: outside the Bidi rule (see `check_name`).
            offset += label.len() + 1;
            continue;
        }
        let mut test = Buf::<LABEL_BUF>::new();
        push_engine_form(&mut test, label);
        test.push('.').push(ALEF);
        if !passes(test.as_bytes()) {
            return DomainError::new(DomainErrorKind::Idna(IdnaRule::Bidi), offset, index);
        }
        offset += label.len() + 1;
    }
    DomainError::whole(DomainErrorKind::Idna(IdnaRule::Other), 0)
}

/// Names the rule a single failing label (UTF-8, Unicode form) breaks; the offset is
/// inside the label.
///
/// By experiment with the same UTS #46 engine:
/// - hyphens: the label passes once `CheckHyphens` is off → [`IdnaRule::Hyphens`];
/// - joiners: the label passes once ZWNJ/ZWJ are removed → [`IdnaRule::Joiners`];
/// - a character that fails alone, after `a` and after `א` → disallowed;
/// - a first character that fails alone but passes after `a` → leading combining mark;
/// - a character that fails after `a` but passes after `א` (right-to-left) → Bidi;
/// - otherwise [`IdnaRule::Other`] (e.g. an `xn--` payload that is not NFC).
fn classify_label(label: &[u8]) -> (IdnaRule, usize) {
    let text = core::str::from_utf8(label).unwrap_or_default();
    // `CheckHyphens` on the mapped label (e.g. `ßü\u{301}--` maps to `ßǘ--`).
    if process(label, Hyphens::Allow, &mut Discard).is_some() {
        return (IdnaRule::Hyphens, 0);
    }
    if let Some(at) = text.find([ZWNJ, ZWJ]) {
        let mut without = Buf::<LABEL_BUF>::new();
        for c in text.chars().filter(|&c| c != ZWNJ && c != ZWJ) {
            without.push(c);
        }
        if without.len == 0 || passes(without.as_bytes()) {
            return (IdnaRule::Joiners, at);
        }
    }
    let mut rtl = false;
    for (at, c) in text.char_indices() {
        if c.is_ascii() || c == ZWNJ || c == ZWJ {
            continue;
        }
        let alone = passes(Buf::<LABEL_BUF>::new().push(c).as_bytes());
        let after_l = passes(Buf::<LABEL_BUF>::new().push('a').push(c).as_bytes());
        let after_r = passes(Buf::<LABEL_BUF>::new().push(ALEF).push(c).as_bytes());
        if !alone && !after_l && !after_r {
            return (IdnaRule::Disallowed(c, super::props::disallowed_why(c)), at);
        }
        if at == 0 && !alone && after_l {
            return (IdnaRule::LeadingCombiningMark, 0);
        }
        rtl |= !after_l && after_r;
    }
    if rtl {
        (IdnaRule::Bidi, 0)
    } else {
        (IdnaRule::Other, 0)
    }
}
