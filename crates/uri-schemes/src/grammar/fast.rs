//! The common shape of an absolute URI, parsed without the general rule functions:
//! `scheme ":" [ "//" reg-name [ ":" port ] ] path [ "?" query ] [ "#" fragment ]`
//! (RFC 3986 §3), ASCII only, no userinfo, no IP literal, no percent-encoded host.
//!
//! [`parse`] either returns exactly the [`Parts`] the general parser returns for the
//! same input, or the general parser's error at an ASCII byte that ends the path, query
//! or fragment ([`Leftover::Invalid`]), or leaves the input to the general parser,
//! which runs from the start and finds the error (with its kind and offset) or the less
//! common form. It never accepts what the general parser rejects: every byte it takes
//! is in the component's RFC 3986 class, and every `%` is followed by two hex digits
//! (RFC 3986 §2.1).
//!
//! Why: the general parser costs a few hundred instructions per URI before it reads a
//! byte (one nom result per rule, error rebasing); here a URI is one pass of table
//! lookups, and sixteen bytes at a time in runs of path, query and fragment characters.

use super::{
    GrammarError, HostData, Parts, Span, T_REG_NAME, T_SCHEME, Table, ipv4address, port_value,
};
use crate::UriErrorKind;
use crate::ascii::{ByteSet, FRAGMENT, PATH, QUERY};

/// What [`parse`] leaves to its caller when the input does not have the common shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Leftover {
    /// For the general parser, valid or not.
    General,
    /// A scheme and an authority of the common shape, then a byte that neither belongs
    /// to the path, query or fragment it stopped nor starts the next one: the general
    /// parser's error, the same kind at the same byte. Its `path`, `query` and
    /// `fragment` rules stop at an ASCII byte in every mode, since IRIs only add
    /// non-ASCII characters, and at any byte without IRIs. Bench row `http/parse-urls`:
    /// one URL in ten of the corpus is such an error, and the general parser's run
    /// costs about as much as two valid URLs.
    Invalid(GrammarError),
}

/// Parses `input` when it has the common shape (module docs); otherwise says what is
/// left to do.
#[expect(
    clippy::inline_always,
    reason = "built inside the caller's result, see `parse_reference_as`"
)]
#[inline(always)]
pub(super) fn parse(input: &[u8], iri: bool) -> Result<Parts, Leftover> {
    parse_common(input, iri).ok_or(Leftover::General)?
}

/// [`parse`], with `None` for [`Leftover::General`].
#[expect(
    clippy::inline_always,
    reason = "built inside the caller's result, see `parse_reference_as`"
)]
#[inline(always)]
fn parse_common(input: &[u8], iri: bool) -> Option<Result<Parts, Leftover>> {
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (§3.1)
    let scheme_end = match http_scheme_end(input) {
        Some(end) => end,
        None if input.first()?.is_ascii_alphabetic() => run(input, 1, &T_SCHEME),
        None => return None,
    };
    if input.get(scheme_end) != Some(&b':') {
        return None;
    }
    let mut pos = scheme_end + 1;
    let mut parts = Parts::start(Some(scheme_end));

    // "//" authority, with authority = host [ ":" port ] and host = reg-name (§3.2)
    if input.get(pos..pos + 2) == Some(b"//") {
        let start = pos + 2;
        let host_end = run(input, start, &T_REG_NAME);
        let host = input.get(start..host_end)?;
        pos = host_end;
        if input.get(pos) == Some(&b':') {
            // port = *DIGIT (§3.2.3)
            let digits_start = pos + 1;
            let digits = input.get(digits_start..)?;
            let len = digits.iter().position(|b| !b.is_ascii_digit());
            pos = digits_start + len.unwrap_or(digits.len());
            parts.port = Some(Span::new(digits_start, pos));
            parts.port_number = port_value(input.get(digits_start..pos)?);
        }
        // The authority ends at "/", "?", "#" or the end; anything else (userinfo's
        // "@", "%", "[", a bad byte) is for the general parser.
        if !matches!(input.get(pos), None | Some(b'/' | b'?' | b'#')) {
            return None;
        }
        parts.authority = Some(Span::new(start, pos));
        parts.host = Span::new(start, host_end);
        // An IPv4address ends with a digit (§3.2.2); most hosts end with a letter and
        // skip the call.
        if host.last().is_some_and(u8::is_ascii_digit) {
            parts.host_data = ipv4address(host).map_or(HostData::RegName, HostData::Ipv4);
        }
    }

    // path: *( pchar / "/" ), ending at "?", "#" or the end (§3.3)
    let path_end = pct_run(input, pos, &PATH_BLOCKS)?;
    parts.path = Span::new(pos, path_end);
    pos = path_end;
    let mut stopped = UriErrorKind::InvalidCharacterInPath;
    // query = *( pchar / "/" / "?" ), ending at "#" or the end (§3.4)
    if input.get(pos) == Some(&b'?') {
        let end = pct_run(input, pos + 1, &QUERY_BLOCKS)?;
        parts.query = Some(Span::new(pos + 1, end));
        pos = end;
        stopped = UriErrorKind::InvalidCharacterInQuery;
    }
    // fragment = *( pchar / "/" / "?" ), to the end (§3.5)
    if input.get(pos) == Some(&b'#') {
        let end = pct_run(input, pos + 1, &FRAGMENT_BLOCKS)?;
        parts.fragment = Some(Span::new(pos + 1, end));
        pos = end;
        stopped = UriErrorKind::InvalidCharacterInFragment;
    }
    match input.get(pos) {
        None => Some(Ok(parts)),
        // A run never stops at a `%` (a bad triplet returned `None` above); a non-ASCII
        // byte may start an IRI character.
        Some(byte) if byte.is_ascii() || !iri => Some(Err(Leftover::Invalid(GrammarError {
            kind: stopped,
            rest_len: input.len() - pos,
        }))),
        Some(_) => None,
    }
}

