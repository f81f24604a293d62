//! `rfc3696.punycode`: RFC 3492 on a whole string (no `xn--` prefix, no labels: that is
//! `rfc3696.idna`).

use pyo3::prelude::*;
use rfc3696::punycode::{self as codec, PunycodeError};

use crate::errors::{Class, Failure, raise};
use crate::text::text_or_raise;

/// Adds the functions to the `punycode` submodule.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    Ok(())
}

fn failure(e: &PunycodeError) -> Failure {
    Failure::new(Class::Punycode, e.code(), e.offset(), e, e.kind().message())
}

/// Encodes ``s`` with Punycode (RFC 3492 §6.3).
///
/// >>> from rfc3696 import punycode
/// >>> punycode.encode("bücher")
/// 'bcher-kva'
#[pyfunction]
pub(crate) fn encode(py: Python<'_>, s: &Bound<'_, PyAny>) -> PyResult<String> {
    let s = text_or_raise(s, Class::Punycode)?;
    raise(py, codec::encode_to_string(&s).map_err(|e| failure(&e)))
}

/// Decodes Punycode ``s`` (RFC 3492 §6.2); raises :class:`rfc3696.PunycodeError` at the
/// offending byte.
///
/// >>> from rfc3696 import punycode
/// >>> punycode.decode("bcher-kva")
/// 'bücher'
#[pyfunction]
pub(crate) fn decode(py: Python<'_>, s: &Bound<'_, PyAny>) -> PyResult<String> {
    let s = text_or_raise(s, Class::Punycode)?;
    raise(py, codec::decode_to_string(&s).map_err(|e| failure(&e)))
}
