//! RFC 3492 Punycode: strict, `no_std`, allocation-free encoding and decoding, with the
//! mixed-case annotation of Appendix A.
//!
//! Punycode turns a string of Unicode code points into a string of ASCII letters,
//! digits and hyphens and back; IDNA uses it for the part of an A-label after `xn--`.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! assert_eq!(punycode_core::encode_to_string("bücher")?, "bcher-kva");
//! assert_eq!(punycode_core::decode_to_string("bcher-kva")?, "bücher");
//! # }
//! # Ok::<(), punycode_core::PunycodeError>(())
//! ```
//!
//! # What it does
//!
//! - Encodes ([`encode`], [`encode_str`]) into any [`core::fmt::Write`] and decodes
//!   ([`decode_into`]) into the caller's `&mut [char]`, without `alloc`; [`validate`]
//!   checks and counts without writing anything. With `alloc`: [`encode_to_string`],
//!   [`decode_to_string`] (the names `idna::punycode` users know) and
//!   [`decode_mixed_case`].
//! - Decodes strictly: every input the RFC's decoder rejects is an error with a
//!   [`PunycodeErrorKind`] and the byte offset where it was found, and results that are
//!   surrogates or above U+10FFFF are rejected during decoding. Uppercase digits decode
//!   like lowercase ones; the encoder writes lowercase.
//! - Mixed-case annotation (Appendix A) both ways: [`encode_mixed_case`] takes
//!   `(char, uppercase)` pairs, [`decode_mixed_case_into`] returns them.
//! - Stays fast on every input: labels take allocation-free stack paths; long inputs
//!   are O(n log n) in both directions (see "Input safety").
//!
//! # What it does not do
//!
//! - No IDNA: no `xn--` prefix handling, no case folding or normalization, no label
//!   length (63) or character checks (UTS #46, RFC 5891/5892). That is `ldh-domain`'s
//!   job, built on this crate.
//! - No case mapping: the Appendix A flags are returned, not applied (RFC 3492
//!   Appendix A: "the annotations do not alter the code points returned by decoders").
//!
//! # RFC 3492 section map
//!
//! | RFC 3492 | here |
//! |---|---|
//! | §3.1 basic code point segregation | basic code points copied first, then [`DELIMITER`] if there are any |
//! | §3.2 insertion unsort coding, §3.3 generalized variable-length integers | the deltas of [`encode`] / [`decode_into`] |
//! | §3.4 bias adaptation, §6.1 `adapt` | internal `adapt`, with a table for its last division |
//! | §5 parameter values | [`BASE`], [`TMIN`], [`TMAX`], [`SKEW`], [`DAMP`], [`INITIAL_BIAS`], [`INITIAL_N`], [`DELIMITER`], checked against the §4 constraints at compile time |
//! | §6.2 decoding procedure | [`decode_into`], [`validate`]; every "fail" is a [`PunycodeErrorKind`] |
//! | §6.3 encoding procedure | [`encode`], [`encode_str`] |
//! | §6.4 overflow handling | 32-bit unsigned arithmetic with checks: [`PunycodeErrorKind::Overflow`] |
//! | §7.1 sample strings | the integration tests, from `testdata/rfc3492/` |
//! | Appendix A mixed-case annotation | [`encode_mixed_case`], [`decode_mixed_case_into`] |
//!
//! # Input safety
//!
//! - **Length limit.** Every function rejects inputs longer than
//!   [`Options::max_input_len`] with [`PunycodeErrorKind::TooLong`] before doing any
//!   work: by default [`DEFAULT_MAX_INPUT_LEN`] = 1 MiB (bytes of Punycode, bytes of a
//!   `&str`, elements of a slice), far above the 63 bytes of a DNS label. Lower it with
//!   [`Options::with_max_input_len`] when inputs come from the network. RFC 3492 §6.4
//!   arithmetic is 32-bit, so the limit never exceeds `u32::MAX - 1`.
//! - **No panics, no recursion, no unbounded allocation.** The decoder's output is never
//!   longer than its input, so `input.len()` chars always suffice; the `alloc` paths
//!   allocate O(input length).
//! - **Worst-case time.** [`validate`] is O(n). With `alloc`, encoding and decoding are
//!   O(n log n): the 1 MiB line of the benchmark corpus (452,306 code points) encodes
//!   in 25–55 ms and decodes in 35–85 ms on the (shared, busy) development machine. Without
//!   `alloc`, inputs of more than 64 code points are encoded by the RFC's loop, O(n · d)
//!   for `d` distinct non-basic code points, and [`decode_into`] shifts the tail of the
//!   buffer for each non-basic code point, O(n²) `char` moves at worst: measured there,
//!   about 0.2 s for 64 KiB inputs but 4 s (encode) and 6 s (decode) for that 1 MiB
//!   line. Labels are unaffected; on `alloc`-free targets that take long untrusted
//!   inputs, lower the limit.
//!
//! # Crate features
//!
//! - `alloc`: the `String`/`Vec`-returning functions, and the O(n log n) paths for
//!   long inputs (which [`decode_into`] then also uses above 512 bytes of input).
//! - `std` (default): implies `alloc`; nothing else yet ([`PunycodeError`] implements
//!   `core::error::Error` in every build). It exists so that std-only additions never
//!   break builds that turned defaults off.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// The preamble every library crate shares; docs/boilerplate.md explains each line.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

