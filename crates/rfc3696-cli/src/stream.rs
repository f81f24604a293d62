//! Streaming: values in, one result per value out, in input order, in constant memory,
//! on all cores.
//!
//! Lines are read in batches (at most [`BATCH_LINES`] lines or about [`BATCH_BYTES`]
//! bytes, so memory stays bounded whatever the input size). Each of one worker thread per
//! core takes the next batch from the input in turn, checks *and renders* it into an
//! output buffer, and the calling thread writes the buffers in input order. Rendering in
//! the workers matters: writing JSON costs about as much as checking a value. VALUE
//! arguments, all known up front, are one batch cut into one chunk per core.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::num::NonZeroUsize;
use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError, mpsc};
use std::thread;

use indicatif::{ProgressBar, ProgressStyle};

use crate::report::Report;
use crate::terminal::{Escaped, Style};

/// Lines per batch.
pub const BATCH_LINES: usize = 4 * 1024;
/// The UTF-8 encoding of U+FEFF, which some editors write at the start of a file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";
/// How much of a line that is too long its result shows.
pub const TOO_LONG_PREFIX: usize = 64;
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
    /// `--max-line-bytes`: longer input lines are `line_too_long` results.
    pub max_line_bytes: NonZeroUsize,
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

/// Where the values of a streaming subcommand come from: the VALUEs, else `--file`, else
/// standard input. A lone VALUE `-` and `--file -` are standard input, as for `cat`.
pub fn source(values: Vec<String>, file: Option<PathBuf>) -> Source {
    match (values.as_slice(), file) {
        ([lone], _) if lone == "-" => Source::Stdin,
        ([], Some(path)) if path.as_os_str() != "-" => Source::File(path),
        ([], _) => Source::Stdin,
        _ => Source::Values(values),
    }
}

/// Whether a run shows a progress line on standard error: only when standard error is a
/// terminal (nothing changes for pipes, files and tests), and only for input that can be
/// long and is not being typed: a file, or standard input that is not a terminal. VALUE
/// arguments are few; the results of typed lines are the progress.
pub fn wants_progress(source: &Source, stderr_terminal: bool, stdin_terminal: bool) -> bool {
    stderr_terminal
        && match source {
            Source::Values(_) => false,
            Source::File(_) => true,
            Source::Stdin => !stdin_terminal,
        }
}

/// The progress line: values checked so far and the time taken, redrawn at most a few
/// times a second.
pub fn progress_line() -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {human_pos} values checked in {elapsed}")
    {
        bar.set_style(style);
    }
    bar
}

/// Runs `task` over every value of `source`, writing results to `out` (and, with
/// `progress`, the count so far to that line). I/O errors (an unreadable file, a closed
/// pipe) are returned; invalid values are results.
pub fn run(
    task: &dyn Task,
    source: Source,
    opts: Output,
    out: &mut dyn Write,
    progress: Option<&ProgressBar>,
) -> io::Result<Counts> {
    let threads = opts
        .threads
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    match source {
        Source::Values(values) => {
            let mut batch = Batch::default();
            for (i, v) in values.iter().enumerate() {
                batch.push(v.as_bytes(), i as u64 + 1);
            }
            batch.process(task, opts, threads, &mut Vec::new(), out)
        }
        Source::File(path) => {
            // The path is shown in messages: escaped like any value.
            let name = Escaped(&path.to_string_lossy()).to_string();
            let file = File::open(&path).map_err(|e| context(&name, &e))?;
            let reader = BufReader::with_capacity(READ_BUFFER, file);
            stream(task, reader, &name, opts, threads, out, progress)
        }
        Source::Stdin => stream(
            task,
            BufReader::with_capacity(READ_BUFFER, io::stdin()),
            "standard input",
            opts,
            threads,
            out,
            progress,
        ),
    }
}

/// Size of the read buffer.
const READ_BUFFER: usize = 256 * 1024;

