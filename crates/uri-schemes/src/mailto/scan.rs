//! Byte-level checks on raw (percent-encoded) mailto names and values, streaming over
//! the decoded bytes: no buffer, so no length can truncate a name and change a verdict.

use name_text::ascii::ByteTable;

use crate::grammar::Span;
use crate::percent::hex_value;

/// The decoded bytes of raw (percent-encoded) text, each with the offset in the text
/// where it starts. The generic parser checked the encoding; a `%` without two hex
/// digits ends the iteration, and [`Decoded::finished`] then says it did not reach the
/// end. Bytes, not `Result`s: these checks run on every decoded name and value.
pub(super) struct Decoded<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Decoded<'a> {
    /// The decoded bytes of `raw`, from its start.
    pub(super) const fn new(raw: &'a str) -> Self {
        Self {
            bytes: raw.as_bytes(),
            pos: 0,
        }
    }

    /// Whether every byte of the text was decoded.
    pub(super) const fn finished(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// Where in the text the next decoded byte starts.
    pub(super) const fn position(&self) -> usize {
        self.pos
    }
}

impl Iterator for Decoded<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        let at = self.pos;
        let byte = *self.bytes.get(at)?;
        if byte != b'%' {
            self.pos += 1;
            return Some((at, byte));
        }
        let byte = triplet_at(self.bytes, at)?;
        self.pos += 3;
        Some((at, byte))
    }
}

/// Each byte's value as a hex digit (RFC 3986 §2.1, either case), or [`NOT_HEX`].
const HEX_DIGIT_VALUE: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut byte = 0u8;
    loop {
        if let Some(value) = hex_value(byte) {
            #[expect(
                clippy::indexing_slicing,
                reason = "`byte as usize < 256` always holds; a const block cannot use `get_mut`"
            )]
            {
                table[byte as usize] = value;
            }
        }
        if byte == u8::MAX {
            break;
        }
        byte += 1;
    }
    table
};

/// Not a hex digit, in [`HEX_DIGIT_VALUE`]: above every digit's value.
const NOT_HEX: u8 = 0xFF;

/// The octet of the `%` triplet at `at` of `bytes` (RFC 3986 §2.1), if two hex digits
/// follow the `%` there: two table loads and one branch for both digits.
#[inline]
fn triplet_at(bytes: &[u8], at: usize) -> Option<u8> {
    let digit = |i: usize| {
        bytes
            .get(i)
            .and_then(|&b| HEX_DIGIT_VALUE.get(usize::from(b)))
            .copied()
            .unwrap_or(NOT_HEX)
    };
    let (high, low) = (digit(at + 1), digit(at + 2));
    // A digit is at most 0xF; `NOT_HEX` sets a bit above it.
    ((high | low) <= 0xF).then_some(high << 4 | low)
}

/// The decoded bytes of `raw`.
fn decoded(raw: &str) -> impl Iterator<Item = u8> + '_ {
    Decoded::new(raw).map(|(_, b)| b)
}

/// A raw (percent-encoded) header name, and whether it holds a `%`: without one it is
/// its own decoded form, so it is compared as written, without decoding a byte at a
/// time (the common case; guarded by the `mailto/parse` row of `ab`).
#[derive(Clone, Copy)]
pub(super) struct RawName<'a> {
    raw: &'a str,
    encoded: bool,
}

impl<'a> RawName<'a> {
    /// The name `raw`, looked at for a `%`.
    pub(super) fn new(raw: &'a str) -> Self {
        Self::known(raw, raw.as_bytes().contains(&b'%'))
    }

    /// The name `raw`, of which the caller knows whether it holds a `%`.
    pub(super) const fn known(raw: &'a str, encoded: bool) -> Self {
        Self { raw, encoded }
    }

    /// Whether the name decodes to `name` (lower case), ignoring ASCII case (header
    /// names are case-insensitive, RFC 6068 §2).
    pub(super) fn is(self, name: &[u8]) -> bool {
        if self.encoded {
            decoded(self.raw)
                .map(|b| b.to_ascii_lowercase())
                .eq(name.iter().copied())
        } else {
            self.raw.as_bytes().eq_ignore_ascii_case(name)
        }
    }