// The README's example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bootstring;
mod decode;
mod encode;
mod error;
#[cfg(feature = "alloc")]
mod fenwick;
#[cfg(feature = "alloc")]
mod label;

pub use bootstring::{BASE, DAMP, DELIMITER, INITIAL_BIAS, INITIAL_N, SKEW, TMAX, TMIN};
pub use error::{PunycodeError, PunycodeErrorKind};

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
use core::fmt;

/// The default input-length limit of [`Options`]: 1 MiB (bytes of Punycode to decode,
/// bytes of `&str` or elements of a slice to encode). Generous: a DNS label is at most
/// 63 bytes. See "Input safety" in the crate docs.
///
/// ```
/// assert_eq!(punycode_core::DEFAULT_MAX_INPUT_LEN, 1024 * 1024);
/// ```
pub const DEFAULT_MAX_INPUT_LEN: usize = 1024 * 1024;

/// Inputs longer than this many bytes are decoded by recording the insertions and
/// placing them in O(n log n) when `alloc` is available.
#[cfg(feature = "alloc")]
const DECODE_LONG_THRESHOLD: usize = 512;

/// Limits for encoding and decoding; the free functions use [`Options::DEFAULT`].
///
/// `const`-constructible, so an embedded caller can keep it in a `static`.
///
/// ```
/// use punycode_core::{Options, PunycodeErrorKind};
///
/// static LABELS: Options = Options::DEFAULT.with_max_input_len(59); // 63 - "xn--"
/// assert_eq!(LABELS.validate(b"bcher-kva")?, 6);
/// let err = LABELS.validate(&[b'a'; 60]).unwrap_err();
/// assert_eq!(err.kind(), PunycodeErrorKind::TooLong);
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    max_input_len: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl Options {
    /// The defaults: a limit of [`DEFAULT_MAX_INPUT_LEN`].
    ///
    /// ```
    /// use punycode_core::{Options, DEFAULT_MAX_INPUT_LEN};
    /// assert_eq!(Options::DEFAULT.max_input_len(), DEFAULT_MAX_INPUT_LEN);
    /// ```
    pub const DEFAULT: Self = Self {
        max_input_len: DEFAULT_MAX_INPUT_LEN,
    };

    /// Same as [`Options::DEFAULT`].
    ///
    /// ```
    /// assert_eq!(punycode_core::Options::new(), punycode_core::Options::DEFAULT);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        Self::DEFAULT
    }

    /// Sets the input-length limit (bytes of Punycode or of `&str`, elements of a
    /// slice). Values above `u32::MAX - 1` act as `u32::MAX - 1`, since RFC 3492 §6.4
    /// arithmetic here is 32-bit.
    ///
    /// ```
    /// let opts = punycode_core::Options::DEFAULT.with_max_input_len(63);
    /// assert_eq!(opts.max_input_len(), 63);
    /// ```
    #[must_use]
    pub const fn with_max_input_len(self, max_input_len: usize) -> Self {
        Self { max_input_len }
    }

    /// The input-length limit.
    ///
    /// ```
    /// assert_eq!(punycode_core::Options::DEFAULT.max_input_len(), 1 << 20);
    /// ```
    pub const fn max_input_len(&self) -> usize {
        self.max_input_len
    }

    /// [`encode`] with these options.
    ///
    /// ```
    /// let mut out = String::new();
    /// punycode_core::Options::DEFAULT.encode(&['b', 'ü', 'c', 'h', 'e', 'r'], &mut out)?;
    /// assert_eq!(out, "bcher-kva");
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    pub fn encode<W: fmt::Write + ?Sized>(
        &self,
        input: &[char],
        output: &mut W,
    ) -> Result<(), PunycodeError> {
        self.encode_buffered(input, output)
    }

    /// [`encode_str`] with these options.
    ///
    /// ```
    /// let mut out = String::new();
    /// punycode_core::Options::DEFAULT.encode_str("bücher", &mut out)?;
    /// assert_eq!(out, "bcher-kva");
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    pub fn encode_str<W: fmt::Write + ?Sized>(
        &self,
        input: &str,
        output: &mut W,
    ) -> Result<(), PunycodeError> {
        self.encode_buffered(input, output)
    }

    /// [`encode_mixed_case`] with these options.
    ///
    /// ```
    /// let mut out = String::new();
    /// let input = [('b', true), ('ü', false), ('c', false)];
    /// punycode_core::Options::DEFAULT.encode_mixed_case(&input, &mut out)?;
    /// assert_eq!(out, "Bc-xka");
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    pub fn encode_mixed_case<W: fmt::Write + ?Sized>(
        &self,
        input: &[(char, bool)],
        output: &mut W,
    ) -> Result<(), PunycodeError> {
        self.encode_buffered(input, output)
    }

    /// Encodes any input form into a `fmt::Write`, through a stack buffer so that the
    /// writer sees a few large writes.
    fn encode_buffered<S: encode::Source, W: fmt::Write + ?Sized>(
        self,
        input: S,
        output: &mut W,
    ) -> Result<(), PunycodeError> {
        encode::encode_with(
            input,
            self.max_input_len,
            &mut encode::Buffered::new(output),
        )
    }

    /// [`validate`] with these options.
    ///
    /// ```
    /// assert_eq!(punycode_core::Options::DEFAULT.validate(b"bcher-kva")?, 6);
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    pub fn validate(&self, input: &[u8]) -> Result<usize, PunycodeError> {
        decode::decode_with(input, self.max_input_len, &mut decode::Discard)
    }

    /// [`decode_into`] with these options.
    ///
    /// ```
    /// let mut buf = ['\0'; 16];
    /// let out = punycode_core::Options::DEFAULT.decode_into(b"bcher-kva", &mut buf)?;
    /// assert_eq!(out, ['b', 'ü', 'c', 'h', 'e', 'r']);
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    #[inline]
    pub fn decode_into<'o>(
        &self,
        input: &[u8],
        output: &'o mut [char],
    ) -> Result<&'o [char], PunycodeError> {
        self.decode_slice(input, output)
    }

    /// [`decode_mixed_case_into`] with these options.
    ///
    /// ```
    /// let mut buf = [('\0', false); 16];
    /// let out = punycode_core::Options::DEFAULT.decode_mixed_case_into(b"Bc-xkA", &mut buf)?;
    /// assert_eq!(out, [('B', true), ('ü', true), ('c', false)]);
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    pub fn decode_mixed_case_into<'o>(
        &self,
        input: &[u8],
        output: &'o mut [(char, bool)],
    ) -> Result<&'o [(char, bool)], PunycodeError> {
        self.decode_slice(input, output)
    }

    #[inline]
    fn decode_slice<'o, T: decode::Element + Default>(
        self,
        input: &[u8],
        output: &'o mut [T],
    ) -> Result<&'o [T], PunycodeError> {
        #[cfg(feature = "alloc")]
        if input.len() > DECODE_LONG_THRESHOLD {
            let (decoded, _) = self.decode_long::<T>(input, output.len())?;
            let out = output.get_mut(..decoded.len()).unwrap_or_default();
            out.copy_from_slice(&decoded);
            return Ok(out);
        }
        let len = decode::decode_with(
            input,
            self.max_input_len,
            &mut decode::SliceSink { out: output },
        )?;
        Ok(output.get(..len).unwrap_or_default())
    }

    /// Decodes a label of at most `N - SHIFT_BLOCK` bytes through a stack buffer of `N`
    /// code points; the room past the input's length lets every short shift take the
    /// sink's fixed-block copy.
    #[cfg(feature = "alloc")]
    #[inline]
    fn decode_label<const N: usize>(self, input: &[u8]) -> Result<String, PunycodeError> {
        if input.len() <= self.max_input_len
            && let Some(s) = label::decode_to_string::<N>(input)
        {
            return Ok(s);
        }
        self.decode_label_general::<N>(input)
    }

    /// The general decoder for what the label path leaves: errors, reported with their
    /// offsets. Out of line, so that the label path's loop keeps its registers.
    #[cfg(feature = "alloc")]
    #[cold]
    #[inline(never)]
    fn decode_label_general<const N: usize>(self, input: &[u8]) -> Result<String, PunycodeError> {
        let mut buf = ['\0'; N];
        let chars = self.decode_slice(input, &mut buf)?;
        // Room for four UTF-8 bytes per code point: the `String` never grows.
        let mut s = String::with_capacity(chars.len() * 4);
        for &c in chars {
            s.push(c);
        }
        Ok(s)
    }

    /// Decodes a long input in O(n log n): record, then place.
    #[cfg(feature = "alloc")]
    fn decode_long<T: decode::Element + Default>(
        self,
        input: &[u8],
        capacity: usize,
    ) -> Result<(Vec<T>, usize), PunycodeError> {
        let mut rec = decode::long::Recorder::new(input.len(), capacity);
        let len = decode::decode_with(input, self.max_input_len, &mut rec)?;
        let mut out = Vec::new();
        rec.place(input.get(..rec.basic_len).unwrap_or_default(), &mut out);
        Ok((out, len))
    }

    /// [`encode_to_string`] with these options.
    ///
    /// ```
    /// assert_eq!(punycode_core::Options::DEFAULT.encode_to_string("bücher")?, "bcher-kva");
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn encode_to_string(&self, input: &str) -> Result<String, PunycodeError> {
        let mut out = String::with_capacity(input.len() + input.len() / 2 + 1);
        encode::encode_str_to_string(input, self.max_input_len, &mut out)?;
        Ok(out)
    }

    /// [`decode_to_string`] with these options.
    ///
    /// ```
    /// assert_eq!(punycode_core::Options::DEFAULT.decode_to_string("bcher-kva")?, "bücher");
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn decode_to_string(&self, input: &str) -> Result<String, PunycodeError> {
        let input = input.as_bytes();
        // Labels (≤ 63 bytes): decode on the stack, allocate only the result. The stack
        // buffer is sized to the input in three steps (the output has at most one code
        // point per input byte): most labels are short, and zeroing the largest buffer
        // cost a `memset` call per label.
        if input.len() <= 16 {
            return self.decode_label::<{ 16 + decode::SHIFT_BLOCK }>(input);
        }
        if input.len() <= 32 {
            return self.decode_label::<{ 32 + decode::SHIFT_BLOCK }>(input);
        }
        if input.len() <= 64 {
            return self.decode_label::<{ 64 + decode::SHIFT_BLOCK }>(input);
        }
        let chars: Vec<char> = if input.len() > DECODE_LONG_THRESHOLD {
            self.decode_long(input, usize::MAX)?.0
        } else {
            let mut buf = alloc::vec!['\0'; input.len()];
            let len = decode::decode_with(
                input,
                self.max_input_len,
                &mut decode::SliceSink { out: &mut buf },
            )?;
            buf.truncate(len);
            buf
        };
        let mut s = String::with_capacity(chars.iter().map(|c| c.len_utf8()).sum());
        s.extend(chars);
        Ok(s)
    }

    /// [`decode_mixed_case`] with these options.
    ///
    /// ```
    /// let out = punycode_core::Options::DEFAULT.decode_mixed_case("Bc-xkA")?;
    /// assert_eq!(out, [('B', true), ('ü', true), ('c', false)]);
    /// # Ok::<(), punycode_core::PunycodeError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn decode_mixed_case(&self, input: &str) -> Result<Vec<(char, bool)>, PunycodeError> {
        Ok(self.decode_long(input.as_bytes(), usize::MAX)?.0)
    }
}

