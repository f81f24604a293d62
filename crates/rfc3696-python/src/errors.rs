//! The exceptions, and [`Failure`]: an error computed without the GIL (in a batch
//! thread, or during a DNS lookup) and turned into a Python exception afterwards.

use std::fmt;

use pyo3::create_exception;
use pyo3::exceptions::{PyUnicodeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    rfc3696,
    Error,
    PyValueError,
    "A value that the standards do not allow.\n\n\
     Attributes: ``code`` (stable snake_case, the same as the command line's JSON),\n\
     ``offset`` (the byte offset in the UTF-8 form of the input where the problem was\n\
     found), ``message`` (for developers; also ``str(err)``) and ``user_message``\n\
     (a sentence to show the person who typed the value)."
);
create_exception!(
    rfc3696,
    EmailNotValidError,
    Error,
    "The address is not valid (email-validator's base class): an\n\
     :class:`EmailSyntaxError` or an :class:`EmailUndeliverableError`."
);
create_exception!(
    rfc3696,
    EmailSyntaxError,
    EmailNotValidError,
    "The address breaks the grammar of its profile (RFC 5321 §4.1.2, RFC 6531 §3.3, ...)."
);
create_exception!(
    rfc3696,
    EmailUndeliverableError,
    EmailNotValidError,
    "DNS says no mail can reach the domain (RFC 5321 §5.1, RFC 7505 null MX). A DNS\n\
     failure that may pass (timeout, SERVFAIL) is never this error: the address is\n\
     returned with a ``deliverability_unknown`` warning."
);
create_exception!(
    rfc3696,
    DomainError,
    Error,
    "The domain name is not valid under its policy (RFC 1123 §2.1, RFC 3696 §2, IDNA 2008)."
);
create_exception!(
    rfc3696,
    UriError,
    Error,
    "The URI, http(s) URL or mailto URI is not valid (RFC 3986, RFC 9110, RFC 6068)."
);
create_exception!(
    rfc3696,
    PunycodeError,
    Error,
    "The string cannot be encoded or decoded as Punycode (RFC 3492)."
);
create_exception!(
    rfc3696.idna,
    IDNAError,
    PyUnicodeError,
    "The name is not valid IDNA 2008 (RFC 5890-5893), as in the idna package. Has the\n\
     ``code``, ``offset``, ``message`` and ``user_message`` attributes of\n\
     :class:`rfc3696.Error`."
);
create_exception!(
    rfc3696.idna,
    IDNABidiError,
    IDNAError,
    "The Bidi rule of RFC 5893 §2 is broken."
);
create_exception!(
    rfc3696.idna,
    InvalidCodepoint,
    IDNAError,
    "A code point is DISALLOWED or UNASSIGNED in IDNA 2008 (RFC 5892 §2)."
);
create_exception!(
    rfc3696.idna,
    InvalidCodepointContext,
    IDNAError,
    "A CONTEXTJ or CONTEXTO code point without its context (RFC 5892 Appendix A)."
);

/// Adds the exceptions of the top-level package to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("EmailNotValidError", py.get_type::<EmailNotValidError>())?;
    m.add("EmailSyntaxError", py.get_type::<EmailSyntaxError>())?;
    m.add(
        "EmailUndeliverableError",
        py.get_type::<EmailUndeliverableError>(),
    )?;
    m.add("DomainError", py.get_type::<DomainError>())?;
    m.add("UriError", py.get_type::<UriError>())?;
    m.add("PunycodeError", py.get_type::<PunycodeError>())?;
    Ok(())
}

/// Adds the exceptions of `rfc3696.idna` to `m`.
pub(crate) fn register_idna(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("IDNAError", py.get_type::<IDNAError>())?;
    m.add("IDNABidiError", py.get_type::<IDNABidiError>())?;
    m.add("InvalidCodepoint", py.get_type::<InvalidCodepoint>())?;
    m.add(
        "InvalidCodepointContext",
        py.get_type::<InvalidCodepointContext>(),
    )?;
    Ok(())
}

/// Which exception a [`Failure`] becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    EmailSyntax,
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

    /// The exception, its attributes set.
    pub(crate) fn into_pyerr(self, py: Python<'_>) -> PyErr {
        let message = self.message.clone();
        let err = match self.class {
            Class::EmailSyntax => EmailSyntaxError::new_err(message),
            Class::EmailUndeliverable => EmailUndeliverableError::new_err(message),
            Class::Domain => DomainError::new_err(message),
            Class::Uri => UriError::new_err(message),
            Class::Punycode => PunycodeError::new_err(message),
            Class::Idna => IDNAError::new_err(message),
            Class::IdnaBidi => IDNABidiError::new_err(message),
            Class::InvalidCodepoint => InvalidCodepoint::new_err(message),
            Class::InvalidCodepointContext => InvalidCodepointContext::new_err(message),
        };
        let value = err.value(py);
        let set = value
            .setattr("code", self.code)
            .and_then(|()| value.setattr("offset", self.offset))
            .and_then(|()| value.setattr("message", self.message))
            .and_then(|()| value.setattr("user_message", self.user_message));
        match set {
            Ok(()) => err,
            Err(e) => e,
        }
    }

    /// The exception object itself, for the batch functions (which return it in place of
    /// a result instead of raising it).
    pub(crate) fn into_value(self, py: Python<'_>) -> Py<PyAny> {
        self.into_pyerr(py).into_value(py).into_any()
    }
}

/// Turns a `Result` with a [`Failure`] into one with a `PyErr`.
pub(crate) fn raise<T>(py: Python<'_>, result: Result<T, Failure>) -> PyResult<T> {
    result.map_err(|f| f.into_pyerr(py))
}
