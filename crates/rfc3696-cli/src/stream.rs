//! Streaming: values in, one result per value out, in input order, in constant memory,
//! on all cores.
//!
//! Lines are read in batches on a reader thread (at most [`BATCH_LINES`] lines or about [`BATCH_BYTES`]
//! bytes, so memory stays bounded whatever the input size). A large batch is cut into one
//! contiguous chunk per core; each chunk is checked *and rendered* on its own thread
//! (`std::thread::scope`), and the rendered chunks are written in order. Rendering in the
//! workers matters: serializing JSON costs about as much as checking a value.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;

use crate::report::{Report, Style};

/// Lines per batch.
pub const BATCH_LINES: usize = 16 * 1024;
/// A batch ends at the first line end after this many bytes.
pub const BATCH_BYTES: usize = 4 * 1024 * 1024;
/// Below this many lines per core a batch is processed on the calling thread: spawning
/// costs more than it saves.
const MIN_LINES_PER_THREAD: usize = 256;

/// What a subcommand does to one value.
pub trait Task: Sync {
    /// The `kind` reported for values that never reach [`Task::run`] (unparsable
    /// `--json-input` line, invalid UTF-8).
    fn kind(&self) -> &'static str;
    /// Checks or converts one value.
    fn run<'a>(&self, value: &'a str) -> Report<'a>;
}

/// Where values come from.
#[derive(Debug)]
pub enum Source {
    /// Command-line arguments.
    Values(Vec<String>),
    /// A file, one value per line.
    File(PathBuf),
    /// Standard input, one value per line.
    Stdin,
}

/// How results are written.
#[derive(Clone, Copy, Debug)]
pub struct Output {
    /// JSON Lines instead of text.
    pub json: bool,
    /// Input values are JSON string literals.
    pub json_input: bool,
    /// `--only-invalid`: results of valid values are counted, not printed.
    pub only_invalid: bool,
    /// Text colours.
    pub style: Style,
    /// Worker threads (`--threads`); `None`: one per core.
    pub threads: Option<NonZeroUsize>,
}

/// Totals over a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    /// Values seen.
    pub total: u64,
    /// Values with errors.
    pub invalid: u64,
    /// Valid values with at least one warning.
    pub warned: u64,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.total += other.total;
        self.invalid += other.invalid;
        self.warned += other.warned;
    }
}

/// Runs `task` over every value of `source`, writing results to `out`. I/O errors (an
/// unreadable file, a closed pipe) are returned; invalid values are results.
pub fn run(
    task: &dyn Task,
    source: Source,
    opts: Output,
    out: &mut dyn Write,
) -> io::Result<Counts> {
    let threads = opts
        .threads
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    match source {
        Source::Values(values) => {
            let mut batch = Batch::default();
            for v in values {
                batch.push(v.as_bytes());
            }
            batch.process(task, opts, threads, &mut Vec::new(), out)
        }
        Source::File(path) => {
            let name = path.display().to_string();
            let file = File::open(&path).map_err(|e| context(&name, &e))?;
            let open = move || BufReader::with_capacity(READ_BUFFER, file);
            stream(task, open, &name, opts, threads, out)
        }
        Source::Stdin => stream(
            task,
            || BufReader::with_capacity(READ_BUFFER, io::stdin()),
            "standard input",
            opts,
            threads,
            out,
        ),
    }
}

/// Size of the read buffer.
const READ_BUFFER: usize = 256 * 1024;

/// The streaming loop: a reader thread fills batches while this thread checks, renders
/// and writes the previous one, so reading overlaps with work. At most three batches
/// exist at once (one being read, one queued, one being checked): constant memory.
fn stream<R: Read>(
    task: &dyn Task,
    open: impl FnOnce() -> BufReader<R> + Send,
    name: &str,
    opts: Output,
    threads: usize,
    out: &mut dyn Write,
) -> io::Result<Counts> {
    let (full_tx, full_rx) = mpsc::sync_channel::<io::Result<Batch>>(1);
    let (empty_tx, empty_rx) = mpsc::channel::<Batch>();
    thread::scope(|scope| {
        scope.spawn(move || {
            let mut reader = open();
            loop {
                // Reuse a batch the consumer is done with: its buffers keep their capacity.
                let mut batch = empty_rx.try_recv().unwrap_or_default();
                batch.clear();
                let filled = batch.fill(&mut reader);
                let more = matches!(filled, Ok(true));
                // A failed send means the consumer stopped (an output error): stop reading.
                if full_tx.send(filled.map(|_| batch)).is_err() || !more {
                    return;
                }
            }
        });
        let mut counts = Counts::default();
        let mut scratch = Vec::new();
        // Ends when the reader hangs up after the last batch. Returning early (an error)
        // drops the receiver, which stops the reader at its next send.
        for batch in full_rx {
            let batch = batch.map_err(|e| context(name, &e))?;
            counts.add(batch.process(task, opts, threads, &mut scratch, out)?);
            // Results of a batch go out as soon as they are ready (`tail -f log | …`).
            out.flush()?;
            // The reader may be gone already; then the batch is simply dropped.
            let _ = empty_tx.send(batch);
        }
        Ok(counts)
    })
}

/// A read error, saying what was being read (`names.txt: Is a directory`).
fn context(name: &str, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{name}: {e}"))
}

/// A batch of lines in one buffer: no allocation per line.
#[derive(Default)]
struct Batch {
    data: Vec<u8>,
    lines: Vec<Range<usize>>,
}