/// Encodes code points as Punycode (RFC 3492 §6.3) into any [`fmt::Write`]: lowercase
/// digits, basic code points copied as they are, `-` after them if there are any.
///
/// Allocation-free (output is buffered on the stack). Errors: [`PunycodeErrorKind::TooLong`],
/// [`PunycodeErrorKind::Overflow`] (only for inputs of thousands of code points),
/// [`PunycodeErrorKind::WriterFailed`].
///
/// ```
/// let mut out = String::new();
/// punycode_core::encode(&['b', 'ü', 'c', 'h', 'e', 'r'], &mut out)?;
/// assert_eq!(out, "bcher-kva");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
pub fn encode<W: fmt::Write + ?Sized>(input: &[char], output: &mut W) -> Result<(), PunycodeError> {
    Options::DEFAULT.encode(input, output)
}

/// [`encode`] for a `&str`; error offsets are byte offsets into it.
///
/// ```
/// let mut out = String::new();
/// punycode_core::encode_str("bücher", &mut out)?;
/// assert_eq!(out, "bcher-kva");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
pub fn encode_str<W: fmt::Write + ?Sized>(
    input: &str,
    output: &mut W,
) -> Result<(), PunycodeError> {
    Options::DEFAULT.encode_str(input, output)
}

/// Encodes with mixed-case annotation (RFC 3492 Appendix A): each code point comes with
/// an uppercase flag. For a non-basic code point the flag sets the case of the last
/// digit of its delta; for an ASCII letter it chooses the letter's case (as the RFC's
/// sample implementation does); it is ignored for other basic code points.
///
/// ```
/// let mut out = String::new();
/// let input = [('b', false), ('ü', true), ('c', false), ('h', false), ('e', false), ('r', false)];
/// punycode_core::encode_mixed_case(&input, &mut out)?;
/// assert_eq!(out, "bcher-kvA");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
pub fn encode_mixed_case<W: fmt::Write + ?Sized>(
    input: &[(char, bool)],
    output: &mut W,
) -> Result<(), PunycodeError> {
    Options::DEFAULT.encode_mixed_case(input, output)
}

