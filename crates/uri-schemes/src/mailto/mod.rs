//! [`Mailto`]: RFC 6068 `mailto` URIs, every address checked by `rfc-email`; and, with
//! `alloc`, [`MailtoBuilder`], which writes them encoded exactly as RFC 6068 §2 says.

use core::fmt;

use rfc_email::Policy;

use crate::grammar::Span;
use crate::{Uri, UriError, UriErrorKind, Warning, Warnings};

mod decode;
mod parse;
mod scan;

use scan::split_spans;

/// Decoded addresses longer than this many octets are [`UriErrorKind::AddressTooLong`]
/// (far above every profile's limit), so address checks need no allocation.
///
/// ```
/// let long = format!("mailto:{}@example.com", "%41".repeat(uri_schemes::MAX_DECODED_ADDRESS_LEN));
/// assert_eq!(uri_schemes::Mailto::parse(&long).unwrap_err().code(), "address_too_long");
/// ```
pub const MAX_DECODED_ADDRESS_LEN: usize = 1024;

/// A percent-encoded `to`, `cc` or `bcc` value is decoded into a stack buffer of at most
/// this many octets before it is read as an RFC 5322 address list; a longer decoded
/// value is [`UriErrorKind::AddressTooLong`] (an error, never a silent truncation). A
/// value without `%` is read in place, with no limit.
///
/// ```
/// let list = vec!["a%40example.com"; 700].join(",");
/// let err = uri_schemes::Mailto::parse(&format!("mailto:?cc={list}")).unwrap_err();
/// assert_eq!(err.code(), "address_too_long");
/// ```
pub const MAX_DECODED_ADDRESS_LIST_LEN: usize = 8192;

/// Options for [`Mailto::parse_with`]; const-constructible.
///
/// ```
/// use uri_schemes::{Mailto, MailtoPolicy};
/// const QUOTED_OK: MailtoPolicy = MailtoPolicy::DEFAULT.with_email_policy(rfc_email::Policy::RFC5322);
/// assert!(Mailto::parse_with("mailto:a@example.com", &QUOTED_OK).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MailtoPolicy {
    email: Option<Policy>,
    idna: ldh_domain::IdnaMode,
}

impl MailtoPolicy {
    /// Addresses checked under `rfc_email::Policy::RFC5321`, or `SMTPUTF8` when a decoded
    /// address is not ASCII (RFC 6068 §2 items 4 and 5 allow UTF-8 addresses).
    ///
    /// ```
    /// assert_eq!(uri_schemes::MailtoPolicy::DEFAULT, Default::default());
    /// ```
    pub const DEFAULT: Self = Self {
        email: None,
        idna: ldh_domain::IdnaMode::Registration,
    };

    /// Checks every address under `policy` instead.
    ///
    /// ```
    /// use uri_schemes::{Mailto, MailtoPolicy};
    /// let html5 = MailtoPolicy::DEFAULT.with_email_policy(rfc_email::Policy::HTML5);
    /// assert!(Mailto::parse_with("mailto:a@localhost", &html5).is_ok());
    /// ```
    #[must_use]
    pub const fn with_email_policy(self, policy: Policy) -> Self {
        Self {
            email: Some(policy),
            ..self
        }
    }

    /// Judges the IDN domains of the addresses by another IDNA mode (the default is IDNA
    /// 2008 registration, which RFC 6531 §3.3 asks of SMTPUTF8 domains). Applies to the
    /// default email policies; a policy given with
    /// [`with_email_policy`](Self::with_email_policy) keeps its own mode.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// use ldh_domain::IdnaMode;
    /// use uri_schemes::{Mailto, MailtoPolicy};
    /// assert!(Mailto::parse("mailto:a@%E2%98%83.net").is_err());
    /// let uts46 = MailtoPolicy::DEFAULT.with_idna_mode(IdnaMode::Uts46);
    /// assert!(Mailto::parse_with("mailto:a@%E2%98%83.net", &uts46).is_ok());
    /// # }
    /// ```
    #[must_use]
    pub const fn with_idna_mode(self, idna: ldh_domain::IdnaMode) -> Self {
        Self { idna, ..self }
    }
}

