//! Parsing a [`Mailto`]: the checks that `Mailto::parse_with` runs over the path and
//! the header fields after the generic URI parser has split them.
//!
//! The common URI has few `%` triplets: a name or value without one is its own decoded
//! form, so it is checked as written (no buffer, no decoding a byte at a time), and
//! only a value with a `%` is decoded, into a buffer sized to it. The verdicts are those
//! of decoding everything; the `mailto` corpus of `uri-instr` guards the speed.

use name_text::ascii::ByteTable;
use rfc_email::{EmailAddress, Policy};

use super::decode::with_decoded;
use super::scan::{
    RawName, Triplets, decoded_is_utf8, field_name_error, has_line_break, scan_run, split_spans,
};
use super::{MAX_DECODED_ADDRESS_LEN, MAX_DECODED_ADDRESS_LIST_LEN, Mailto, MailtoPolicy};
use crate::ascii::{ByteSet, QCHAR};
use crate::grammar::Span;
use crate::{UriError, UriErrorKind, Warning};

/// What a list of addresses may hold literally: `qchar` (its `,` separates addresses)
/// without `;`, which RFC 6068 §2 item 1 says has to be percent-encoded in an `addr-spec`
/// (as `&` and `=`, which `qchar` already lacks).
const ADDRESS_LIST: ByteSet = QCHAR.without(b';');

/// [`ADDRESS_LIST`] as a table (one load per byte).
pub(super) const ADDRESS_LIST_TABLE: ByteTable = ByteTable::new(ADDRESS_LIST);

/// RFC 6068 §2 `qchar` as a table: what a name or value may hold literally.
const QCHAR_TABLE: ByteTable = ByteTable::new(QCHAR);

