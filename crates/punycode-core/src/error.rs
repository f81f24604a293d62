//! [`PunycodeError`]: what went wrong, and where in the caller's input.

use core::fmt;

/// Why encoding or decoding failed. Each kind names the RFC 3492 rule it enforces.
///
/// ```
/// use punycode_core::{validate, PunycodeErrorKind};
///
/// let err = validate(b"bcher_kva").unwrap_err();
/// assert_eq!(err.kind(), PunycodeErrorKind::InvalidDigit);
/// assert_eq!(err.kind().code(), "invalid_digit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PunycodeErrorKind {
    /// The input starts with its last delimiter, so the basic part is empty: RFC 3492
    /// §6.2 consumes the delimiter only after at least one basic code point, and the
    /// encoder (§6.3) never writes a delimiter after zero basic code points. Offset 0.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// let err = validate(b"-kva").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::LeadingDelimiter, 0));
    /// ```
    LeadingDelimiter,
    /// A byte of the basic part (before the last delimiter) is not a basic code point
    /// (not ASCII), RFC 3492 §6.2 "fail on any non-basic code point". Offset: that byte.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// let err = validate("bü-kva".as_bytes()).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::NonBasicBeforeDelimiter, 1));
    /// ```
    NonBasicBeforeDelimiter,
    /// A byte after the last delimiter is not a digit (`a`–`z`, `A`–`Z`, `0`–`9`), RFC
    /// 3492 §5 and §6.2 "fail if it has none". Covers `_`, `-`, `.` and every non-ASCII
    /// byte. Offset: that byte.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// let err = validate(b"bcher-k_a").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::InvalidDigit, 7));
    /// ```
    InvalidDigit,
    /// The input ends inside a generalized variable-length integer (its last digit was
    /// not below its threshold), RFC 3492 §6.2 "fail if there was none to consume".
    /// Offset: the input length.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// let err = validate(b"bcher-kv").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::Truncated, 8));
    /// ```
    Truncated,
    /// A value does not fit the 32-bit unsigned integers of RFC 3492 §6.4. Decoding:
    /// offset of the digit whose `i + digit * w` or `w * (base - t)` overflowed, or the
    /// first digit of the delta whose `n + i div (length + 1)` overflowed. Encoding:
    /// offset of the input code point whose delta does not fit.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// let err = validate(b"99999999999").unwrap_err();
    /// assert_eq!(err.kind(), PunycodeErrorKind::Overflow);
    /// ```
    Overflow,
    /// A delta decodes to a surrogate (U+D800–U+DFFF) or a value above U+10FFFF, which
    /// is no Unicode scalar value (RFC 3492 §6.2 note: "these should be checked for and
    /// detected during decoding"). Offset: first digit of that delta.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// // "rc4g" after "a" decodes to U+D800, a surrogate.
    /// let err = validate(b"a-rc4g").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::InvalidCodePoint, 2));
    /// ```
    InvalidCodePoint,
    /// The caller's output buffer is shorter than the decoded string. Offset: the input
    /// byte (basic code point, or first digit of a delta) whose output did not fit.
    ///
    /// ```
    /// # use punycode_core::{decode_into, PunycodeErrorKind};
    /// let mut buf = ['\0'; 3];
    /// let err = decode_into(b"bcher-kva", &mut buf).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::BufferTooSmall, 3));
    /// ```
    BufferTooSmall,
    /// The input is longer than the configured limit ([`crate::Options::max_input_len`]).
    /// Offset: the limit, i.e. the first unit past it.
    ///
    /// ```
    /// # use punycode_core::{Options, PunycodeErrorKind};
    /// let err = Options::DEFAULT.with_max_input_len(4).validate(b"bcher-kva").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PunycodeErrorKind::TooLong, 4));
    /// ```
    TooLong,
    /// The [`core::fmt::Write`] the encoder writes to returned an error (e.g. a
    /// fixed-size buffer is full). Offset: the input code point being written.
    ///
    /// ```
    /// # use punycode_core::{encode_str, PunycodeErrorKind};
    /// struct Full;
    /// impl core::fmt::Write for Full {
    ///     fn write_str(&mut self, _: &str) -> core::fmt::Result { Err(core::fmt::Error) }
    /// }
    /// let err = encode_str("bücher", &mut Full).unwrap_err();
    /// assert_eq!(err.kind(), PunycodeErrorKind::WriterFailed);
    /// ```
    WriterFailed,
}

