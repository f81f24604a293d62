//! [`MailtoBuilder`]: writes `mailto` URIs encoded exactly as RFC 6068 §2 says.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use rfc_email::{DomainPart, EmailAddress, Policy};

use super::Mailto;
use super::scan::RawName;
use crate::percent::{EncodeSet, encode};
use crate::{UriError, UriErrorKind};

/// What a [`MailtoBuildError`] is about: a recipient or a header field, counted from 0 in
/// the order they are written.
///
/// ```
/// use uri_schemes::{MailtoBuilder, MailtoField};
/// let err = MailtoBuilder::new().to("a@example.com").to("b").build().unwrap_err();
/// assert_eq!(err.field(), MailtoField::To(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MailtoField {
    /// The recipient at this index, among those written before `?` ([`MailtoBuilder::to`]).
    To(usize),
    /// The header field at this index, among those written after `?`: its name, or its
    /// value, or (for the [`cc`](MailtoBuilder::cc) and [`bcc`](MailtoBuilder::bcc)
    /// fields) the address at index `address` in it.
    Header {
        /// The field's index among the header fields.
        index: usize,
        /// The address's index in a `cc` or `bcc` field, `None` for the whole field.
        address: Option<usize>,
    },
}

impl fmt::Display for MailtoField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::To(index) => write!(f, "recipient {index}"),
            Self::Header {
                index,
                address: None,
            } => write!(f, "header field {index}"),
            Self::Header {
                index,
                address: Some(address),
            } => write!(f, "address {address} of header field {index}"),
        }
    }
}

/// Why [`MailtoBuilder::build`] wrote nothing: the error's kind (with its stable code),
/// which recipient or header field is at fault, that argument's text as given, and the
/// byte offset in it.
///
/// It converts into a [`UriError`] (with `?`), keeping the kind and the offset.
///
/// ```
/// use uri_schemes::{MailtoBuilder, MailtoField};
/// let err = MailtoBuilder::new().to("a@example.com").header("Cc", "Cc").build().unwrap_err();
/// assert_eq!(err.code(), "missing_at");
/// assert_eq!(err.field(), MailtoField::Header { index: 0, address: None });
/// assert_eq!(err.argument(), "Cc");
/// assert!(err.to_string().starts_with("header field 0 (`Cc`): invalid email address"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailtoBuildError {
    error: UriError,
    field: MailtoField,
    argument: String,
    header_name: Option<String>,
}

impl MailtoBuildError {
    fn new(error: UriError, field: MailtoField, argument: &str) -> Self {
        Self {
            error,
            field,
            argument: argument.into(),
            header_name: None,
        }
    }

    /// The same error, about the header field named `name`.
    fn in_header(mut self, name: &str) -> Self {
        self.header_name = Some(name.into());
        self
    }

    /// What is wrong.
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().header("From", "boss@example.com").build().unwrap_err();
    /// assert_eq!(err.kind(), uri_schemes::UriErrorKind::UnsafeHeaderField);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> UriErrorKind {
        self.error.kind()
    }

    /// The stable code of [`kind`](Self::kind).
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().to("no-at-sign").build().unwrap_err();
    /// assert_eq!(err.code(), "missing_at");
    /// ```
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.error.code()
    }

    /// The byte offset of the problem in [`argument`](Self::argument).
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().subject("a\nb").build().unwrap_err();
    /// assert_eq!(err.offset(), 1);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.error.offset()
    }

    /// The recipient or header field at fault.
    ///
    /// ```
    /// use uri_schemes::{MailtoBuilder, MailtoField};
    /// let err = MailtoBuilder::new().cc("a@example.com").cc("b@").build().unwrap_err();
    /// assert_eq!(err.field(), MailtoField::Header { index: 0, address: Some(1) });
    /// ```
    #[must_use]
    pub const fn field(&self) -> MailtoField {
        self.field
    }

    /// The text at fault, as given to the builder: the address, the header name (when
    /// the name is wrong) or the header value.
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().header("Bad Name", "x").build().unwrap_err();
    /// assert_eq!(err.argument(), "Bad Name");
    /// ```
    #[must_use]
    pub fn argument(&self) -> &str {
        &self.argument
    }

    /// The name of the header field at fault, as given (`None` for a recipient).
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().cc("a@").build().unwrap_err();
    /// assert_eq!(err.header_name(), Some("cc"));
    /// ```
    #[must_use]
    pub fn header_name(&self) -> Option<&str> {
        self.header_name.as_deref()
    }

    /// The same kind and offset as a [`UriError`].
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().to("x").build().unwrap_err();
    /// assert_eq!(err.uri_error().code(), err.code());
    /// ```
    #[must_use]
    pub const fn uri_error(&self) -> UriError {
        self.error
    }
}