/// The end of the scheme (the index of its `:`) when `input` starts with `http://` or
/// `https://` in any case, the schemes of almost every URL: two word compares instead
/// of the scheme's byte loop, with the same end, since the loop stops at the `:`
/// (bench row `http/parse-urls`; test `rfc3986_section3_1_http_prefixes`).
///
/// OR-ing 0x20 into a byte gives `h`, `t`, `p` or `s` exactly for that letter in
/// either case (RFC 3986 §3.1: schemes are case-insensitive); the `://` is compared as
/// written.
#[inline]
fn http_scheme_end(input: &[u8]) -> Option<usize> {
    let word = u64::from_le_bytes(*input.first_chunk::<8>()?);
    if (word | 0x20_2020_2020) == u64::from_le_bytes(*b"https://") {
        Some(5)
    } else if (word | 0x2020_2020) & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"http://\0") {
        Some(4)
    } else {
        None
    }
}

/// The end of the run of `set` bytes that starts at `pos`, a byte at a time: for the
/// scheme and the host, runs of a few bytes. Taken eight bytes at a time they ran fewer
/// instructions (674 against 709 a corpus URL) but more slowly: `uri/parse-urls` at
/// 1.20-1.22x of `fluent-uri` against 1.37-1.46x, `uri/parse-mailto` 1.22-1.28x against
/// 1.31-1.41x, in one interleaved run.
#[inline]
fn run(input: &[u8], pos: usize, set: &Table) -> usize {
    pos + set.run_len(input.get(pos..).unwrap_or_default())
}

/// The end of the run of `*( set / pct-encoded )` that starts at `pos`; `None` at a `%`
/// without two hex digits (RFC 3986 §2.1), which the general parser reports.
///
/// Sixteen bytes at a time: the block's mask of bytes outside the set is zero for a
/// block inside the run, and otherwise gives the offset of the first such byte
/// directly. With fewer than sixteen bytes left, the input's last sixteen bytes are
/// read instead, shifted past the bytes before `pos`. So a run without triplets ends
/// with one data-dependent branch, where a byte loop after the blocks would add a
/// second one at a count that varies from URI to URI. From the first `%` on,
/// [`triplet_run`] takes over.
#[inline]
fn pct_run(input: &[u8], pos: usize, blocks: &Blocks) -> Option<usize> {
    let pos = blocks.run_end(input, pos);
    if input.get(pos) == Some(&b'%') {
        triplet_run(input, pos, blocks)
    } else {
        Some(pos)
    }
}

