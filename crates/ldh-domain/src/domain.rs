//! [`Domain`]: a validated, borrowed domain name, and its labels.

use core::fmt;

use crate::ascii::{ByteSet, DIGIT, LDH};
use crate::error::{DomainError, DomainErrorKind, IdnaRule};
use crate::idna::alabel;
use crate::limits::{MAX_INPUT_LEN, MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN, MAX_U_LABEL_INPUT};
use crate::policy::{IdnaMode, LabelSyntax, NumericTld, Policy, Qualification};
use crate::warning::{SpecialUse, Warning, Warnings};

/// Octets of an underscore label (RFC 8552 style): LDH plus `_`.
const LDH_UNDERSCORE: ByteSet = LDH.with(b'_');

/// A domain name that passed every check of a [`Policy`], borrowed from the input.
///
/// Parsing allocates nothing and needs neither `alloc` nor `std` (U-labels need the
/// `idna` feature, which needs `alloc`). The name is kept exactly as written; use
/// [`to_ascii`](Self::to_ascii) / [`to_unicode`](Self::to_unicode) for normalized forms.
///
/// ```
/// use ldh_domain::{Domain, LabelKind, Policy};
/// let d = Domain::parse("Mail.Example.COM.", &Policy::FQDN)?;
/// assert!(d.is_absolute() && d.is_fully_qualified());
/// assert_eq!(d.tld().as_str(), "COM");
/// let labels: Vec<&str> = d.labels().map(|l| l.as_str()).collect();
/// assert_eq!(labels, ["Mail", "Example", "COM"]);
/// assert!(d.labels().all(|l| l.kind() == LabelKind::NrLdh));
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domain<'a> {
    name: &'a str,
    meta: Meta,
}

/// What parsing learnt about a name besides its text (shared with `DomainBuf`), packed
/// into one word. Built in registers and stored at once: as a struct of narrow fields
/// it was written field by field and copied out with one wide load, which stalled
/// store-to-load forwarding on every parse.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Meta(u64);

impl Meta {
    /// The facts; `tld_start` and `sld_start` are where the last label and the one
    /// before it start, in octets of the name as written (U-labels can put them past
    /// octet 253), `sld_start` 0 for a single label.
    pub(crate) const fn new(
        absolute: bool,
        label_count: u8,
        ascii: bool,
        tld_start: u16,
        sld_start: u16,
        warnings: Warnings,
    ) -> Self {
        Self(
            tld_start as u64
                | (sld_start as u64) << 16
                | (label_count as u64) << 32
                | (warnings.bits() as u64) << 40
                | (absolute as u64) << 48
                | (ascii as u64) << 49,
        )
    }

    /// Whether the name ends with the root dot.
    pub(crate) const fn absolute(self) -> bool {
        (self.0 >> 48) & 1 != 0
    }

    /// Whether every label is ASCII.
    pub(crate) const fn ascii(self) -> bool {
        (self.0 >> 49) & 1 != 0
    }

    /// The number of labels (at most 127).
    pub(crate) const fn label_count(self) -> u8 {
        (self.0 >> 32) as u8
    }

    /// The warnings found by validation; [`Domain::warnings`] adds the special-use one.
    pub(crate) const fn warnings(self) -> Warnings {
        Warnings::from_bits((self.0 >> 40) as u8)
    }

    /// Where the last label starts.
    pub(crate) const fn tld_start(self) -> usize {
        self.0 as u16 as usize
    }

    /// Where the label before the last starts (0 for a single label).
    pub(crate) const fn sld_start(self) -> usize {
        (self.0 >> 16) as u16 as usize
    }
}

impl fmt::Debug for Meta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Meta")
            .field("absolute", &self.absolute())
            .field("label_count", &self.label_count())
            .field("ascii", &self.ascii())
            .field("tld_start", &self.tld_start())
            .field("sld_start", &self.sld_start())
            .field("warnings", &self.warnings())
            .finish()
    }
}

impl<'a> Domain<'a> {
    /// Checks `input` against `policy`.
    ///
    /// ```
    /// use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("3com.com", &Policy::HOSTNAME).is_ok()); // RFC 1123: digit first
    /// assert!(Domain::parse("example.1e5", &Policy::HOSTNAME).is_ok()); // TLD not all digits
    /// assert_eq!(Domain::parse("a..b", &Policy::HOSTNAME).unwrap_err().code(), "empty_label");
    /// ```
    pub fn parse(input: &'a str, policy: &Policy) -> Result<Self, DomainError> {
        let meta = validate(input, *policy)?;
        Ok(Self { name: input, meta })
    }

