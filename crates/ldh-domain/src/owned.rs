//! [`DomainBuf`]: an owned, validated domain name (feature `alloc`).

use alloc::borrow::Cow;
use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::caseless;
use crate::domain::{Domain, Label, Labels};
use crate::error::DomainError;
use crate::meta::Meta;
use crate::policy::Policy;
use crate::warning::{SpecialUse, Warnings};

/// An owned, validated domain name (feature `alloc`), with the same constructors and
/// accessors as [`Domain`].
///
/// There is no `Deref` to [`Domain`]: a `Domain` is a view (text and facts), not a
/// place in memory a reference could point to, so each accessor is written out here and
/// answers from the facts stored at parse time, without parsing again.
///
/// Equality, ordering and hashing are those of [`Domain`]: ASCII case-insensitive
/// (RFC 4343), the policy not taken into account. For that reason `DomainBuf` does not
/// implement `Borrow<str>` (a `HashMap<DomainBuf, _>` could not be searched by a `&str`
/// with `str`'s case-sensitive hash); compare with `==` against a `&str` instead.
///
/// ```
/// use ldh_domain::{DomainBuf, Policy};
/// let d = DomainBuf::parse("Example.COM")?; // Policy::HOSTNAME
/// assert_eq!(d.as_str(), "Example.COM");
/// assert_eq!(d.to_ascii()?, "example.com");
/// assert_eq!(d, "example.com");
/// let dmarc = DomainBuf::parse_with("_dmarc.example.com", &Policy::DNS)?;
/// assert_eq!(dmarc.label_count(), 3);
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone)]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub struct DomainBuf {
    name: String,
    meta: Meta,
}

