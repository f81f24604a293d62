//! The exceptions, and [`Failure`]: an error computed without the GIL (in a batch
//! thread, or during a DNS lookup) and turned into a Python exception afterwards.

use std::fmt;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The exception classes, defined in Python (`rfc3696/_errors.py`) so that their
/// attributes read the arguments they are raised with: `(message, code, offset,
/// user_message)`. Looked up once.
static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// The names in `rfc3696._errors`, in the order of [`Class`].
const NAMES: [&str; 9] = [
    "EmailSyntaxError",
    "EmailUndeliverableError",
    "DomainError",
    "UriError",
    "PunycodeError",
    "IDNAError",
    "IDNABidiError",
    "InvalidCodepoint",
    "InvalidCodepointContext",
];

/// The exception class of `class`.
fn class_object(py: Python<'_>, class: Class) -> PyResult<Bound<'_, PyType>> {
    let all = CLASSES.get_or_try_init(py, || -> PyResult<Vec<Py<PyType>>> {
        let module = py.import("rfc3696._errors")?;
        NAMES
            .iter()
            .map(|name| Ok(module.getattr(*name)?.cast_into::<PyType>()?.unbind()))
            .collect()
    })?;
    Ok(all[class as usize].bind(py).clone())
}

/// Which exception a [`Failure`] becomes (in the order of [`NAMES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    EmailSyntax = 0,
    EmailUndeliverable,
    Domain,
    Uri,
    Punycode,
    Idna,
    IdnaBidi,
    InvalidCodepoint,
    InvalidCodepointContext,
}

/// An error of the library (or of the input's encoding), with everything the Python
/// exception carries. `Send`, so batch threads can return it.
#[derive(Debug, Clone)]
pub(crate) struct Failure {
    pub(crate) class: Class,
    pub(crate) code: &'static str,
    pub(crate) offset: usize,
    pub(crate) message: String,
    pub(crate) user_message: String,
}

impl Failure {
    pub(crate) fn new(
        class: Class,
        code: &'static str,
        offset: usize,
        message: &(impl fmt::Display + ?Sized),
        user_message: &str,
    ) -> Self {
        Failure {
            class,
            code,
            offset,
            message: message.to_string(),
            user_message: user_message.to_owned(),
        }
    }

    /// The exception, raised with `(message, code, offset, user_message)`.
    pub(crate) fn into_pyerr(self, py: Python<'_>) -> PyErr {
        match self.into_instance(py) {
            Ok(instance) => PyErr::from_value(instance),
            Err(e) => e,
        }
    }

    /// The exception object itself, for the batch functions (which return it in place of
    /// a result instead of raising it).
    pub(crate) fn into_value(self, py: Python<'_>) -> Py<PyAny> {
        match self.into_instance(py) {
            Ok(instance) => instance.unbind(),
            Err(e) => e.into_value(py).into_any(),
        }
    }

    /// The exception object, made by calling its class (cheaper than raising it and
    /// fetching it back).
    fn into_instance(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        class_object(py, self.class)?.call1((
            self.message,
            self.code,
            self.offset,
            self.user_message,
        ))
    }
}

/// Turns a `Result` with a [`Failure`] into one with a `PyErr`.
pub(crate) fn raise<T>(py: Python<'_>, result: Result<T, Failure>) -> PyResult<T> {
    result.map_err(|f| f.into_pyerr(py))
}
