//! Text arguments: `str`, or `bytes`/`bytearray` holding UTF-8 (email-validator and idna
//! accept both). Text that is not Unicode scalar values (a `str` with a lone surrogate,
//! bytes that are not UTF-8) is a [`Failure`] of the caller's class, located at its byte.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::errors::{Class, Failure};

/// The text of `value`, or why it has none. The outer error is a `TypeError` for a
/// value that is not text at all.
pub(crate) fn text(value: &Bound<'_, PyAny>, class: Class) -> PyResult<Result<String, Failure>> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(match s.to_cow() {
            Ok(text) => Ok(text.into_owned()),
            Err(_) => Err(lone_surrogate(s, class)),
        });
    }
    let bytes = utf8_bytes(value)?;
    Ok(match std::str::from_utf8(&bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => Err(not_utf8(&e, class)),
    })
}

/// [`text`], its UTF-8 appended to `buffer` (the batch functions keep every input in
/// one buffer: one allocation for the whole batch instead of one per item). The range is
/// where the text is in `buffer`; on a failure `buffer` is as it was. The UTF-8 of a
/// `str` is appended as Python encodes it, unchecked here: the caller checks the whole
/// buffer once ([`String::from_utf8`]), which is cheaper than a check per item.
pub(crate) fn append_text(
    value: &Bound<'_, PyAny>,
    class: Class,
    buffer: &mut Vec<u8>,
) -> PyResult<Result<Range<usize>, Failure>> {
    let start = buffer.len();
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(match s.encode_utf8() {
            Ok(utf8) => {
                buffer.extend_from_slice(utf8.as_bytes());
                Ok(start..buffer.len())
            }
            Err(_) => Err(lone_surrogate(s, class)),
        });
    }
    let bytes = utf8_bytes(value)?;
    Ok(match std::str::from_utf8(&bytes) {
        Ok(text) => {
            buffer.extend_from_slice(text.as_bytes());
            Ok(start..buffer.len())
        }
        Err(e) => Err(not_utf8(&e, class)),
    })
}

/// The bytes of a `bytes` or `bytearray`; a `TypeError` for anything else.
fn utf8_bytes<'a>(value: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = value.cast::<PyBytes>() {
        Ok(Cow::Borrowed(b.as_bytes()))
    } else if let Ok(b) = value.cast::<PyByteArray>() {
        Ok(Cow::Owned(b.to_vec()))
    } else {
        let type_name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        Err(PyTypeError::new_err(format!(
            "expected str or bytes, got {type_name}"
        )))
    }
}

/// The failure of a `str` with a lone surrogate, at the surrogate's byte in the UTF-8
/// form Python would give with `surrogatepass` (each replacement stands where its bytes
/// were).
fn lone_surrogate(s: &Bound<'_, PyString>, class: Class) -> Failure {
    let lossy = s.to_string_lossy();
    let at = lossy.find('\u{FFFD}').unwrap_or(0);
    Failure::new(
        class,
        "lone_surrogate",
        at,
        "the text has a lone surrogate, which is not a Unicode character",
        "This contains a character that is not valid text.",
    )
}

/// The failure of bytes that are not UTF-8, at the first byte that is not.
fn not_utf8(e: &std::str::Utf8Error, class: Class) -> Failure {
    Failure::new(
        class,
        "invalid_utf8",
        e.valid_up_to(),
        "the bytes are not UTF-8",
        "This contains a character that is not valid text.",
    )
}

/// An input's text as a result keeps it.
#[derive(Debug)]
pub(crate) enum Text {
    /// A `str`'s UTF-8 as Python made it, in the object Python made (a single call's
    /// `str` argument): nothing to copy into a `String` and free again (the
    /// `validate_email` row of `bench/bench.py`).
    Python(PyBackedStr),
    /// A piece of a batch's chunk of texts, which its results share: nothing to copy
    /// per item, and the chunk is freed in one piece with the last of them (the
    /// `validate_emails` row).
    Shared(Arc<str>, Range<usize>),
    /// A copy (a `bytes` argument).
    Owned(String),
}

impl Text {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Text::Python(text) => text,
            Text::Shared(chunk, range) => &chunk[range.clone()],
            Text::Owned(text) => text,
        }
    }
}

/// An item of a batch: a piece of its chunk's buffer.
#[derive(Debug)]
pub(crate) struct Piece<'a> {
    chunk: &'a Arc<str>,
    range: Range<usize>,
}

impl<'a> Piece<'a> {
    /// The piece `range` of `chunk`, which must be at character boundaries.
    pub(crate) fn new(chunk: &'a Arc<str>, range: Range<usize>) -> Self {
        Piece { chunk, range }
    }

    pub(crate) fn as_str(&self) -> &'a str {
        &self.chunk[self.range.clone()]
    }

    /// The piece as a result keeps it: shared with the chunk.
    pub(crate) fn to_text(&self) -> Text {
        Text::Shared(Arc::clone(self.chunk), self.range.clone())
    }
}

/// [`text`], as a [`Text`], raising the failure.
pub(crate) fn kept_text_or_raise(value: &Bound<'_, PyAny>, class: Class) -> PyResult<Text> {
    if let Ok(s) = value.cast::<PyString>() {
        return match PyBackedStr::try_from(s.clone()) {
            Ok(text) => Ok(Text::Python(text)),
            Err(_) => Err(lone_surrogate(s, class).into_pyerr(value.py())),
        };
    }
    text_or_raise(value, class).map(Text::Owned)
}

/// [`text`], raising the failure.
pub(crate) fn text_or_raise(value: &Bound<'_, PyAny>, class: Class) -> PyResult<String> {
    let py = value.py();
    text(value, class)?.map_err(|f| f.into_pyerr(py))
}

/// `N` texts one after the other in one allocation: one to make and free instead of `N`
/// (the `check_domains` and `display_all` rows of `bench/bench.py`: a batch's results
/// are freed with the GIL). As a `str` it is text number `SHOWN`, the one a result shows.
#[derive(Clone)]
pub(crate) struct Joined<const N: usize, const SHOWN: usize> {
    texts: Box<str>,
    /// Where each text ends.
    ends: [usize; N],
}

impl<const N: usize, const SHOWN: usize> Joined<N, SHOWN> {
    pub(crate) fn new(parts: [&str; N]) -> Self {
        let mut texts = String::with_capacity(parts.iter().map(|p| p.len()).sum());
        let mut ends = [0; N];
        for (end, part) in ends.iter_mut().zip(parts) {
            texts.push_str(part);
            *end = texts.len();
        }
        Joined {
            texts: texts.into_boxed_str(),
            ends,
        }
    }

    /// Text number `index`.
    pub(crate) fn get(&self, index: usize) -> &str {
        let start = index.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.texts[start..self.ends[index]]
    }
}

impl<const N: usize, const SHOWN: usize> std::ops::Deref for Joined<N, SHOWN> {
    type Target = str;

    fn deref(&self) -> &str {
        self.get(SHOWN)
    }
}

impl<const N: usize, const SHOWN: usize> std::fmt::Debug for Joined<N, SHOWN> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}
