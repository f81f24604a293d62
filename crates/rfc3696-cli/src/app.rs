//! The command: parse the arguments, run the subcommand, map the outcome to the exit
//! status.

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, ColorChoice, Command, IdnaCommand, IoArgs, MailtoCommand, PunycodeCommand};
#[cfg(feature = "cluster")]
use crate::cluster;
use crate::exit::{EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::report::text::write_warnings_to_stderr;
#[cfg(feature = "sql")]
use crate::sql;
use crate::stream::{self, Counts, Output, Source, Task};
use crate::terminal::{Shown, Style, escape_usage_error};
use crate::{deliver, idn_display, io_check, kinds};

/// Runs the command with the process's arguments and standard streams.
pub fn main() -> ExitCode {
    // Every command writes to standard output: a closed one is an error up front.
    if let Err(e) = io_check::stdout_open() {
        eprintln!("rfc3696: error: {}", Shown(&e.to_string()));
        return ExitCode::from(EXIT_ERROR);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // Clap echoes the offending argument as typed: escaped like any value, so
            // that a hostile argument cannot reach the terminal (clap's colours go).
            // (`ansi`: clap's plain text; `to_string` would drop what looks like a colour
            // code, hiding part of the argument.)
            let arguments: Vec<String> = std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            let text = escape_usage_error(&e.render().ansi().to_string(), &arguments);
            let _ = io::stderr().lock().write_all(text.as_bytes());
            return ExitCode::from(EXIT_ERROR);
        }
        Err(e) => {
            // `--help` and `--version` are "errors" printed to stdout with status 0;
            // failing to print them (a full disk) is an I/O error.
            let text = e.render().to_string();
            let mut out = io::stdout().lock();
            return match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::from(EXIT_VALID),
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_VALID),
                Err(e) => {
                    eprintln!("rfc3696: error: standard output: {e}");
                    ExitCode::from(EXIT_ERROR)
                }
            };
        }
    };
    let streams = Streams {
        style: Style::new(colour(cli.color, io::stdout().is_terminal())),
        stderr_style: Style::new(colour(cli.color, io::stderr().is_terminal())),
        stderr_terminal: io::stderr().is_terminal(),
        stdin_terminal: io::stdin().is_terminal(),
        threads: cli.threads,
    };
    match run(cli.command, streams) {
        Ok(code) => ExitCode::from(code),
        // A reader that went away (`rfc3696 check --file big | head`) is not worth a message.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_ERROR),
        Err(e) => {
            // Paths and values in the message are escaped where it is made; `Shown`
            // escapes whatever an I/O error brought along raw.
            eprintln!("rfc3696: error: {}", Shown(&e.to_string()));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// Whether text on a stream is coloured: `--color`, and for `auto` whether the stream is
/// a terminal and `NO_COLOR` is unset or empty (<https://no-color.org>).
fn colour(choice: ColorChoice, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// What the standard streams are, found out once at the start.
#[derive(Clone, Copy, Debug)]
struct Streams {
    /// The colours of standard output.
    style: Style,
    /// The colours of standard error.
    stderr_style: Style,
    /// Standard error is a terminal: the place for a progress line.
    stderr_terminal: bool,
    /// Standard input is a terminal: someone typing.
    stdin_terminal: bool,
    /// `--threads`.
    threads: Option<NonZeroUsize>,
}

fn run(command: Command, streams: Streams) -> io::Result<u8> {
    let style = streams.style;
    match command {
        #[cfg(feature = "sql")]
        Command::Sql(args) => sql::run(&args, streams.threads),
        #[cfg(not(feature = "sql"))]
        Command::Sql(_) => Ok(feature_off("sql", "sql")),
        #[cfg(feature = "cluster")]
        Command::Cluster(command) => cluster::run(command),
        #[cfg(not(feature = "cluster"))]
        Command::Cluster(_) => Ok(feature_off("cluster", "cluster")),
        Command::Completions(args) => print(|out| crate::manual::completions(args.shell, out)),
        Command::Man => print(crate::manual::man_page),
        Command::Check(args) => {
            let task = kinds::Check {
                kind: args.kind,
                profile: args.profile,
                idna: args.idna.into(),
                library: args.library,
            };
            if args.dns.deliverability {
                return deliver::run(&task, &args.io, args.values, args.file, &args.dns, style);
            }
            stream_task(&task, &args.io, args.values, args.file, streams)
        }
        Command::Punycode(command) => {
            let (task, a) = match command {
                PunycodeCommand::Encode(a) => (kinds::Punycode::Encode, a),
                PunycodeCommand::Decode(a) => (kinds::Punycode::Decode, a),
            };
            stream_task(&task, &a.io, a.values, a.file, streams)
        }
        Command::Idna(IdnaCommand::ToAscii(a)) => {
            let task = kinds::Idna::ToAscii(a.idna.into());
            stream_task(&task, &a.values.io, a.values.values, a.values.file, streams)
        }
        Command::Idna(IdnaCommand::ToUnicode(a)) => {
            let task = kinds::Idna::ToUnicode(a.idna.into());
            stream_task(&task, &a.values.io, a.values.values, a.values.file, streams)
        }
        Command::Idna(IdnaCommand::Display(a)) => {
            let task = idn_display::Display::new(a.protect.as_deref())?;
            let v = a.values;
            stream_task(&task, &v.io, v.values, v.file, streams)
        }
        Command::Resolve(args) => {
            let task = match kinds::Resolve::new(&args.base) {
                Ok(task) => task,
                Err(message) => {
                    eprintln!("rfc3696: error: --base: {}", Shown(&message));
                    return Ok(EXIT_ERROR);
                }
            };
            stream_task(&task, &args.io, args.values, args.file, streams)
        }
        Command::Mailto(MailtoCommand::Build(args)) => {
            let report = kinds::build_mailto(&args);
            let mut out = io::stdout().lock();
            if args.json {
                let mut buf = Vec::new();
                report.write_json(&mut buf);
                out.write_all(&buf)?;
            } else if let (true, Some(uri)) = (report.valid, &report.output) {
                // The bare URI, so that `$(rfc3696 mailto build …)` works in scripts;
                // its warnings on standard error, where they cannot end up in the URI.
                writeln!(out, "{uri}")?;
                write_warnings_to_stderr(&report, streams.stderr_style)?;
            } else {
                let mut text = Vec::new();
                report.write_text(&mut text, style);
                out.write_all(&text)?;
            }
            out.flush()?;
            Ok(if report.valid {
                EXIT_VALID
            } else {
                EXIT_INVALID
            })
        }
    }
}

/// Writes what `write` makes to standard output (completions, the manual page): exit
/// status 0.
fn print(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<u8> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    write(&mut out)?;
    out.flush()?;
    Ok(EXIT_VALID)
}

/// The answer of a subcommand whose cargo feature this build lacks: which feature, and
/// how to build with it (exit status 2, as for any command the build cannot run).
#[cfg(not(all(feature = "sql", feature = "cluster")))]
fn feature_off(command: &str, feature: &str) -> u8 {
    eprintln!("{}", feature_off_message(command, feature));
    EXIT_ERROR
}

/// The text of [`feature_off`].
#[cfg(not(all(feature = "sql", feature = "cluster")))]
fn feature_off_message(command: &str, feature: &str) -> String {
    format!(
        "rfc3696: error: `rfc3696 {command}` is not in this build: rebuild with --features \
         {feature} (`cargo install --locked rfc3696-cli --features {feature}`)"
    )
}

/// Runs a streaming task over VALUEs, else `--file`, else standard input (a lone VALUE
/// `-` and `--file -` are standard input too).
fn stream_task(
    task: &dyn Task,
    io_args: &IoArgs,
    values: Vec<String>,
    file: Option<std::path::PathBuf>,
    streams: Streams,
) -> io::Result<u8> {
    let source = stream::source(values, file);
    if let Source::Stdin = source {
        // A closed standard input reads as empty in Rust: say so instead of reporting
        // zero values.
        io_check::stdin_open()?;
        // Someone typing: say what is expected instead of hanging silently.
        if streams.stdin_terminal {
            eprintln!(
                "rfc3696: reading values from standard input, one per line (end with Ctrl-D)"
            );
        }
    }
    let progress = stream::wants_progress(&source, streams.stderr_terminal, streams.stdin_terminal)
        .then(stream::progress_line);
    let opts = Output {
        json: io_args.json,
        json_input: io_args.json_input,
        only_invalid: io_args.only_invalid,
        style: streams.style,
        threads: streams.threads,
        max_line_bytes: io_args.max_line_bytes,
    };
    // Lock once: results are written in large blocks, one per batch chunk.
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(256 * 1024, stdout.lock());
    let counts = stream::run(task, source, opts, &mut out, progress.as_ref())?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    match summary_to(opts.json, streams.stderr_terminal) {
        SummaryTo::Stdout => out.write_all(summary(counts, streams.style).as_bytes())?,
        SummaryTo::Stderr => {
            let line = summary(counts, streams.stderr_style);
            io::stderr().write_all(line.as_bytes())?;
        }
        SummaryTo::Nowhere => {}
    }
    out.flush()?;
    Ok(if counts.invalid == 0 {
        EXIT_VALID
    } else {
        EXIT_INVALID
    })
}

/// Where the summary line goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SummaryTo {
    /// After the text results.
    Stdout,
    /// On standard error: a person watches it while the JSON goes elsewhere.
    Stderr,
    /// Not at all: JSON output, and standard error no terminal (a script reads both).
    Nowhere,
}

/// The text output ends with the summary; the JSON stream never holds it, so with
/// `--json` it goes to standard error, and only when that is a terminal.
fn summary_to(json: bool, stderr_terminal: bool) -> SummaryTo {
    match (json, stderr_terminal) {
        (false, _) => SummaryTo::Stdout,
        (true, true) => SummaryTo::Stderr,
        (true, false) => SummaryTo::Nowhere,
    }
}

/// The closing line: how many values, how many valid (with warnings), how many invalid.
fn summary(c: Counts, s: Style) -> String {
    let valid = c.total - c.invalid;
    let plural = if c.total == 1 { "" } else { "s" };
    format!(
        "{bold}{total} value{plural}:{reset} {green}{valid} valid{reset} ({warned} with warnings), {red}{invalid} invalid{reset}\n",
        bold = s.bold,
        reset = s.reset,
        green = if valid > 0 { s.green } else { "" },
        red = if c.invalid > 0 { s.red } else { "" },
        total = c.total,
        warned = c.warned,
        invalid = c.invalid,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style::new(false);

    /// Text output keeps its summary on standard output; JSON output puts it on a
    /// terminal's standard error and nowhere else.
    #[test]
    fn the_summary_never_enters_the_json_stream() {
        assert_eq!(summary_to(false, false), SummaryTo::Stdout);
        assert_eq!(summary_to(false, true), SummaryTo::Stdout);
        assert_eq!(summary_to(true, true), SummaryTo::Stderr);
        assert_eq!(summary_to(true, false), SummaryTo::Nowhere);
    }

    #[test]
    fn summary_counts_and_plurals() {
        let counts = |total, invalid, warned| Counts {
            total,
            invalid,
            warned,
        };
        assert_eq!(
            summary(counts(1, 0, 0), PLAIN),
            "1 value: 1 valid (0 with warnings), 0 invalid\n"
        );
        assert_eq!(
            summary(counts(3, 1, 1), PLAIN),
            "3 values: 2 valid (1 with warnings), 1 invalid\n"
        );
        assert_eq!(
            summary(counts(0, 0, 0), PLAIN),
            "0 values: 0 valid (0 with warnings), 0 invalid\n"
        );
        // Colours only around what is there: no green for zero valid values.
        let coloured = summary(counts(2, 2, 0), Style::new(true));
        assert!(coloured.contains("\x1b[31m2 invalid"), "{coloured:?}");
        assert!(!coloured.contains("\x1b[32m"), "{coloured:?}");
    }

    #[test]
    #[cfg(not(all(feature = "sql", feature = "cluster")))]
    fn feature_off_names_the_feature_and_the_rebuild() {
        let message = feature_off_message("sql", "sql");
        assert!(message.contains("rebuild with --features sql"), "{message}");
        assert!(message.contains("`rfc3696 sql`"), "{message}");
    }
}