/// Checks that `input` is valid Punycode (RFC 3492 §6.2, strictly) and returns the number
/// of code points it decodes to. Allocates nothing; O(n).
///
/// ```
/// assert_eq!(punycode_core::validate(b"bcher-kva")?, 6);
/// assert!(punycode_core::validate(b"bcher-kv").is_err());
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
pub fn validate(input: &[u8]) -> Result<usize, PunycodeError> {
    Options::DEFAULT.validate(input)
}

/// Whether `expected` is exactly the Punycode encoding of `input` (RFC 3492 §6.3),
/// compared without ASCII case: the round trip RFC 5891 §5.4 asks of an A-label.
/// Each output octet is compared as it is produced and the first difference ends the
/// run; nothing is allocated.
///
/// ```
/// let bucher = ['b', 'ü', 'c', 'h', 'e', 'r'];
/// assert!(punycode_core::encodes_to(&bucher, b"bcher-kva"));
/// assert!(punycode_core::encodes_to(&bucher, b"BCHER-KVA"));
/// assert!(!punycode_core::encodes_to(&bucher, b"bcher-kvb"));
/// ```
#[must_use]
pub fn encodes_to(input: &[char], expected: &[u8]) -> bool {
    let mut compare = encode::Compare::new(expected);
    encode::encode_with(input, DEFAULT_MAX_INPUT_LEN, &mut compare).is_ok() && compare.is_done()
}