/// Output buffers in circulation per worker. Each batch between being taken from the
/// input and being written holds one, so at most this many batches per worker exist at
/// once (constant memory), and a worker can run ahead of a slower one by that much.
const BUFFERS_PER_WORKER: usize = 2;

/// The input, shared by the workers: whoever holds the lock takes the next batch.
struct Input<R> {
    reader: BufReader<R>,
    /// Lines taken so far (line numbers are 1-based).
    line_number: u64,
    /// The sequence number of the next batch: results are written in this order.
    next_batch: u64,
    /// The end of the input or a read error was reached: nothing more to take.
    done: bool,
    /// Output buffers the writer is done with.
    free: mpsc::Receiver<Vec<u8>>,
}

/// A batch's results: its sequence number and its counts and rendered bytes (or the read
/// error that ended the input, or the panic of the worker that rendered it).
type Rendered = (u64, thread::Result<io::Result<(Counts, Vec<u8>)>>);

/// The streaming loop: `threads` workers each take the next batch of input (under a
/// lock, so batches are numbered in input order), check and render it into an output
/// buffer, and hand it to this thread, which writes the buffers in batch order. No
/// barrier between batches: a worker goes on with the next batch while the other one is
/// still busy, and this thread only writes.
fn stream<R: Read + Send>(
    task: &dyn Task,
    mut reader: BufReader<R>,
    name: &str,
    opts: Output,
    threads: usize,
    out: &mut dyn Write,
    progress: Option<&ProgressBar>,
) -> io::Result<Counts> {
    // A UTF-8 byte-order mark starts no value: skip it.
    skip_byte_order_mark(&mut reader).map_err(|e| context(name, &e))?;
    let max_line = opts.max_line_bytes.get();
    let workers = threads.max(1);
    let (free_tx, free_rx) = mpsc::channel::<Vec<u8>>();
    for _ in 0..workers * BUFFERS_PER_WORKER {
        // Cannot fail: the receiver is right here.
        let _ = free_tx.send(Vec::new());
    }
    let input = Mutex::new(Input {
        reader,
        line_number: 0,
        next_batch: 0,
        done: false,
        free: free_rx,
    });
    thread::scope(|scope| {
        // Owned by this closure, so that returning early drops it (see below).
        let free_tx = free_tx;
        let (rendered_tx, rendered_rx) = mpsc::channel::<Rendered>();
        for _ in 0..workers {
            let (input, rendered_tx) = (&input, rendered_tx.clone());
            scope.spawn(move || work(task, input, opts, max_line, &rendered_tx));
        }
        // Only the workers hold senders now: the loop below ends when the last one is done.
        drop(rendered_tx);
        let mut counts = Counts::default();
        let mut next = 0u64;
        let mut waiting = BTreeMap::new();
        // Returning early (an error) drops `free_tx` and `rendered_rx`, which stops the
        // workers at their next buffer or hand-off.
        for (number, rendered) in rendered_rx {
            // A worker only panics on a bug: re-raise it here at once rather than wait
            // for a batch that will never come (the scope ends the other workers).
            let rendered = rendered.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            waiting.insert(number, rendered);
            while let Some(rendered) = waiting.remove(&next) {
                let (batch_counts, buf) = rendered.map_err(|e| context(name, &e))?;
                // Results of a batch go out as soon as they are ready (`tail -f log | …`),
                // with the progress line out of the way should both be on one terminal.
                let mut write = || out.write_all(&buf).and_then(|()| out.flush());
                match progress {
                    Some(bar) => bar.suspend(write)?,
                    None => write()?,
                }
                counts.add(batch_counts);
                if let Some(bar) = progress {
                    bar.set_position(counts.total);
                }
                next += 1;
                // The workers may be gone already; then the buffer is simply dropped.
                let _ = free_tx.send(buf);
            }
        }
        Ok(counts)
    })
}

