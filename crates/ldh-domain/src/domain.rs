//! [`Domain`]: a validated, borrowed domain name, and its labels.

use core::fmt;

use crate::ascii::{ByteSet, LDH};
use crate::error::{DomainError, DomainErrorKind};
use crate::idna::alabel;
use crate::meta::Meta;
use crate::policy::Policy;
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
/// let d = Domain::parse_with("Mail.Example.COM.", &Policy::FQDN)?;
/// assert!(d.is_absolute() && d.is_fully_qualified());
/// assert_eq!(d.tld().as_str(), "COM");
/// let labels: Vec<&str> = d.labels().map(|l| l.as_str()).collect();
/// assert_eq!(labels, ["Mail", "Example", "COM"]);
/// assert!(d.labels().all(|l| l.kind() == LabelKind::NrLdh));
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
///
/// # Equality, ordering, hashing
///
/// Two names are equal when their text is equal ignoring ASCII case (RFC 4343 §3, how
/// the DNS compares names): `Example.COM` equals `example.com`. The policy a name was
/// checked under is not part of it. What is *not* folded: the root dot (`example.com.`
/// is absolute, `example.com` may be completed by a resolver's search list, RFC 1034
/// §3.1), and a U-label against its A-label (`bücher` ≠ `xn--bcher-kva`: compare
/// [`to_ascii`](Self::to_ascii) forms for that). `Ord` orders by the lower-cased octets
/// and `Hash` hashes them, so all three agree ([`caseless`](crate::caseless)).
/// `PartialEq<str>` compares the same way against text. There is no `Borrow<str>`: a
/// case-insensitive `Eq` would break the contract that `Borrow` requires.
///
/// ```
/// use ldh_domain::Domain;
/// assert_eq!(Domain::parse("Example.COM")?, Domain::parse("example.com")?);
/// assert_ne!(Domain::parse("example.com.")?, Domain::parse("example.com")?);
/// assert_eq!(Domain::parse("WWW.example.com")?, "www.EXAMPLE.com");
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Domain<'a> {
    name: &'a str,
    meta: Meta,
}

impl<'a> Domain<'a> {
    /// Checks `input` against the default policy, [`Policy::HOSTNAME`] (RFC 1123 §2.1:
    /// LDH labels, one label allowed).
    ///
    /// ```
    /// use ldh_domain::Domain;
    /// assert!(Domain::parse("localhost").is_ok());
    /// assert_eq!(Domain::parse("_dmarc.example.com").unwrap_err().code(), "invalid_character");
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, DomainError> {
        Self::parse_with(input, &Policy::HOSTNAME)
    }

    /// Checks `input` against `policy`.
    ///
    /// ```
    /// use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse_with("3com.com", &Policy::HOSTNAME).is_ok()); // RFC 1123: digit first
    /// assert!(Domain::parse_with("example.1e5", &Policy::HOSTNAME).is_ok()); // TLD not all digits
    /// assert_eq!(Domain::parse_with("a..b", &Policy::HOSTNAME).unwrap_err().code(), "empty_label");
    /// ```
    #[inline]
    pub fn parse_with(input: &'a str, policy: &Policy) -> Result<Self, DomainError> {
        let meta = crate::grammar::validate(input, *policy)?;
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
        Self::parse_with(name, policy)
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
    /// assert_eq!(Domain::parse_with("Example.com.", &Policy::HOSTNAME)?.as_str(), "Example.com.");
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
    /// assert_eq!(Domain::parse_with("example.com.", &Policy::HOSTNAME)?.as_relative_str(), "example.com");
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
    /// let d = Domain::parse_with("a.b.c.", &Policy::HOSTNAME)?;
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
    /// assert_eq!(Domain::parse_with("www.example.com.", &Policy::HOSTNAME)?.label_count(), 3);
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
    /// assert_eq!(Domain::parse_with("example.org.", &Policy::HOSTNAME)?.tld().as_str(), "org");
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
    /// assert!(Domain::parse_with("example.com.", &Policy::HOSTNAME)?.is_absolute());
    /// assert!(!Domain::parse_with("example.com", &Policy::HOSTNAME)?.is_absolute());
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
    /// assert!(!Domain::parse_with("localhost", &Policy::HOSTNAME)?.is_fully_qualified());
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
    /// assert!(Domain::parse_with("xn--bcher-kva.de", &Policy::HOSTNAME)?.is_ascii());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn is_ascii(&self) -> bool {
        self.meta.ascii()
    }

