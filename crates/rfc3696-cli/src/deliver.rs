//! `rfc3696 check --deliverability`: after the syntax check, ask DNS whether each
//! address's domain accepts mail (RFC 5321 §5.1 MX and implicit MX, RFC 7505 null MX),
//! through the `email-dns` crate.
//!
//! Values are read on a thread of their own, a bounded number of domains is looked up at
//! once, and results are written in input order as soon as they are ready. The DNS
//! support is the cargo feature `dns` (it brings `hickory-resolver` and `tokio`); a
//! build without it still knows the flags and says how to get it (exit status 2).

/// Runs `check` with deliverability over VALUEs, else `--file`, else standard input.
#[cfg(not(feature = "dns"))]
#[expect(
    clippy::unnecessary_wraps,
    reason = "the same signature as the `dns` build's `run`"
)]
pub fn run(
    _task: &crate::kinds::Check,
    _io: &crate::args::IoArgs,
    _values: Vec<String>,
    _file: Option<std::path::PathBuf>,
    _args: &crate::args::DnsArgs,
    _style: crate::terminal::Style,
) -> std::io::Result<u8> {
    eprintln!(
        "rfc3696: error: --deliverability: this rfc3696 was built without DNS support; \
         build it with `cargo build --release -p rfc3696-cli --features dns`"
    );
    Ok(2)
}

#[cfg(feature = "dns")]
pub use enabled::run;

#[cfg(feature = "dns")]
mod enabled {
    use std::fs::File;
    use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
    use std::path::PathBuf;
    use std::sync::{Arc, Mutex, PoisonError};
    use std::time::Duration;

    use indicatif::{ProgressBar, ProgressStyle};
    use rfc3696::dns::{BlockingChecker, Deliverability, Nameservers, Options, Target};
    use rfc3696::email::EmailAddress;

    use crate::args::{DnsArgs, IoArgs};
    use crate::kinds;
    use crate::report::{DeliverabilityReport, DnsNote};
    use crate::stream;
    use crate::terminal::{Escaped, Shown, Style};

    impl From<&Deliverability> for DeliverabilityReport {
        fn from(d: &Deliverability) -> Self {
            DeliverabilityReport {
                status: d.status(),
                mail_hosts: d
                    .mail_hosts()
                    .iter()
                    .map(|h| (h.preference, h.host.clone()))
                    .collect(),
                reason: d.reason().map(ToString::to_string),
                code: d.reason().map(rfc3696::dns::Reason::code),
                warnings: d
                    .warnings()
                    .iter()
                    .map(|w| DnsNote {
                        code: w.kind.code(),
                        host: w.host.clone(),
                        message: w.kind.message(),
                    })
                    .collect(),
            }
        }
    }

    /// Input lines, read lazily (on the checker's reader thread).
    type Lines = Box<dyn Iterator<Item = io::Result<Vec<u8>>> + Send>;