    /// Whether the name decodes to text that starts with `prefix` (lower case),
    /// ignoring ASCII case.
    fn starts_with(self, prefix: &[u8]) -> bool {
        if self.encoded {
            let mut bytes = decoded(self.raw);
            prefix
                .iter()
                .all(|&p| bytes.next().is_some_and(|b| b.to_ascii_lowercase() == p))
        } else {
            self.raw
                .as_bytes()
                .get(..prefix.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
        }
    }

    /// Header fields RFC 6068 §3 says MUST be ignored: originator fields (RFC 5322
    /// §3.6.2), `Date`, routing (`Apparently-To`, `Resent-*`), trace fields (§3.6.7) and
    /// MIME fields (`MIME-Version`, `Content-*`). Compared on the whole decoded name,
    /// however long.
    pub(super) fn is_unsafe(self) -> bool {
        if !self.encoded {
            return plain_name_kind(self.raw.as_bytes()) == FieldKind::Unsafe;
        }
        UNSAFE_NAMES.iter().any(|e| self.is(e))
            || UNSAFE_PREFIXES.iter().any(|p| self.starts_with(p))
    }

    /// What RFC 6068 makes of the field this name heads, decided once per field.
    pub(super) fn kind(self) -> FieldKind {
        if !self.encoded {
            return plain_name_kind(self.raw.as_bytes());
        }
        if self.is(b"to") {
            FieldKind::To
        } else if self.is(b"cc") || self.is(b"bcc") {
            FieldKind::CopyTo
        } else if self.is(b"body") {
            FieldKind::Body
        } else if self.is_unsafe() {
            FieldKind::Unsafe
        } else {
            FieldKind::Other
        }
    }

    /// RFC 5322 §3.6.8 `field-name = 1*ftext`, `ftext = %d33-57 / %d59-126`, on the
    /// decoded name: `None` if it is one, else the offset in the raw name of the first
    /// byte that is not `ftext` (0 for an empty name).
    pub(super) fn field_name_error(self) -> Option<usize> {
        let ftext = |b: u8| matches!(b, 33..=57 | 59..=126);
        if self.raw.is_empty() {
            return Some(0);
        }
        if !self.encoded {
            // Each byte is its own decoded byte, at its own offset.
            return self.raw.bytes().position(|b| !ftext(b));
        }
        Decoded::new(self.raw)
            .find(|&(_, b)| !ftext(b))
            .map(|(at, _)| at)
    }

    /// Whether two names decode to the same text, ignoring ASCII case.
    pub(super) fn same(self, other: Self) -> bool {
        if self.encoded || other.encoded {
            decoded(self.raw)
                .map(|b| b.to_ascii_lowercase())
                .eq(decoded(other.raw).map(|b| b.to_ascii_lowercase()))
        } else {
            self.raw.eq_ignore_ascii_case(other.raw)
        }
    }
}

/// The names of [`RawName::is_unsafe`] matched whole (lower case).
const UNSAFE_NAMES: [&[u8]; 8] = [
    b"from",
    b"sender",
    b"reply-to",
    b"date",
    b"apparently-to",
    b"received",
    b"return-path",
    b"mime-version",
];

/// The name prefixes of [`RawName::is_unsafe`] (lower case).
const UNSAFE_PREFIXES: [&[u8]; 2] = [b"resent-", b"content-"];

/// [`RawName::kind`] of a name without `%`, by its first letter: one or two
/// comparisons for a name (`subject`, `body`, `in-reply-to`, …) instead of up to
/// fourteen. The tests `rfc6068_3_plain_names_judged_as_by_the_lists` hold it to the
/// lists above.
fn plain_name_kind(raw: &[u8]) -> FieldKind {
    let is = |name: &[u8]| raw.eq_ignore_ascii_case(name);
    let starts = |prefix: &[u8]| {
        raw.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    let unsafe_if = |yes: bool| {
        if yes {
            FieldKind::Unsafe
        } else {
            FieldKind::Other
        }
    };
    match raw.first().map(u8::to_ascii_lowercase) {
        Some(b't') if is(b"to") => FieldKind::To,
        Some(b'c') if is(b"cc") => FieldKind::CopyTo,
        Some(b'b') if is(b"bcc") => FieldKind::CopyTo,
        Some(b'b') if is(b"body") => FieldKind::Body,
        Some(b'c') => unsafe_if(starts(b"content-")),
        Some(b'f') => unsafe_if(is(b"from")),
        Some(b's') => unsafe_if(is(b"sender")),
        Some(b'r') => unsafe_if(
            is(b"reply-to") || is(b"received") || is(b"return-path") || starts(b"resent-"),
        ),
        Some(b'd') => unsafe_if(is(b"date")),
        Some(b'a') => unsafe_if(is(b"apparently-to")),
        Some(b'm') => unsafe_if(is(b"mime-version")),
        _ => FieldKind::Other,
    }
}

/// What a header field is to RFC 6068, by its decoded name (ASCII case-insensitive).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum FieldKind {
    /// `to`: more recipients (§2), an RFC 5322 address list.
    To,
    /// `cc` or `bcc`: an RFC 5322 address list.
    CopyTo,
    /// `body`: the text of the message (§2), not a header field.
    Body,
    /// One of the fields §3 says MUST be ignored ([`RawName::is_unsafe`]).
    Unsafe,
    /// Any other header field.
    Other,
}

impl FieldKind {
    /// Whether the value is an address list (`to`, `cc`, `bcc`).
    pub(super) const fn holds_addresses(self) -> bool {
        matches!(self, Self::To | Self::CopyTo)
    }
}

/// Whether `raw` holds a triplet of a non-ASCII octet (`%80`–`%FF`): otherwise its
/// decoded form is ASCII (the URI itself was checked to be ASCII).
fn has_non_ascii_triplet(raw: &str) -> bool {
    raw.as_bytes()
        .windows(2)
        .any(|w| matches!(w, [b'%', b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F']))
}

/// Whether the percent-decoded form of `raw` is UTF-8 (streaming, no allocation).
pub(super) fn decoded_is_utf8(raw: &str) -> bool {
    (raw.is_ascii() && !has_non_ascii_triplet(raw)) || decoded_utf8_breaks(raw).is_some()
}

/// The percent-decoded form of `raw`, if it is UTF-8 (streaming, no allocation): whether
/// it holds one of the non-ASCII characters that break a header line in some mail
/// software (NEL U+0085, and the line and paragraph separators U+2028 and U+2029). UTF-8 is read by Unicode 16.0 §3.9 Table 3-7, whose well-formed sequences
/// are what `core::str::from_utf8` accepts (no overlong form, no surrogate, none above
/// U+10FFFF); a bad triplet is not UTF-8 either. In well-formed UTF-8, `C2` and `E2`
/// are always lead bytes, so these characters are exactly the byte runs `C2 85` and
/// `E2 80 A8`/`A9`: one pass answers both questions.
pub(super) fn decoded_utf8_breaks(raw: &str) -> Option<bool> {
    let mut bytes = Decoded::new(raw);
    let mut breaks = false;
    while let Some((_, lead)) = bytes.next() {
        // The range of the second byte, and how many bytes follow the lead.
        let (second_range, more) = match lead {
            0x00..=0x7F => continue,
            0xC2..=0xDF => (0x80..=0xBF, 1),
            0xE0 => (0xA0..=0xBF, 2),
            0xE1..=0xEC | 0xEE..=0xEF => (0x80..=0xBF, 2),
            0xED => (0x80..=0x9F, 2),
            0xF0 => (0x90..=0xBF, 3),
            0xF1..=0xF3 => (0x80..=0xBF, 3),
            0xF4 => (0x80..=0x8F, 3),
            _ => return None,
        };
        let second = bytes.next().map(|(_, b)| b)?;
        if !second_range.contains(&second) {
            return None;
        }
        let mut last = second;
        for _ in 1..more {
            last = bytes.next().map(|(_, b)| b)?;
            if !(0x80..=0xBF).contains(&last) {
                return None;
            }
        }
        breaks |= (lead, second) == (0xC2, 0x85)
            || ((lead, second) == (0xE2, 0x80) && matches!(last, 0xA8 | 0xA9));
    }
    bytes.finished().then_some(breaks)
}

/// What [`scan_run`] learned of the `%` triplets it went over.
#[derive(Clone, Copy, Default)]
pub(super) struct Triplets {
    /// There was one: the text is not its own decoded form.
    pub(super) any: bool,
    /// One encodes an octet above 0x7F (its first hex digit is `8`–`F`).
    pub(super) non_ascii: bool,
    /// One encodes NUL, LF, VT or CR: a character that ends or breaks a header line in
    /// some mail software (CR and LF: RFC 5322 §2.2).
    pub(super) ascii_break: bool,
}

/// Goes over `bytes` from `from` while each byte is in `table` or starts a `%` triplet
/// (RFC 3986 §2.1: two hex digits follow), noting in `triplets` what those encode;
/// returns where it stopped: `bytes.len()` at the end, else the byte not in `table` or
/// the `%` without two hex digits. One pass, one table load per byte: the name, value
/// and address checks of a `Mailto` need nothing more when the text has no `%`.
///
/// The run first goes eight bytes at a time ([`run_len8`], which also says where in the
/// block it ends, so no byte is looked at twice): addresses and names are long plain
/// runs. Then byte by byte, with the triplets in the same loop: values such as
/// `Re%3A%20invoice%202024-113` alternate short runs and triplets, for which more block
/// tests cost more than they save (`uri-instr mailto mailto` guards it).
// Inline: its callers' slices and tables are in registers, and most runs are short.
#[inline]
pub(super) fn scan_run(
    bytes: &[u8],
    from: usize,
    table: &ByteTable,
    triplets: &mut Triplets,
) -> usize {
    let mut at = from;
    while let Some(block) = bytes.get(at..at + 8) {
        let run = run_len8(table, block);
        at += run;
        if run < 8 {
            break;
        }
    }
    // What the triplets encode, gathered in registers: any, every octet OR-ed (above
    // 0x7F if one is), and any line break.
    let (mut any, mut octets, mut line_break) = (false, 0u8, false);
    loop {
        match bytes.get(at) {
            Some(&byte) if table.contains(byte) => at += 1,
            Some(b'%') => {
                let Some(octet) = triplet_at(bytes, at) else {
                    break;
                };
                any = true;
                octets |= octet;
                line_break |= matches!(octet, 0x00 | 0x0A | 0x0B | 0x0D);
                at += 3;
            }
            _ => break,
        }
    }
    triplets.any |= any;
    triplets.non_ascii |= octets > 0x7F;
    triplets.ascii_break |= line_break;
    at
}

/// How many bytes of an eight-byte `block` are in `table` before the first that is
/// not (8 if all are; 0 for a block of another length): two table loads and one branch
/// per pair of bytes, then the pair that failed tells which of its two did.
#[inline]
fn run_len8(table: &ByteTable, block: &[u8]) -> usize {
    let Ok(&[b0, b1, b2, b3, b4, b5, b6, b7]) = <&[u8; 8]>::try_from(block) else {
        return 0;
    };
    for (pair, (first, second)) in [(b0, b1), (b2, b3), (b4, b5), (b6, b7)]
        .into_iter()
        .enumerate()
    {
        let first_in = table.contains(first);
        if !(first_in & table.contains(second)) {
            return 2 * pair + usize::from(first_in);
        }
    }
    8
}

/// [`scan_run`] over `narrow`, then on over `wide` (a superset) if it stopped at a byte
/// only `wide` holds: returns where the `wide` scan stopped and, if the `narrow` one
/// stopped before it, where. One pass both answers whether the text is all `wide` and
/// where its first byte outside `narrow` is.
#[inline]
pub(super) fn scan_run_within(
    bytes: &[u8],
    from: usize,
    narrow: &ByteTable,
    wide: &ByteTable,
    triplets: &mut Triplets,
) -> (usize, Option<usize>) {
    let stop = scan_run(bytes, from, narrow, triplets);
    match bytes.get(stop) {
        Some(&byte) if wide.contains(byte) => (scan_run(bytes, stop, wide, triplets), Some(stop)),
        _ => (stop, None),
    }
}

/// Splits `span` of `input` at `sep`, yielding each piece's span.
pub(super) fn split_spans(input: &str, span: Span, sep: u8) -> impl Iterator<Item = Span> + '_ {
    let bytes = input
        .as_bytes()
        .get(span.start()..span.end())
        .unwrap_or_default();
    let mut start = span.start();
    bytes.split(move |&b| b == sep).map(move |piece| {
        let s = Span::new(start, start + piece.len());
        start = s.end() + 1;
        s
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    /// The reference for the header injection check, byte by byte over the decoded
    /// text: whether it holds a character that ends or breaks a header line in some
    /// mail software: CR, LF (RFC 5322 §2.2), NUL, VT, NEL (U+0085), or the Unicode line
    /// and paragraph separators U+2028/U+2029.
    fn has_line_break(raw: &str) -> bool {
        if !raw.contains('%') {
            // A URI holds none of these raw.
            return false;
        }
        let mut history = [0u8; 2];
        decoded(raw).any(|b| {
            let hit = matches!(b, 0x00 | 0x0A | 0x0B | 0x0D)
                || (history[1] == 0xC2 && b == 0x85)
                || (history == [0xE2, 0x80] && matches!(b, 0xA8 | 0xA9));
            history = [history[1], b];
            hit
        })
    }

    fn is_unsafe_header(raw: &str) -> bool {
        RawName::new(raw).is_unsafe()
    }

    fn same_name(first: &str, second: &str) -> bool {
        RawName::new(first).same(RawName::new(second))
    }

    #[test]
    fn rfc6068_3_unsafe_names_are_compared_whole_however_long() {
        let mut long = [b'X'; 208];
        long[..8].copy_from_slice(b"Content-");
        assert!(is_unsafe_header(core::str::from_utf8(&long).unwrap()));
        assert!(is_unsafe_header("%46rom"));
        assert!(!is_unsafe_header("fro"));
        assert!(!is_unsafe_header("fromage"));
        assert!(is_unsafe_header("RESENT-date") && is_unsafe_header("re%73ent-x"));
        assert!(!is_unsafe_header("resent") && !is_unsafe_header("%72esent"));
    }

    /// A name judged as written (the plain path) and the same name judged through its
    /// decoding (which compares against the lists), for the same text.
    fn plain_and_listed_kinds(raw: &str) -> (FieldKind, FieldKind) {
        (
            RawName::known(raw, false).kind(),
            RawName::known(raw, true).kind(),
        )
    }

    #[test]
    fn rfc6068_3_plain_names_judged_as_by_the_lists() {
        let mut names: std::vec::Vec<std::string::String> = std::vec::Vec::new();
        for name in UNSAFE_NAMES.iter().chain(&UNSAFE_PREFIXES) {
            let name = core::str::from_utf8(name).unwrap();
            let upper = name.to_ascii_uppercase();
            // Each name, in upper case, one byte short, one byte long, and with a tail.
            names.extend([
                name.into(),
                upper.clone(),
                name[..name.len() - 1].into(),
                std::format!("{name}x"),
                std::format!("{upper}-Extra"),
            ]);
        }
        for name in [
            "to", "Cc", "BCC", "body", "subject", "", "t", "bcc2", "x-from",
        ] {
            names.push(name.into());
        }
        let mut unsafe_seen = 0;
        for name in &names {
            let (plain, listed) = plain_and_listed_kinds(name);
            assert_eq!(plain, listed, "{name}");
            unsafe_seen += usize::from(plain == FieldKind::Unsafe);
        }
        // The ten names and prefixes, upper case, and the prefixes with a tail.
        assert!(unsafe_seen >= 20, "{unsafe_seen}");
        assert_eq!(plain_and_listed_kinds("To").0, FieldKind::To);
        assert_eq!(plain_and_listed_kinds("bCc").0, FieldKind::CopyTo);
        assert_eq!(plain_and_listed_kinds("Body").0, FieldKind::Body);
        assert_eq!(plain_and_listed_kinds("Content-Type").0, FieldKind::Unsafe);
        assert_eq!(plain_and_listed_kinds("In-Reply-To").0, FieldKind::Other);
    }

    proptest::proptest! {
        /// RFC 6068 §3: over names near the listed ones, the first-letter dispatch and
        /// the lists agree.
        #[test]
        fn rfc6068_3_generated_plain_names_judged_as_by_the_lists(
            name in "(?i)(from|sender|reply-to|date|apparently-to|received|return-path|mime-version|resent-|content-|to|cc|bcc|body|r|c|s)?[a-z-]{0,4}",
        ) {
            let (plain, listed) = plain_and_listed_kinds(&name);
            proptest::prop_assert_eq!(plain, listed);
        }
    }

    #[test]
    fn rfc3986_2_1_triplets_decode_as_hex_value_says() {
        for high in 0..=255u8 {
            for low in 0..=255u8 {
                let text = [b'%', high, low];
                let want = hex_value(high).zip(hex_value(low)).map(|(h, l)| h << 4 | l);
                assert_eq!(triplet_at(&text, 0), want, "{high:#x} {low:#x}");
            }
        }
        assert_eq!(triplet_at(b"%4", 0), None);
        assert_eq!(triplet_at(b"%", 0), None);
        assert_eq!(triplet_at(b"a%2F", 1), Some(b'/'));
    }

    #[test]
    fn rfc6068_2_names_compare_decoded_and_ignoring_case() {
        assert!(same_name("Subject", "sUBJECT"));
        assert!(same_name("%53ubject", "subject") && same_name("subject", "%53ubject"));
        assert!(!same_name("subject", "subjects") && !same_name("%53ubjec", "subject"));
        assert!(RawName::new("To").is(b"to") && RawName::new("%54o").is(b"to"));
        assert!(!RawName::new("tO%20").is(b"to") && !RawName::new("t").is(b"to"));
    }

    #[test]
    fn rfc5322_3_6_8_field_name() {
        let field_name_error = |raw| RawName::new(raw).field_name_error();
        assert_eq!(field_name_error("x-y"), None);
        assert_eq!(field_name_error(""), Some(0));
        assert_eq!(field_name_error("x-y%0D%0ABcc"), Some(3));
        assert_eq!(field_name_error("a%3Ab"), Some(1));
        assert_eq!(field_name_error("caf%C3%A9"), Some(3));
        assert_eq!(field_name_error("a:b"), Some(1));
        assert_eq!(field_name_error("In-Reply-To"), None);
    }

    /// Up to four bytes, each written as a triplet, into `buf`.
    fn encoded<'b>(bytes: &[u8], buf: &'b mut [u8; 12]) -> &'b str {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        for (i, &b) in bytes.iter().enumerate() {
            buf[3 * i..3 * i + 3].copy_from_slice(&[
                b'%',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 15)],
            ]);
        }
        core::str::from_utf8(&buf[..3 * bytes.len()]).unwrap()
    }