    /// Checks raw bytes (e.g. straight from the network): they must be UTF-8.
    ///
    /// ```
    /// use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse_bytes(b"example.com", &Policy::FQDN)?;
    /// assert_eq!(d.as_str(), "example.com");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8], policy: &Policy) -> Result<Self, DomainError> {
        let name = core::str::from_utf8(input).map_err(utf8_error)?;
        Self::parse(name, policy)
    }

    #[cfg(feature = "alloc")]
    pub(crate) const fn from_parts(name: &'a str, meta: Meta) -> Self {
        Self { name, meta }
    }

    #[cfg(feature = "alloc")]
    pub(crate) const fn meta(&self) -> Meta {
        self.meta
    }

    /// The name exactly as written (with the root dot, if any).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("Example.com.", &Policy::HOSTNAME)?.as_str(), "Example.com.");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.name
    }

    /// The name without its root dot.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("example.com.", &Policy::HOSTNAME)?.as_relative_str(), "example.com");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn as_relative_str(&self) -> &'a str {
        if self.meta.absolute() {
            self.name.strip_suffix('.').unwrap_or(self.name)
        } else {
            self.name
        }
    }

    /// The labels, left to right (the root is not a label here).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse("a.b.c.", &Policy::HOSTNAME)?;
    /// assert_eq!(d.labels().count(), 3);
    /// assert_eq!(d.labels().rev().next().map(|l| l.as_str()), Some("c"));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn labels(&self) -> Labels<'a> {
        let body = self.as_relative_str();
        Labels {
            base: body.as_ptr() as usize,
            split: body.split('.'),
        }
    }

    /// Number of labels (1–127).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("www.example.com.", &Policy::HOSTNAME)?.label_count(), 3);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn label_count(&self) -> usize {
        self.meta.label_count() as usize
    }

    /// The last label (the top-level domain; the only label of a single-label name).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("example.org.", &Policy::HOSTNAME)?.tld().as_str(), "org");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn tld(&self) -> Label<'a> {
        let body = self.as_relative_str();
        let start = self.meta.tld_start();
        Label::new(body.get(start..).unwrap_or(body), start)
    }

    /// Whether the name ends with the root dot (`example.com.`), RFC 3696 §2.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("example.com.", &Policy::HOSTNAME)?.is_absolute());
    /// assert!(!Domain::parse("example.com", &Policy::HOSTNAME)?.is_absolute());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn is_absolute(&self) -> bool {
        self.meta.absolute()
    }

    /// Whether the name has at least two labels (RFC 3696 §2).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(!Domain::parse("localhost", &Policy::HOSTNAME)?.is_fully_qualified());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn is_fully_qualified(&self) -> bool {
        self.meta.label_count() >= 2
    }

    /// Whether the name is all ASCII (no U-labels; A-labels are ASCII).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("xn--bcher-kva.de", &Policy::HOSTNAME)?.is_ascii());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn is_ascii(&self) -> bool {
        self.meta.ascii()
    }

    /// Valid-but-notable properties of the name.
    ///
    /// [`Warning::SpecialUseDomain`] is worked out here, from the last two labels, not
    /// when the name is parsed: it is a fact about where the name points rather than a
    /// rule of its syntax, and validation (which many callers use alone) should not
    /// pay for it. The other warnings were found by the parse.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy, Warning};
    /// let d = Domain::parse("www.example.com", &Policy::HOSTNAME)?;
    /// assert!(d.warnings().contains(Warning::SpecialUseDomain));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn warnings(&self) -> Warnings {
        let mut warnings = self.meta.warnings();
        if self.special_use().is_some() {
            warnings.insert(Warning::SpecialUseDomain);
        }
        warnings
    }

    /// Which special-use name (RFC 6761 registry) this name falls under, if any.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy, SpecialUse};
    /// let d = Domain::parse("abc.onion", &Policy::HOSTNAME)?;
    /// assert_eq!(d.special_use().map(SpecialUse::rfc), Some("RFC 7686"));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn special_use(&self) -> Option<SpecialUse> {
        let body = self.as_relative_str().as_bytes();
        let tld = self.tld();
        let sld = tld
            .offset()
            .checked_sub(1)
            .and_then(|dot| body.get(self.meta.sld_start()..dot));
        SpecialUse::of_parts(tld.as_str().as_bytes(), sld)
    }
}