/// [`pct_run`] from a `%` at `pos` on, still sixteen bytes at a time.
///
/// Each block gives three masks: the bytes that end the run (neither in the set nor
/// `%`), the `%`s, and the bytes that are no hex digit. A `%` at offset `i` wants hex
/// digits at `i + 1` and `i + 2`; the wanted offsets are carried into the next block
/// when they cross its edge, and checked against the hex mask without a branch. So the
/// run still ends with one data-dependent branch, however many triplets it holds: a
/// byte-by-byte step would take a branch per byte, mispredicted at most `%`s of text
/// such as `subject=a%20b%20c`. Runs without a `%` stay on the cheaper mask of
/// [`pct_run`].
#[inline]
fn triplet_run(input: &[u8], mut pos: usize, blocks: &Blocks) -> Option<usize> {
    // Bit `i`: offset `i` of the current block must be a hex digit.
    let mut want_hex = 0u32;
    // Nonzero once a wanted hex digit was not one.
    let mut bad = 0u32;
    loop {
        let (masks, left) = match input.get(pos..).and_then(<[u8]>::first_chunk::<BLOCK>) {
            Some(block) => (blocks.masks(block), BLOCK),
            None => (blocks.tail_masks(input, pos)?, input.len() - pos),
        };
        want_hex |= masks.percent << 1 | masks.percent << 2;
        // The end of the input ends the run like a byte outside the set.
        let stop = masks.stop | 1 << left;
        if stop == 1 << BLOCK {
            bad |= want_hex & masks.not_hex;
            want_hex >>= BLOCK;
            pos += BLOCK;
            continue;
        }
        let end = stop.trailing_zeros();
        // Offsets up to and including the end, where the byte (or the end of the input)
        // is no hex digit: a triplet cut by the end fails.
        let upto = (2 << end) - 1;
        bad |= want_hex & (masks.not_hex | 1 << end) & upto;
        return (bad == 0).then_some(pos + end as usize);
    }
}

/// The bytes a block holds.
const BLOCK: usize = 16;

/// The three masks of a block, bit `i` for byte `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Masks {
    /// Bytes that end the run: neither in the set nor `%`.
    stop: u32,
    /// The `%`s.
    percent: u32,
    /// Bytes that are no hex digit.
    not_hex: u32,
}

/// The sets of the path (`PATH`) and of the query and fragment (`QUERY`, which is
/// `PATH` and `?`), tested sixteen bytes at a time.
///
/// On x86-64 a block is classified by SSE2 compares (every x86-64 processor has SSE2):
/// the fourteen printable bytes outside `PATH` (`%` among them) fall in seven groups,
/// each one compare, or two with a mask or an offset. Elsewhere, and in the tests that
/// hold the two to each other, by a table of each byte's class.
struct Blocks {
    /// Whether `?` is in the set (`QUERY`), or not (`PATH`).
    question_mark: bool,
    /// Each byte's class: bit 0 when it ends a run (neither in the set nor `%`), bit 16
    /// for `%`, bit 32 when it is no hex digit. Shifted by each byte's offset and
    /// combined by OR, the classes of a block give its three masks in three fields of
    /// one word; 2 KiB.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    class: [u64; 256],
}

