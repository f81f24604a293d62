//! Normalization and conversions (`alloc`): the unquoted local part, the normalized
//! address, A-label and U-label forms.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write as _;

use crate::address::{AddressLiteral, DomainPart, EmailAddress};
use crate::ascii::ATEXT;
use crate::error::{EmailError, EmailErrorKind};
use crate::policy::Syntax;

/// Which form [`EmailAddress::normalize`] writes the domain name in. Every form is
/// lower-cased; address literals are written canonically in every form.
///
/// ```
/// use rfc_email::{DomainForm, EmailAddress, Policy};
/// # #[cfg(feature = "idna")] {
/// let addr = EmailAddress::parse_with("a@b\u{fc}cher.example", &Policy::SMTPUTF8)?;
/// assert_eq!(addr.normalize(DomainForm::AsWritten), "a@b\u{fc}cher.example");
/// assert_eq!(addr.normalize(DomainForm::Ascii), "a@xn--bcher-kva.example");
/// # }
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DomainForm {
    /// The labels as written, lower-cased.
    #[default]
    AsWritten,
    /// A-labels (`xn--…`) for every non-ASCII label.
    Ascii,
    /// U-labels for every `xn--` label.
    Unicode,
}

impl<'a> EmailAddress<'a> {
    /// The local part as the receiving host sees it: quotes, backslashes and (for
    /// `RFC5322`) comments and line folds removed. Borrowed when nothing had to go.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse(r#""Abc\@def"@example.com"#)?.unquoted_local_part(), "Abc@def");
    /// assert!(matches!(EmailAddress::parse("abc@example.com")?.unquoted_local_part(), std::borrow::Cow::Borrowed("abc")));
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn unquoted_local_part(&self) -> Cow<'a, str> {
        unquote(self.local_part())
    }

    /// The normalized address: the local part without needless quotes and escapes
    /// (`"abc"@x` → `abc@x`; its case is kept, it belongs to the receiving host,
    /// RFC 5321 §2.4), the domain lower-cased in the chosen [`DomainForm`], an IPv4
    /// literal without leading zeros and an IPv6 literal in RFC 5952 form.
    ///
    /// Normalizing a valid address gives an address that is valid under the same
    /// policy and names the same mailbox, and normalizing it again changes nothing.
    /// Two consequences of that promise:
    ///
    /// - An RFC 5322 `obs-domain` with comments or folding white space becomes a plain
    ///   domain name once they are removed, and is then normalized as one.
    /// - When the requested [`DomainForm`] would break the policy's octet limits (long
    ///   A-labels of three-octet characters turned into U-labels can exceed 255 octets
    ///   as typed, which RFC 6531 still forbids), the domain is kept in the form it was
    ///   written in, lower-cased.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse(r#""Fred\ Bloggs"@Example.COM"#)?;
    /// assert_eq!(addr.normalize(DomainForm::AsWritten), r#""Fred Bloggs"@example.com"#);
    /// let addr = EmailAddress::parse("\"Abc\"@[IPv6:2001:DB8:0:0:0:0:0:1]")?;
    /// assert_eq!(addr.normalize(DomainForm::Ascii), "Abc@[IPv6:2001:db8::1]");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn normalize(&self, form: DomainForm) -> String {
        self.normalize_owned(form).into_string()
    }

    /// The normal form before it is checked against the policy (by
    /// `EmailAddress::normalize_owned`, which keeps the check's parse).
    pub(crate) fn normalize_unchecked(&self, form: DomainForm) -> String {
        let mut out = String::with_capacity(self.as_str().len());
        if self.policy().syntax() == Syntax::Html5 {
            // The WHATWG rule has no quoting: its local parts are already minimal.
            out.push_str(self.local_part());
        } else {
            write_local(&mut out, &self.unquoted_local_part());
        }
        out.push('@');
        let domain = match (self.domain(), form) {
            (DomainPart::Name(name), DomainForm::Ascii) => name.to_ascii().ok(),
            (DomainPart::Name(name), DomainForm::Unicode) => name.to_unicode().ok(),
            _ => None,
        };
        match domain {
            // Already canonical: ASCII lower-cased, U-labels as IDNA 2008 has them (a
            // Unicode lower-casing would be wrong: Cherokee capitals are the PVALID
            // forms, their small letters DISALLOWED).
            Some(text) => out.push_str(&text),
            None => write_domain(&mut out, self.domain()),
        }
        out
    }

    /// The address with its domain in A-label form (lower-case), for relays without
    /// SMTPUTF8; the local part as written. Borrowed when the address is already so.
    ///
    /// # Errors
    /// [`EmailErrorKind::NonAscii`] at the first non-ASCII byte of the local part (it
    /// has no ASCII form) or of a non-ASCII domain that is not a DNS name (an RFC 5322
    /// domain [`DomainPart::Other`] has no A-label form either), or the domain error of
    /// the conversion.
    ///
    /// ```
    /// # use rfc_email::*;
    /// # #[cfg(feature = "idna")] {
    /// let addr = EmailAddress::parse_with("info@b\u{fc}cher.example", &Policy::SMTPUTF8)?;
    /// assert_eq!(addr.to_ascii()?, "info@xn--bcher-kva.example");
    /// # }
    /// let plain = EmailAddress::parse("info@example.com")?;
    /// assert!(matches!(plain.to_ascii()?, std::borrow::Cow::Borrowed("info@example.com")));
    /// # Ok::<(), EmailError>(())
    /// ```
    pub fn to_ascii(&self) -> Result<Cow<'a, str>, EmailError> {
        if let Some(at) = self.local_part().bytes().position(|b| !b.is_ascii()) {
            let start = self.local_part_range().start;
            return Err(EmailError::new(EmailErrorKind::NonAscii, start + at));
        }
        let domain = match self.domain() {
            DomainPart::Name(name) => name.to_ascii().map_err(|e| self.domain_error(e))?,
            other => Cow::Borrowed(other.as_str()),
        };
        // Found by the `email_convert` fuzz target: an RFC 5322 domain that is no DNS
        // name came back as written, non-ASCII.
        if let Some(at) = domain.bytes().position(|b| !b.is_ascii()) {
            let start = self.domain_range().start;
            return Err(EmailError::new(EmailErrorKind::NonAscii, start + at));
        }
        Ok(self.with_domain(&domain))
    }

    /// The address with its domain in U-label form; the local part as written.
    /// Borrowed when the address is already so.
    ///
    /// # Errors
    /// The domain error of the conversion (an `xn--` label that does not decode).
    ///
    /// ```
    /// # use rfc_email::*;
    /// # #[cfg(feature = "idna")] {
    /// let addr = EmailAddress::parse("info@xn--bcher-kva.example")?;
    /// assert_eq!(addr.to_unicode()?, "info@b\u{fc}cher.example");
    /// # }
    /// # Ok::<(), EmailError>(())
    /// ```
    pub fn to_unicode(&self) -> Result<Cow<'a, str>, EmailError> {
        let domain = match self.domain() {
            DomainPart::Name(name) => name.to_unicode().map_err(|e| self.domain_error(e))?,
            other => Cow::Borrowed(other.as_str()),
        };
        Ok(self.with_domain(&domain))
    }

    /// `local@domain`: the input itself when `domain` is the domain part as written and
    /// nothing but the `@` stands between it and the local part (no comments, no
    /// folding white space), else a new string.
    fn with_domain(&self, domain: &Cow<'a, str>) -> Cow<'a, str> {
        let local = self.local_part();
        let unchanged = matches!(*domain, Cow::Borrowed(_))
            && self.as_str().len() == local.len() + 1 + domain.len();
        if unchanged {
            Cow::Borrowed(self.as_str())
        } else {
            Cow::Owned(alloc::format!("{local}@{domain}"))
        }
    }

    fn domain_error(&self, err: ldh_domain::DomainError) -> EmailError {
        let err = err.with_offset(self.domain_range().start);
        EmailError::new(EmailErrorKind::Domain(err.kind()), err.offset())
    }
}

