//! Parsing a [`Mailto`]: the checks that `Mailto::parse_with` runs over the path and
//! the header fields after the generic URI parser has split them.

use rfc_email::{EmailAddress, Policy};

use super::decode::decode_value;
use super::scan::{
    decoded_is, decoded_is_utf8, field_name_error, has_line_break, is_unsafe_header, same_name,
    split_spans,
};
use super::{MAX_DECODED_ADDRESS_LEN, MAX_DECODED_ADDRESS_LIST_LEN, Mailto, MailtoPolicy};
use crate::ascii::{ByteSet, QCHAR};
use crate::grammar::Span;
use crate::{UriError, UriErrorKind, Warning};

/// What a list of addresses may hold literally: `qchar` (its `,` separates addresses)
/// without `;`, which RFC 6068 §2 item 1 says has to be percent-encoded in an `addr-spec`
/// (as `&` and `=`, which `qchar` already lacks).
pub(super) const ADDRESS_LIST: ByteSet = QCHAR.without(b';');

impl<'a> Mailto<'a> {
    /// The value at `span`, percent-decoded into `buf` when it has a `%` (RFC 3986
    /// §2.1), and whether it was decoded.
    fn decode_span<'b>(&self, span: Span, buf: &'b mut [u8]) -> Result<(&'b str, bool), UriError>
    where
        'a: 'b,
    {
        decode_value(span.of(self.input), span.start(), buf)
    }

    /// Every byte of `span` must be in `set` (percent-encoded triplets were checked by
    /// the generic parser) or be `%`.
    pub(super) fn check_chars(&self, span: Span, set: &ByteSet) -> Result<(), UriError> {
        let bytes = self
            .input
            .as_bytes()
            .get(span.start()..span.end())
            .unwrap_or_default();
        match bytes.iter().position(|&b| !(set.contains(b) || b == b'%')) {
            Some(at) => Err(UriError::new(
                UriErrorKind::InvalidCharacterInMailto,
                span.start() + at,
            )
            .naming_found_in(self.input.as_bytes())),
            None => Ok(()),
        }
    }

    /// Checks a comma-separated list of addresses (the path, or a to/cc/bcc value).
    pub(super) fn check_addresses(
        &mut self,
        span: Span,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        for piece in split_spans(self.input, span, b',') {
            if piece.start() == piece.end() {
                return Err(UriError::new(UriErrorKind::EmptyAddress, piece.start()));
            }
            self.check_address(piece, options)?;
        }
        Ok(())
    }

    /// One address of the path, percent-decoded and checked by `rfc-email`.
    pub(super) fn check_address(
        &mut self,
        span: Span,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let mut buf = [0u8; MAX_DECODED_ADDRESS_LEN];
        let (text, encoded) = self.decode_span(span, &mut buf)?;
        // Offsets inside a decoded address do not map back: `check_decoded` points at
        // the address.
        let literal = self.check_decoded(text, options, span.start(), encoded)?;
        let raw = span.of(self.input);
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
    pub(super) fn check_address_list(
        &mut self,
        span: Span,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let mut buf = [0u8; MAX_DECODED_ADDRESS_LIST_LEN];
        let (text, encoded) = self.decode_span(span, &mut buf)?;
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
    pub(super) fn check_decoded(
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

    pub(super) fn check_hfields(
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
                return Err(UriError::new(kind, at).naming_found_in(self.input.as_bytes()));
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
}