impl fmt::Display for Domain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl AsRef<str> for Domain<'_> {
    fn as_ref(&self) -> &str {
        self.name
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl<'a> TryFrom<&'a str> for Domain<'a> {
    type Error = DomainError;

    fn try_from(input: &'a str) -> Result<Self, Self::Error> {
        Self::parse(input, &Policy::HOSTNAME)
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl<'a> TryFrom<&'a [u8]> for Domain<'a> {
    type Error = DomainError;

    fn try_from(input: &'a [u8]) -> Result<Self, Self::Error> {
        Self::parse_bytes(input, &Policy::HOSTNAME)
    }
}

fn utf8_error(e: core::str::Utf8Error) -> DomainError {
    DomainError::whole(DomainErrorKind::InvalidUtf8, e.valid_up_to())
}

/// The kind of a label, by the taxonomy of RFC 5890 §2.3.1 (Figure 1).
///
/// ```
/// use ldh_domain::{Domain, LabelKind, Policy};
/// let d = Domain::parse("_dmarc.ab--x.xn--bcher-kva.example", &Policy::DNS)?;
/// let kinds: Vec<LabelKind> = d.labels().map(|l| l.kind()).collect();
/// assert_eq!(kinds, [LabelKind::Underscore, LabelKind::ReservedLdh, LabelKind::ALabel, LabelKind::NrLdh]);
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LabelKind {
    /// Non-Reserved LDH label: letters, digits, hyphens, no `??--`.
    NrLdh,
    /// A-label: `xn--` followed by valid Punycode of a valid U-label.
    ALabel,
    /// Reserved LDH label other than `xn--` (R-LDH, `??--`): valid, with the
    /// `reserved_hyphen_label` warning.
    ReservedLdh,
    /// U-label: contains non-ASCII (validated by IDNA).
    ULabel,
    /// Contains `_` and otherwise LDH octets (`_dmarc`, `_tcp`): [`Policy::DNS`] only.
    Underscore,
    /// Any other label [`Policy::DNS`] allows (RFC 2181 §11).
    Other,
}

impl LabelKind {
    /// Stable `snake_case` code.
    ///
    /// ```
    /// assert_eq!(ldh_domain::LabelKind::ReservedLdh.code(), "r_ldh");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::NrLdh => "nr_ldh",
            Self::ALabel => "a_label",
            Self::ReservedLdh => "r_ldh",
            Self::ULabel => "u_label",
            Self::Underscore => "underscore",
            Self::Other => "other",
        }
    }

    /// Classifies a label of a name that already passed validation.
    fn of(label: &[u8]) -> Self {
        if !label.is_ascii() {
            Self::ULabel
        } else if LDH.contains_all(label)
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-')
        {
            if alabel::has_hyphens_3_4(label) {
                if alabel::has_ace_prefix(label) {
                    Self::ALabel
                } else {
                    Self::ReservedLdh
                }
            } else {
                Self::NrLdh
            }
        } else if LDH_UNDERSCORE.contains_all(label) && label.contains(&b'_') {
            Self::Underscore
        } else {
            Self::Other
        }
    }
}

/// One label of a [`Domain`].
///
/// ```
/// use ldh_domain::{Domain, LabelKind, Policy};
/// let d = Domain::parse("www.example.com", &Policy::HOSTNAME)?;
/// let l = d.labels().nth(1).unwrap();
/// assert_eq!((l.as_str(), l.offset(), l.kind()), ("example", 4, LabelKind::NrLdh));
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label<'a> {
    text: &'a str,
    offset: usize,
}

impl<'a> Label<'a> {
    const fn new(text: &'a str, offset: usize) -> Self {
        Self { text, offset }
    }