impl Blocks {
    /// The tests of `set`, which must be `PATH` or `QUERY` (checked when the constant
    /// is built).
    // `allow`: the table, and with it the indexing, is built in tests and off x86-64 only.
    #[allow(
        clippy::indexing_slicing,
        clippy::cast_possible_truncation,
        reason = "a const loop over 0..256 indexes a 256-entry table"
    )]
    const fn new(set: ByteSet) -> Self {
        let question_mark = set.contains(b'?');
        #[cfg(any(test, not(target_arch = "x86_64")))]
        let mut class = [0u64; 256];
        let mut b: usize = 0;
        while b < 256 {
            let byte = b as u8;
            // The SSE2 compares know these two sets only.
            let known = PATH.contains(byte) || (question_mark && byte == b'?');
            assert!(set.contains(byte) == known, "only PATH and QUERY");
            #[cfg(any(test, not(target_arch = "x86_64")))]
            {
                if byte == b'%' {
                    class[b] |= 1 << 16;
                } else if !set.contains(byte) {
                    class[b] |= 1;
                }
                if !crate::ascii::HEXDIG.contains(byte) {
                    class[b] |= 1 << 32;
                }
            }
            b += 1;
        }
        Self {
            question_mark,
            #[cfg(any(test, not(target_arch = "x86_64")))]
            class,
        }
    }

    /// The end of the run of set bytes that starts at `pos`, a block at a time (see
    /// [`pct_run`]), for the path, the query and the fragment. The scheme and the host
    /// take the byte loop of [`run`] instead: with SSE2 blocks the host ran as many
    /// instructions (940 against 936 a URL, `ab http --side ours`) and `uri/parse-urls`
    /// no faster.
    #[expect(
        clippy::inline_always,
        reason = "one call per component: inlined, each loop keeps its constants in registers (row `http/parse-urls`)"
    )]
    #[inline(always)]
    fn run_end(&self, input: &[u8], mut pos: usize) -> usize {
        loop {
            match input.get(pos..).and_then(<[u8]>::first_chunk::<BLOCK>) {
                Some(block) => match self.misses(block) {
                    0 => pos += BLOCK,
                    misses => return pos + misses.trailing_zeros() as usize,
                },
                None => return self.tail_stop(input, pos),
            }
        }
    }

    /// Bit `i` set when byte `i` of `block` is not in the set (a `%` is not).
    #[inline]
    fn misses(&self, block: &[u8; BLOCK]) -> u32 {
        let masks = self.masks(block);
        masks.stop | masks.percent
    }

    /// The end of the run of set bytes from `pos` when fewer than sixteen bytes are
    /// left: from the mask of the input's last sixteen bytes, shifted past the bytes
    /// before `pos`, or of [`short_block`] in a shorter input.
    #[inline]
    fn tail_stop(&self, input: &[u8], pos: usize) -> usize {
        let left = input.len().saturating_sub(pos);
        match (input.last_chunk::<BLOCK>(), u32::try_from(left)) {
            (Some(last), Ok(left @ 0..16)) => {
                let misses = self.misses(last) >> (16 - left);
                pos + (misses | 1 << left).trailing_zeros() as usize
            }
            _ => short_stop(self, input, pos),
        }
    }

    /// The three masks of `block`, by SSE2 compares.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn masks(&self, block: &[u8; BLOCK]) -> Masks {
        use safe_arch::{
            add_i8_m128i, bitand_m128i, bitandnot_m128i, bitor_m128i, cmp_eq_mask_i8_m128i,
            cmp_gt_mask_i8_m128i, cmp_lt_mask_i8_m128i, load_unaligned_m128i, m128i,
            move_mask_i8_m128i, set_splat_i8_m128i,
        };
        let splat = |b: u8| set_splat_i8_m128i(b.cast_signed());
        let is = |bytes: m128i, b: u8| cmp_eq_mask_i8_m128i(bytes, splat(b));
        // `lo..lo + n`: moved to start at -128, the range is what lies below -128 + n.
        let within = |bytes: m128i, lo: u8, n: u8| {
            let moved = add_i8_m128i(bytes, splat(0x80u8.wrapping_sub(lo)));
            cmp_lt_mask_i8_m128i(moved, splat(0x80 + n))
        };
        let mask = |bytes: m128i| move_mask_i8_m128i(bytes).cast_unsigned();
        let bytes = load_unaligned_m128i(block);
        // Signed compares: bytes above 0x7F are negative, outside like the controls.
        let printable = bitand_m128i(
            cmp_gt_mask_i8_m128i(bytes, splat(b' ')),
            cmp_lt_mask_i8_m128i(bytes, splat(0x7F)),
        );
        // 0x20 maps `[ \ ]` (0x5B-0x5D) onto `{ | }` (0x7B-0x7D), and no other byte.
        let folded = bitor_m128i(bytes, splat(0x20));
        let percent = is(bytes, b'%');
        let outside = bitor_m128i(
            bitor_m128i(
                // `"` and `#` (0x22, 0x23).
                is(bitand_m128i(bytes, splat(0xFE)), b'"'),
                // `<` and `>` (0x3C, 0x3E).
                is(bitand_m128i(bytes, splat(0xFD)), b'<'),
            ),
            bitor_m128i(
                bitor_m128i(within(folded, b'{', 3), is(bytes, b'^')),
                bitor_m128i(is(bytes, b'`'), percent),
            ),
        );
        let outside = if self.question_mark {
            outside
        } else {
            bitor_m128i(outside, is(bytes, b'?'))
        };
        let in_set = bitandnot_m128i(outside, printable);
        // 0x20 maps `A-F` onto `a-f`, and bytes below 0x20 only onto the digits' range.
        let hex = bitor_m128i(within(bytes, b'0', 10), within(folded, b'a', 6));
        Masks {
            stop: !mask(bitor_m128i(in_set, percent)) & 0xFFFF,
            percent: mask(percent),
            not_hex: !mask(hex) & 0xFFFF,
        }
    }

    /// The three masks of `block`, from the table of classes.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline]
    fn masks(&self, block: &[u8; BLOCK]) -> Masks {
        self.masks_by_table(block)
    }

    /// The three masks of `block`, from the table of classes.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn masks_by_table(&self, block: &[u8; BLOCK]) -> Masks {
        // Every byte has a class: the fallback (all three fields set) is never used.
        let all = block.iter().enumerate().fold(0u64, |all, (i, &b)| {
            all | self.class.get(usize::from(b)).copied().unwrap_or(u64::MAX) << i
        });
        let field = |at: u32| u32::try_from(all >> at & 0xFFFF).unwrap_or(u32::MAX);
        Masks {
            stop: field(0),
            percent: field(16),
            not_hex: field(32),
        }
    }

    /// The masks of the fewer than sixteen bytes from `pos` to the end, bit 0 for
    /// `pos`: those of the input's last sixteen bytes, shifted past the bytes before
    /// `pos`, or of [`short_block`] in a shorter input.
    #[inline]
    fn tail_masks(&self, input: &[u8], pos: usize) -> Option<Masks> {
        let left = input.len().checked_sub(pos)?;
        let shift = BLOCK.checked_sub(left)?;
        let Some(last) = input.last_chunk::<BLOCK>() else {
            return Some(self.masks(&short_block(input, pos)?));
        };
        let masks = self.masks(last);
        Some(Masks {
            stop: masks.stop >> shift,
            percent: masks.percent >> shift,
            not_hex: masks.not_hex >> shift,
        })
    }
}