impl fmt::Display for MailtoBuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.header_name {
            // The name is the caller's text: quoted through the error renderer's
            // escaping, so that a control character in it cannot reach a terminal.
            Some(name) => write!(
                f,
                "{} (`{}`): {}",
                self.field,
                name_text::report::InputLine::new(name, name_text::report::shown_escaped),
                self.error
            ),
            None => write!(f, "{}: {}", self.field, self.error),
        }
    }
}

impl core::error::Error for MailtoBuildError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<MailtoBuildError> for UriError {
    fn from(error: MailtoBuildError) -> Self {
        error.error
    }
}

/// Builds a `mailto` URI from addresses and header fields, encoding exactly as RFC 6068
/// §2 requires: `%`, gen-delims other than `:` (so an `@` inside a quoted local part),
/// `&`, `;`, `=`, `,` and `+` inside addresses; `=`, `&`, `?`, `#`, `;`, `+`, `%` and
/// every non-`qchar` byte (spaces as `%20`, UTF-8 octet by octet) inside header
/// fields. Every address is checked by `rfc-email` (RFC 5321, or SMTPUTF8 when not
/// ASCII) before anything is written.
///
/// Header fields keep the order of the calls; `cc` and `bcc` collect their addresses
/// into one field each, and `subject`/`body` replace an earlier value.
///
/// ```
/// use uri_schemes::{Mailto, MailtoBuilder};
/// let uri = MailtoBuilder::new()
///     .to("customer/department=shipping@example.com")
///     .cc("bob@example.com")
///     .subject("Price & availability")
///     .build()?;
/// assert_eq!(uri, "mailto:customer%2Fdepartment%3Dshipping@example.com?cc=bob@example.com&subject=Price%20%26%20availability");
/// let parsed = Mailto::parse(&uri)?;
/// assert_eq!(parsed.to(), ["customer/department=shipping@example.com"]);
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MailtoBuilder {
    to: Vec<String>,
    headers: Vec<(String, HeaderValue)>,
    allow_header_line_breaks: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum HeaderValue {
    Text(String),
    Addresses(Vec<String>),
}

/// RFC 5322 §3.6.8 `field-name = 1*ftext`, `ftext = %d33-57 / %d59-126`.
fn is_field_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| matches!(b, 33..=57 | 59..=126))
}

/// The characters `Mailto::parse` takes for line breaks in a header value (header
/// injection): CR, LF (RFC 5322 §2.2), NUL, VT, NEL, U+2028 and U+2029.
const LINE_BREAKS: [char; 7] = ['\r', '\n', '\0', '\u{0B}', '\u{85}', '\u{2028}', '\u{2029}'];

/// Whether a field given by name is one `Mailto::parse` reads as addresses (RFC 6068
/// §2: `to`, `cc` and `bcc` values are RFC 5322 address lists).
fn is_address_field(name: &str) -> bool {
    ["to", "cc", "bcc"]
        .iter()
        .any(|field| name.eq_ignore_ascii_case(field))
}

/// A `to`, `cc` or `bcc` value given as text, read as `Mailto::parse` reads it: an RFC
/// 5322 §3.4 `address-list` whose every `addr-spec` `rfc-email` accepts (RFC 5321, or
/// SMTPUTF8 when not ASCII). An empty value is no list at all, and fine. Offsets are in
/// the value.
fn check_address_list(value: &str) -> Result<(), UriError> {
    if value.is_empty() {
        return Ok(());
    }
    for mailbox in rfc_email::mailboxes(value) {
        let mailbox = mailbox.map_err(|e| {
            let kind = match e.kind() {
                rfc_email::EmailErrorKind::Empty => UriErrorKind::EmptyAddress,
                kind => UriErrorKind::Email(kind),
            };
            UriError::new(kind, e.offset())
        })?;
        let spec = mailbox.addr_spec();
        let policy = if spec.is_ascii() {
            Policy::RFC5321
        } else {
            Policy::SMTPUTF8
        };
        EmailAddress::parse_with(spec, &policy).map_err(|e| {
            UriError::new(UriErrorKind::Email(e.kind()), mailbox.offset() + e.offset())
        })?;
    }
    Ok(())
}