    /// The label as written.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("EXAMPLE.com", &Policy::HOSTNAME)?.labels().next().unwrap().as_str(), "EXAMPLE");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    /// Byte offset of the label in the name.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("a.bc.d", &Policy::HOSTNAME)?.tld().offset(), 5);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Length in octets as written (for U-labels, of the UTF-8 form).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse("abc.d", &Policy::HOSTNAME)?.labels().next().unwrap().len(), 3);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn len(&self) -> usize {
        self.text.len()
    }

    /// Always `false`: a validated name has no empty label.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(!Domain::parse("a.b", &Policy::HOSTNAME)?.tld().is_empty());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The label's kind (RFC 5890 §2.3.1).
    ///
    /// ```
    /// # use ldh_domain::{Domain, LabelKind, Policy};
    /// assert_eq!(Domain::parse("xn--bcher-kva.de", &Policy::HOSTNAME)?.labels().next().unwrap().kind(), LabelKind::ALabel);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> LabelKind {
        LabelKind::of(self.text.as_bytes())
    }

    /// Whether this label is in the embedded IANA root-zone list (ASCII
    /// case-insensitive; A-label form). Never used by the syntax checks.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("example.com", &Policy::HOSTNAME)?.tld().is_known_tld());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[cfg(feature = "iana-tlds")]
    #[cfg_attr(docsrs, doc(cfg(feature = "iana-tlds")))]
    #[must_use]
    pub fn is_known_tld(&self) -> bool {
        crate::tld::is_known_tld(self.text)
    }
}

impl fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// Iterator over the labels of a [`Domain`], from [`Domain::labels`].
///
/// ```
/// # use ldh_domain::{Domain, Policy};
/// let d = Domain::parse("a.b", &Policy::HOSTNAME)?;
/// let mut labels = d.labels();
/// assert_eq!(labels.next().map(|l| l.as_str()), Some("a"));
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Labels<'a> {
    base: usize,
    split: core::str::Split<'a, char>,
}

impl<'a> Labels<'a> {
    fn label(&self, text: &'a str) -> Label<'a> {
        // Offsets from addresses: both slices come from the same string.
        Label::new(text, (text.as_ptr() as usize).wrapping_sub(self.base))
    }
}

impl<'a> Iterator for Labels<'a> {
    type Item = Label<'a>;

    fn next(&mut self) -> Option<Label<'a>> {
        let text = self.split.next()?;
        Some(self.label(text))
    }
}

impl DoubleEndedIterator for Labels<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let text = self.split.next_back()?;
        Some(self.label(text))
    }
}

impl core::iter::FusedIterator for Labels<'_> {}