/// The length in octets of the Punycode encoding of `input` (RFC 3492 §6.3), without
/// writing it anywhere: for checking that a label fits before encoding it.
///
/// ```
/// assert_eq!(punycode_core::encoded_len(&['b', 'ü', 'c', 'h', 'e', 'r'])?, 9);
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
pub fn encoded_len(input: &[char]) -> Result<usize, PunycodeError> {
    let mut count = encode::Count(0);
    encode::encode_with(input, DEFAULT_MAX_INPUT_LEN, &mut count)?;
    Ok(count.0)
}

/// Decodes Punycode (RFC 3492 §6.2, strictly) into the caller's buffer and returns the
/// filled part. The output is never longer than the input, so `input.len()` chars
/// always suffice. Uppercase digits are accepted (Appendix A annotation, ignored here).
///
/// Without `alloc` this allocates nothing and inserts in place (a shift per non-basic
/// code point, quadratic for very long inputs); with `alloc`, inputs over 512 bytes are
/// decoded in O(n log n) through a temporary buffer. The elements of `output` after the
/// returned prefix are scratch space: their values afterwards are unspecified.
///
/// ```
/// let mut buf = ['\0'; 63];
/// let out = punycode_core::decode_into(b"bcher-kva", &mut buf)?;
/// assert_eq!(out.iter().collect::<String>(), "bücher");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
#[inline]
pub fn decode_into<'o>(input: &[u8], output: &'o mut [char]) -> Result<&'o [char], PunycodeError> {
    Options::DEFAULT.decode_into(input, output)
}