/// Checks one address; returns its domain as A-labels when it is an IDN (RFC 6068 §2
/// item 4: the A-label form SHOULD be written), `None` to write the domain as given.
fn check_address(address: &str) -> Result<Option<String>, UriError> {
    let policy = if address.is_ascii() {
        Policy::RFC5321
    } else {
        Policy::SMTPUTF8
    };
    let email_error =
        |e: rfc_email::EmailError| UriError::new(UriErrorKind::Email(e.kind()), e.offset());
    let parsed = EmailAddress::parse_with(address, &policy).map_err(email_error)?;
    match parsed.domain() {
        DomainPart::Name(domain) if !domain.is_ascii() => {
            let start = parsed.domain_range().start;
            let ascii = domain
                .to_ascii()
                .map_err(|e| UriError::new(UriErrorKind::Domain(e.kind()), start + e.offset()))?;
            Ok(Some(ascii.into_owned()))
        }
        _ => Ok(None),
    }
}

/// Writes one address: local part and domain encoded (the domain as `ascii_domain`
/// when given), the last `@` literal.
fn write_address(out: &mut String, address: &str, ascii_domain: Option<&str>) {
    let (local, domain) = address.rsplit_once('@').unwrap_or((address, ""));
    let domain = ascii_domain.unwrap_or(domain);
    let _ = write!(
        out,
        "{}",
        encode(local.as_bytes(), &EncodeSet::MAILTO_ADDRESS)
    );
    out.push('@');
    let _ = write!(
        out,
        "{}",
        encode(domain.as_bytes(), &EncodeSet::MAILTO_ADDRESS)
    );
}

/// `text` with every line break (CRLF, a lone CR or a lone LF) written as CRLF:
/// RFC 6068 §5 says line breaks in the body MUST be encoded as `%0D%0A`.
fn crlf_line_breaks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\r\n");
            }
            '\n' => out.push_str("\r\n"),
            c => out.push(c),
        }
    }
    out
}