/// The `0x80` bits of a SWAR byte mask gathered into the low 8 bits (octet `k` to
/// bit `k`): the multiplication moves each into the top byte without carries.
#[inline]
const fn movemask(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// SWAR constants: one bit per byte of a `u64`.
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Per byte of an all-ASCII word: `0x80` where the byte is in `lo..=hi`.
///
/// Bytes below 0x80 make no addition carry into the next byte; for other words the
/// result is meaningless (the caller tests for them) but computed without overflow.
#[inline]
const fn in_range(w: u64, lo: u8, hi: u8) -> u64 {
    let ge_lo = w.wrapping_add(ONES * (0x80 - lo as u64));
    let gt_hi = w.wrapping_add(ONES * (0x7F - hi as u64));
    ge_lo & !gt_hi & HIGHS
}

/// Checks 8 octets at once: `None` unless every octet is a letter, digit, hyphen or
/// dot; otherwise the dot mask (`0x80` per dot).
#[inline]
const fn ldh_word(w: u64) -> Option<u64> {
    // Folding sets bit 5: `A-Z` become `a-z`, and no other octet lands in `a-z`
    // (controls land in 0x20-0x3F, `@[\\]^_` in 0x60 and 0x7B-0x7F).
    let folded = w | (ONES * 0x20);
    let hyphen_dot = in_range(w, b'-', b'.');
    let ok = in_range(folded, b'a', b'z') | in_range(w, b'0', b'9') | hyphen_dot;
    // Non-ASCII octets make `in_range` carry between bytes, so they are tested apart,
    // in the same branch.
    if (ok ^ HIGHS) | (w & HIGHS) != 0 {
        return None;
    }
    // `.` (0x2E) is even and `-` (0x2D) odd: bit 0, moved to bit 7, tells them apart.
    Some(hyphen_dot & !(w << 7))
}

/// The name's octets as little-endian words for [`validate_fast`], the one starting at
/// `base` and its offset: full words from the start, then the last eight octets. That
/// last word overlaps the one before; the overlap holds the same octets, valid and
/// with the same dots. Names shorter than a word are padded with letters, which are
/// valid and never dots.
#[inline]
fn word_at(body: &[u8], base: usize) -> Option<(u64, usize)> {
    let n = body.len();
    if n - base >= 8 {
        let chunk: [u8; 8] = body.get(base..base + 8)?.try_into().ok()?;
        Some((u64::from_le_bytes(chunk), base))
    } else if n >= 8 {
        let last: [u8; 8] = body.get(n - 8..)?.try_into().ok()?;
        Some((u64::from_le_bytes(last), n - 8))
    } else if n >= 4 {
        // Two overlapping 4-octet reads instead of a loop over the octets.
        let head: [u8; 4] = body.get(..4)?.try_into().ok()?;
        let tail: [u8; 4] = body.get(n - 4..)?.try_into().ok()?;
        let word = u64::from(u32::from_le_bytes(head))
            | (u64::from(u32::from_le_bytes(tail)) << (8 * (n - 4)));
        Some((word | ((ONES * u64::from(b'a')) << (8 * n)), 0))
    } else {
        let mut word = ONES * u64::from(b'a');
        for (k, &b) in body.iter().enumerate() {
            let shift = 8 * k as u32;
            word = (word & !(0xFF << shift)) | (u64::from(b) << shift);
        }
        Some((word, 0))
    }
}

/// The common case, eight octets at a time (SWAR): a valid name of LDH labels (NR-LDH,
/// R-LDH, A-labels). Anything else (errors, underscores, non-ASCII, long names) returns
/// `None` and takes the general path, which reports errors precisely; so both paths
/// accept the same names (checked by a property test against a naive reference).
#[inline]
fn validate_fast(bytes: &[u8], policy: Policy) -> Option<Meta> {
    let (body, absolute) = match bytes.split_last() {
        Some((b'.', rest)) => (rest, true),
        _ => (bytes, false),
    };
    // 253 octets cannot hold 128 labels, so the label count needs no check here.
    if body.is_empty() || body.len() > MAX_NAME_LEN {
        return None;
    }
    let n = body.len();
    let (labels, start, prev_start, seen) = if n <= 64 {
        short_name_labels(body, policy.idna_mode())?
    } else {
        long_name_labels(body, policy.idna_mode())?
    };
    let tld = body.get(start..)?;
    let seen = seen.union(ldh_label(tld, Position::Last, policy.idna_mode())?);
    if policy.numeric_tld() == NumericTld::Reject
        && tld.first().is_some_and(u8::is_ascii_digit)
        && tld.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let mut warnings = Warnings::EMPTY;
    if seen != Seen::NOTHING {
        warnings = labels_seen(body, seen, policy.idna_mode())?;
    }
    if labels == 1 {
        match policy.qualification() {
            Qualification::AtLeastTwoLabels => return None,
            Qualification::SingleLabelAllowed => warnings.insert(Warning::SingleLabel),
        }
    }
    // At most 253 and 127 here.
    Some(Meta::new(
        absolute,
        labels as u8,
        true,
        start as u16,
        prev_start as u16,
        warnings,
    ))
}

/// The labels of a name of 1 to 64 octets for [`validate_fast`]: the label count,
/// where the last two labels start, and what the labels before the last were (the
/// label rules are checked for all but the last).
#[inline]
fn short_name_labels(body: &[u8], mode: IdnaMode) -> Option<(usize, usize, usize, Seen)> {
    let n = body.len();
    // Collect the dots of the whole name first (bit `i` set when octet `i` is a dot),
    // so that the label loop below runs once per dot (one for nine names in ten)
    // instead of a loop per word whose trip count changes from word to word (a
    // misprediction each). Dots of an overlap are set twice, at the same bits.
    let mut dot_bits = 0u64;
    let mut base = 0;
    while base < n {
        let (word, at) = word_at(body, base)?;
        dot_bits |= movemask(ldh_word(word)?) << at;
        base += 8;
    }
    let (mut start, mut prev_start, mut labels) = (0, 0, 1);
    let mut seen = Seen::NOTHING;
    while dot_bits != 0 {
        let i = dot_bits.trailing_zeros() as usize;
        seen = seen.union(ldh_label(body.get(start..i)?, Position::BeforeLast, mode)?);
        labels += 1;
        prev_start = start;
        start = i + 1;
        dot_bits &= dot_bits - 1;
    }
    Some((labels, start, prev_start, seen))
}

/// [`short_name_labels`] for names of 65 to 253 octets: label by label as the dots
/// are found, word by word.
#[inline(never)]
fn long_name_labels(body: &[u8], mode: IdnaMode) -> Option<(usize, usize, usize, Seen)> {
    let n = body.len();
    let (mut start, mut prev_start, mut labels) = (0, 0, 1);
    let mut seen = Seen::NOTHING;
    let mut base = 0;
    while base < n {
        let (word, at) = word_at(body, base)?;
        // The dots of an overlap were handled with the word before.
        let mut dots = ldh_word(word)? & (u64::MAX << (8 * (base - at)));
        while dots != 0 {
            let i = at + (dots.trailing_zeros() / 8) as usize;
            seen = seen.union(ldh_label(body.get(start..i)?, Position::BeforeLast, mode)?);
            labels += 1;
            prev_start = start;
            start = i + 1;
            dots &= dots - 1;
        }
        base += 8;
    }
    Some((labels, start, prev_start, seen))
}

/// What the fast path saw besides NR-LDH labels: a set of facts, one bit each, that the
/// label checks return and the caller ORs (a register, not a struct in memory that
/// every label check would write through a pointer).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Seen(u8);

impl Seen {
    /// Nothing but NR-LDH labels.
    const NOTHING: Self = Self(0);
    /// An R-LDH label (`ab--cd`): warning.
    const RESERVED: Self = Self(1);
    /// An A-label not known to be valid: in the UTS #46 mode the `idna` engine must
    /// check the name; in the IDNA 2008 modes it failed, and the general path says why.
    const A_LABEL: Self = Self(2);
    /// An A-label with a right-to-left character: a Bidi domain name (RFC 5893 §1.4).
    const RIGHT_TO_LEFT: Self = Self(4);
    /// An A-label that fails the RFC 5893 §2 rules (which matter in a Bidi domain name).
    const BIDI_FAILED: Self = Self(8);

    /// Both sets.
    #[inline]
    const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Whether `fact` is in the set.
    #[inline]
    const fn has(self, fact: Self) -> bool {
        self.0 & fact.0 != 0
    }

    /// `fact` if `condition`, else nothing.
    #[inline]
    const fn when(condition: bool, fact: Self) -> Self {
        Self(fact.0 * condition as u8)
    }
}

/// What [`validate_fast`] makes of names with R-LDH or A-labels: `None` when the name
/// must take the general path, else the warnings the labels call for.
#[cold]
#[inline(never)]
fn labels_seen(body: &[u8], seen: Seen, mode: IdnaMode) -> Option<Warnings> {
    // A-labels: the decoded string must be a valid U-label (also across labels, for
    // the Bidi rule). Any failure goes to the general path for a precise error.
    if seen.has(Seen::A_LABEL) {
        if !a_labels_valid(body, mode) {
            return None;
        }
    } else if seen.has(Seen::RIGHT_TO_LEFT)
        && (seen.has(Seen::BIDI_FAILED) || !ascii_labels_bidi_ok(body))
    {
        // A Bidi domain name whose U-labels the engine need not see: RFC 5893 §2 for
        // every label (the A-labels' verdicts are in `seen`).
        return None;
    }
    let mut warnings = Warnings::EMPTY;
    if seen.has(Seen::RESERVED) {
        warnings.insert(Warning::ReservedHyphenLabel);
    }
    Some(warnings)
}

/// RFC 5893 §2 for the LDH labels of a Bidi domain name (A-labels are checked when
/// decoded): rule 1 wants a letter first (a digit is class EN); the last octet is a
/// letter or digit in every LDH label, which rule 6 allows; `-` (ES) may be inside.
/// This is the verdict of the `idna` engine, which sees R-LDH labels with `--` replaced
/// by letters (`idna::engine_form`): the same first and last octets.
#[cold]
#[inline(never)]
fn ascii_labels_bidi_ok(body: &[u8]) -> bool {
    body.split(|&b| b == b'.').all(|label| {
        alabel::has_ace_prefix(label) || label.first().is_some_and(u8::is_ascii_alphabetic)
    })
}

/// Whether an LDH label (already known to hold only letters, digits and hyphens) is a
/// valid label: 1–63 octets, no hyphen at either end; a `??--` label is an R-LDH label
/// or an `xn--` label that passes the punycode-core checks.
#[inline]
fn ldh_label(label: &[u8], position: Position, mode: IdnaMode) -> Option<Seen> {
    if !(matches!(label.first(), Some(&f) if f != b'-')
        && label.len() <= MAX_LABEL_LEN
        && label.last() != Some(&b'-'))
    {
        return None;
    }
    if alabel::has_hyphens_3_4(label) {
        return hyphens_3_4_label(label, position, mode);
    }
    Some(Seen::NOTHING)
}

/// Where a label is in the name: an A-label that is the last label may be an IDN TLD,
/// whose check is looked up instead of decoded.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Position {
    BeforeLast,
    Last,
}