/// A `mailto` URI (RFC 6068 §2):
///
/// ```text
/// mailtoURI = "mailto:" [ to ] [ hfields ]
/// to        = addr-spec *("," addr-spec )
/// hfields   = "?" hfield *( "&" hfield )
/// hfield    = hfname "=" hfvalue
/// ```
///
/// Strict: the URI must be valid RFC 3986 with characters RFC 6068 §2 reserves
/// percent-encoded; decoded names and values must be UTF-8, and decoded names RFC 5322
/// §3.6.8 `field-name`s (`invalid_header_name` otherwise, so a name cannot smuggle a
/// line break). Every address in the path is checked by `rfc-email`; a `to`, `cc` or
/// `bcc` value is decoded and read as an RFC 5322 §3.4 `address-list` (RFC 6068 §2:
/// `hfvalue`s encode header field values), so `%2C` separates addresses like `,`, and
/// `Bob <bob@example.com>` and groups are allowed; each `addr-spec` is checked by
/// `rfc-email`. `+` is a literal plus, never a space. Header injection (a line break or
/// NUL, VT, NEL, U+2028, U+2029 in a decoded value other than `body`), header fields
/// RFC 6068 §3 says to ignore and a fragment (RFC 6068 §2: SHOULD NOT be used, SHOULD
/// be ignored) are [`warnings`](Self::warnings); what `rfc-email` says of each address
/// is in [`address_warnings`](Self::address_warnings).
///
/// ```
/// use uri_schemes::{Mailto, Warning};
/// let m = Mailto::parse("mailto:joe@example.com?cc=bob@example.com&body=hello")?;
/// assert_eq!(m.raw_to().collect::<Vec<_>>(), ["joe@example.com"]);
/// # #[cfg(feature = "alloc")] {
/// assert_eq!(m.body().as_deref(), Some("hello"));
/// assert_eq!(Mailto::parse("mailto:a+b@example.com")?.to(), ["a+b@example.com"]);
/// # }
/// let m = Mailto::parse("mailto:a@example.com?subject=x%0D%0ABcc:%20c@example.com")?;
/// assert!(m.warnings().contains(Warning::HeaderInjection));
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
///
/// `Eq`, `Ord` and `Hash` compare the text as written, octet for octet.
#[derive(Clone, Copy)]
pub struct Mailto<'a> {
    input: &'a str,
    path: Span,
    query: Option<Span>,
    warnings: Warnings,
    address_warnings: rfc_email::Warnings,
}

impl fmt::Debug for Mailto<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mailto")
            .field("to", &self.path.of(self.input))
            .field("hfields", &self.query.map(|q| q.of(self.input)))
            .field("warnings", &self.warnings)
            .field("address_warnings", &self.address_warnings)
            .finish()
    }
}

impl fmt::Display for Mailto<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl AsRef<str> for Mailto<'_> {
    fn as_ref(&self) -> &str {
        self.input
    }
}

/// Parses under [`MailtoPolicy::DEFAULT`].
impl<'a> TryFrom<&'a str> for Mailto<'a> {
    type Error = UriError;
    fn try_from(value: &'a str) -> Result<Self, UriError> {
        Self::parse(value)
    }
}

impl<'a> Mailto<'a> {
    /// Parses a mailto URI with [`MailtoPolicy::DEFAULT`].
    ///
    /// ```
    /// use uri_schemes::Mailto;
    /// assert!(Mailto::parse("mailto:chris@example.com").is_ok());
    /// let err = Mailto::parse("mailto:joe@example.com?cc=bob@example.com?body=hello").unwrap_err();
    /// assert_eq!((err.code(), err.offset()), ("invalid_character_in_mailto", 41));
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, UriError> {
        Self::parse_with(input, &MailtoPolicy::DEFAULT)
    }