impl DomainBuf {
    /// Checks `input` against [`Policy::HOSTNAME`] and keeps an owned copy.
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(DomainBuf::parse("localhost").is_ok());
    /// ```
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        Ok(Domain::parse(input)?.into_owned())
    }

    /// Checks `input` against `policy` and keeps an owned copy.
    ///
    /// ```
    /// # use ldh_domain::{DomainBuf, Policy};
    /// assert!(DomainBuf::parse_with("_dmarc.example.com", &Policy::DNS).is_ok());
    /// ```
    pub fn parse_with(input: &str, policy: &Policy) -> Result<Self, DomainError> {
        Ok(Domain::parse_with(input, policy)?.into_owned())
    }

    /// Checks raw bytes (they must be UTF-8) against `policy` and keeps an owned copy.
    ///
    /// ```
    /// # use ldh_domain::{DomainBuf, Policy};
    /// assert_eq!(DomainBuf::parse_bytes(b"a.example", &Policy::FQDN)?.as_str(), "a.example");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn parse_bytes(input: &[u8], policy: &Policy) -> Result<Self, DomainError> {
        Ok(Domain::parse_bytes(input, policy)?.into_owned())
    }

    /// Checks an owned `String` against `policy` and keeps it without copying.
    ///
    /// ```
    /// # use ldh_domain::{DomainBuf, Policy};
    /// let d = DomainBuf::from_string(String::from("example.com"), &Policy::FQDN)?;
    /// assert_eq!(d.into_string(), "example.com");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn from_string(input: String, policy: &Policy) -> Result<Self, DomainError> {
        let meta = Domain::parse_with(&input, policy)?.meta();
        Ok(Self { name: input, meta })
    }

    /// The borrowed view, for functions that take a [`Domain`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(DomainBuf::parse("a.b.")?.as_domain().is_absolute());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn as_domain(&self) -> Domain<'_> {
        Domain::from_parts(&self.name, self.meta)
    }

    /// The name as written: see [`Domain::as_str`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("a.b")?.as_str(), "a.b");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The name without its root dot: see [`Domain::as_relative_str`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("a.b.")?.as_relative_str(), "a.b");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn as_relative_str(&self) -> &str {
        self.as_domain().as_relative_str()
    }

    /// The labels: see [`Domain::labels`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("a.b.c")?.labels().count(), 3);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn labels(&self) -> Labels<'_> {
        self.as_domain().labels()
    }

    /// The number of labels: see [`Domain::label_count`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("a.b.")?.label_count(), 2);
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn label_count(&self) -> usize {
        self.as_domain().label_count()
    }

    /// The last label: see [`Domain::tld`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("a.org")?.tld().as_str(), "org");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn tld(&self) -> Label<'_> {
        self.as_domain().tld()
    }

    /// Whether the name ends with the root dot: see [`Domain::is_absolute`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(DomainBuf::parse("a.b.")?.is_absolute());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn is_absolute(&self) -> bool {
        self.meta.absolute()
    }

    /// Whether the name has at least two labels: see [`Domain::is_fully_qualified`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(!DomainBuf::parse("localhost")?.is_fully_qualified());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn is_fully_qualified(&self) -> bool {
        self.as_domain().is_fully_qualified()
    }

    /// Whether the name is all ASCII: see [`Domain::is_ascii`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(DomainBuf::parse("xn--bcher-kva.de")?.is_ascii());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn is_ascii(&self) -> bool {
        self.meta.ascii()
    }

    /// Whether the name is its own A-label and U-label form: see
    /// [`Domain::is_canonical_ascii`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(DomainBuf::parse("mail.example.com")?.is_canonical_ascii());
    /// assert!(!DomainBuf::parse("Example.com")?.is_canonical_ascii());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn is_canonical_ascii(&self) -> bool {
        self.as_domain().is_canonical_ascii()
    }

    /// Valid-but-notable properties: see [`Domain::warnings`].
    ///
    /// ```
    /// # use ldh_domain::{DomainBuf, Warning};
    /// assert!(DomainBuf::parse("www.example.com")?.warnings().contains(Warning::SpecialUseDomain));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn warnings(&self) -> Warnings {
        self.as_domain().warnings()
    }

    /// The special-use name this name falls under: see [`Domain::special_use`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert!(DomainBuf::parse("abc.onion")?.special_use().is_some());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn special_use(&self) -> Option<SpecialUse> {
        self.as_domain().special_use()
    }

    /// The lower-case A-label form: see [`Domain::to_ascii`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("WWW.Example.COM")?.to_ascii()?, "www.example.com");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn to_ascii(&self) -> Result<Cow<'_, str>, DomainError> {
        self.as_domain().to_ascii()
    }

    /// The U-label form: see [`Domain::to_unicode`].
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// # if cfg!(feature = "idna") {
    /// assert_eq!(DomainBuf::parse("xn--bcher-kva.example")?.to_unicode()?, "bücher.example");
    /// # }
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn to_unicode(&self) -> Result<Cow<'_, str>, DomainError> {
        self.as_domain().to_unicode()
    }

    /// The inner string.
    ///
    /// ```
    /// # use ldh_domain::DomainBuf;
    /// assert_eq!(DomainBuf::parse("a.b")?.into_string(), "a.b");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.name
    }
}

/// What a parse found about a name, without the name: for a type that keeps an owned
/// copy of the text beside it and wants the [`Domain`] back without parsing again
/// (the domain part of an owned email address).
///
/// [`with_text`](Self::with_text) puts the facts back over the text. Facts over any
/// other text answer for it wrongly, though without panicking: keep them with the text
/// they were found in, unchanged.
///
/// ```
/// use ldh_domain::Domain;
/// let text = String::from("mail.example.com");
/// let facts = Domain::parse(&text)?.facts();
/// let again = facts.with_text(&text).expect("the same text");
/// assert_eq!((again.label_count(), again.tld().as_str()), (3, "com"));
/// assert!(facts.with_text("mail.example").is_none()); // not the length it was found in
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub struct DomainFacts {
    meta: Meta,
    len: usize,
}