/// Whether the A-labels of a name (already checked one by one) are valid together.
/// In the IDNA 2008 modes a label that is not known valid failed its check, and the
/// general path reports why; in the UTS #46 mode the `idna` engine decides for the whole
/// name (also across labels, the Bidi rule); without `idna` only the Punycode checks run.
#[cold]
#[inline(never)]
fn a_labels_valid(body: &[u8], mode: IdnaMode) -> bool {
    #[cfg(feature = "idna")]
    {
        mode == IdnaMode::Uts46 && crate::idna::uts46::check_name(body, true).is_ok()
    }
    #[cfg(not(feature = "idna"))]
    {
        let _ = (body, mode);
        true
    }
}

/// With `idna`: what [`alabel::check`] finds for `label` in the IDNA 2008 modes if it is
/// an IDN TLD, from the table of those (`crate::idn_tlds`), without decoding it. The
/// table holds registration verdicts, which hold for lookup too (lookup is the more
/// lenient); only labels known valid are taken from it.
fn known_idn_tld(label: &[u8], mode: IdnaMode) -> Option<alabel::Summary> {
    #[cfg(feature = "idna")]
    {
        if mode == IdnaMode::Uts46 {
            return None;
        }
        crate::idn_tlds::lookup(label).filter(|s| s.valid)
    }
    #[cfg(not(feature = "idna"))]
    {
        let _ = (label, mode);
        None
    }
}

