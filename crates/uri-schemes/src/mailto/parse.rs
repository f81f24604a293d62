//! Parsing a [`Mailto`]: the checks that `Mailto::parse_with` runs over the path and
//! the header fields, found in one pass for the common URI ([`Mailto::parse_common`])
//! or by the generic URI parser.
//!
//! The common URI has few `%` triplets: a name or value without one is its own decoded
//! form, so it is checked as written (no buffer, no decoding a byte at a time), and
//! only an address or address list with a `%` is decoded, into a stack buffer that the
//! decoding fills as it goes (other values are read decoded a byte at a time, without a
//! buffer). The verdicts are those of decoding everything; the `mailto/parse` row of
//! `ab` (and `uri-instr mailto mailto` for instruction counts) guards the speed.

use name_text::ascii::ByteTable;
use rfc_email::ascii::ATEXT;
use rfc_email::{EmailAddress, Policy};

use super::decode::with_decoded;
use super::scan::{
    FieldKind, RawName, Triplets, decoded_is_utf8, decoded_utf8_breaks, scan_run, scan_run_within,
    split_spans,
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
const ADDRESS_LIST_TABLE: ByteTable = ByteTable::new(ADDRESS_LIST);

/// One address of the path: [`ADDRESS_LIST`] without the `,` that ends it.
const ADDRESS_TABLE: ByteTable = ByteTable::new(ADDRESS_LIST.without(b','));

/// RFC 6068 §2 `qchar` as a table: what a name or value may hold literally.
const QCHAR_TABLE: ByteTable = ByteTable::new(QCHAR);

/// The `qchar` bytes that are RFC 5322 §3.6.8 `ftext` (`%d33-57 / %d59-126`): all but
/// `:`. A name without `%` scanned by this table is a `field-name` unless it is empty
/// or the scan stopped at a `:`.
const FIELD_NAME_TABLE: ByteTable = ByteTable::new(QCHAR.without(b':'));

/// Goes over a path from `from` while each byte is in [`ADDRESS_LIST`] or starts a
/// triplet (see [`scan_run`]): returns what the triplets encode, whether a `,` was
/// passed, and where it stopped.
pub(super) fn scan_path(bytes: &[u8], from: usize) -> (Triplets, bool, usize) {
    let mut triplets = Triplets::default();
    let mut at = from;
    let mut comma = false;
    loop {
        at = scan_run(bytes, at, &ADDRESS_TABLE, &mut triplets);
        if bytes.get(at) != Some(&b',') {
            return (triplets, comma, at);
        }
        comma = true;
        at += 1;
    }
}

/// Whether `text` is `dot-atom "@" dot-atom` (RFC 5322 §3.2.3 and §3.4.1): an
/// `address-list` (§3.4) of exactly that one bare `addr-spec`, at offset 0.
fn is_dot_atom_addr_spec(text: &str) -> bool {
    const ATEXT_TABLE: ByteTable = ByteTable::new(ATEXT);
    // One pass: every atom is a non-empty run of `atext`, ended by `.`, the one `@` or
    // the end.
    let (mut at_seen, mut atom_len) = (false, 0usize);
    for &byte in text.as_bytes() {
        if ATEXT_TABLE.contains(byte) {
            atom_len += 1;
            continue;
        }
        match byte {
            _ if atom_len == 0 => return false,
            b'.' => {}
            b'@' if !at_seen => at_seen = true,
            _ => return false,
        }
        atom_len = 0;
    }
    at_seen && atom_len > 0
}

/// Whether `bytes` starts with `mailto:`, the scheme in any case (RFC 3986 §3.1), by
/// one comparison of the six letters: setting bit 0x20 turns a byte into a given
/// lower-case letter exactly when it is that letter or its upper case.
fn starts_with_mailto_scheme(bytes: &[u8]) -> bool {
    let Some(&[letters @ .., colon]) = bytes.first_chunk::<7>() else {
        return false;
    };
    let mut word = [0u8; 8];
    for (slot, letter) in word.iter_mut().zip(letters) {
        *slot = letter;
    }
    u64::from_le_bytes(word) | 0x2020_2020_2020 == u64::from_le_bytes(*b"mailto\0\0")
        && colon == b':'
}

impl<'a> Mailto<'a> {
    /// `mailto:` (any case), a path of [`ADDRESS_LIST`] bytes and triplets, and
    /// optionally `?` and header fields of `qchar` bytes and triplets, to the end: the
    /// common mailto URI, parsed in one pass without the generic URI parser. Such text
    /// is an RFC 3986 `absolute-URI` (`qchar` and `,` are `pchar`s, and a path that
    /// starts with neither `/` nor `?` has no authority), whose generic parse gives
    /// this path and query; so the same checks over them give the same result.
    /// Anything else, and every error, is `None`: [`Mailto::parse_generic`] then gives
    /// the result, with the error the generic parser finds first. Guarded by the
    /// `mailto/parse` row of `ab`; this module's tests compare both ways.
    pub(super) fn parse_common(input: &'a str, options: &MailtoPolicy) -> Option<Self> {
        const PATH_START: usize = "mailto:".len();
        let bytes = input.as_bytes();
        if bytes.len() > crate::MAX_INPUT_LEN || !starts_with_mailto_scheme(bytes) {
            return None;
        }
        let mut mailto = Self::over(input, Span::new(PATH_START, PATH_START), None);
        // Each address is checked where its scan ends, so the path is gone over once
        // (the generic parse splits it at `,` again).
        let mut start = PATH_START;
        let path_end = loop {
            let mut triplets = Triplets::default();
            let end = scan_run(bytes, start, &ADDRESS_TABLE, &mut triplets);
            let next = bytes.get(end);
            if end == start {
                // No path at all; an empty address (`,,`, a trailing `,`) is an error.
                if start == PATH_START && next != Some(&b',') {
                    break end;
                }
                return None;
            }
            // A `%` without two hex digits ends the scan, and the path with it: every
            // `%` of this address starts a triplet.
            mailto
                .check_address(Span::new(start, end), triplets.any, options)
                .ok()?;
            match next {
                Some(b',') => start = end + 1,
                _ => break end,
            }
        };
        mailto.path = Span::new(PATH_START, path_end);
        match bytes.get(path_end) {
            None => {}
            // The fields' own scans stop at any byte that is not theirs (`#` too).
            Some(b'?') => {
                let query = Span::new(path_end + 1, bytes.len());
                mailto.query = Some(query);
                mailto
                    .check_hfields(query, options, path_end != PATH_START)
                    .ok()?;
            }
            Some(_) => return None,
        }
        Some(mailto)
    }

    /// The path (`to = addr-spec *("," addr-spec)`, RFC 6068 §2) of the generic parse:
    /// every byte in [`ADDRESS_LIST`] or `%`; returns what its triplets encode and
    /// whether it has a `,` (more than one address).
    pub(super) fn check_path(&self, span: Span) -> Result<(Triplets, bool), UriError> {
        let bytes = self.input.as_bytes().get(..span.end()).unwrap_or_default();
        let (triplets, comma, stop) = scan_path(bytes, span.start());
        if stop < span.end() {
            return Err(self.invalid_character(stop));
        }
        Ok((triplets, comma))
    }

    /// RFC 6068 §2: the byte at `at` may not be there as written.
    fn invalid_character(&self, at: usize) -> UriError {
        UriError::new(UriErrorKind::InvalidCharacterInMailto, at)
            .naming_found_in(self.input.as_bytes())
    }

    /// Checks a comma-separated list of addresses (the path, whose characters passed
    /// [`Self::check_path`]): `encoded` says whether it has a `%` at all, `comma`
    /// whether it has more than one address.
    pub(super) fn check_addresses(
        &mut self,
        span: Span,
        encoded: bool,
        comma: bool,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        if !comma {
            // The common single address: the path is the address.
            return self.check_address(span, encoded, options);
        }
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
        if !encoded {
            // As written (most addresses): no decoding, and no `%` in the domain.
            self.check_decoded(raw, options, span.start(), false)?;
            return Ok(());
        }
        // Offsets inside a decoded address do not map back: `check_decoded` points at
        // the address.
        let literal = with_decoded::<MAX_DECODED_ADDRESS_LEN, _>(
            raw,
            span.start(),
            encoded,
            |text, encoded| self.check_decoded(text, options, span.start(), encoded),
        )?;
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
        encoded: bool,
        options: &MailtoPolicy,
    ) -> Result<(), UriError> {
        let raw = span.of(self.input);
        if !encoded && is_dot_atom_addr_spec(raw) {
            // The list of one bare `addr-spec` that most values are: what the list
            // grammar would locate is the whole value, at its start.
            self.check_decoded(raw, options, span.start(), false)?;
            return Ok(());
        }
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
    /// is an address literal. Text that was not `encoded` is as written, all `qchar`, so it
    /// is ASCII.
    pub(super) fn check_decoded(
        &mut self,
        text: &str,
        options: &MailtoPolicy,
        base: usize,
        encoded: bool,
    ) -> Result<bool, UriError> {
        let ascii = !encoded || text.is_ascii();
        let parsed = match options.email {
            // The default for an ASCII address, as a constant: `parse_with` is inlined,
            // and a constant policy folds its profile checks away (`uri-instr mailto
            // mailto`, `ab mailto/parse`).
            None if ascii && options.idna == Policy::RFC5321.idna_mode() => {
                EmailAddress::parse_with(text, &Policy::RFC5321)
            }
            Some(policy) => EmailAddress::parse_with(text, &policy),
            None if ascii => {
                EmailAddress::parse_with(text, &Policy::RFC5321.with_idna_mode(options.idna))
            }
            None => EmailAddress::parse_with(text, &Policy::SMTPUTF8.with_idna_mode(options.idna)),
        };
        let address = parsed.map_err(|e| {
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
        // The names of the first fields, for the duplicate check without going over
        // the query again (and whether each has a `%`, bit by bit).
        let mut first_names = [Span::new(0, 0); 8];
        let mut first_encoded = 0u8;
        for count in 0.. {
            let mut name_triplets = Triplets::default();
            let (eq, colon) = scan_run_within(
                bytes,
                start,
                &FIELD_NAME_TABLE,
                &QCHAR_TABLE,
                &mut name_triplets,
            );
            match bytes.get(eq) {
                Some(b'=') => {}
                // `?` alone, `&&`, a trailing `&` or `name` without `=`.
                None | Some(b'&') => {
                    return Err(UriError::new(UriErrorKind::HfieldWithoutEquals, eq));
                }
                Some(_) => return Err(self.invalid_character(eq)),
            }
            let name = Span::new(start, eq);
            let hfname = RawName::known(name.of(self.input), name_triplets.any);
            let kind = hfname.kind();
            // An address list may not hold `;` as written (`ADDRESS_LIST`): the value's
            // one scan also finds the first.
            let value_table = if kind.holds_addresses() {
                &ADDRESS_LIST_TABLE
            } else {
                &QCHAR_TABLE
            };
            let mut value_triplets = Triplets::default();
            let (end, semicolon) = scan_run_within(
                bytes,
                eq + 1,
                value_table,
                &QCHAR_TABLE,
                &mut value_triplets,
            );
            if end < bytes.len() && bytes.get(end) != Some(&b'&') {
                return Err(self.invalid_character(end));
            }
            let field = Field {
                name,
                value: Span::new(eq + 1, end),
                hfname,
                kind,
                name_triplets,
                value_triplets,
                colon,
                semicolon,
            };
            self.check_hfield(&field, options)?;
            if kind == FieldKind::To && has_path_addresses {
                self.warnings.insert(Warning::ToInBothPathAndHeader);
            }
            // Duplicate names: quadratic, so only among the first 32 fields.
            let duplicate = if count < first_names.len() {
                let duplicate = first_names.iter().take(count).enumerate().any(|(i, n)| {
                    RawName::known(n.of(self.input), first_encoded >> i & 1 == 1).same(hfname)
                });
                if let Some(slot) = first_names.get_mut(count) {
                    *slot = name;
                }
                first_encoded |= u8::from(name_triplets.any) << count;
                duplicate
            } else {
                count < 32
                    && split_spans(self.input, Span::new(query.start(), start), b'&')
                        .take(count)
                        .filter_map(|f| f.of(self.input).split_once('=').map(|(n, _)| n))
                        .any(|n| RawName::new(n).same(hfname))
            };
            if duplicate {
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
    fn check_hfield(&mut self, field: &Field<'_>, options: &MailtoPolicy) -> Result<(), UriError> {
        let Field { name, value, .. } = *field;
        // Without a triplet above 0x7F the decoded text is ASCII, so UTF-8.
        if field.name_triplets.non_ascii && !decoded_is_utf8(name.of(self.input)) {
            return Err(UriError::new(UriErrorKind::DecodedNotUtf8, name.start()));
        }
        // A URI holds no control character raw, and the non-ASCII line breaks are
        // triplets above 0x7F, found by the pass that checks the UTF-8.
        let mut line_break = field.value_triplets.ascii_break;
        if field.value_triplets.non_ascii {
            let Some(unicode_break) = decoded_utf8_breaks(value.of(self.input)) else {
                return Err(UriError::new(UriErrorKind::DecodedNotUtf8, value.start()));
            };
            line_break |= unicode_break;
        }
        // RFC 6068 §2: an hfname is an RFC 5322 header field name. Without a `%`, the
        // name scan found its first byte that is not `ftext`.
        let name_error = if field.name_triplets.any {
            field.hfname.field_name_error()
        } else if name.start() == name.end() {
            Some(0)
        } else {
            field.colon.map(|at| at - name.start())
        };
        if let Some(at) = name_error {
            return Err(UriError::new(
                UriErrorKind::InvalidHeaderName,
                name.start() + at,
            ));
        }
        if field.kind.holds_addresses() {
            if let Some(at) = field.semicolon {
                return Err(self.invalid_character(at));
            }
            if value.start() != value.end() {
                self.check_address_list(value, field.value_triplets.any, options)?;
            }
        }
        if line_break && field.kind != FieldKind::Body {
            self.warnings.insert(Warning::HeaderInjection);
        }
        if field.kind == FieldKind::Unsafe {
            self.warnings.insert(Warning::UnsafeHeaderField);
        }
        Ok(())
    }
}

/// One header field as its scan found it.
struct Field<'a> {
    /// `hfname`, as written.
    name: Span,
    /// `hfvalue`, as written.
    value: Span,
    /// The name, with whether it has a `%`.
    hfname: RawName<'a>,
    /// What the name makes of the field.
    kind: FieldKind,
    /// What the name's triplets encode.
    name_triplets: Triplets,
    /// What the value's triplets encode.
    value_triplets: Triplets,
    /// The name's first `:` as written (the one `qchar` that is not `ftext`).
    colon: Option<usize>,
    /// The first `;` of an address list's value as written (not in [`ADDRESS_LIST`]).
    semicolon: Option<usize>,
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::format;
    use std::string::String;

    use proptest::prelude::*;

    use super::*;
    use crate::Warnings;

    /// What a parse says: the spans and both warning sets of a success, or the error.
    type Verdict = Result<(Span, Option<Span>, Warnings, rfc_email::Warnings), UriError>;

    fn verdict(parsed: Result<Mailto<'_>, UriError>) -> Verdict {
        parsed.map(|m| (m.path, m.query, m.warnings, m.address_warnings))
    }

    /// Where the one-pass parse answers, the generic parse answers the same; returns
    /// whether it answered.
    fn agrees(text: &str, options: &MailtoPolicy) -> bool {
        let Some(common) = Mailto::parse_common(text, options) else {
            return false;
        };
        let generic = Mailto::parse_generic(text, options);
        assert_eq!(verdict(Ok(common)), verdict(generic), "{text}");
        true
    }

    const RFC5322: MailtoPolicy = MailtoPolicy::DEFAULT.with_email_policy(Policy::RFC5322);

    #[test]
    fn rfc6068_2_one_pass_agrees_with_the_generic_parse_over_the_corpus() {
        let corpus = include_str!("../../../../testdata/corpus/mailto.txt");
        let (mut lines, mut valid, mut one_pass) = (0, 0, 0);
        for line in corpus.lines() {
            lines += 1;
            valid += usize::from(Mailto::parse_generic(line, &MailtoPolicy::DEFAULT).is_ok());
            one_pass += usize::from(agrees(line, &MailtoPolicy::DEFAULT));
            agrees(line, &RFC5322);
        }
        assert_eq!(lines, 10_000);
        // The one pass is for the common valid URI: nearly every valid line takes it.
        assert!(one_pass * 100 >= valid * 95, "{one_pass} of {valid}");
    }

    #[test]
    fn rfc6068_6_examples_take_the_one_pass() {
        for text in [
            "mailto:chris@example.com",
            "mailto:infobot@example.com?subject=current-issue",
            "mailto:infobot@example.com?body=send%20current-issue",
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            "mailto:gorby%25kremvax@example.com",
            "mailto:Mike%26family@example.org",
            "mailto:?to=addr1@an.example,addr2@an.example",
            "mailto:addr1@an.example?to=addr2@an.example",
            "MAILTO:a@example.com",
        ] {
            assert!(agrees(text, &MailtoPolicy::DEFAULT), "{text}");
        }
        // A fragment, a `/`, a bad triplet, an unterminated field: the generic parse.
        for text in [
            "mailto:a@example.com#f",
            "mailto:a@example.com?subject=a/b",
            "mailto:a@example.com?subject=%4",
            "mailto:a%G0@example.com",
            "mailto:a@example.com?subject",
            "mailto://a@example.com",
            "mailtox:a@example.com",
        ] {
            assert!(!agrees(text, &MailtoPolicy::DEFAULT), "{text}");
        }
    }

    #[test]
    fn rfc3986_3_1_the_scheme_in_any_case_and_nothing_else() {
        let mut matched = 0;
        for base in [*b"mailto:", *b"MAILTO:", *b"mAiLtO:"] {
            for at in 0..base.len() {
                for byte in 0..=255u8 {
                    let mut text = base;
                    text[at] = byte;
                    let want = text.eq_ignore_ascii_case(b"mailto:");
                    assert_eq!(starts_with_mailto_scheme(&text), want, "{text:?}");
                    matched += usize::from(want);
                }
            }
        }
        // Each position takes the letter in both cases (the colon only itself).
        assert_eq!(matched, 3 * (6 * 2 + 1));
        assert!(starts_with_mailto_scheme(b"Mailto:a@b.example"));
        assert!(!starts_with_mailto_scheme(b"mailto"));
        assert!(!starts_with_mailto_scheme(b""));
    }

    #[test]
    fn rfc5322_3_4_a_dot_atom_addr_spec_is_a_list_of_itself() {
        for text in [
            "a@b",
            "a.b+c@d.example",
            "x_y!#$%&'*+/=?^`{|}~-@e.f",
            "A@B.C",
        ] {
            assert!(is_dot_atom_addr_spec(text), "{text}");
            let mut list = rfc_email::mailboxes(text);
            let first = list.next().expect("one").expect("valid");
            assert_eq!((first.addr_spec(), first.offset()), (text, 0));
            assert!(list.next().is_none(), "{text}");
        }
        for text in [
            "", "a", "@b", "a@", "a..b@c", ".a@b", "a.@b", "a@b.", "a@b@c", "a b@c", "a(b)@c",
            "a@b,c@d", "<a@b>", "g:a@b;",
        ] {
            assert!(!is_dot_atom_addr_spec(text), "{text}");
        }
    }

    proptest! {
        /// RFC 5322 §3.4: every `dot-atom "@" dot-atom` is an address list of itself.
        #[test]
        fn rfc5322_3_4_generated_dot_atom_addr_specs_are_lists_of_themselves(
            text in "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,6}(\\.[a-z0-9-]{1,4}){0,2}@[a-z0-9-]{1,6}(\\.[a-zA-Z0-9_]{1,4}){0,3}",
        ) {
            prop_assert!(is_dot_atom_addr_spec(&text));
            let mut list = rfc_email::mailboxes(&text);
            let first = list.next().expect("one").expect("valid");
            prop_assert_eq!((first.addr_spec(), first.offset()), (text.as_str(), 0));
            prop_assert!(list.next().is_none());
        }
    }

    /// Whether `mailto:?NAME=x&…` over `names` warns of a duplicate header field.
    fn warns_of_duplicate(names: &[&str]) -> bool {
        let fields: std::vec::Vec<String> = names.iter().map(|n| format!("{n}=x")).collect();
        let text = format!("mailto:?{}", fields.join("&"));
        let mailto = Mailto::parse(&text).expect("valid");
        mailto.warnings().contains(Warning::DuplicateHeaderField)
    }

    #[test]
    fn rfc6068_2_duplicate_names_among_the_first_32_fields() {
        let letters = [
            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q",
            "r", "s", "t", "u", "v", "w", "x", "y", "z", "aa", "ab", "ac", "ad", "ae", "af",
        ];
        assert!(!warns_of_duplicate(&letters));
        assert!(warns_of_duplicate(&["a", "b", "A"]));
        assert!(warns_of_duplicate(&["%61", "b", "a"]));
        assert!(warns_of_duplicate(&["a", "b", "%41"]));
        // Past the eighth field, and up to the 32nd.
        for at in [8, 9, 31] {
            let mut names = letters;
            names[at] = "B";
            assert!(warns_of_duplicate(&names), "{at}");
            names[at] = "%62";
            assert!(warns_of_duplicate(&names), "{at}");
        }
        // The 33rd field is not compared.
        let mut names = std::vec::Vec::from(letters);
        names.push("a");
        assert!(!warns_of_duplicate(&names));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Mailto-like text dense in delimiters and triplets (RFC 6068 §2, RFC 3986
        /// §2.1): wherever the one pass answers, the generic parse answers the same.
        #[test]
        fn rfc6068_2_one_pass_agrees_with_the_generic_parse(
            head in prop::sample::select(&["mailto:", "MailTo:", "mailto:a@b.example", "mailto:?"][..]),
            body in "([a-z0-9@.,;:/?#&=_~!$'()*+-]|%[0-9A-Fa-f]{2}|%C3%A9|%E2%80%A8|%0D%0A|%2C|%40|%|to=|cc=|body=|from=){0,20}",
        ) {
            let text: String = format!("{head}{body}");
            agrees(&text, &MailtoPolicy::DEFAULT);
            agrees(&text, &RFC5322);
        }
    }
}