/// [`Blocks::tail_stop`] in an input shorter than sixteen bytes, from [`short_block`];
/// out of line: the corpora hold few URIs that short, and inlined it cost the hot tail.
#[cold]
fn short_stop(blocks: &Blocks, input: &[u8], pos: usize) -> usize {
    let left = input.len().saturating_sub(pos).min(BLOCK);
    let misses = short_block(input, pos).map_or(0, |block| blocks.misses(&block));
    pos + (misses | 1 << left).trailing_zeros() as usize
}

/// The bytes from `pos` to the end of an input shorter than sixteen bytes, padded with
/// zeros: a zero byte is in no set and is no hex digit, so it ends a run (and cuts a
/// triplet short) as the end of the input does.
fn short_block(input: &[u8], pos: usize) -> Option<[u8; BLOCK]> {
    let rest = input.get(pos..).filter(|rest| rest.len() <= BLOCK)?;
    let mut block = [0u8; BLOCK];
    block.get_mut(..rest.len())?.copy_from_slice(rest);
    Some(block)
}

const PATH_BLOCKS: Blocks = Blocks::new(PATH);
const QUERY_BLOCKS: Blocks = Blocks::new(QUERY);
const FRAGMENT_BLOCKS: Blocks = Blocks::new(FRAGMENT);

#[cfg(test)]
mod tests {
    extern crate std;

    use std::format;
    use std::string::String;

    use proptest::prelude::*;

    use super::super::{located, parse_general, uri_reference};
    use super::*;
    use crate::{UriErrorKind, UriPolicy, grammar::parse_reference};

    /// The general parser alone, in a mode.
    fn general(input: &str, opts: UriPolicy) -> Option<Parts> {
        uri_reference(input.as_bytes(), opts, true).ok()
    }

    /// The fast path's parts, when it takes the input.
    fn parse(input: &[u8]) -> Option<Parts> {
        super::parse(input, true).ok()
    }

    /// Whether an error the fast path reports is the general parser's, with its kind,
    /// offset and named character, in every mode.
    fn same_error(input: &str) -> bool {
        [
            UriPolicy::STRICT,
            UriPolicy::STRICT.with_iri(),
            UriPolicy::STRICT.with_zone_ids(),
        ]
        .into_iter()
        .all(|opts| {
            let Err(Leftover::Invalid(e)) = super::parse(input.as_bytes(), opts.iri()) else {
                return true;
            };
            let general = parse_general(input.as_bytes(), opts, true).err();
            let fast = located(input.as_bytes(), e, opts);
            general.is_some_and(|g| {
                (g.kind(), g.offset(), g.found()) == (fast.kind(), fast.offset(), fast.found())
            })
        })
    }

    /// The general parser reports `text` as a bad triplet (RFC 3986 §2.1) at `offset`.
    fn assert_bad_triplet_at(text: &str, offset: usize) {
        let e = parse_reference(text.as_bytes(), UriPolicy::STRICT, true).expect_err("bad triplet");
        assert_eq!(
            (e.kind(), e.offset()),
            (UriErrorKind::BadPercentEncoding, offset),
            "{text}"
        );
    }

