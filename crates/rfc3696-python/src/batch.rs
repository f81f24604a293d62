//! The batch functions: the inputs are read with the GIL, checked on every core without
//! it, and returned in order, each a result or the exception it would have raised.
//!
//! What holds the GIL (reading the inputs, making the result objects) is what two cores
//! cannot share, so it runs while the workers check: the inputs are read in chunks of
//! [`CHUNK_ITEMS`], each handed to the workers as soon as it is read, and the results of
//! a chunk are made into Python objects as soon as it is checked, while the workers
//! check the chunks after it (the batch rows of `bench/bench.py`).

use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyList, PyModule};

use crate::email::with_email_arguments;
use crate::errors::{Class, Failure};
use crate::idna::with_encode_arguments;
use crate::text::{Piece, append_text};

/// How many items are read, checked and converted at a time. A batch of fewer than this
/// many runs on the calling thread: starting threads would cost more than it saves.
const CHUNK_ITEMS: usize = 512;

/// One item of a batch: where its text is in its chunk's buffer, or why it has none.
type Input = Result<Range<usize>, Failure>;

/// The texts of up to [`CHUNK_ITEMS`] items, in one buffer: one allocation for the
/// chunk instead of a `String` per item, and freed by the worker that checks it.
struct Chunk {
    text: String,
    items: Vec<Input>,
}

impl Chunk {
    /// The next items of `values` (a non-text item is a `TypeError` for the whole call:
    /// it is a programming error, not bad data).
    fn read(values: &mut Bound<'_, PyIterator>, class: Class) -> PyResult<Self> {
        let mut buffer = Vec::with_capacity(CHUNK_ITEMS * 32);
        let mut items = Vec::with_capacity(CHUNK_ITEMS);
        while items.len() < CHUNK_ITEMS {
            let Some(value) = values.next() else { break };
            items.push(append_text(&value?, class, &mut buffer)?);
        }
        // Only UTF-8 was appended (Python's encoding of each `str`, checked bytes), and
        // the ranges end where an item's text does, at a character boundary.
        let text = String::from_utf8(buffer)
            .map_err(|e| PyValueError::new_err(format!("the inputs' text is not UTF-8: {e}")))?;
        Ok(Chunk { text, items })
    }

    fn is_full(&self) -> bool {
        self.items.len() == CHUNK_ITEMS
    }

    /// `check` over every item, in order.
    fn check<R>(self, check: &impl Fn(Piece<'_>) -> Result<R, Failure>) -> Vec<Result<R, Failure>> {
        // Shared by the results that keep their input (`Text::Shared`).
        let text: Arc<str> = Arc::from(self.text);
        self.items
            .into_iter()
            .map(|input| check(Piece::new(&text, input?)))
            .collect()
    }
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

/// The results of one chunk, with the chunk's place in the batch.
type Checked<R> = (usize, Vec<Result<R, Failure>>);

/// The Python objects of a batch, made chunk by chunk in input order.
struct Objects<'py, F> {
    py: Python<'py>,
    to_python: F,
    list: Vec<Bound<'py, PyAny>>,
}

impl<'py, F> Objects<'py, F> {
    /// Appends the objects of one chunk's results.
    fn append<R, P>(&mut self, results: Vec<Result<R, Failure>>) -> PyResult<()>
    where
        F: Fn(R) -> P,
        P: IntoPyObject<'py>,
    {
        self.list.reserve(results.len());
        for result in results {
            self.list.push(match result {
                Ok(value) => (self.to_python)(value).into_bound_py_any(self.py)?,
                Err(failure) => failure.into_value(self.py).into_bound(self.py),
            });
        }
        Ok(())
    }
}

/// Runs `check` over the texts of `values` without the GIL, and builds the list.
fn run<'py, R: Send, P: IntoPyObject<'py>>(
    values: &Bound<'py, PyAny>,
    class: Class,
    check: impl Fn(Piece<'_>) -> Result<R, Failure> + Sync,
    to_python: impl Fn(R) -> P,
) -> PyResult<Bound<'py, PyList>> {
    let py = values.py();
    let mut iterator = values.try_iter()?;
    let _paused = GcPause::new(py)?;
    let mut objects = Objects {
        py,
        to_python,
        list: Vec::with_capacity(values.len().unwrap_or(0)),
    };
    let first = Chunk::read(&mut iterator, class)?;
    let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    if !first.is_full() || cores == 1 {
        let mut chunk = first;
        loop {
            let full = chunk.is_full();
            objects.append(py.detach(|| chunk.check(&check)))?;
            if !full {
                break;
            }
            chunk = Chunk::read(&mut iterator, class)?;
        }
    } else {
        // This thread checks chunks too when it has nothing to convert: one thread per
        // core, none waiting for a core.
        pipeline(&mut iterator, class, first, cores - 1, &check, &mut objects)?;
    }
    PyList::new(py, objects.list)
}

/// The batch over this thread and `workers` others: this thread reads the chunks and
/// hands each to the workers as it is read, then makes the objects of each checked chunk
/// in order, checking queued chunks itself (without the GIL) while the next one is not
/// back.
fn pipeline<'py, R: Send, P: IntoPyObject<'py>, F: Fn(R) -> P>(
    iterator: &mut Bound<'py, PyIterator>,
    class: Class,
    first: Chunk,
    workers: usize,
    check: &(impl Fn(Piece<'_>) -> Result<R, Failure> + Sync),
    objects: &mut Objects<'py, F>,
) -> PyResult<()> {
    let (work, queue) = mpsc::channel::<(usize, Chunk)>();
    let queue = Mutex::new(queue);
    let (done, checked) = mpsc::channel::<Checked<R>>();
    // Set on an error here: the workers leave the chunks still queued unchecked.
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                let done = done.clone();
                let (queue, stop) = (&queue, &stop);
                scope.spawn(move || {
                    loop {
                        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        let Ok((index, chunk)) = next else { break };
                        if stop.load(Ordering::Relaxed)
                            || done.send((index, chunk.check(check))).is_err()
                        {
                            break;
                        }
                    }
                })
            })
            .collect();
        drop(done);
        let channels = Channels {
            work,
            queue: &queue,
            checked,
        };
        let outcome = feed_and_collect(iterator, class, first, channels, check, objects);
        if outcome.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        for handle in handles {
            // A panic in a worker is re-raised here; pyo3 turns it into PanicException.
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        outcome
    })
}