impl Batch {
    fn clear(&mut self) {
        self.data.clear();
        self.lines.clear();
    }

    fn push(&mut self, value: &[u8]) {
        let start = self.data.len();
        self.data.extend_from_slice(value);
        self.lines.push(start..self.data.len());
    }

    /// Reads lines until the batch is full, or until reading on would have to wait for
    /// more input than has arrived (so that a slow producer, or a person typing, sees
    /// each result as soon as its line is complete); `false` at the end of the input.
    ///
    /// Lines end at `\n`; one `\r` before it is dropped too (CRLF files). Nothing else is
    /// trimmed: spaces and tabs are part of the value and get reported. A last line
    /// without `\n` is a value; the empty string after a final `\n` is not.
    fn fill<R: Read>(&mut self, reader: &mut BufReader<R>) -> io::Result<bool> {
        while self.lines.len() < BATCH_LINES && self.data.len() < BATCH_BYTES {
            let start = self.data.len();
            let n = reader.read_until(b'\n', &mut self.data)?;
            if n == 0 {
                return Ok(false);
            }
            let mut end = self.data.len();
            if self.data.last() == Some(&b'\n') {
                end -= 1;
                if end > start && self.data.get(end - 1) == Some(&b'\r') {
                    end -= 1;
                }
            }
            self.lines.push(start..end);
            // Nothing buffered: the next read may block. Check what we have first. (For
            // a file this ends a batch every READ_BUFFER bytes, still thousands of lines.)
            if reader.buffer().is_empty() {
                break;
            }
        }
        Ok(true)
    }

    /// Processes the batch (in parallel when large) and writes the results in order.
    /// `scratch` holds one output buffer per thread, reused from batch to batch.
    fn process(
        &self,
        task: &dyn Task,
        opts: Output,
        threads: usize,
        scratch: &mut Vec<Vec<u8>>,
        out: &mut dyn Write,
    ) -> io::Result<Counts> {
        let lines = self.lines.as_slice();
        let per_thread = lines
            .len()
            .div_ceil(threads.max(1))
            .max(MIN_LINES_PER_THREAD);
        let n_chunks = lines.len().div_ceil(per_thread).max(1);
        if scratch.len() < n_chunks {
            scratch.resize_with(n_chunks, Vec::new);
        }
        let data = self.data.as_slice();
        let mut counts = Counts::default();
        if n_chunks == 1 {
            if let Some(buf) = scratch.first_mut() {
                counts = render(task, data, lines, opts, buf);
                out.write_all(buf)?;
            }
            return Ok(counts);
        }
        let mut jobs = lines.chunks(per_thread).zip(scratch.iter_mut());
        let first = jobs.next();
        let results = thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .map(|(chunk, buf)| scope.spawn(move || render(task, data, chunk, opts, buf)))
                .collect();
            // The calling thread takes the first chunk instead of idling.
            let mut results = Vec::with_capacity(n_chunks);
            if let Some((chunk, buf)) = first {
                results.push(render(task, data, chunk, opts, buf));
            }
            for h in handles {
                // A worker only panics on a bug; re-raise it on this thread rather than
                // write a partial, misordered stream.
                results.push(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            results
        });
        for (c, buf) in results.into_iter().zip(scratch.iter()) {
            out.write_all(buf)?;
            counts.add(c);
        }
        Ok(counts)
    }
}

/// Checks and renders one chunk of lines into `buf` (cleared first).
fn render(
    task: &dyn Task,
    data: &[u8],
    lines: &[Range<usize>],
    opts: Output,
    buf: &mut Vec<u8>,
) -> Counts {
    buf.clear();
    let mut counts = Counts::default();
    for range in lines {
        let raw = data.get(range.clone()).unwrap_or_default();
        let report = one(task, raw, opts.json_input);
        counts.total += 1;
        if !report.valid {
            counts.invalid += 1;
        } else if !report.warnings.is_empty() {
            counts.warned += 1;
        }
        if report.valid && opts.only_invalid {
            continue;
        }
        if opts.json {
            report.write_json(buf);
        } else {
            report.write_text(buf, opts.style);
        }
    }
    counts
}

/// One raw input line to one result.
pub(crate) fn one<'a>(task: &dyn Task, raw: &'a [u8], json_input: bool) -> Report<'a> {
    if json_input {
        return match serde_json::from_slice::<String>(raw) {
            Ok(value) => task.run(&value).into_owned(),
            Err(e) => Report::invalid(
                String::from_utf8_lossy(raw),
                task.kind(),
                "invalid_json_input",
                json_error_offset(raw, &e),
                format_args!("the line is not a JSON string literal ({e})"),
            ),
        };
    }
    match std::str::from_utf8(raw) {
        Ok(value) => task.run(value),
        Err(e) => Report::invalid(
            Cow::Owned(String::from_utf8_lossy(raw).into_owned()),
            task.kind(),
            "invalid_utf8",
            // Offsets index the reported input, where each bad sequence became U+FFFD:
            // the bytes before the first bad one are the same in both.
            e.valid_up_to(),
            "the value is not valid UTF-8",
        ),
    }
}

/// `serde_json` counts columns from 1 on a line; our lines have no newline left in them.
fn json_error_offset(raw: &[u8], e: &serde_json::Error) -> usize {
    e.column().saturating_sub(1).min(raw.len())
}
