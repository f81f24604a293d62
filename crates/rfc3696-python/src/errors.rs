//! The exceptions, and [`Failure`]: an error computed without the GIL (in a batch
//! thread, or during a DNS lookup) and turned into a Python exception afterwards.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

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
    pub(crate) user_message: &'static str,
}

impl Failure {
    pub(crate) fn new(
        class: Class,
        code: &'static str,
        offset: usize,
        message: &(impl fmt::Display + ?Sized),
        user_message: &'static str,
    ) -> Self {
        Failure {
            class,
            code,
            offset,
            message: message.to_string(),
            user_message,
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
            static_text(py, self.code),
            self.offset,
            static_text(py, self.user_message),
        ))
    }
}

/// The Python `str` of a static text (an error's code or user message), made once and
/// shared: they come from a fixed set, and making both anew for every exception was a
/// third of its cost (the rows of `bench/bench.py`, whose corpora hold invalid input).
/// Keyed by the text's place in memory: a static text has one.
fn static_text<'py>(py: Python<'py>, text: &'static str) -> Bound<'py, PyString> {
    type Texts = HashMap<(usize, usize), Py<PyString>, BuildHasherDefault<AddressHasher>>;
    static TEXTS: PyOnceLock<Mutex<Texts>> = PyOnceLock::new();
    let mut texts = TEXTS
        .get_or_init(py, Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    texts
        .entry((text.as_ptr().addr(), text.len()))
        .or_insert_with(|| PyString::new(py, text).unbind())
        .bind(py)
        .clone()
}

/// Turns a `Result` with a [`Failure`] into one with a `PyErr`.
pub(crate) fn raise<T>(py: Python<'_>, result: Result<T, Failure>) -> PyResult<T> {
    result.map_err(|f| f.into_pyerr(py))
}

/// The hash of [`static_text`]'s keys, addresses and lengths: a multiply per word (the
/// keys are the program's own, so there is no flooding to resist).
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}