    /// `decoded_utf8_breaks` of the encoded `seq` is `None` exactly when `seq` is not
    /// UTF-8, and else, with the ASCII breaks added, says what `has_line_break` says.
    fn assert_one_pass_agrees(seq: &[u8], raw: &str) {
        let ascii_break = seq.iter().any(|b| matches!(b, 0x00 | 0x0A | 0x0B | 0x0D));
        let one_pass = decoded_utf8_breaks(raw).map(|breaks| breaks || ascii_break);
        let two_passes = core::str::from_utf8(seq).ok().map(|_| has_line_break(raw));
        assert_eq!(one_pass, two_passes, "{raw}");
    }

    #[test]
    fn unicode_3_9_decoded_utf8_agrees_with_core_on_every_short_sequence() {
        // Every sequence of one or two bytes, and of three and four bytes built from
        // the edges of the ranges of Table 3-7 (and one past them).
        let edges = [
            0x00, 0x0A, 0x7F, 0x80, 0x85, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xA9, 0xBF, 0xC0, 0xC1,
            0xC2, 0xDF, 0xE0, 0xE1, 0xE2, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
            0xFF,
        ];
        let mut tried = 0;
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for seq in [&[a][..], &[a, b][..]] {
                    let mut buf = [0; 12];
                    let raw = encoded(seq, &mut buf);
                    assert_eq!(
                        decoded_is_utf8(raw),
                        core::str::from_utf8(seq).is_ok(),
                        "{raw}"
                    );
                    assert_one_pass_agrees(seq, raw);
                    tried += 1;
                }
            }
        }
        for &a in &edges {
            for &b in &edges {
                for &c in &edges {
                    for &d in &edges {
                        for seq in [&[a, b, c][..], &[a, b, c, d][..]] {
                            let mut buf = [0; 12];
                            let raw = encoded(seq, &mut buf);
                            let want = core::str::from_utf8(seq).is_ok();
                            assert_eq!(decoded_is_utf8(raw), want, "{raw}");
                            assert_one_pass_agrees(seq, raw);
                            tried += 1;
                        }
                    }
                }
            }
        }
        assert!(tried > 1_500_000);
    }

    #[test]
    fn rfc3986_2_1_a_bad_triplet_is_not_utf8() {
        assert!(!decoded_is_utf8("a%C3%A"));
        assert!(!decoded_is_utf8("%C3%A9%"));
        assert!(decoded_is_utf8("a%C3%A9b"));
    }

    #[test]
    fn line_breaks_of_every_kind() {
        for raw in [
            "a%0Db",
            "a%0a",
            "%00",
            "%0B",
            "%C2%85",
            "%E2%80%A8",
            "%e2%80%a9",
        ] {
            assert!(has_line_break(raw), "{raw}");
        }
        for raw in ["abc", "%C3%A9", "%E2%80%A7", "%C2%84", "%20"] {
            assert!(!has_line_break(raw), "{raw}");
        }
    }
}
