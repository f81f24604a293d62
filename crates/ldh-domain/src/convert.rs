//! Conversions that allocate (feature `alloc`): [`DomainBuf`], `ToASCII`, `ToUnicode`.

use alloc::borrow::Cow;
use alloc::string::String;

#[cfg(not(feature = "idna"))]
use crate::alabel;
use crate::domain::{Domain, LabelKind, Meta};
use crate::error::{DomainError, DomainErrorKind};
use crate::policy::Policy;

impl<'a> Domain<'a> {
    /// The name in lower-case A-label form (the form for DNS lookups), root dot kept.
    /// Borrowed when the name is already so.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse("example.com", &Policy::HOSTNAME)?;
    /// assert!(matches!(d.to_ascii()?, Cow::Borrowed("example.com")));
    /// let d = Domain::parse("WWW.Example.COM.", &Policy::HOSTNAME)?;
    /// assert_eq!(d.to_ascii()?, "www.example.com.");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn to_ascii(&self) -> Result<Cow<'a, str>, DomainError> {
        let name = self.as_str();
        if self.is_ascii() {
            if name.bytes().any(|b| b.is_ascii_uppercase()) {
                return Ok(Cow::Owned(name.to_ascii_lowercase()));
            }
            return Ok(Cow::Borrowed(name));
        }
        to_ascii_unicode_name(name).map(Cow::Owned)
    }

    /// The name in U-label form (A-labels decoded, ASCII lower-cased), root dot kept.
    /// Borrowed when the name is already so.
    ///
    /// ```
    /// use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse("XN--BCHER-KVA.example", &Policy::HOSTNAME)?;
    /// assert_eq!(d.to_unicode()?, "bücher.example");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn to_unicode(&self) -> Result<Cow<'a, str>, DomainError> {
        let name = self.as_str();
        let plain = !name.bytes().any(|b| b.is_ascii_uppercase())
            && self.labels().all(|l| l.kind() != LabelKind::ALabel);
        if plain && self.is_ascii() {
            return Ok(Cow::Borrowed(name));
        }
        to_unicode_name(self).map(Cow::Owned)
    }

    /// An owned copy.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// let owned = Domain::parse("example.com", &Policy::HOSTNAME)?.to_owned_domain();
    /// assert_eq!(owned.as_str(), "example.com");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn to_owned_domain(&self) -> DomainBuf {
        DomainBuf {
            name: self.as_str().into(),
            meta: self.meta(),
        }
    }
}

#[cfg(feature = "idna")]
fn to_ascii_unicode_name(name: &str) -> Result<String, DomainError> {
    crate::idna::to_ascii_validated(name)
}

#[cfg(not(feature = "idna"))]
fn to_ascii_unicode_name(name: &str) -> Result<String, DomainError> {
    // Unreachable in practice: without `idna` no parsed name has U-labels.
    let at = name.bytes().position(|b| !b.is_ascii()).unwrap_or(0);
    Err(DomainError::whole(DomainErrorKind::IdnaFeatureDisabled, at))
}

#[cfg(feature = "idna")]
fn to_unicode_name(domain: &Domain<'_>) -> Result<String, DomainError> {
    crate::idna::to_unicode_validated(domain.as_str())
}

/// Decodes the A-labels with punycode-core (no `idna` data needed: the labels were
/// validated already).
#[cfg(not(feature = "idna"))]
fn to_unicode_name(domain: &Domain<'_>) -> Result<String, DomainError> {
    let mut out = String::with_capacity(domain.as_str().len());
    for (i, label) in domain.labels().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.kind() == LabelKind::ALabel {
            let mut buf = ['\0'; crate::limits::MAX_LABEL_LEN];
            let decoded = alabel::decode(label.as_str().as_bytes(), &mut buf).map_err(|r| {
                DomainError::new(DomainErrorKind::InvalidALabel(r), label.offset(), i)
            })?;
            out.extend(decoded.iter());
        } else {
            out.push_str(&label.as_str().to_ascii_lowercase());
        }
    }
    if domain.is_absolute() {
        out.push('.');
    }
    Ok(out)
}

/// UTS #46 `ToASCII` (non-transitional; `CheckHyphens`, `CheckBidi`, `CheckJoiners`,
/// `UseSTD3ASCIIRules` and `VerifyDnsLength` on) with the root dot kept and allowed.
///
/// Unlike [`Domain::parse`], this is the full UTS #46 *mapping*: upper case, full-width
/// forms and ideographic full stops are mapped, and R-LDH labels (`ab--cd`) are
/// rejected by `CheckHyphens`. Without the `idna` feature, non-ASCII input is an
/// `idna_feature_disabled` error.
///
/// ```
/// # if cfg!(feature = "idna") {
/// assert_eq!(ldh_domain::to_ascii("Bücher.example.")?, "xn--bcher-kva.example.");
/// assert_eq!(ldh_domain::to_ascii("a..b").unwrap_err().code(), "empty_label");
/// # }
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn to_ascii(input: &str) -> Result<String, DomainError> {
    if input.is_ascii() {
        // For ASCII input, UTS #46 `ToASCII` is lower-casing plus the checks of
        // `Domain::parse` (the fast path) and `CheckHyphens` on R-LDH labels: no need to
        // run the mapping engine, and the errors come out typed directly.
        let d = strict_ascii(input)?;
        return Ok(d.as_str().to_ascii_lowercase());
    }
    #[cfg(feature = "idna")]
    {
        crate::idna::to_ascii_strict(input)
    }
    #[cfg(not(feature = "idna"))]
    {
        let at = input.bytes().position(|b| !b.is_ascii()).unwrap_or(0);
        Err(DomainError::whole(DomainErrorKind::IdnaFeatureDisabled, at))
    }
}