/// The rare `??--` labels of the fast path, out of line to keep its loop small.
#[cold]
#[inline(never)]
fn hyphens_3_4_label(label: &[u8], position: Position, mode: IdnaMode) -> Option<Seen> {
    if alabel::has_ace_prefix(label) {
        let known = match position {
            Position::Last => known_idn_tld(label, mode),
            Position::BeforeLast => None,
        };
        let checked = known.map_or_else(
            || alabel::check(label, alabel::RoundTrip::DebugAssert, mode),
            Ok,
        );
        match checked {
            Ok(decoded) => Some(
                Seen::when(!decoded.valid, Seen::A_LABEL)
                    .union(Seen::when(decoded.right_to_left, Seen::RIGHT_TO_LEFT))
                    .union(Seen::when(!decoded.bidi_ok, Seen::BIDI_FAILED)),
            ),
            Err(_) => None,
        }
    } else {
        Some(Seen::RESERVED)
    }
}

/// The checks, in input order; the first failure is returned.
///
/// Per label: hyphen at the start, characters, length, hyphen at the end, A-label.
/// Then for the name: length and label count (as labels are passed), the numeric TLD,
/// the qualification, and for names with U-labels or A-labels the IDNA checks.
fn validate(input: &str, policy: Policy) -> Result<Meta, DomainError> {
    if let Some(meta) = validate_fast(input.as_bytes(), policy) {
        return Ok(meta);
    }
    validate_general(input, policy)
}