/// One worker: takes batches until the input ends, renders each and hands it on.
fn work<R: Read>(
    task: &dyn Task,
    input: &Mutex<Input<R>>,
    opts: Output,
    max_line: usize,
    rendered: &mpsc::Sender<Rendered>,
) {
    // Reused from batch to batch: its buffers keep their capacity.
    let mut batch = Batch::default();
    loop {
        let (number, filled, mut buf) = {
            // A poisoned lock means another worker panicked; that panic is re-raised
            // when the scope ends, so go on with the input as it is.
            let mut input = input.lock().unwrap_or_else(PoisonError::into_inner);
            if input.done {
                return;
            }
            // Take a buffer before a batch number, so that the batch the writer waits for
            // never waits for a buffer. An error means the writer stopped.
            let Ok(buf) = input.free.recv() else {
                return;
            };
            let Input {
                reader,
                line_number,
                ..
            } = &mut *input;
            batch.clear();
            let filled = batch.fill(reader, line_number, max_line);
            input.done = !matches!(filled, Ok(true));
            let number = input.next_batch;
            input.next_batch += 1;
            (number, filled, buf)
        };
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
            filled.map(|_| {
                let counts = render(task, &batch.data, &batch.lines, opts, &mut buf);
                (counts, buf)
            })
        }));
        let panicked = result.is_err();
        if rendered.send((number, result)).is_err() || panicked {
            return;
        }
    }
}

/// A read error, saying what was being read (`names.txt: Is a directory`).
fn context(name: &str, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{name}: {e}"))
}

/// A batch of lines in one buffer: no allocation per line.
#[derive(Default)]
struct Batch {
    data: Vec<u8>,
    lines: Vec<Line>,
}

/// One input line of a batch.
#[derive(Clone, Debug)]
struct Line {
    /// Its bytes in the batch (for a line too long, the first bytes only).
    range: Range<usize>,
    /// 1-based line number in the input (the position for VALUE arguments).
    number: u64,
    /// Longer than `--max-line-bytes`.
    too_long: bool,
}

/// Appends one line (with its `\n`, if any) to `data`, but never more than `max`
/// bytes of it: the rest of a longer line is consumed and dropped (the caller keeps
/// only a prefix of what was appended). Returns the bytes
/// read (0 at the end of the input) and whether the line was longer than `max`.
pub fn read_line_bounded<R: Read>(
    reader: &mut BufReader<R>,
    data: &mut Vec<u8>,
    max: usize,
) -> io::Result<(usize, bool)> {
    let (mut read, mut kept, mut too_long) = (0usize, 0usize, false);
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((read, too_long));
        }
        let (chunk, done) = match memchr::memchr(b'\n', available) {
            Some(i) => (available.get(..=i).unwrap_or_default(), true),
            None => (available, false),
        };
        let len = chunk.len();
        // The newline itself does not count against the limit.
        let content = len - usize::from(done);
        let take = content.min(max.saturating_sub(kept));
        if take < content {
            too_long = true;
        }
        if too_long {
            data.extend_from_slice(chunk.get(..take).unwrap_or_default());
        } else {
            data.extend_from_slice(chunk);
        }
        kept += take;
        reader.consume(len);
        read += len;
        if done {
            return Ok((read, too_long));
        }
    }
}

/// The largest length ≤ `max` that ends on a UTF-8 character boundary of `bytes`.
fn floor_char_boundary(bytes: &[u8], max: usize) -> usize {
    let mut end = max.min(bytes.len());
    while end > 0 && bytes.get(end).is_some_and(|&b| b & 0xC0 == 0x80) {
        end -= 1;
    }
    end
}

