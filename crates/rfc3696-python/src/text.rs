//! Text arguments: `str`, or `bytes`/`bytearray` holding UTF-8 (email-validator and idna
//! accept both). Text that is not Unicode scalar values (a `str` with a lone surrogate,
//! bytes that are not UTF-8) is a [`Failure`] of the caller's class, located at its byte.

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::errors::{Class, Failure};

/// The text of `value`, or why it has none. The outer error is a `TypeError` for a
/// value that is not text at all.
pub(crate) fn text(value: &Bound<'_, PyAny>, class: Class) -> PyResult<Result<String, Failure>> {
    if let Ok(s) = value.cast::<PyString>() {
        if let Ok(text) = s.to_cow() {
            return Ok(Ok(text.into_owned()));
        }
        // The surrogate's byte, in the UTF-8 form Python would give with
        // `surrogatepass`: each replacement stands where its bytes were.
        let lossy = s.to_string_lossy();
        let at = lossy.find('\u{FFFD}').unwrap_or(0);
        return Ok(Err(Failure::new(
            class,
            "lone_surrogate",
            at,
            "the text has a lone surrogate, which is not a Unicode character",
            "This contains a character that is not valid text.",
        )));
    }
    let bytes: Cow<'_, [u8]> = if let Ok(b) = value.cast::<PyBytes>() {
        Cow::Borrowed(b.as_bytes())
    } else if let Ok(b) = value.cast::<PyByteArray>() {
        Cow::Owned(b.to_vec())
    } else {
        let type_name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!(
            "expected str or bytes, got {type_name}"
        )));
    };
    Ok(match std::str::from_utf8(&bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => Err(Failure::new(
            class,
            "invalid_utf8",
            e.valid_up_to(),
            "the bytes are not UTF-8",
            "This contains a character that is not valid text.",
        )),
    })
}

/// [`text`], raising the failure.
pub(crate) fn text_or_raise(value: &Bound<'_, PyAny>, class: Class) -> PyResult<String> {
    let py = value.py();
    text(value, class)?.map_err(|f| f.into_pyerr(py))
}