    /// Whether the name as written is already its own lower-case A-label form and its
    /// own U-label form: all ASCII, no upper-case letter (`ToASCII` lower-cases, DNS
    /// names compare without case, RFC 4343 §3) and no A-label (`ToUnicode` decodes
    /// `xn--` labels, RFC 5890 §2.3.2.1). Exactly then [`to_ascii`](Self::to_ascii) and
    /// [`to_unicode`](Self::to_unicode) both return the name unchanged (root dot kept).
    ///
    /// Recorded while the name is validated: answering costs nothing.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse_with("mail.example.com.", &Policy::HOSTNAME)?.is_canonical_ascii());
    /// assert!(!Domain::parse_with("Mail.example.com", &Policy::HOSTNAME)?.is_canonical_ascii());
    /// assert!(!Domain::parse_with("xn--bcher-kva.de", &Policy::HOSTNAME)?.is_canonical_ascii());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub const fn is_canonical_ascii(&self) -> bool {
        self.meta.canonical_ascii()
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
    /// let d = Domain::parse_with("www.example.com", &Policy::HOSTNAME)?;
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
    /// let d = Domain::parse_with("abc.onion", &Policy::HOSTNAME)?;
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

impl PartialEq for Domain<'_> {
    fn eq(&self, other: &Self) -> bool {
        crate::caseless::eq(self.name, other.name)
    }
}

impl Eq for Domain<'_> {}

/// Agrees with `Eq`: the ASCII-lower-cased text.
impl core::hash::Hash for Domain<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        crate::caseless::hash(self.name, state);
    }
}

impl PartialOrd for Domain<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By the ASCII-lower-cased octets.
impl Ord for Domain<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        crate::caseless::cmp(self.name, other.name)
    }
}

/// ASCII case-insensitive against the text (no parsing).
impl PartialEq<str> for Domain<'_> {
    fn eq(&self, other: &str) -> bool {
        crate::caseless::eq(self.name, other)
    }
}

/// ASCII case-insensitive against the text (no parsing).
impl PartialEq<&str> for Domain<'_> {
    fn eq(&self, other: &&str) -> bool {
        crate::caseless::eq(self.name, other)
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
        Self::parse(input)
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
/// let d = Domain::parse_with("_dmarc.ab--x.xn--bcher-kva.example", &Policy::DNS)?;
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
/// let d = Domain::parse_with("www.example.com", &Policy::HOSTNAME)?;
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
    /// assert_eq!(Domain::parse_with("EXAMPLE.com", &Policy::HOSTNAME)?.labels().next().unwrap().as_str(), "EXAMPLE");
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
    /// assert_eq!(Domain::parse_with("a.bc.d", &Policy::HOSTNAME)?.tld().offset(), 5);
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
    /// assert_eq!(Domain::parse_with("abc.d", &Policy::HOSTNAME)?.labels().next().unwrap().len(), 3);
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
    /// assert!(!Domain::parse_with("a.b", &Policy::HOSTNAME)?.tld().is_empty());
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
    /// assert_eq!(Domain::parse_with("xn--bcher-kva.de", &Policy::HOSTNAME)?.labels().next().unwrap().kind(), LabelKind::ALabel);
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
    /// assert!(Domain::parse_with("example.com", &Policy::HOSTNAME)?.tld().is_known_tld());
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
/// let d = Domain::parse_with("a.b", &Policy::HOSTNAME)?;
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