/// Consumes a UTF-8 byte-order mark at the start of the input, if there is one.
pub fn skip_byte_order_mark<R: Read>(reader: &mut BufReader<R>) -> io::Result<()> {
    loop {
        match reader.fill_buf() {
            Ok(start) => {
                if start.starts_with(BYTE_ORDER_MARK) {
                    reader.consume(BYTE_ORDER_MARK.len());
                }
                return Ok(());
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

impl Batch {
    fn clear(&mut self) {
        self.data.clear();
        self.lines.clear();
    }

    fn push(&mut self, value: &[u8], number: u64) {
        let start = self.data.len();
        self.data.extend_from_slice(value);
        self.lines.push(Line {
            range: start..self.data.len(),
            number,
            too_long: false,
        });
    }

    /// Reads lines until the batch is full, or until reading on would have to wait for
    /// more input than has arrived (so that a slow producer, or a person typing, sees
    /// each result as soon as its line is complete); `false` at the end of the input.
    ///
    /// Lines end at `\n`; one `\r` before it is dropped too (CRLF files). Nothing else is
    /// trimmed: spaces and tabs are part of the value and get reported. A last line
    /// without `\n` is a value; the empty string after a final `\n` is not. A line of
    /// more than `max_line` bytes keeps only its first [`TOO_LONG_PREFIX`] bytes and is
    /// marked too long; the rest is read and dropped, so memory stays bounded.
    fn fill<R: Read>(
        &mut self,
        reader: &mut BufReader<R>,
        line_number: &mut u64,
        max_line: usize,
    ) -> io::Result<bool> {
        while self.lines.len() < BATCH_LINES && self.data.len() < BATCH_BYTES {
            // The complete lines already in the read buffer, copied in one piece.
            if self.take_buffered_lines(reader, line_number, max_line) {
                if reader.buffer().is_empty() {
                    break;
                }
                continue;
            }
            // No complete line buffered: read one, waiting for its end if need be.
            let start = self.data.len();
            let (read, too_long) = read_line_bounded(reader, &mut self.data, max_line)?;
            if read == 0 {
                return Ok(false);
            }
            *line_number += 1;
            let mut end = self.data.len();
            if too_long {
                end = start
                    + floor_char_boundary(
                        self.data.get(start..end).unwrap_or_default(),
                        TOO_LONG_PREFIX,
                    );
                self.data.truncate(end);
            } else if self.data.last() == Some(&b'\n') {
                end -= 1;
                if end > start && self.data.get(end - 1) == Some(&b'\r') {
                    end -= 1;
                }
            }
            self.lines.push(Line {
                range: start..end,
                number: *line_number,
                too_long,
            });
            // Nothing buffered: the next read may block. Check what we have first. (For
            // a file this ends a batch every READ_BUFFER bytes, still thousands of lines.)
            if reader.buffer().is_empty() {
                break;
            }
        }
        Ok(true)
    }

    /// Moves the complete lines in `reader`'s buffer into the batch with one copy (up
    /// to [`BATCH_LINES`] lines in all): the same lines [`Batch::fill`] would take one by
    /// one. `false` if the buffer holds no complete line. A line longer than `max_line`
    /// keeps its prefix as in `fill` (its other bytes stay in `data` unused: at most one
    /// read buffer's worth).
    fn take_buffered_lines<R: Read>(
        &mut self,
        reader: &mut BufReader<R>,
        line_number: &mut u64,
        max_line: usize,
    ) -> bool {
        let block = reader.buffer();
        let base = self.data.len();
        let mut start = 0;
        while self.lines.len() < BATCH_LINES
            && let Some(newline) = block
                .get(start..)
                .and_then(|rest| memchr::memchr(b'\n', rest))
                .map(|p| start + p)
        {
            let content = block.get(start..newline).unwrap_or_default();
            *line_number += 1;
            let too_long = content.len() > max_line;
            let len = if too_long {
                floor_char_boundary(content.get(..max_line).unwrap_or_default(), TOO_LONG_PREFIX)
            } else {
                content.strip_suffix(b"\r").unwrap_or(content).len()
            };
            self.lines.push(Line {
                range: base + start..base + start + len,
                number: *line_number,
                too_long,
            });
            start = newline + 1;
        }
        self.data
            .extend_from_slice(block.get(..start).unwrap_or_default());
        reader.consume(start);
        start > 0
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
fn render(task: &dyn Task, data: &[u8], lines: &[Line], opts: Output, buf: &mut Vec<u8>) -> Counts {
    buf.clear();
    let mut counts = Counts::default();
    // The batch's bytes as text up to its first invalid UTF-8 sequence, checked in one
    // pass: a line inside it is sliced from it without checking its bytes again. (Lines
    // end before `\r` or `\n` or on a character boundary, so the slices are exact.)
    let text = match std::str::from_utf8(data) {
        Ok(text) => text,
        Err(e) => {
            std::str::from_utf8(data.get(..e.valid_up_to()).unwrap_or_default()).unwrap_or_default()
        }
    };
    for line in lines {
        let raw = data.get(line.range.clone()).unwrap_or_default();
        let report = if line.too_long {
            too_long(task, raw, line.number, opts.max_line_bytes)
        } else if let (false, Some(value)) = (opts.json_input, text.get(line.range.clone())) {
            task.run(value)
        } else {
            one(task, raw, opts.json_input)
        };
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

/// The result for a line longer than `--max-line-bytes`: `input` is its first bytes
/// (as text), followed by `…`.
fn too_long(task: &dyn Task, prefix: &[u8], number: u64, max: NonZeroUsize) -> Report<'static> {
    let mut input = String::from_utf8_lossy(prefix).into_owned();
    input.push('…');
    Report::invalid(
        input,
        task.kind(),
        "line_too_long",
        0,
        format_args!(
            "line {number} is longer than {max} bytes (--max-line-bytes); it was skipped and reading went on"
        ),
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::DEFAULT_MAX_LINE_BYTES;

    /// Every line `fill` takes from `input` through a read buffer of `capacity` bytes:
    /// (bytes kept, line number, too long).
    fn lines(input: &[u8], capacity: usize, max_line: usize) -> Vec<(Vec<u8>, u64, bool)> {
        let mut reader = BufReader::with_capacity(capacity, input);
        let mut number = 0;
        let mut all = Vec::new();
        loop {
            let mut batch = Batch::default();
            let more = batch
                .fill(&mut reader, &mut number, max_line)
                .expect("reads");
            for line in &batch.lines {
                let kept = batch.data[line.range.clone()].to_vec();
                all.push((kept, line.number, line.too_long));
            }
            if !more {
                return all;
            }
        }
    }

    /// Whole lines taken from the read buffer in one piece give what reading line by
    /// line gives (a one-byte buffer never holds a line but an empty one): CRLF and
    /// lone CR, empty lines, no final newline, lines just below, at and above
    /// `--max-line-bytes` (with multi-byte characters at the cut), lines across buffer
    /// ends, and every newline position within and across eight-byte words.
    #[test]
    fn buffered_lines_equal_line_by_line() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"\n".to_vec(),
            b"\n\n\r\n".to_vec(),
            b"a@example.com\r\nb\rc\nlast".to_vec(),
            "é".repeat(40).into_bytes(),
            format!(
                "{}\n{}\n{}\n",
                "x".repeat(9),
                "y".repeat(10),
                "z".repeat(11)
            )
            .into_bytes(),
            format!("{}\r\n{}é\n", "x".repeat(10), "ü".repeat(40)).into_bytes(),
        ];
        for len in 0..20 {
            let line = "a".repeat(len);
            inputs.push(format!("{line}\n{line}\n{line}").into_bytes());
        }
        for input in &inputs {
            for max_line in [1, 10, 64, 100, 1 << 20] {
                let reference = lines(input, 1, max_line);
                for capacity in [2, 7, 8, 13, 64, 4096] {
                    assert_eq!(
                        lines(input, capacity, max_line),
                        reference,
                        "{:?} capacity {capacity} max {max_line}",
                        String::from_utf8_lossy(input)
                    );
                }
            }
        }
    }

    /// A task that reports each value as valid, unchanged: what the streaming does to
    /// lines, without the cost of checking them.
    struct Echo;

    impl Task for Echo {
        fn kind(&self) -> &'static str {
            "echo"
        }

        fn run<'a>(&self, value: &'a str) -> Report<'a> {
            Report::valid(value, "echo")
        }
    }

    fn options(json: bool) -> Output {
        Output {
            json,
            json_input: false,
            only_invalid: false,
            style: Style::new(false),
            threads: None,
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
        }
    }

    /// The output of `stream` with `threads` workers and a read buffer of `capacity`.
    fn streamed(input: &[u8], json: bool, threads: usize, capacity: usize) -> (Vec<u8>, u64) {
        let reader = BufReader::with_capacity(capacity, input);
        let mut out = Vec::new();
        let counts = stream(
            &Echo,
            reader,
            "test input",
            options(json),
            threads,
            &mut out,
            None,
        )
        .expect("writing to memory cannot fail");
        (out, counts.total)
    }

    /// The output of each line rendered on its own, in input order (the lines as a
    /// one-byte read buffer delivers them, one at a time).
    fn one_by_one(input: &[u8], json: bool) -> Vec<u8> {
        let mut out = Vec::new();
        for (bytes, _, _) in lines(input, 1, DEFAULT_MAX_LINE_BYTES.get()) {
            let report = one(&Echo, &bytes, false);
            if json {
                report.write_json(&mut out);
            } else {
                report.write_text(&mut out, Style::new(false));
            }
        }
        out
    }

    /// `n` numbered lines, with CRLF ends, empty lines and invalid UTF-8 sprinkled in;
    /// no newline after the last one when `n` is odd.
    fn numbered(n: usize) -> Vec<u8> {
        let mut input = Vec::new();
        for i in 0..n {
            match i % 13 {
                3 => {}
                5 => {
                    input.extend_from_slice(b"bad\xFF");
                    input.extend_from_slice(i.to_string().as_bytes());
                }
                _ => input.extend_from_slice(format!("v{i}@example.com").as_bytes()),
            }
            if i % 7 == 1 {
                input.push(b'\r');
            }
            if i + 1 < n || n.is_multiple_of(2) {
                input.push(b'\n');
            }
        }
        input
    }

    /// Every line gets exactly one result, in input order, whatever the number of
    /// workers and however the read buffer cuts the input: line counts just below, at
    /// and just above one, two and three batches, in JSON and text.
    #[test]
    fn workers_keep_every_line_once_in_order() {
        for n in [
            0,
            1,
            2,
            BATCH_LINES - 1,
            BATCH_LINES,
            BATCH_LINES + 1,
            2 * BATCH_LINES - 1,
            2 * BATCH_LINES,
            2 * BATCH_LINES + 1,
            3 * BATCH_LINES + 7,
        ] {
            let input = numbered(n);
            for json in [true, false] {
                let expected = one_by_one(&input, json);
                for threads in [1, 2, 3, 4] {
                    for capacity in [64, 4096, READ_BUFFER] {
                        let (out, total) = streamed(&input, json, threads, capacity);
                        assert_eq!(total, n as u64, "{n} lines, {threads} workers");
                        assert!(
                            out == expected,
                            "{n} lines, {threads} workers, buffer {capacity}, json {json}"
                        );
                    }
                }
            }
        }
    }

    /// A task with a bug: it panics on one value.
    struct PanicsOn(&'static str);

    impl Task for PanicsOn {
        fn kind(&self) -> &'static str {
            "panics"
        }

        fn run<'a>(&self, value: &'a str) -> Report<'a> {
            assert_ne!(value, self.0, "the test's deliberate panic");
            Report::valid(value, "panics")
        }
    }

    /// A worker that panics takes the command down with it: no hang waiting for its
    /// batch, no output after the batches before it.
    #[test]
    fn a_panicking_worker_panics_the_stream() {
        // More batches after the bad one than there are output buffers: without the
        // panic passed on, the others would wait for a free buffer for ever.
        let input = numbered(12 * BATCH_LINES);
        // A plain line of the third batch (`numbered` leaves it as it is).
        let at = 2 * BATCH_LINES + 2;
        let value = format!("v{at}@example.com");
        let task = PanicsOn(Box::leak(value.into_boxed_str()));
        for threads in [1, 2, 3] {
            let mut out = Vec::new();
            let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
                let reader = BufReader::with_capacity(4096, &input[..]);
                stream(
                    &task,
                    reader,
                    "test input",
                    options(true),
                    threads,
                    &mut out,
                    None,
                )
            }));
            assert!(
                outcome.is_err(),
                "{threads} workers: the panic reaches the caller"
            );
            let written = out.split(|&b| b == b'\n').count() - 1;
            assert!(written <= at, "{threads} workers: {written} lines");
        }
    }

    /// A byte-order mark at the start is skipped once, not taken as part of a value.
    #[test]
    fn workers_skip_a_byte_order_mark_once() {
        let mut input = BYTE_ORDER_MARK.to_vec();
        let body = numbered(BATCH_LINES + 1);
        input.extend_from_slice(&body);
        for threads in [1, 2] {
            assert!(streamed(&input, true, threads, 4096).0 == one_by_one(&body, true));
        }
    }

    /// A lone `-` is standard input, as for `cat`, and so is `--file -`; `-` among other
    /// values is a value like them.
    #[test]
    fn a_lone_dash_is_standard_input() {
        let values = |v: &[&str]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert!(matches!(source(values(&["-"]), None), Source::Stdin));
        assert!(matches!(source(values(&[]), None), Source::Stdin));
        assert!(matches!(
            source(values(&[]), Some("-".into())),
            Source::Stdin
        ));
        assert!(matches!(
            source(values(&[]), Some("names.txt".into())),
            Source::File(p) if p == std::path::Path::new("names.txt")
        ));
        assert!(matches!(
            source(values(&["a.example", "-"]), None),
            Source::Values(v) if v == ["a.example", "-"]
        ));
        assert!(matches!(
            source(values(&["--"]), None),
            Source::Values(v) if v == ["--"]
        ));
    }

    /// The progress line appears only on a terminal's standard error, for a file or for
    /// standard input that nobody is typing into; never for VALUEs.
    #[test]
    fn progress_only_for_long_input_on_a_terminal() {
        let file = || Source::File("big.txt".into());
        let values = || Source::Values(vec!["a.example".to_owned()]);
        for stdin_terminal in [false, true] {
            assert!(!wants_progress(&file(), false, stdin_terminal));
            assert!(!wants_progress(&Source::Stdin, false, stdin_terminal));
            assert!(!wants_progress(&values(), false, stdin_terminal));
            assert!(!wants_progress(&values(), true, stdin_terminal));
            assert!(wants_progress(&file(), true, stdin_terminal));
        }
        assert!(wants_progress(&Source::Stdin, true, false));
        assert!(!wants_progress(&Source::Stdin, true, true));
    }

    /// The progress line counts every value written, in whole batches, and leaves the
    /// output as it is without it.
    #[test]
    fn progress_counts_every_value() {
        let input = numbered(2 * BATCH_LINES + 5);
        let bar = ProgressBar::hidden();
        let mut with_bar = Vec::new();
        let reader = BufReader::with_capacity(4096, &input[..]);
        let counts = stream(
            &Echo,
            reader,
            "test input",
            options(true),
            2,
            &mut with_bar,
            Some(&bar),
        )
        .expect("writing to memory cannot fail");
        assert_eq!(bar.position(), counts.total);
        assert_eq!(counts.total, 2 * BATCH_LINES as u64 + 5);
        assert!(with_bar == streamed(&input, true, 2, 4096).0);
    }
}
