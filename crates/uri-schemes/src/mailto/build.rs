//! [`MailtoBuilder`]: writes `mailto` URIs encoded exactly as RFC 6068 §2 says.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use rfc_email::{DomainPart, EmailAddress, Policy};

use crate::percent::{EncodeSet, encode};
use crate::{UriError, UriErrorKind};

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
        if let Some((_, v)) = self.headers.iter_mut().find(|(n, _)| n == name) {
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

    /// Adds any header field, name kept as given; values are written as text (a `to`
    /// field is not split into addresses nor checked).
    ///
    /// ```
    /// let uri = uri_schemes::MailtoBuilder::new().header("In-Reply-To", "<a@b>").build()?;
    /// assert_eq!(uri, "mailto:?In-Reply-To=%3Ca@b%3E");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers
            .push((name.into(), HeaderValue::Text(value.into())));
        self
    }

    /// The encoded URI; an invalid address is [`UriErrorKind::Email`] with the offset
    /// in that address, a bad header name [`UriErrorKind::InvalidHeaderName`], CR or LF
    /// in a header other than `body` [`UriErrorKind::HeaderLineBreak`] (offset in that
    /// value) unless allowed. IDN domains are written as A-labels (RFC 6068 §2 item 4).
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
    /// ```
    pub fn build(&self) -> Result<String, UriError> {
        let mut out = String::from("mailto:");
        for (i, address) in self.to.iter().enumerate() {
            let ascii_domain = check_address(address)?;
            if i > 0 {
                out.push(',');
            }
            write_address(&mut out, address, ascii_domain.as_deref());
        }
        for (i, (name, value)) in self.headers.iter().enumerate() {
            if !is_field_name(name) {
                return Err(UriError::new(UriErrorKind::InvalidHeaderName, 0));
            }
            out.push(if i == 0 { '?' } else { '&' });
            let _ = write!(
                out,
                "{}=",
                encode(name.as_bytes(), &EncodeSet::MAILTO_HFIELD)
            );
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
                    if let Some(at) = text.find(['\r', '\n'])
                        && !self.allow_header_line_breaks
                    {
                        return Err(UriError::new(UriErrorKind::HeaderLineBreak, at));
                    }
                    let _ = write!(
                        out,
                        "{}",
                        encode(text.as_bytes(), &EncodeSet::MAILTO_HFIELD)
                    );
                }
                HeaderValue::Addresses(list) => {
                    for (j, address) in list.iter().enumerate() {
                        let ascii_domain = check_address(address)?;
                        if j > 0 {
                            out.push(',');
                        }
                        write_address(&mut out, address, ascii_domain.as_deref());
                    }
                }
            }
        }
        Ok(out)
    }
}