impl Mailto<'_> {
    /// Every byte of `span` must be in `table` (percent-encoded triplets were checked
    /// by the generic parser) or be `%`; returns what the triplets encode. Neither table
    /// holds `%` or a byte above 0x7F, so text that passes without a `%` is ASCII and
    /// its own decoded form.
    pub(super) fn check_chars(&self, span: Span, table: &ByteTable) -> Result<Triplets, UriError> {
        let bytes = self.input.as_bytes().get(..span.end()).unwrap_or_default();
        let mut triplets = Triplets::default();
        let stop = scan_run(bytes, span.start(), table, &mut triplets);
        if stop < span.end() {
            return Err(self.invalid_character(stop));
        }
        Ok(triplets)
    }

    /// RFC 6068 §2: the byte at `at` may not be there as written.
    fn invalid_character(&self, at: usize) -> UriError {
        UriError::new(UriErrorKind::InvalidCharacterInMailto, at)
            .naming_found_in(self.input.as_bytes())
    }

    /// Checks a comma-separated list of addresses (the path).
    /// `encoded` says whether the path has a `%` at all.
    pub(super) fn check_addresses(
        &mut self,
        span: Span,
        encoded: bool,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        for piece in split_spans(self.input, span, b',') {
            if piece.start() == piece.end() {
                return Err(UriError::new(UriErrorKind::EmptyAddress, piece.start()));
            }
            let piece_encoded = encoded && piece.of(self.input).as_bytes().contains(&b'%');
            self.check_address(piece, piece_encoded, options)?;
        }
        Ok(())
    }

    /// One address of the path (`encoded`: it has a `%`), percent-decoded and checked
    /// by `rfc-email`.
    pub(super) fn check_address(
        &mut self,
        span: Span,
        encoded: bool,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let raw = span.of(self.input);
        // Offsets inside a decoded address do not map back: `check_decoded` points at
        // the address.
        let literal = with_decoded::<MAX_DECODED_ADDRESS_LEN, _>(
            raw,
            span.start(),
            encoded,
            |text, encoded| self.check_decoded(text, options, span.start(), encoded),
        )?;
        // Without a `%` in the address there is none in its domain.
        if encoded
            && !literal
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
        encoded: bool,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let raw = span.of(self.input);
        with_decoded::<MAX_DECODED_ADDRESS_LIST_LEN, _>(
            raw,
            span.start(),
            encoded,
            |text, encoded| {
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
                    // RFC 6068 §2 item 4: a non-ASCII domain was necessarily percent-encoded
                    // (so text as written, all ASCII, has none).
                    if encoded && spec.rsplit_once('@').is_some_and(|(_, d)| !d.is_ascii()) {
                        self.warnings.insert(Warning::PercentEncodedDomain);
                    }
                }
                Ok(())
            },
        )
    }

    /// Checks one decoded `addr-spec` under the options' policy; `base` is where errors
    /// point (plus the error's own offset unless `encoded`). Returns whether the domain
    /// is an address literal. Text that was not `encoded` passed [`Self::check_chars`],
    /// so it is ASCII.
    pub(super) fn check_decoded(
        &mut self,
        text: &str,
        options: &MailtoPolicy,
        base: usize,
        encoded: bool,
    ) -> Result<bool, UriError> {
        let ascii = !encoded || text.is_ascii();
        let policy = match options.email {
            Some(policy) => policy,
            None if ascii => Policy::RFC5321.with_idna_mode(options.idna),
            None => Policy::SMTPUTF8.with_idna_mode(options.idna),
        };
        let address = EmailAddress::parse_with(text, &policy).map_err(|e| {
            let offset = if encoded { base } else { base + e.offset() };
            UriError::new(UriErrorKind::Email(e.kind()), offset)
        })?;
        if !ascii && !address.local_part().is_ascii() {
            self.warnings.insert(Warning::Smtputf8Address);
        }
        self.address_warnings = self.address_warnings.union(address.warnings());
        Ok(matches!(
            address.domain(),
            rfc_email::DomainPart::Literal(_)
        ))
    }

    /// The header fields after `?`, each read in one pass over its bytes (`hfname "="
    /// hfvalue`, then the next `&`), then checked: RFC 6068 §2 characters, UTF-8, RFC
    /// 5322 §3.6.8 names, the address lists of `to`, `cc` and `bcc`, and the warnings.
    pub(super) fn check_hfields(
        &mut self,
        query: Span,
        options: &MailtoPolicy,
        has_path_addresses: bool,
    ) -> Result<(), UriError> {
        let bytes = self.input.as_bytes().get(..query.end()).unwrap_or_default();
        let mut start = query.start();
        for count in 0.. {
            let mut name_triplets = Triplets::default();
            let eq = scan_run(bytes, start, &QCHAR_TABLE, &mut name_triplets);
            match bytes.get(eq) {
                Some(b'=') => {}
                // `?` alone, `&&`, a trailing `&` or `name` without `=`.
                None | Some(b'&') => {
                    return Err(UriError::new(UriErrorKind::HfieldWithoutEquals, eq));
                }
                Some(_) => return Err(self.invalid_character(eq)),
            }
            let mut value_triplets = Triplets::default();
            let end = scan_run(bytes, eq + 1, &QCHAR_TABLE, &mut value_triplets);
            if end < bytes.len() && bytes.get(end) != Some(&b'&') {
                return Err(self.invalid_character(end));
            }
            let name = Span::new(start, eq);
            let value = Span::new(eq + 1, end);
            self.check_hfield(name, value, name_triplets, value_triplets, options)?;
            let hfname = RawName::known(name.of(self.input), name_triplets.any);
            if hfname.is(b"to") && has_path_addresses {
                self.warnings.insert(Warning::ToInBothPathAndHeader);
            }
            // Duplicate names: quadratic, so only among the first 32 fields.
            if count < 32
                && split_spans(self.input, Span::new(query.start(), start), b'&')
                    .take(count)
                    .filter_map(|f| f.of(self.input).split_once('=').map(|(n, _)| n))
                    .any(|n| RawName::new(n).same(hfname))
            {
                self.warnings.insert(Warning::DuplicateHeaderField);
            }
            if end == bytes.len() {
                break;
            }
            start = end + 1;
        }
        Ok(())
    }

    /// One header field whose characters passed: the checks on its decoded name and
    /// value (RFC 6068 §2 and §3).
    fn check_hfield(
        &mut self,
        name: Span,
        value: Span,
        name_triplets: Triplets,
        value_triplets: Triplets,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let name_raw = name.of(self.input);
        let value_raw = value.of(self.input);
        // Without a triplet above 0x7F the decoded text is ASCII, so UTF-8.
        if name_triplets.non_ascii && !decoded_is_utf8(name_raw) {
            return Err(UriError::new(UriErrorKind::DecodedNotUtf8, name.start()));
        }
        if value_triplets.non_ascii && !decoded_is_utf8(value_raw) {
            return Err(UriError::new(UriErrorKind::DecodedNotUtf8, value.start()));
        }
        // RFC 6068 §2: an hfname is an RFC 5322 header field name.
        if let Some(at) = field_name_error(name_raw) {
            return Err(UriError::new(
                UriErrorKind::InvalidHeaderName,
                name.start() + at,
            ));
        }
        let hfname = RawName::known(name_raw, name_triplets.any);
        if hfname.is(b"to") || hfname.is(b"cc") || hfname.is(b"bcc") {
            self.check_chars(value, &ADDRESS_LIST_TABLE)?;
            if value.start() != value.end() {
                self.check_address_list(value, value_triplets.any, options)?;
            }
        }
        // A URI holds no control character raw, and the non-ASCII line breaks are
        // triplets above 0x7F: only those need the decoded bytes.
        if (value_triplets.ascii_break || (value_triplets.non_ascii && has_line_break(value_raw)))
            && !hfname.is(b"body")
        {
            self.warnings.insert(Warning::HeaderInjection);
        }
        if hfname.is_unsafe() {
            self.warnings.insert(Warning::UnsafeHeaderField);
        }
        Ok(())
    }
}