/// What UTS #46 `ToASCII` with `UseSTD3ASCIIRules` checks on ASCII input, as a policy:
/// host name labels, one label allowed, and no rule on all-digit last labels (UTS #46
/// has none: `1.2.3.4` converts to itself).
const UTS46_ASCII: Policy = Policy::HOSTNAME.with_numeric_tld(crate::policy::NumericTld::Allow);

/// UTS #46 `ToUnicode` (non-transitional; `CheckHyphens`, `CheckBidi`, `CheckJoiners`,
/// `UseSTD3ASCIIRules` on): A-labels decoded, the rest mapped. Without the `idna`
/// feature, A-labels are decoded with punycode-core and non-ASCII input is an error.
///
/// UTS #46 `ToUnicode` has no `VerifyDnsLength` step, so with `idna` a name longer
/// than DNS allows still converts (in time linear in its length); without `idna` the
/// name is parsed first and over-long names are `name_too_long`. Bound the input
/// yourself, or call [`Domain::to_unicode`] on a parsed name, when the length matters.
///
/// ```
/// # if cfg!(feature = "idna") {
/// assert_eq!(ldh_domain::to_unicode("xn--bcher-kva.example")?, "bücher.example");
/// # }
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn to_unicode(input: &str) -> Result<String, DomainError> {
    #[cfg(feature = "idna")]
    {
        crate::idna::to_unicode_strict(input)
    }
    #[cfg(not(feature = "idna"))]
    {
        let d = strict_ascii(input)?;
        to_unicode_name(&d)
    }
}

/// An ASCII name as UTS #46 `ToASCII` sees it: [`UTS46_ASCII`] plus full `CheckHyphens`.
fn strict_ascii(input: &str) -> Result<Domain<'_>, DomainError> {
    if let Some(at) = input.bytes().position(|b| !b.is_ascii()) {
        return Err(DomainError::whole(DomainErrorKind::IdnaFeatureDisabled, at));
    }
    let d = Domain::parse(input, &UTS46_ASCII)?;
    if d.warnings().contains(crate::Warning::ReservedHyphenLabel) {
        check_hyphens_3_4(&d)?;
    }
    Ok(d)
}

/// UTS #46 `CheckHyphens`: R-LDH labels are errors for the strict conversions.
fn check_hyphens_3_4(d: &Domain<'_>) -> Result<(), DomainError> {
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

/// Explains why the strict conversions failed, pointing at a label.
#[cfg_attr(not(feature = "idna"), allow(dead_code))]
pub(crate) fn diagnose(input: &str) -> DomainError {
    match Domain::parse(input, &Policy::HOSTNAME) {
        Err(e) => e,
        Ok(d) => match check_hyphens_3_4(&d) {
            Err(e) => e,
            #[cfg(feature = "idna")]
            Ok(()) => crate::idna::classify(d.as_relative_str().as_bytes()),
            #[cfg(not(feature = "idna"))]
            Ok(()) => DomainError::whole(DomainErrorKind::Idna(crate::error::IdnaRule::Other), 0),
        },
    }
}

/// An owned, validated domain name (feature `alloc`).
///
/// ```
/// use ldh_domain::DomainBuf;
/// let d: DomainBuf = "Example.COM".parse()?; // Policy::HOSTNAME
/// assert_eq!(d.as_str(), "Example.COM");
/// assert_eq!(d.as_domain().to_ascii()?, "example.com");
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub struct DomainBuf {
    name: String,
    meta: Meta,
}

impl DomainBuf {
    /// Checks `input` against `policy` and keeps an owned copy.
    ///
    /// ```
    /// # use ldh_domain::{DomainBuf, Policy};
    /// let d = DomainBuf::parse(String::from("_dmarc.example.com"), &Policy::DNS)?;
    /// assert_eq!(d.as_domain().label_count(), 3);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn parse(input: String, policy: &Policy) -> Result<Self, DomainError> {
        let meta = Domain::parse(&input, policy)?.meta();
        Ok(Self { name: input, meta })
    }

    /// The name as written.
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!("a.b".parse::<DomainBuf>()?.as_str(), "a.b");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The borrowed view, with every accessor of [`Domain`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!("a.b.".parse::<DomainBuf>()?.as_domain().is_absolute());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn as_domain(&self) -> Domain<'_> {
        Domain::from_parts(&self.name, self.meta)
    }

    /// The inner string.
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!("a.b".parse::<DomainBuf>()?.into_string(), "a.b");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.name
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl core::str::FromStr for DomainBuf {
    type Err = DomainError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Domain::parse(s, &Policy::HOSTNAME)?.to_owned_domain())
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl TryFrom<String> for DomainBuf {
    type Error = DomainError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        Self::parse(s, &Policy::HOSTNAME)
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl TryFrom<&str> for DomainBuf {
    type Error = DomainError;

    fn try_from(s: &str) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Domain<'_>> for DomainBuf {
    fn from(d: Domain<'_>) -> Self {
        d.to_owned_domain()
    }
}

impl core::fmt::Display for DomainBuf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.name)
    }
}

impl AsRef<str> for DomainBuf {
    fn as_ref(&self) -> &str {
        &self.name
    }
}
