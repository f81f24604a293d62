//! Streaming: values in, one result per value out, in input order, in constant memory,
//! on all cores.
//!
//! Lines are read in batches (at most [`BATCH_LINES`] lines or about [`BATCH_BYTES`]
//! bytes, so memory stays bounded whatever the input size). A large batch is cut into one
//! contiguous chunk per core; each chunk is checked *and rendered* on its own thread
//! (`std::thread::scope`), and the rendered chunks are written in order. Rendering in the
//! workers matters: serializing JSON costs about as much as checking a value.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::num::NonZeroUsize;
use std::ops::Range;
use std::path::PathBuf;
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
    /// Text colours.
    pub style: Style,
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
    let threads = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let mut counts = Counts::default();
    match source {
        Source::Values(values) => {
            let mut batch = Batch::default();
            for v in values {
                batch.push(v.as_bytes());
            }
            counts.add(batch.process(task, opts, threads, out)?);
        }
        Source::File(path) => {
            let file = File::open(&path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            let reader = BufReader::with_capacity(256 * 1024, file);
            counts.add(stream(task, reader, opts, threads, out)?);
        }
        Source::Stdin => {
            let stdin = io::stdin().lock();
            counts.add(stream(task, stdin, opts, threads, out)?);
        }
    }
    Ok(counts)
}

fn stream(
    task: &dyn Task,
    mut reader: impl BufRead,
    opts: Output,
    threads: usize,
    out: &mut dyn Write,
) -> io::Result<Counts> {
    let mut counts = Counts::default();
    let mut batch = Batch::default();
    loop {
        batch.clear();
        let more = batch.fill(&mut reader)?;
        counts.add(batch.process(task, opts, threads, out)?);
        if !more {
            return Ok(counts);
        }
    }
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

    /// Reads lines until the batch is full; `false` at the end of the input.
    ///
    /// Lines end at `\n`; one `\r` before it is dropped too (CRLF files). Nothing else is
    /// trimmed: spaces and tabs are part of the value and get reported. A last line
    /// without `\n` is a value; the empty string after a final `\n` is not.
    fn fill(&mut self, reader: &mut impl BufRead) -> io::Result<bool> {
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
        }
        Ok(true)
    }

    /// Processes the batch (in parallel when large) and writes the results in order.
    fn process(
        &self,
        task: &dyn Task,
        opts: Output,
        threads: usize,
        out: &mut dyn Write,
    ) -> io::Result<Counts> {
        let lines = self.lines.as_slice();
        let per_thread = lines
            .len()
            .div_ceil(threads.max(1))
            .max(MIN_LINES_PER_THREAD);
        if threads <= 1 || lines.len() <= per_thread {
            let (buf, counts) = render(task, &self.data, lines, opts);
            out.write_all(&buf)?;
            return Ok(counts);
        }
        let data = self.data.as_slice();
        let mut chunks = lines.chunks(per_thread);
        let first = chunks.next().unwrap_or_default();
        let results = thread::scope(|scope| {
            let handles: Vec<_> = chunks
                .map(|chunk| scope.spawn(move || render(task, data, chunk, opts)))
                .collect();
            // The calling thread takes the first chunk instead of idling.
            let mut results = vec![render(task, data, first, opts)];
            for h in handles {
                // A worker only panics on a bug; re-raise it on this thread rather than
                // write a partial, misordered stream.
                results.push(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            results
        });
        let mut counts = Counts::default();
        for (buf, c) in results {
            out.write_all(&buf)?;
            counts.add(c);
        }
        Ok(counts)
    }
}

/// Checks and renders one chunk of lines.
fn render(task: &dyn Task, data: &[u8], lines: &[Range<usize>], opts: Output) -> (Vec<u8>, Counts) {
    let mut counts = Counts::default();
    let mut json = Vec::new();
    let mut text = String::new();
    for range in lines {
        let raw = data.get(range.clone()).unwrap_or_default();
        let report = one(task, raw, opts.json_input);
        counts.total += 1;
        if !report.valid {
            counts.invalid += 1;
        } else if !report.warnings.is_empty() {
            counts.warned += 1;
        }
        if opts.json {
            report.write_json(&mut json);
        } else {
            report.write_text(&mut text, opts.style);
        }
    }
    if opts.json {
        (json, counts)
    } else {
        (text.into_bytes(), counts)
    }
}

/// One raw input line to one result.
fn one<'a>(task: &dyn Task, raw: &'a [u8], json_input: bool) -> Report<'a> {
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