impl PunycodeErrorKind {
    /// Stable `snake_case` identifier of this kind, for logs and machine-readable output.
    ///
    /// ```
    /// assert_eq!(punycode_core::PunycodeErrorKind::Overflow.code(), "overflow");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Self::LeadingDelimiter => "leading_delimiter",
            Self::NonBasicBeforeDelimiter => "non_basic_before_delimiter",
            Self::InvalidDigit => "invalid_digit",
            Self::Truncated => "truncated",
            Self::Overflow => "overflow",
            Self::InvalidCodePoint => "invalid_code_point",
            Self::BufferTooSmall => "buffer_too_small",
            Self::TooLong => "too_long",
            Self::WriterFailed => "writer_failed",
        }
    }

    /// Human-readable description: lowercase, no trailing period (also the `Display`).
    ///
    /// ```
    /// assert_eq!(
    ///     punycode_core::PunycodeErrorKind::InvalidDigit.message(),
    ///     "invalid punycode digit"
    /// );
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            Self::LeadingDelimiter => "delimiter with no basic code points before it",
            Self::NonBasicBeforeDelimiter => "non-basic code point before the last delimiter",
            Self::InvalidDigit => "invalid punycode digit",
            Self::Truncated => "input ends inside a variable-length integer",
            Self::Overflow => "integer overflow (rfc 3492 section 6.4)",
            Self::InvalidCodePoint => "decoded value is not a unicode scalar value",
            Self::BufferTooSmall => "output buffer too small",
            Self::TooLong => "input longer than the configured limit",
            Self::WriterFailed => "the output writer failed",
        }
    }
}

impl fmt::Display for PunycodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// A Punycode encoding or decoding error: a [`PunycodeErrorKind`] and the offset in the
/// caller's input where it was found (bytes for `&[u8]`/`&str`, elements for slices of
/// `char`). Small and `Copy`; its `Display` is the kind's message, without the offset.
///
/// ```
/// use punycode_core::{validate, PunycodeErrorKind};
///
/// let err = validate(b"bcher-kv").unwrap_err();
/// assert_eq!(err.kind(), PunycodeErrorKind::Truncated);
/// assert_eq!(err.offset(), 8);
/// assert_eq!(err.code(), "truncated");
/// assert_eq!(err.to_string(), "input ends inside a variable-length integer");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PunycodeError {
    kind: PunycodeErrorKind,
    offset: usize,
}

impl PunycodeError {
    /// An error of `kind` at `offset` (for wrappers that report Punycode errors of their
    /// own, e.g. a label-length check done before decoding).
    ///
    /// ```
    /// use punycode_core::{PunycodeError, PunycodeErrorKind};
    /// let err = PunycodeError::new(PunycodeErrorKind::TooLong, 63);
    /// assert_eq!(err.offset(), 63);
    /// ```
    #[must_use]
    pub const fn new(kind: PunycodeErrorKind, offset: usize) -> Self {
        Self { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// # use punycode_core::{validate, PunycodeErrorKind};
    /// assert_eq!(validate(b"a_").unwrap_err().kind(), PunycodeErrorKind::InvalidDigit);
    /// ```
    pub const fn kind(&self) -> PunycodeErrorKind {
        self.kind
    }

    /// Offset in the caller's input (see [`PunycodeErrorKind`] for each kind's offset).
    ///
    /// ```
    /// # use punycode_core::validate;
    /// assert_eq!(validate(b"a_").unwrap_err().offset(), 1);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Stable `snake_case` code of the kind ([`PunycodeErrorKind::code`]).
    ///
    /// ```
    /// # use punycode_core::validate;
    /// assert_eq!(validate(b"a_").unwrap_err().code(), "invalid_digit");
    /// ```
    pub const fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The same error with `base` added to its offset, for callers that decoded a slice
    /// of a larger input (e.g. the label after `xn--` in a domain name). Saturates.
    ///
    /// ```
    /// # use punycode_core::validate;
    /// let err = validate(b"a_").unwrap_err().with_offset(4);
    /// assert_eq!(err.offset(), 5);
    /// ```
    #[must_use]
    pub const fn with_offset(self, base: usize) -> Self {
        Self {
            kind: self.kind,
            offset: self.offset.saturating_add(base),
        }
    }
}

impl fmt::Display for PunycodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.message())
    }
}

// Hand-written rather than derived with thiserror: this crate stays free of proc-macros
// (docs/notes/punycode-core.md).
impl core::error::Error for PunycodeError {}