/// The general path of [`validate`]: every label kind, precise errors. Kept out of line
/// so that the fast path stays small (no large stack frame for the IDNA buffers).
#[inline(never)]
#[cold]
fn validate_general(input: &str, policy: Policy) -> Result<Meta, DomainError> {
    use DomainErrorKind as K;
    let bytes = input.as_bytes();
    if bytes.is_empty() {
        return Err(DomainError::whole(K::Empty, 0));
    }
    // RFC 3696 §2: one trailing dot (the root) is accepted everywhere.
    let (body, absolute) = match bytes.split_last() {
        Some((b'.', rest)) => (rest, true),
        _ => (bytes, false),
    };
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
    if policy.numeric_tld() == NumericTld::Reject && DIGIT.contains_all(tld) {
        return Err(DomainError::new(K::NumericTld, tld_start, index - 1));
    }
    if index == 1 {
        match policy.qualification() {
            Qualification::AtLeastTwoLabels => {
                return Err(DomainError::new(K::NotFullyQualified, 0, 0));
            }
            Qualification::SingleLabelAllowed => warnings.insert(Warning::SingleLabel),
        }
    }
    if needs_idna {
        idna_step(body, policy)?;
    }
    // Inputs are far shorter than 65,536 octets (`MAX_INPUT_LEN`).
    Ok(Meta::new(
        absolute,
        index as u8,
        !unicode,
        u16::try_from(tld_start).unwrap_or(u16::MAX),
        u16::try_from(sld_start).unwrap_or(u16::MAX),
        warnings,
    ))
}

#[cfg(feature = "idna")]
fn idna_step(body: &[u8], policy: Policy) -> Result<(), DomainError> {
    match policy.idna_mode() {
        IdnaMode::Uts46 => {
            crate::idna::uts46::check_name(body, policy.numeric_tld() == NumericTld::Reject)
        }
        mode => crate::idna::name::check_name(body, mode),
    }
}

#[cfg(not(feature = "idna"))]
#[allow(clippy::unnecessary_wraps)]
fn idna_step(_body: &[u8], _policy: Policy) -> Result<(), DomainError> {
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

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{Policy, validate_fast, validate_general};
    use std::string::String;

    /// A valid name of exactly `len` octets whose labels cycle through `label_lens`
    /// (each at most 61, so that lengthening the last label by one stays valid):
    /// letters at both ends of a label, and upper-case letters, digits and hyphens
    /// inside.
    fn name_of_length(len: usize, label_lens: &[usize]) -> String {
        let mut out = String::new();
        let mut k = 0;
        while out.len() < len {
            if !out.is_empty() {
                if len - out.len() < 2 {
                    // No room for a dot and a label: lengthen the last label.
                    out.push('q');
                    continue;
                }
                out.push('.');
            }
            let want = label_lens[k % label_lens.len()].min(len - out.len());
            for i in 0..want {
                let inner = b"Z9-x"[i % 4] as char;
                out.push(if i == 0 || i + 1 == want { 'q' } else { inner });
            }
            k += 1;
        }
        out
    }

    /// Every length from 1 to 253 octets, with and without the root dot, labels of
    /// many lengths (so dots fall at every place in the eight-octet words, and the
    /// last word overlaps the one before by every amount): the fast path must take
    /// each of these valid names and report what the general path reports. A name
    /// that fell back to the general path would only be slower, which the property
    /// tests cannot see.
    #[test]
    fn fast_path_takes_valid_names_of_every_length() {
        let patterns: [&[usize]; 8] = [
            &[1],
            &[3, 7],
            &[8],
            &[9, 16],
            &[15, 17, 2],
            &[61],
            &[5, 61, 1],
            &[40, 23],
        ];
        for len in 1..=253 {
            for pattern in patterns {
                let name = name_of_length(len, pattern);
                assert_eq!(name.len(), len);
                for name in [name.clone(), name + "."] {
                    for policy in [Policy::HOSTNAME, Policy::DNS] {
                        let general = validate_general(&name, policy);
                        assert!(general.is_ok(), "{name} {general:?}");
                        assert_eq!(
                            validate_fast(name.as_bytes(), policy),
                            general.ok(),
                            "{name}"
                        );
                    }
                }
            }
        }
    }

    /// A label of 63 octets is the longest (RFC 1035 §2.3.4), on both paths, as the
    /// whole name (64 octets: the last name of the short path) and after another.
    #[test]
    fn label_of_63_octets_on_the_fast_path() {
        for (len, valid) in [(63, true), (64, false)] {
            let label = "a".repeat(len);
            for name in [
                label.clone(),
                std::format!("b.{label}"),
                std::format!("{label}.b"),
            ] {
                let fast = validate_fast(name.as_bytes(), Policy::HOSTNAME);
                assert_eq!(fast.is_some(), valid, "{name}");
                assert_eq!(
                    validate_general(&name, Policy::HOSTNAME).ok(),
                    fast,
                    "{name}"
                );
            }
        }
    }
}