    /// Parses a mailto URI under `options`.
    ///
    /// ```
    /// use uri_schemes::{Mailto, MailtoPolicy};
    /// let m = Mailto::parse_with("mailto:a@example.com", &MailtoPolicy::DEFAULT)?;
    /// assert_eq!(m.as_str(), "mailto:a@example.com");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_with(input: &'a str, options: &MailtoPolicy) -> Result<Self, UriError> {
        match Self::parse_common(input, options) {
            Some(mailto) => Ok(mailto),
            None => Self::parse_generic(input, options),
        }
    }

    /// [`parse_with`](Self::parse_with) by the generic URI parser, then the mailto
    /// checks over the parts it found: every input gets its result, and every error
    /// its kind and offset, this way.
    fn parse_generic(input: &'a str, options: &MailtoPolicy) -> Result<Self, UriError> {
        let uri = Uri::parse(input)?;
        if !uri.scheme().eq_ignore_ascii_case("mailto") {
            return Err(UriError::new(UriErrorKind::NotMailto, 0));
        }
        let parts = *uri.parts();
        if let Some(authority) = parts.authority {
            // "mailto://…": the "/" would have to be %2F.
            return Err(UriError::new(
                UriErrorKind::InvalidCharacterInMailto,
                authority.start() - 2,
            )
            .naming_found_in(input.as_bytes()));
        }
        let mut mailto = Self::over(input, parts.path, parts.query);
        if parts.fragment.is_some() {
            mailto.warnings.insert(Warning::FragmentInMailto);
        }
        let (path_triplets, comma) = mailto.check_path(parts.path)?;
        mailto.check_parts(path_triplets.any, comma, options)?;
        Ok(mailto)
    }

    /// The text with its path and query, before any check.
    const fn over(input: &'a str, path: Span, query: Option<Span>) -> Self {
        Self {
            input,
            path,
            query,
            warnings: Warnings::EMPTY,
            address_warnings: rfc_email::Warnings::EMPTY,
        }
    }

    /// The checks of the addresses and header fields, after the path's characters.
    fn check_parts(
        &mut self,
        path_encoded: bool,
        comma: bool,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let has_path_addresses = self.path.start() != self.path.end();
        if has_path_addresses {
            self.check_addresses(self.path, path_encoded, comma, options)?;
        }
        if let Some(query) = self.query {
            self.check_hfields(query, options, has_path_addresses)?;
        }
        Ok(())
    }

    /// Parses raw bytes as a mailto URI under `policy`; any byte above 0x7F is an
    /// error (RFC 6068 §2: non-ASCII is percent-encoded UTF-8).
    ///
    /// ```
    /// use uri_schemes::{Mailto, MailtoPolicy};
    /// let m = Mailto::parse_bytes(b"mailto:a@example.com", &MailtoPolicy::DEFAULT)?;
    /// assert_eq!(m.raw_to().count(), 1);
    /// assert!(Mailto::parse_bytes("mailto:\u{e9}@example.com".as_bytes(), &MailtoPolicy::DEFAULT).is_err());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8], policy: &MailtoPolicy) -> Result<Self, UriError> {
        let uri = Uri::parse_bytes(input, &crate::UriPolicy::STRICT)?;
        Self::parse_with(uri.as_str(), policy)
    }

    /// The same facts over another copy of the same text (for [`MailtoBuf`](crate::MailtoBuf)).
    #[cfg(feature = "alloc")]
    pub(crate) const fn with_input(self, input: &str) -> Mailto<'_> {
        Mailto {
            input,
            path: self.path,
            query: self.query,
            warnings: self.warnings,
            address_warnings: self.address_warnings,
        }
    }

    /// The URI as written.
    ///
    /// ```
    /// assert_eq!(uri_schemes::Mailto::parse("mailto:a@b.example")?.as_str(), "mailto:a@b.example");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.input
    }

    /// The addresses before `?`, as written (percent-encoded).
    ///
    /// ```
    /// let m = uri_schemes::Mailto::parse("mailto:a@b.example,c%25d@e.example")?;
    /// assert_eq!(m.raw_to().collect::<Vec<_>>(), ["a@b.example", "c%25d@e.example"]);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn raw_to(&self) -> impl Iterator<Item = &'a str> + 'a {
        let input = self.input;
        let empty = self.path.start() == self.path.end();
        split_spans(input, self.path, b',')
            .filter(move |_| !empty)
            .map(move |s| s.of(input))
    }

    /// The header fields in order, as written: `(hfname, hfvalue)`, percent-encoded.
    ///
    /// ```
    /// let m = uri_schemes::Mailto::parse("mailto:?subject=a%20b&body=c")?;
    /// assert_eq!(m.raw_hfields().collect::<Vec<_>>(), [("subject", "a%20b"), ("body", "c")]);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn raw_hfields(&self) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        let input = self.input;
        self.query
            .into_iter()
            .flat_map(move |q| split_spans(input, q, b'&'))
            .filter_map(move |f| f.of(input).split_once('='))
    }

    /// Valid but discouraged forms found.
    ///
    /// ```
    /// use uri_schemes::{Mailto, Warning};
    /// let m = Mailto::parse("mailto:a@example.com?from=boss@example.com")?;
    /// assert!(m.warnings().contains(Warning::UnsafeHeaderField));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn warnings(&self) -> Warnings {
        self.warnings
    }

    /// What `rfc-email` said of the addresses (path, `to`, `cc` and `bcc`), together:
    /// an address inside a URI keeps its warnings (a reserved `--` label, a quoted
    /// local part, a special-use domain, …).
    ///
    /// ```
    /// use rfc_email::Warning;
    /// let m = uri_schemes::Mailto::parse("mailto:a@ab--cd.example")?;
    /// assert!(m.address_warnings().contains(Warning::ReservedHyphenLabel));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn address_warnings(&self) -> rfc_email::Warnings {
        self.address_warnings
    }
}

#[cfg(feature = "alloc")]
mod build;
#[cfg(feature = "alloc")]
pub use build::{MailtoBuildError, MailtoBuilder, MailtoField};