impl MailtoBuilder {
    /// An empty builder (`build` gives `mailto:`).
    ///
    /// ```
    /// assert_eq!(uri_schemes::MailtoBuilder::new().build()?, "mailto:");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a recipient, written before `?`.
    ///
    /// ```
    /// let uri = uri_schemes::MailtoBuilder::new().to("a@example.com").to("b@example.com").build()?;
    /// assert_eq!(uri, "mailto:a@example.com,b@example.com");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn to(mut self, address: &str) -> Self {
        self.to.push(address.into());
        self
    }

    fn add_address(mut self, name: &str, address: &str) -> Self {
        let existing = self.headers.iter_mut().find(|(n, _)| n == name);
        if let Some((_, HeaderValue::Addresses(list))) = existing {
            list.push(address.into());
        } else {
            self.headers.push((
                name.into(),
                HeaderValue::Addresses(alloc::vec![address.into()]),
            ));
        }
        self
    }

    /// Adds a `cc` recipient.
    ///
    /// ```
    /// let uri = uri_schemes::MailtoBuilder::new().cc("a@example.com").build()?;
    /// assert_eq!(uri, "mailto:?cc=a@example.com");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn cc(self, address: &str) -> Self {
        self.add_address("cc", address)
    }

    /// Adds a `bcc` recipient.
    ///
    /// ```
    /// let uri = uri_schemes::MailtoBuilder::new().bcc("a@example.com").build()?;
    /// assert_eq!(uri, "mailto:?bcc=a@example.com");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn bcc(self, address: &str) -> Self {
        self.add_address("bcc", address)
    }

    fn set(mut self, name: &str, value: &str) -> Self {
        // Header names are case-insensitive (RFC 6068 §2): `Subject` is replaced too.
        if let Some((_, v)) = self
            .headers
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            *v = HeaderValue::Text(value.into());
        } else {
            self.headers
                .push((name.into(), HeaderValue::Text(value.into())));
        }
        self
    }

    /// Sets the subject.
    ///
    /// ```
    /// let uri = uri_schemes::MailtoBuilder::new().subject("café").build()?;
    /// assert_eq!(uri, "mailto:?subject=caf%C3%A9");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn subject(self, subject: &str) -> Self {
        self.set("subject", subject)
    }

    /// Sets the body (RFC 6068 §2 pseudo header field). Every line break (CRLF, CR or
    /// LF) is written as `%0D%0A`, as RFC 6068 §5 requires.
    ///
    /// ```
    /// let uri = uri_schemes::MailtoBuilder::new().body("a b\r\nc\nd").build()?;
    /// assert_eq!(uri, "mailto:?body=a%20b%0D%0Ac%0D%0Ad");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn body(self, body: &str) -> Self {
        self.set("body", body)
    }

    /// Allows CR and LF in header fields other than `body` (off by default: a line
    /// break there injects header lines, RFC 6068 §7, and `build` fails with
    /// [`UriErrorKind::HeaderLineBreak`]).
    ///
    /// ```
    /// use uri_schemes::MailtoBuilder;
    /// let err = MailtoBuilder::new().subject("x\r\nBcc: e@example.com").build().unwrap_err();
    /// assert_eq!(err.code(), "header_line_break");
    /// let uri = MailtoBuilder::new().subject("a\r\nb").allow_header_line_breaks(true).build()?;
    /// assert_eq!(uri, "mailto:?subject=a%0D%0Ab");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn allow_header_line_breaks(mut self, allow: bool) -> Self {
        self.allow_header_line_breaks = allow;
        self
    }

    /// Adds any header field, name kept as given, value written as text. A `to`, `cc`
    /// or `bcc` value must be an RFC 5322 address list, since that is how
    /// [`Mailto::parse`] reads it; fields RFC 6068 §3 says to ignore (`From`, …) and
    /// names used twice make [`build`](Self::build) fail.
    ///
    /// ```
    /// use uri_schemes::MailtoBuilder;
    /// let uri = MailtoBuilder::new().header("In-Reply-To", "<a@b>").build()?;
    /// assert_eq!(uri, "mailto:?In-Reply-To=%3Ca@b%3E");
    /// let uri = MailtoBuilder::new().header("to", "Bob <bob@example.com>").build()?;
    /// assert_eq!(uri, "mailto:?to=Bob%20%3Cbob@example.com%3E");
    /// assert_eq!(MailtoBuilder::new().header("Cc", "Cc").build().unwrap_err().code(), "missing_at");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers
            .push((name.into(), HeaderValue::Text(value.into())));
        self
    }

    /// The encoded URI, which [`Mailto::parse`] reads back with the same recipients
    /// (IDN domains as A-labels, RFC 6068 §2 item 4) and the same header fields in the
    /// same order (`cc` and `bcc` addresses joined by `,`, line breaks of the body as
    /// CRLF).
    ///
    /// Nothing is written when the URI would be refused or flagged by `Mailto::parse`;
    /// the [`MailtoBuildError`] names the recipient or field:
    ///
    /// - an address `rfc-email` rejects (RFC 5321, or SMTPUTF8 when not ASCII):
    ///   [`UriErrorKind::Email`] with the offset in that address; a `to`, `cc` or `bcc`
    ///   field given with [`header`](Self::header) is read as `Mailto::parse` reads it, an
    ///   RFC 5322 §3.4 address list;
    /// - a name that is not an RFC 5322 §3.6.8 `field-name`:
    ///   [`UriErrorKind::InvalidHeaderName`];
    /// - a field RFC 6068 §3 says MUST be ignored (originator, date, routing, trace and
    ///   MIME fields: `From`, `Reply-To`, `Resent-*`, `Content-*`, …):
    ///   [`UriErrorKind::UnsafeHeaderField`];
    /// - a name used twice, ASCII case aside (RFC 6068 §2: creators SHOULD NOT):
    ///   [`UriErrorKind::DuplicateHeaderField`];
    /// - a line break in a field other than `body` (CR, LF, and NUL, VT, NEL, U+2028,
    ///   U+2029, which `Mailto::parse` flags as header injection, RFC 6068 §5, §7):
    ///   [`UriErrorKind::HeaderLineBreak`] with the offset in that value, unless
    ///   [allowed](Self::allow_header_line_breaks);
    /// - anything else `Mailto::parse` refuses in the result (a percent-encoded address
    ///   list that decodes to more than 8,192 octets, …): its kind, at the field it falls
    ///   in, offset 0.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// let uri = uri_schemes::MailtoBuilder::new().to("info@b\u{fc}cher.example").build()?;
    /// assert_eq!(uri, "mailto:info@xn--bcher-kva.example");
    /// # }
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    ///
    /// ```
    /// let err = uri_schemes::MailtoBuilder::new().to("no-at-sign").build().unwrap_err();
    /// assert_eq!(err.kind().code(), err.code());
    /// let err = uri_schemes::MailtoBuilder::new().header("Bad Name", "x").build().unwrap_err();
    /// assert_eq!(err.code(), "invalid_header_name");
    /// let err = uri_schemes::MailtoBuilder::new().to("a@example.com").header("From", "b@example.com").build().unwrap_err();
    /// assert_eq!(err.code(), "unsafe_header_field");
    /// ```
    pub fn build(&self) -> Result<String, MailtoBuildError> {
        let mut out = String::from("mailto:");
        // Where each recipient and field starts in `out`, to name the one a parse error
        // of the result falls in.
        let mut starts: Vec<(usize, MailtoField, &str, Option<&str>)> = Vec::new();
        for (i, address) in self.to.iter().enumerate() {
            let field = MailtoField::To(i);
            let ascii_domain =
                check_address(address).map_err(|e| MailtoBuildError::new(e, field, address))?;
            if i > 0 {
                out.push(',');
            }
            starts.push((out.len(), field, address, None));
            write_address(&mut out, address, ascii_domain.as_deref());
        }
        let mut names: Vec<String> = Vec::with_capacity(self.headers.len());
        for (i, (name, value)) in self.headers.iter().enumerate() {
            let field = MailtoField::Header {
                index: i,
                address: None,
            };
            let name_error =
                |kind| MailtoBuildError::new(UriError::new(kind, 0), field, name).in_header(name);
            if !is_field_name(name) {
                return Err(name_error(UriErrorKind::InvalidHeaderName));
            }
            // Judged on the name as written, exactly as `Mailto::parse` judges it.
            let written = encode(name.as_bytes(), &EncodeSet::MAILTO_HFIELD).to_string();
            if RawName::new(&written).is_unsafe() {
                return Err(name_error(UriErrorKind::UnsafeHeaderField));
            }
            if names
                .iter()
                .any(|earlier| RawName::new(earlier).same(RawName::new(&written)))
            {
                return Err(name_error(UriErrorKind::DuplicateHeaderField));
            }
            out.push(if i == 0 { '?' } else { '&' });
            starts.push((out.len(), field, name, Some(name)));
            out.push_str(&written);
            out.push('=');
            match value {
                HeaderValue::Text(text) if name.eq_ignore_ascii_case("body") => {
                    let text = crlf_line_breaks(text);
                    let _ = write!(
                        out,
                        "{}",
                        encode(text.as_bytes(), &EncodeSet::MAILTO_HFIELD)
                    );
                }
                HeaderValue::Text(text) => {
                    let value_error = |e| MailtoBuildError::new(e, field, text).in_header(name);
                    if let Some(at) = text.find(LINE_BREAKS)
                        && !self.allow_header_line_breaks
                    {
                        return Err(value_error(UriError::new(
                            UriErrorKind::HeaderLineBreak,
                            at,
                        )));
                    }
                    if is_address_field(name) {
                        check_address_list(text).map_err(value_error)?;
                    }
                    let _ = write!(
                        out,
                        "{}",
                        encode(text.as_bytes(), &EncodeSet::MAILTO_HFIELD)
                    );
                }
                HeaderValue::Addresses(list) => {
                    for (j, address) in list.iter().enumerate() {
                        let field = MailtoField::Header {
                            index: i,
                            address: Some(j),
                        };
                        let ascii_domain = check_address(address).map_err(|e| {
                            MailtoBuildError::new(e, field, address).in_header(name)
                        })?;
                        if j > 0 {
                            out.push(',');
                        }
                        write_address(&mut out, address, ascii_domain.as_deref());
                    }
                }
            }
            names.push(written);
        }
        // Whatever the checks above do not foresee, `Mailto::parse` has the last word: a
        // URI the builder writes always parses.
        if let Err(e) = Mailto::parse(&out) {
            let (field, argument, name) = starts
                .iter()
                .rev()
                .find(|(start, ..)| *start <= e.offset())
                .or(starts.first())
                .map_or(
                    (MailtoField::To(0), "", None),
                    |&(_, field, argument, name)| (field, argument, name),
                );
            let error = MailtoBuildError::new(UriError::new(e.kind(), 0), field, argument);
            return Err(match name {
                Some(name) => error.in_header(name),
                None => error,
            });
        }
        Ok(out)
    }
}