/// The chunks to check (sent on `work`, taken from `queue`) and the checked ones.
struct Channels<'a, R> {
    work: mpsc::Sender<(usize, Chunk)>,
    queue: &'a Mutex<Receiver<(usize, Chunk)>>,
    checked: Receiver<Checked<R>>,
}

/// [`pipeline`]'s part on the calling thread: sends every chunk to `work`, then turns
/// the chunks arriving on `checked` into objects in input order, checking the chunks
/// still queued itself while it waits.
fn feed_and_collect<'py, R: Send, P: IntoPyObject<'py>, F: Fn(R) -> P>(
    iterator: &mut Bound<'py, PyIterator>,
    class: Class,
    first: Chunk,
    channels: Channels<'_, R>,
    check: &(impl Fn(Piece<'_>) -> Result<R, Failure> + Sync),
    objects: &mut Objects<'py, F>,
) -> PyResult<()> {
    let py = iterator.py();
    let Channels {
        work,
        queue,
        mut checked,
    } = channels;
    let mut chunks = 0;
    let mut chunk = first;
    loop {
        let full = chunk.is_full();
        // A send fails only when every worker is gone, which is a panic: re-raised by
        // the caller when it joins them.
        if work.send((chunks, chunk)).is_err() {
            return Ok(());
        }
        chunks += 1;
        if !full {
            break;
        }
        chunk = Chunk::read(iterator, class)?;
    }
    // Every chunk is queued: a worker finding the queue empty ends, so it never holds the
    // queue's lock while it waits.
    drop(work);
    // The chunks come back in about the order they were sent; those that overtake the
    // next one to convert wait here.
    let mut arrived: Vec<Option<Vec<Result<R, Failure>>>> = Vec::new();
    arrived.resize_with(chunks, || None);
    for next in 0..chunks {
        while arrived[next].is_none() {
            let (index, results) = match checked.try_recv() {
                Ok(message) => message,
                Err(TryRecvError::Empty) => {
                    let queued = queue
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .try_recv();
                    if let Ok((index, chunk)) = queued {
                        arrived[index] = Some(py.detach(|| chunk.check(check)));
                        continue;
                    }
                    // Waiting lets other Python threads run; the receiver goes to the
                    // waiting side and back, as it cannot be shared.
                    let (receiver, message) = py.detach(move || {
                        let message = checked.recv();
                        (checked, message)
                    });
                    checked = receiver;
                    match message {
                        Ok(message) => message,
                        Err(_) => return Ok(()),
                    }
                }
                Err(TryRecvError::Disconnected) => return Ok(()),
            };
            arrived[index] = Some(results);
        }
        if let Some(results) = arrived[next].take() {
            objects.append(results)?;
        }
    }
    Ok(())
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
        |e| crate::email::validate(&e, &options),
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
        |n| crate::domain::check(n.as_str(), policy),
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
        |n| crate::display::decide(n.as_str(), &protected),
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
        |n| crate::idna::to_ascii(n.as_str(), options),
        |a| PyBytes::new(py, a.as_bytes()),
    )
}
}