/// The semantic value of a local part (or an `obs-domain`): quotes and quoted pairs
/// resolved, comments and folding white space outside quotes removed, line folds
/// inside quotes removed (RFC 5322 §3.2.2, §3.2.4). Borrowed when nothing changes.
fn unquote(raw: &str) -> Cow<'_, str> {
    if !raw
        .bytes()
        .any(|b| matches!(b, b'"' | b'\\' | b'(' | b' ' | b'\t' | b'\r'))
    {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    let (mut quoted, mut comment_depth) = (false, 0usize);
    while let Some(c) = chars.next() {
        match c {
            // A quoted pair stands for its character (RFC 5322 §3.2.1).
            '\\' => {
                if let Some(next) = chars.next()
                    && comment_depth == 0
                {
                    out.push(next);
                }
            }
            // Folds are invisible (RFC 5322 §3.2.2); outside quotes, so is all CFWS.
            '\r' | '\n' => {}
            '"' if comment_depth == 0 => quoted = !quoted,
            _ if quoted => out.push(c),
            '(' => comment_depth += 1,
            ')' => comment_depth = comment_depth.saturating_sub(1),
            ' ' | '\t' => {}
            _ if comment_depth == 0 => out.push(c),
            _ => {}
        }
    }
    Cow::Owned(out)
}

/// Writes `value` as a `Dot-string` when it is one, else as a `Quoted-string` with
/// only `"` and `\` escaped (RFC 5321 §4.1.2: "should not" quote needlessly).
pub(crate) fn write_local(out: &mut String, value: &str) {
    let dot_string = !value.is_empty()
        && value
            .split('.')
            .all(|atom| !atom.is_empty() && atom.bytes().all(|b| ATEXT.contains(b) || b >= 0x80));
    if dot_string {
        out.push_str(value);
        return;
    }
    out.push('"');
    for c in value.chars() {
        // `"` and `\` always need a backslash; NUL, CR and LF can only appear as
        // RFC 5322 `obs-qp` (they come from an `RFC5322` address).
        if matches!(c, '"' | '\\' | '\0' | '\r' | '\n') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

fn write_domain(out: &mut String, domain: DomainPart<'_>) {
    // Writing to a String cannot fail.
    let _ = match domain {
        DomainPart::Literal(AddressLiteral::Ipv4 { addr, .. }) => write!(out, "[{addr}]"),
        // `Ipv6Addr`'s Display is the RFC 5952 §4 text form.
        DomainPart::Literal(AddressLiteral::Ipv6 { addr, .. }) => write!(out, "[IPv6:{addr}]"),
        // ASCII case only: a U-label of a valid name is already in its one form (see
        // `normalize_unchecked`).
        DomainPart::Name(name) => write!(out, "{}", name.as_str().to_ascii_lowercase()),
        DomainPart::Other(text) => write!(out, "{}", unquote(text).to_ascii_lowercase()),
        other => write!(out, "{}", other.as_str()),
    };
}