    /// Whatever the fast path returns is what the general parser returns, in every
    /// mode (the options only change what the fast path leaves to the general parser).
    fn agrees(input: &str) -> bool {
        let fast = parse(input.as_bytes());
        for opts in [
            UriPolicy::STRICT,
            UriPolicy::STRICT.with_iri(),
            UriPolicy::STRICT.with_zone_ids(),
        ] {
            let general = general(input, opts);
            if fast.is_some() && fast != general {
                return false;
            }
        }
        // Nothing the strict general parser rejects gets through, and an error found
        // is the general parser's.
        !(fast.is_some() && general(input, UriPolicy::STRICT).is_none()) && same_error(input)
    }

    /// RFC 3986 §3.1: the `http://` and `https://` prefixes in any case give the
    /// scheme's end without its loop, and nothing else does; the parts agree with the
    /// general parser's either way.
    #[test]
    fn rfc3986_section3_1_http_prefixes() {
        for (text, end) in [
            ("http://h/", Some(4)),
            ("HTTP://h/", Some(4)),
            ("hTtPs://h/", Some(5)),
            ("https://", Some(5)),
            ("http://", None),
            ("http:/h/", None),
            ("httpx://h/", None),
            ("http:\x1a//h/", None),
            ("https:/h/", None),
            ("https;//h/", None),
            ("htt://h/", None),
            ("http\x1a//h/", None),
            ("hxxp://h/", None),
        ] {
            assert_eq!(http_scheme_end(text.as_bytes()), end, "{text}");
            assert!(agrees(text), "{text}");
        }
    }

    /// RFC 3986 §3.3-§3.5 classes: the SSE2 compares give every byte, at every offset
    /// of a block and among every neighbour, the class the table of the sets gives it
    /// (the table is built from `ascii::PATH` and `ascii::QUERY`).
    #[test]
    fn rfc3986_section3_3_block_masks_are_the_sets() {
        for blocks in [&PATH_BLOCKS, &QUERY_BLOCKS, &FRAGMENT_BLOCKS] {
            for byte in 0..=u8::MAX {
                for neighbour in [b'a', b'%', b'?', b'F', 0, 0x80, byte] {
                    for at in 0..BLOCK {
                        let mut block = [neighbour; BLOCK];
                        block[at] = byte;
                        assert_eq!(
                            blocks.masks(&block),
                            blocks.masks_by_table(&block),
                            "{block:?}"
                        );
                    }
                }
            }
        }
        // Each class is the set's: spot checks against the RFC's ABNF.
        let one = |blocks: &Blocks, byte: u8| blocks.masks(&[byte; BLOCK]);
        assert_eq!(one(&PATH_BLOCKS, b'?').stop, 0xFFFF);
        assert_eq!(one(&PATH_BLOCKS, b':').stop, 0);
        assert_eq!(one(&QUERY_BLOCKS, b'?').stop, 0);
        assert_eq!(one(&PATH_BLOCKS, b'%').percent, 0xFFFF);
        assert_eq!(one(&PATH_BLOCKS, b'f').not_hex, 0);
        assert_eq!(one(&PATH_BLOCKS, b'g').not_hex, 0xFFFF);
    }

    #[test]
    fn rfc3986_section3_fast_path_agrees_on_both_corpora() {
        for (name, corpus) in [
            ("urls", include_str!("../../testdata/corpus/urls.txt")),
            ("mailto", include_str!("../../testdata/corpus/mailto.txt")),
        ] {
            let mut fast = 0;
            let mut lines = 0;
            let mut invalid = 0;
            for line in corpus.split('\n').filter(|l| !l.is_empty()) {
                assert!(agrees(line), "{name}: {line}");
                lines += 1;
                fast += usize::from(parse(line.as_bytes()).is_some());
                invalid += usize::from(matches!(
                    super::parse(line.as_bytes(), false),
                    Err(Leftover::Invalid(_))
                ));
            }
            // The corpus's invalid characters in paths and queries are found here.
            assert!(
                invalid > 0 || name == "mailto",
                "{name}: no invalid character found"
            );
            // Most of each corpus takes the fast path (else it measures nothing).
            assert!(fast * 10 > lines * 8, "{name}: {fast} of {lines}");
        }
    }