    /// Lines end at `\n`, and one `\r` right before it is dropped (CRLF files), as in
    /// the plain `check`; a last line without `\n` is a value.
    fn split_lines<R: BufRead + Send + 'static>(mut reader: R) -> Lines {
        Box::new(std::iter::from_fn(move || {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => None,
                Ok(_) => {
                    if line.last() == Some(&b'\n') {
                        line.pop();
                        if line.last() == Some(&b'\r') {
                            line.pop();
                        }
                    }
                    Some(Ok(line))
                }
                Err(e) => Some(Err(e)),
            }
        }))
    }

    /// The values as lines, and how many there are when that is known: VALUEs, else
    /// `--file`, else standard input (also for a lone `-` and `--file -`).
    fn source(values: Vec<String>, file: Option<PathBuf>) -> io::Result<(Lines, Option<u64>)> {
        match stream::source(values, file) {
            stream::Source::Values(values) => {
                let n = values.len() as u64;
                Ok((
                    Box::new(values.into_iter().map(|v| Ok(v.into_bytes()))),
                    Some(n),
                ))
            }
            stream::Source::File(path) => {
                let f = File::open(&path).map_err(|e| {
                    let name = Escaped(&path.to_string_lossy()).to_string();
                    io::Error::new(e.kind(), format!("{name}: {e}"))
                })?;
                Ok((split_lines(BufReader::with_capacity(256 * 1024, f)), None))
            }
            stream::Source::Stdin => {
                if io::stdin().is_terminal() {
                    eprintln!(
                        "rfc3696: reading values from standard input, one per line (end with Ctrl-D)"
                    );
                }
                Ok((split_lines(BufReader::new(io::stdin())), None))
            }
        }
    }

    fn options(args: &DnsArgs) -> Options {
        let check = Duration::from_millis(args.timeout_ms);
        Options::default()
            .with_concurrency(args.concurrency.get())
            .with_check_timeout(check)
            // Two tries per query fit in the check's time.
            .with_query_timeout((check / 2).max(Duration::from_millis(1)))
            .with_attempts(2)
    }

    /// Totals over a run.
    #[derive(Default)]
    struct Tally {
        total: u64,
        invalid: u64,
        warned: u64,
        deliverable: u64,
        undeliverable: u64,
        unknown: u64,
    }

    pub fn run(
        task: &kinds::Check,
        io_args: &IoArgs,
        values: Vec<String>,
        file: Option<PathBuf>,
        args: &DnsArgs,
        style: Style,
    ) -> io::Result<u8> {
        let nameservers = match args.resolver {
            Some(addr) => Nameservers::At(vec![addr]),
            None => Nameservers::System,
        };
        let checker = match BlockingChecker::new(&nameservers, options(args)) {
            Ok(checker) => checker,
            Err(e) => {
                // The resolver's message may quote the system's configuration.
                eprintln!(
                    "rfc3696: error: --deliverability: {}; give one with --resolver IP:PORT",
                    Shown(&e.to_string())
                );
                return Ok(2);
            }
        };
        let (lines, known_len) = source(values, file)?;
        let read_error: Arc<Mutex<Option<io::Error>>> = Arc::default();
        let failed = Arc::clone(&read_error);
        let check = kinds::Check {
            kind: task.kind,
            profile: task.profile,
            idna: task.idna,
            library: task.library,
        };
        let policy = kinds::email_policy(task.profile).with_idna_mode(task.idna);
        let json_input = io_args.json_input;
        let items = lines.map_while(move |line| match line {
            Ok(raw) => {
                let report = stream::one(&check, &raw, json_input).into_owned();
                let target = (report.valid && report.kind == "email")
                    .then(|| EmailAddress::parse_with(&report.input, &policy).ok())
                    .flatten()
                    .map(|address| Target::of_address(&address));
                Some((report, target))
            }
            Err(e) => {
                *failed.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
                None
            }
        });
        let progress = io::stderr().is_terminal().then(|| progress_bar(known_len));
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let mut buf = Vec::new();
        let mut tally = Tally::default();
        for (mut report, outcome) in checker.check_each(items, None) {
            tally.total += 1;
            if !report.valid {
                tally.invalid += 1;
            } else if !report.warnings.is_empty() {
                tally.warned += 1;
            }
            let mut undeliverable = false;
            if let Some(d) = &outcome {
                match d {
                    Deliverability::Deliverable { .. } => tally.deliverable += 1,
                    Deliverability::Undeliverable { .. } => {
                        tally.undeliverable += 1;
                        undeliverable = true;
                    }
                    _ => tally.unknown += 1,
                }
                report.deliverability = Some(Box::new(DeliverabilityReport::from(d)));
            }
            if let Some(bar) = &progress {
                bar.inc(1);
            }
            if report.valid && !undeliverable && io_args.only_invalid {
                continue;
            }
            buf.clear();
            if io_args.json {
                report.write_json(&mut buf);
            } else {
                report.write_text(&mut buf, style);
            }
            out.write_all(&buf)?;
            // Each answer goes out as soon as it is known.
            out.flush()?;
        }
        if let Some(bar) = progress {
            bar.finish_and_clear();
        }
        if let Some(e) = read_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            return Err(e);
        }
        // As for the plain `check`: after the text results, or with `--json` on a
        // terminal's standard error, never in the JSON stream.
        if !io_args.json {
            summary(&mut out, &tally, style)?;
        } else if io::stderr().is_terminal() {
            summary(&mut io::stderr(), &tally, Style::new(false))?;
        }
        out.flush()?;
        Ok(u8::from(tally.invalid > 0 || tally.undeliverable > 0))
    }

    fn progress_bar(len: Option<u64>) -> ProgressBar {
        let (bar, template) = match len {
            Some(n) => (
                ProgressBar::new(n),
                "{bar:30} {pos}/{len} checked ({per_sec}, {eta} left)",
            ),
            None => (
                ProgressBar::new_spinner(),
                "{spinner} {pos} checked ({per_sec})",
            ),
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar
    }

    fn summary(out: &mut dyn Write, t: &Tally, s: Style) -> io::Result<()> {
        let plural = if t.total == 1 { "" } else { "s" };
        writeln!(
            out,
            "{bold}{total} value{plural}:{reset} {green}{valid} valid{reset} ({warned} with warnings), {red}{invalid} invalid{reset}; \
             deliverability: {deliverable} deliverable, {undeliverable} undeliverable, {unknown} unknown",
            bold = s.bold,
            reset = s.reset,
            green = s.green,
            red = if t.invalid > 0 { s.red } else { "" },
            total = t.total,
            valid = t.total - t.invalid,
            warned = t.warned,
            invalid = t.invalid,
            deliverable = t.deliverable,
            undeliverable = t.undeliverable,
            unknown = t.unknown,
        )
    }
}
