//! [`Mailto`]: RFC 6068 `mailto` URIs, every address checked by `rfc-email`; and, with
//! `alloc`, [`MailtoBuilder`], which writes them encoded exactly as RFC 6068 §2 says.

use core::fmt;

use rfc_email::{EmailAddress, Policy};

use crate::ascii::{ByteSet, QCHAR};
use crate::grammar::Span;
use crate::{Uri, UriError, UriErrorKind, Warning, Warnings};

mod scan;

use scan::{
    decoded_is, decoded_is_utf8, field_name_error, has_line_break, is_unsafe_header, same_name,
    split_spans,
};

/// Decoded addresses longer than this many octets are [`UriErrorKind::AddressTooLong`]
/// (far above every profile's limit), so address checks need no allocation.
///
/// ```
/// let long = format!("mailto:{}@example.com", "%41".repeat(uri_schemes::MAX_DECODED_ADDRESS_LEN));
/// assert_eq!(uri_schemes::Mailto::parse(&long).unwrap_err().code(), "address_too_long");
/// ```
pub const MAX_DECODED_ADDRESS_LEN: usize = 1024;

/// A percent-encoded `to`, `cc` or `bcc` value is decoded into a buffer of this many
/// octets before it is read as an RFC 5322 address list; a longer decoded value is
/// [`UriErrorKind::AddressTooLong`] (an error, never a silent truncation). A value
/// without `%` is read in place, with no limit.
///
/// ```
/// let list = vec!["a%40example.com"; 700].join(",");
/// let err = uri_schemes::Mailto::parse(&format!("mailto:?cc={list}")).unwrap_err();
/// assert_eq!(err.code(), "address_too_long");
/// ```
pub const MAX_DECODED_ADDRESS_LIST_LEN: usize = 8192;

