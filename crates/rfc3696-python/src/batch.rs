//! The batch functions: the inputs are read with the GIL, checked on every core without
//! it, and returned in order, each a result or the exception it would have raised.
//!
//! What runs with the GIL is what two cores cannot share, so it is kept short: the
//! inputs are read into one buffer ([`texts`]), and the result list is made in one
//! allocation.

use std::borrow::Cow;
use std::num::NonZeroUsize;
use std::ops::Range;
use std::thread;

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyModule};

use crate::email::with_email_arguments;
use crate::errors::{Class, Failure};
use crate::idna::with_encode_arguments;
use crate::text::append_text;

/// Below this many items a batch runs on the calling thread: starting threads would cost
/// more than it saves.
const MIN_ITEMS_PER_THREAD: usize = 256;

/// `f` over `items` on every core, results in order.
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let threads = cores.min(items.len() / MIN_ITEMS_PER_THREAD).max(1);
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let f = &f;
    thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<R>>()))
            .collect();
        let mut out = Vec::with_capacity(items.len());
        for worker in workers {
            // A panic in a worker is re-raised here; pyo3 turns it into PanicException.
            match worker.join() {
                Ok(part) => out.extend(part),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        out
    })
}

/// One item of a batch: where its text is in the batch's buffer, or why it has none.
type Input = Result<Range<usize>, Failure>;

/// The texts of every item of `values`, in one buffer (a non-text item is a `TypeError`
/// for the whole call: it is a programming error, not bad data): each item is where its
/// text is in the buffer, or why it has none. One buffer instead of a `String` per item
/// keeps the part that holds the GIL short, and the threads free nothing of it (the
/// rows of the batch functions in `bench/bench.py`).
fn texts(values: &Bound<'_, PyAny>, class: Class) -> PyResult<(String, Vec<Input>)> {
    let mut buffer = Vec::new();
    let mut items = Vec::with_capacity(values.len().unwrap_or(0));
    for value in values.try_iter()? {
        items.push(append_text(&value?, class, &mut buffer)?);
    }
    // Only UTF-8 was appended (Python's encoding of each `str`, checked bytes), and the
    // ranges end where an item's text does, at a character boundary.
    let buffer = String::from_utf8(buffer)
        .map_err(|e| PyValueError::new_err(format!("the inputs' text is not UTF-8: {e}")))?;
    Ok((buffer, items))
}

/// Python's cyclic garbage collector paused while a batch's results are made: each new
/// object counts towards a collection, and the collections would walk the growing list
/// again and again (the results hold no references, so they form no cycle to collect).
/// Resumed when dropped, also on an error.
struct GcPause<'py> {
    gc: Bound<'py, PyModule>,
    was_enabled: bool,
}

impl<'py> GcPause<'py> {
    fn new(py: Python<'py>) -> PyResult<Self> {
        let gc = py.import("gc")?;
        let was_enabled = gc.call_method0("isenabled")?.extract::<bool>()?;
        if was_enabled {
            gc.call_method0("disable")?;
        }
        Ok(GcPause { gc, was_enabled })
    }
}

impl Drop for GcPause<'_> {
    fn drop(&mut self) {
        if self.was_enabled {
            // Enabling cannot fail; if it did, there is no caller to tell.
            let _ = self.gc.call_method0("enable");
        }
    }
}

/// Runs `check` over the texts of `values` without the GIL, and builds the list.
fn run<'py, R: Send, P: IntoPyObject<'py>>(
    values: &Bound<'py, PyAny>,
    class: Class,
    check: impl Fn(&str) -> Result<R, Failure> + Sync,
    to_python: impl Fn(R) -> P,
) -> PyResult<Bound<'py, PyList>> {
    let py = values.py();
    let (buffer, inputs) = texts(values, class)?;
    let results = py.detach(|| {
        parallel_map(&inputs, |input| match input {
            Ok(range) => check(&buffer[range.clone()]),
            Err(failure) => Err(failure.clone()),
        })
    });
    let _paused = GcPause::new(py)?;
    let objects = results
        .into_iter()
        .map(|result| match result {
            Ok(value) => to_python(value).into_bound_py_any(py),
            Err(failure) => Ok(failure.into_value(py).into_bound(py)),
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objects)
}

with_email_arguments! {
/// Validates every address of ``emails`` (any iterable of ``str`` or ``bytes``) on every
/// core, with the keyword arguments of :func:`validate_email`; returns a list in input
/// order holding a :class:`ValidatedEmail` or the :class:`EmailNotValidError` for each
/// (returned, not raised).
///
/// >>> import rfc3696
/// >>> [getattr(r, "normalized", None) or r.code for r in rfc3696.validate_emails(["a@Example.com", "b@"])]
/// ['a@example.com', 'empty_domain']
fn validate_emails<'py>(emails: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>>;
|options| {
    run(
        emails,
        Class::EmailSyntax,
        |e| crate::email::validate(Cow::Borrowed(e), &options),
        |v| v,
    )
}
}

/// Checks every name of ``names`` on every core, as :func:`check_domain`; returns a list
/// in input order of :class:`CheckedDomain` or :class:`DomainError` (returned, not
/// raised).
///
/// >>> import rfc3696
/// >>> [type(r).__name__ for r in rfc3696.check_domains(["example.com", "a..b"])]
/// ['CheckedDomain', 'DomainError']
#[pyfunction]
#[pyo3(signature = (names, /, policy = "fqdn", idna = "registration"))]
pub(crate) fn check_domains<'py>(
    names: &Bound<'py, PyAny>,
    policy: &str,
    idna: &str,
) -> PyResult<Bound<'py, PyList>> {
    let policy = crate::domain::policy(policy, idna)?;
    run(
        names,
        Class::Domain,
        |n| crate::domain::check(n, policy),
        |d| d,
    )
}

/// :func:`display` for every name of ``names`` on every core; a list in input order of
/// :class:`Display` or :class:`DomainError` (returned, not raised).
///
/// >>> import rfc3696
/// >>> [d.output for d in rfc3696.display_all(["xn--bcher-kva.de", "example.com"])]
/// ['bücher.de', 'example.com']
#[pyfunction]
#[pyo3(signature = (names, /, protect = None))]
pub(crate) fn display_all<'py>(
    names: &Bound<'py, PyAny>,
    protect: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyList>> {
    let protect = protect.unwrap_or_default();
    let protected: Vec<&str> = protect.iter().map(String::as_str).collect();
    run(
        names,
        Class::Domain,
        |n| crate::display::decide(n, &protected),
        |d| d,
    )
}

with_encode_arguments! {
/// :func:`encode` for every name of ``names`` on every core; a list in input order of
/// ``bytes`` or :class:`IDNAError` (returned, not raised).
///
/// >>> from rfc3696 import idna
/// >>> idna.encode_all(["bücher.example", "a..b"])[0]
/// b'xn--bcher-kva.example'
fn encode_all<'py>(names: &Bound<'py, PyAny>, /) -> PyResult<Bound<'py, PyList>>;
|options| {
    let py = names.py();
    run(
        names,
        Class::Idna,
        |n| crate::idna::to_ascii(n, options),
        |a| PyBytes::new(py, a.as_bytes()),
    )
}
}