impl DomainFacts {
    /// The name over `text`, which must be the text the facts were found in; `None`
    /// when its length differs.
    ///
    /// ```
    /// let facts = ldh_domain::Domain::parse("a.b.")?.facts();
    /// assert!(facts.with_text("a.b.").is_some_and(|d| d.is_absolute()));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn with_text(self, text: &str) -> Option<Domain<'_>> {
        (text.len() == self.len).then(|| Domain::from_parts(text, self.meta))
    }
}

impl Domain<'_> {
    /// What the parse found, without the text: see [`DomainFacts`].
    ///
    /// ```
    /// let d = ldh_domain::Domain::parse("example.com")?;
    /// assert_eq!(d.facts().with_text(d.as_str()), Some(d));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn facts(&self) -> DomainFacts {
        DomainFacts {
            meta: self.meta(),
            len: self.as_str().len(),
        }
    }

    /// An owned copy, with the facts found by the parse.
    ///
    /// ```
    /// # use ldh_domain::Domain;
    /// let owned = Domain::parse("example.com")?.into_owned();
    /// assert_eq!(owned.as_str(), "example.com");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn into_owned(self) -> DomainBuf {
        DomainBuf {
            name: self.as_str().into(),
            meta: self.meta(),
        }
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl core::str::FromStr for DomainBuf {
    type Err = DomainError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Parses with [`Policy::HOSTNAME`], keeping the string without copying.
impl TryFrom<String> for DomainBuf {
    type Error = DomainError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        Self::from_string(s, &Policy::HOSTNAME)
    }
}

/// Parses with [`Policy::HOSTNAME`].
impl TryFrom<&str> for DomainBuf {
    type Error = DomainError;

    fn try_from(s: &str) -> Result<Self, Self::Error> {
        Self::parse(s)
    }
}

impl From<Domain<'_>> for DomainBuf {
    fn from(d: Domain<'_>) -> Self {
        d.into_owned()
    }
}

impl From<DomainBuf> for String {
    fn from(d: DomainBuf) -> Self {
        d.name
    }
}

/// `DomainBuf("example.com")`: the name as written (its facts are a call away).
impl fmt::Debug for DomainBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DomainBuf").field(&self.name).finish()
    }
}

impl fmt::Display for DomainBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl AsRef<str> for DomainBuf {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

/// ASCII case-insensitive, as [`Domain`].
impl PartialEq for DomainBuf {
    fn eq(&self, other: &Self) -> bool {
        caseless::eq(&self.name, &other.name)
    }
}

impl Eq for DomainBuf {}

/// Agrees with `Eq`: the ASCII-lower-cased text.
impl Hash for DomainBuf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        caseless::hash(&self.name, state);
    }
}

impl PartialOrd for DomainBuf {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// By the ASCII-lower-cased octets.
impl Ord for DomainBuf {
    fn cmp(&self, other: &Self) -> Ordering {
        caseless::cmp(&self.name, &other.name)
    }
}

impl PartialEq<Domain<'_>> for DomainBuf {
    fn eq(&self, other: &Domain<'_>) -> bool {
        caseless::eq(&self.name, other.as_str())
    }
}

impl PartialEq<DomainBuf> for Domain<'_> {
    fn eq(&self, other: &DomainBuf) -> bool {
        caseless::eq(self.as_str(), &other.name)
    }
}

/// ASCII case-insensitive against the text (no parsing).
impl PartialEq<str> for DomainBuf {
    fn eq(&self, other: &str) -> bool {
        caseless::eq(&self.name, other)
    }
}

/// ASCII case-insensitive against the text (no parsing).
impl PartialEq<&str> for DomainBuf {
    fn eq(&self, other: &&str) -> bool {
        caseless::eq(&self.name, other)
    }
}

crate::text_eq_both_ways!(str: DomainBuf);
crate::text_eq_both_ways!(String: DomainBuf);