/// What a list of addresses may hold literally: `qchar` (its `,` separates addresses)
/// without `;`, which RFC 6068 §2 item 1 says has to be percent-encoded in an `addr-spec`
/// (as `&` and `=`, which `qchar` already lacks).
const ADDRESS_LIST: ByteSet = QCHAR.without(b';');

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
            ));
        }
        let mut mailto = Self {
            input,
            path: parts.path,
            query: parts.query,
            warnings: Warnings::default(),
            address_warnings: rfc_email::Warnings::EMPTY,
        };
        if parts.fragment.is_some() {
            mailto.warnings.insert(Warning::FragmentInMailto);
        }
        mailto.check_chars(parts.path, &ADDRESS_LIST)?;
        let has_path_addresses = parts.path.start() != parts.path.end();
        if has_path_addresses {
            mailto.check_addresses(parts.path, options)?;
        }
        if let Some(query) = parts.query {
            mailto.check_hfields(query, options, has_path_addresses)?;
        }
        Ok(mailto)
    }

    /// Every byte of `span` must be in `set` (percent-encoded triplets were checked by
    /// the generic parser) or be `%`.
    fn check_chars(&self, span: Span, set: &ByteSet) -> Result<(), UriError> {
        let bytes = self
            .input
            .as_bytes()
            .get(span.start()..span.end())
            .unwrap_or_default();
        match bytes.iter().position(|&b| !(set.contains(b) || b == b'%')) {
            Some(at) => Err(UriError::new(
                UriErrorKind::InvalidCharacterInMailto,
                span.start() + at,
            )),
            None => Ok(()),
        }
    }

    /// Checks a comma-separated list of addresses (the path, or a to/cc/bcc value).
    fn check_addresses(&mut self, span: Span, options: &MailtoPolicy) -> Result<(), UriError> {
        for piece in split_spans(self.input, span, b',') {
            if piece.start() == piece.end() {
                return Err(UriError::new(UriErrorKind::EmptyAddress, piece.start()));
            }
            self.check_address(piece, options)?;
        }
        Ok(())
    }

    /// One address of the path, percent-decoded and checked by `rfc-email`.
    fn check_address(&mut self, span: Span, options: &MailtoPolicy) -> Result<(), UriError> {
        let raw = span.of(self.input);
        let mut buf = [0u8; MAX_DECODED_ADDRESS_LEN];
        let (text, encoded) = decode_value(raw, span.start(), &mut buf)?;
        // Offsets inside a decoded address do not map back: point at the address.
        let base = (!encoded).then_some(span.start());
        let literal = self.check_decoded(text, options, base.unwrap_or(span.start()), encoded)?;
        if !literal
            && let Some(at) = raw.rfind('@')
            && raw.get(at..).is_some_and(|d| d.contains('%'))
        {
            self.warnings.insert(Warning::PercentEncodedDomain);
        }
        Ok(())
    }

    /// A `to`, `cc` or `bcc` value: decoded, then read as an RFC 5322 §3.4
    /// `address-list` whose every `addr-spec` is checked by `rfc-email`.
    fn check_address_list(&mut self, span: Span, options: &MailtoPolicy) -> Result<(), UriError> {
        let raw = span.of(self.input);
        let mut buf = [0u8; MAX_DECODED_ADDRESS_LIST_LEN];
        let (text, encoded) = decode_value(raw, span.start(), &mut buf)?;
        let at = |offset: usize| {
            if encoded {
                span.start()
            } else {
                span.start() + offset
            }
        };
        for mailbox in rfc_email::mailboxes(text) {
            let mailbox = mailbox.map_err(|e| {
                let kind = match e.kind() {
                    rfc_email::EmailErrorKind::Empty => UriErrorKind::EmptyAddress,
                    kind => UriErrorKind::Email(kind),
                };
                UriError::new(kind, at(e.offset()))
            })?;
            let spec = mailbox.addr_spec();
            self.check_decoded(spec, options, at(mailbox.offset()), encoded)?;
            // RFC 6068 §2 item 4: a non-ASCII domain was necessarily percent-encoded.
            if spec.rsplit_once('@').is_some_and(|(_, d)| !d.is_ascii()) {
                self.warnings.insert(Warning::PercentEncodedDomain);
            }
        }
        Ok(())
    }

    /// Checks one decoded `addr-spec` under the options' policy; `base` is where errors
    /// point (plus the error's own offset unless `encoded`). Returns whether the domain
    /// is an address literal.
    fn check_decoded(
        &mut self,
        text: &str,
        options: &MailtoPolicy,
        base: usize,
        encoded: bool,
    ) -> Result<bool, UriError> {
        let policy = match options.email {
            Some(policy) => policy,
            None if text.is_ascii() => Policy::RFC5321.with_idna_mode(options.idna),
            None => Policy::SMTPUTF8.with_idna_mode(options.idna),
        };
        let address = EmailAddress::parse_with(text, &policy).map_err(|e| {
            let offset = if encoded { base } else { base + e.offset() };
            UriError::new(UriErrorKind::Email(e.kind()), offset)
        })?;
        if !address.local_part().is_ascii() {
            self.warnings.insert(Warning::Smtputf8Address);
        }
        self.address_warnings = self.address_warnings.union(address.warnings());
        Ok(matches!(
            address.domain(),
            rfc_email::DomainPart::Literal(_)
        ))
    }

    fn check_hfields(
        &mut self,
        query: Span,
        options: &MailtoPolicy,
        has_path_addresses: bool,
    ) -> Result<(), UriError> {
        for (count, field) in split_spans(self.input, query, b'&').enumerate() {
            let raw = field.of(self.input);
            let Some(eq) = raw.find('=') else {
                // `?` alone, `&&`, a trailing `&` or `name` without `=`.
                let at = raw
                    .bytes()
                    .position(|b| !(QCHAR.contains(b) || b == b'%'))
                    .map_or(field.end(), |p| field.start() + p);
                let kind = if at == field.end() {
                    UriErrorKind::HfieldWithoutEquals
                } else {
                    UriErrorKind::InvalidCharacterInMailto
                };
                return Err(UriError::new(kind, at));
            };
            let name = Span::new(field.start(), field.start() + eq);
            let value = Span::new(field.start() + eq + 1, field.end());
            self.check_chars(name, &QCHAR)?;
            self.check_chars(value, &QCHAR)?;
            let name_raw = name.of(self.input);
            let value_raw = value.of(self.input);
            if !decoded_is_utf8(name_raw) {
                return Err(UriError::new(UriErrorKind::DecodedNotUtf8, name.start()));
            }
            if !decoded_is_utf8(value_raw) {
                return Err(UriError::new(UriErrorKind::DecodedNotUtf8, value.start()));
            }
            // RFC 6068 §2: an hfname is an RFC 5322 header field name.
            if let Some(at) = field_name_error(name_raw) {
                return Err(UriError::new(
                    UriErrorKind::InvalidHeaderName,
                    name.start() + at,
                ));
            }
            let is = |n: &[u8]| decoded_is(name_raw, n);
            if is(b"to") || is(b"cc") || is(b"bcc") {
                self.check_chars(value, &ADDRESS_LIST)?;
                if value.start() != value.end() {
                    self.check_address_list(value, options)?;
                }
                if is(b"to") && has_path_addresses {
                    self.warnings.insert(Warning::ToInBothPathAndHeader);
                }
            }
            if !is(b"body") && has_line_break(value_raw) {
                self.warnings.insert(Warning::HeaderInjection);
            }
            if is_unsafe_header(name_raw) {
                self.warnings.insert(Warning::UnsafeHeaderField);
            }
            // Duplicate names: quadratic, so only among the first 32 fields.
            if count < 32
                && split_spans(self.input, query, b'&')
                    .take(count)
                    .filter_map(|f| f.of(self.input).split_once('=').map(|(n, _)| n))
                    .any(|n| same_name(n, name_raw))
            {
                self.warnings.insert(Warning::DuplicateHeaderField);
            }
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
mod owned;
#[cfg(feature = "alloc")]
pub use build::MailtoBuilder;

/// A value of the URI percent-decoded into `buf` when it has a `%` (it must then be
/// UTF-8), else as written; and whether it was decoded. `start` is its offset in the URI.
fn decode_value<'a>(
    raw: &'a str,
    start: usize,
    buf: &'a mut [u8],
) -> Result<(&'a str, bool), UriError> {
    if !raw.contains('%') {
        return Ok((raw, false));
    }
    let decoded = crate::percent::decode_into(raw.as_bytes(), buf)
        .map_err(|e| UriError::new(UriErrorKind::AddressTooLong, start + e.offset()))?;
    let text = core::str::from_utf8(decoded)
        .map_err(|_| UriError::new(UriErrorKind::DecodedNotUtf8, start))?;
    Ok((text, true))
}