    /// Every input of the committed fuzz corpora of the URI targets (each file as a
    /// whole, and each of its lines), linked under `testdata/fuzz/` so that the package
    /// carries them.
    #[test]
    fn rfc3986_section3_fast_path_agrees_on_the_fuzz_corpora() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/fuzz");
        let mut checked = 0;
        for target in [
            "uri_vs_fluent",
            "uri_roundtrip",
            "uri_resolve",
            "http_parse",
            "mailto_parse",
        ] {
            let Ok(dir) = std::fs::read_dir(format!("{root}/{target}")) else {
                continue;
            };
            for entry in dir.flatten() {
                let bytes = std::fs::read(entry.path()).unwrap_or_default();
                let text = String::from_utf8_lossy(&bytes);
                for input in core::iter::once(&*text).chain(text.lines()) {
                    assert!(agrees(input), "{target}: {input:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "fuzz corpora not found under {root}");
    }

    /// A triplet, a bad triplet or a non-ASCII byte at every offset around the
    /// sixteen-byte block edges of the path, query and fragment runs.
    #[test]
    fn rfc3986_section2_1_triplets_and_bytes_at_block_edges() {
        for component in ["/", "/?", "/#"] {
            for before in 0..36 {
                for after in 0..20 {
                    let pad = |n| "a".repeat(n);
                    let prefix = format!("http://h{component}{}", pad(before));
                    let good = format!("{prefix}%4F{}", pad(after));
                    let parts = parse(good.as_bytes()).expect("valid triplet");
                    assert_eq!(Some(parts), general(&good, UriPolicy::STRICT), "{good}");
                    // A `%` with one hex digit, a bad second digit, or at the very end:
                    // the general parser runs and reports it at the `%`.
                    for bad in ["%4", "%4g", "%g4", "%"] {
                        let text = format!("{prefix}{bad}{}", if after == 0 { "" } else { "Z" });
                        assert!(parse(text.as_bytes()).is_none(), "{text}");
                        assert_bad_triplet_at(&text, prefix.len());
                    }
                    // A non-ASCII byte: left to the general parser, an error in strict
                    // mode at that byte, fine in IRI mode.
                    let iri = format!("{prefix}é{}", pad(after));
                    assert!(parse(iri.as_bytes()).is_none(), "{iri}");
                    let e = parse_reference(iri.as_bytes(), UriPolicy::STRICT, true)
                        .expect_err("non-ASCII in strict mode");
                    assert_eq!(e.offset(), prefix.len(), "{iri}");
                    assert!(
                        parse_reference(iri.as_bytes(), UriPolicy::STRICT.with_iri(), true).is_ok(),
                        "{iri}"
                    );
                }
            }
        }
    }

    /// A second triplet, good or cut short, at every offset after a first one, so that
    /// the wanted hex digits cross every block edge; a `%` where a hex digit belongs.
    #[test]
    fn rfc3986_section2_1_triplet_after_triplet_at_every_offset() {
        for component in ["/", "/?", "/#"] {
            for before in 0..20 {
                for gap in 0..20 {
                    let head = format!(
                        "mailto:x{component}{}%41{}",
                        "a".repeat(before),
                        "b".repeat(gap)
                    );
                    for (second, valid) in [
                        ("%4a", true),
                        ("%4a%20", true),
                        ("%%41", false),
                        ("%4%41", false),
                        ("%4", false),
                        ("%", false),
                        ("%4 ", false),
                        ("%g1", false),
                    ] {
                        for tail in ["", "z", "zzzzzzzz", "?q"] {
                            let text = format!("{head}{second}{tail}");
                            let strict = general(&text, UriPolicy::STRICT);
                            assert_eq!(strict.is_some(), valid, "{text}");
                            assert_eq!(parse(text.as_bytes()), strict, "{text}");
                            if !valid {
                                assert_bad_triplet_at(&text, head.len());
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs that end at every offset of the input's last sixteen bytes (read as one
    /// shifted block) and inputs shorter than sixteen bytes (one zero-padded block): the
    /// fast path takes every valid one and agrees with the general parser.
    #[test]
    fn rfc3986_section3_run_ends_in_the_last_sixteen_bytes() {
        for n in 0..36 {
            for tail in [
                "", "?", "#", "?q", "#f", "?q#f", "/", " ", "%41", "%4", "?%41x", "#é",
            ] {
                let text = format!("a:{}{tail}", "b".repeat(n));
                assert!(agrees(&text), "{text}");
                let valid = general(&text, UriPolicy::STRICT).is_some();
                assert_eq!(parse(text.as_bytes()).is_some(), valid, "{text}");
            }
        }
    }

    /// RFC 3986 §3.3-§3.5: an ASCII byte outside the component's class ends it with the
    /// general parser's error (kind, offset, named character); white space around the
    /// text is named as such (RFC 3986 Appendix C).
    #[test]
    fn rfc3986_section3_3_invalid_characters_found_by_the_fast_path() {
        for (text, kind, offset) in [
            ("http://h/a b", UriErrorKind::InvalidCharacterInPath, 10),
            ("http://h/a|b?q", UriErrorKind::InvalidCharacterInPath, 10),
            ("http://h/?q=<x>", UriErrorKind::InvalidCharacterInQuery, 12),
            (
                "http://h/?q#f#",
                UriErrorKind::InvalidCharacterInFragment,
                13,
            ),
            ("a:b%41\\", UriErrorKind::InvalidCharacterInPath, 6),
            ("http://h/ ", UriErrorKind::SurroundingWhitespace, 9),
            ("http://h/x\t\n", UriErrorKind::SurroundingWhitespace, 10),
        ] {
            assert!(
                matches!(
                    super::parse(text.as_bytes(), true),
                    Err(Leftover::Invalid(_))
                ),
                "{text}"
            );
            assert!(same_error(text), "{text}");
            let e = parse_reference(text.as_bytes(), UriPolicy::STRICT, true).expect_err(text);
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{text}");
        }
        // A non-ASCII byte may be an IRI character: with IRIs the general parser decides,
        // without them it ends the path as an ASCII byte does.
        let text = "http://h/aé?q";
        assert_eq!(super::parse(text.as_bytes(), true), Err(Leftover::General));
        assert!(matches!(
            super::parse(text.as_bytes(), false),
            Err(Leftover::Invalid(_))
        ));
        assert!(same_error(text), "{text}");
        let e = parse_reference(text.as_bytes(), UriPolicy::STRICT, true).expect_err(text);
        assert_eq!(
            (e.kind(), e.offset(), e.found()),
            (UriErrorKind::InvalidCharacterInPath, 10, Some('é'))
        );
        assert!(parse_reference(text.as_bytes(), UriPolicy::STRICT.with_iri(), true).is_ok());
    }

    #[test]
    fn rfc3986_section3_2_authority_shapes() {
        /// Asserts that the fast path takes each of `texts` or not, as `taken` says, and
        /// agrees with the general parser on it.
        fn assert_fast_path(texts: &[&str], taken: bool) {
            for text in texts {
                assert_eq!(parse(text.as_bytes()).is_some(), taken, "{text}");
                assert!(agrees(text), "{text}");
            }
        }
        let taken = [
            "http://h",
            "http://",
            "http://:",
            "http://h:/",
            "http://h:80",
            "http://h:99999/",
            "http://127.0.0.1:8080/x",
            "http://127.0.0.001/",
            "http://h?q",
            "http://h#f",
            "mailto:a@b.c",
            "urn:x:y",
            "a:",
            "a://",
        ];
        assert_fast_path(&taken, true);
        let left_to_the_general_parser = [
            "http://u@h/",
            "http://u:p@h/",
            "http://[::1]/",
            "http://h%41/",
            "http://h:8x/",
            "http://h h/",
            "http://h/ ",
            "http://h/?q#f#",
            "//h/",
            "1a:b",
            "a",
            "",
        ];
        assert_fast_path(&left_to_the_general_parser, false);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Text dense in `%`s and hex digits, RFC 3986 §2.1: the fast path agrees with
        /// the general parser.
        #[test]
        fn rfc3986_section2_1_dense_triplets_agree_with_the_general_parser(
            head in prop::sample::select(&["http://h/", "mailto:a@b?", "a:#"][..]),
            body in "[%0-9a-gA-G/?#=&]{0,40}",
        ) {
            let text: String = format!("{head}{body}");
            prop_assert!(agrees(&text), "{}", text);
            let valid = general(&text, UriPolicy::STRICT).is_some();
            // Every valid one of these has the common shape.
            prop_assert_eq!(parse(text.as_bytes()).is_some(), valid, "{}", text);
        }

        /// Random URI-like text: the fast path agrees with the general parser.
        #[test]
        fn rfc3986_fast_path_agrees_with_the_general_parser(
            head in prop::sample::select(&["http://", "https://", "mailto:", "a:", "x+y.z:", ""][..]),
            body in "[a-zA-Z0-9:/?#%@\\[\\]._~!$&'()*+,;= \"é-]{0,40}",
        ) {
            let text: String = format!("{head}{body}");
            prop_assert!(agrees(&text), "{}", text);
        }
    }
}