/// Decodes Punycode returning each code point's Appendix A case flag: for a non-basic
/// code point, whether the last digit of its delta was uppercase; for a basic one,
/// whether it is an uppercase letter. The code points themselves are not case-mapped.
///
/// ```
/// let mut buf = [('\0', false); 63];
/// let out = punycode_core::decode_mixed_case_into(b"bcher-kvA", &mut buf)?;
/// assert_eq!(out[1], ('ü', true));
/// assert_eq!(out[0], ('b', false));
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
pub fn decode_mixed_case_into<'o>(
    input: &[u8],
    output: &'o mut [(char, bool)],
) -> Result<&'o [(char, bool)], PunycodeError> {
    Options::DEFAULT.decode_mixed_case_into(input, output)
}

/// Appends the Punycode encoding of `input` to `output` (RFC 3492 §6.3), written
/// straight into the `String` (no [`fmt::Write`] adapter): for building A-labels. On an
/// error `output` may hold part of the encoding.
///
/// ```
/// let mut label = String::from("xn--");
/// punycode_core::encode_append(&['b', 'ü', 'c', 'h', 'e', 'r'], &mut label)?;
/// assert_eq!(label, "xn--bcher-kva");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn encode_append(input: &[char], output: &mut String) -> Result<(), PunycodeError> {
    encode::encode_with(input, DEFAULT_MAX_INPUT_LEN, output)
}

/// Encodes a string as Punycode (same name as `idna::punycode::encode_str`, but
/// returning a `Result`).
///
/// ```
/// assert_eq!(punycode_core::encode_to_string("bücher")?, "bcher-kva");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn encode_to_string(input: &str) -> Result<String, PunycodeError> {
    Options::DEFAULT.encode_to_string(input)
}

/// Decodes Punycode into a `String` (same name as `idna::punycode::decode_to_string`,
/// but returning a `Result` with the reason). O(n log n) for long inputs.
///
/// ```
/// assert_eq!(punycode_core::decode_to_string("bcher-kva")?, "bücher");
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn decode_to_string(input: &str) -> Result<String, PunycodeError> {
    Options::DEFAULT.decode_to_string(input)
}

/// Decodes Punycode into `(code point, uppercase flag)` pairs (Appendix A), like
/// [`decode_mixed_case_into`].
///
/// ```
/// let out = punycode_core::decode_mixed_case("bcher-kvA")?;
/// assert_eq!(out[1], ('ü', true));
/// # Ok::<(), punycode_core::PunycodeError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn decode_mixed_case(input: &str) -> Result<Vec<(char, bool)>, PunycodeError> {
    Options::DEFAULT.decode_mixed_case(input)
}
