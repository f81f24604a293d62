//! The command: parse the arguments, run the subcommand, map the outcome to the exit
//! status.

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, ColorChoice, Command, IdnaCommand, IoArgs, MailtoCommand, PunycodeCommand};
use crate::exit::{EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::report::text::write_warnings_to_stderr;
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
    let colour = match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        // https://no-color.org: any non-empty NO_COLOR turns colour off.
        ColorChoice::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let style = Style::new(colour);
    match run(cli.command, style, cli.threads) {
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

fn run(command: Command, style: Style, threads: Option<NonZeroUsize>) -> io::Result<u8> {
    match command {
        #[cfg(feature = "sql")]
        Command::Sql(args) => sql::run(&args, threads),
        #[cfg(feature = "cluster")]
        Command::Cluster(command) => cluster::run(command),
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
            stream_task(&task, &args.io, args.values, args.file, style, threads)
        }
        Command::Punycode(PunycodeCommand::Encode(a)) => stream_task(
            &kinds::Punycode::Encode,
            &a.io,
            a.values,
            a.file,
            style,
            threads,
        ),
        Command::Punycode(PunycodeCommand::Decode(a)) => stream_task(
            &kinds::Punycode::Decode,
            &a.io,
            a.values,
            a.file,
            style,
            threads,
        ),
        Command::Idna(IdnaCommand::ToAscii(a)) => stream_task(
            &kinds::Idna::ToAscii(a.idna.into()),
            &a.values.io,
            a.values.values,
            a.values.file,
            style,
            threads,
        ),
        Command::Idna(IdnaCommand::ToUnicode(a)) => stream_task(
            &kinds::Idna::ToUnicode(a.idna.into()),
            &a.values.io,
            a.values.values,
            a.values.file,
            style,
            threads,
        ),
        Command::Idna(IdnaCommand::Display(a)) => {
            let task = idn_display::Display::new(a.protect.as_deref())?;
            let v = a.values;
            stream_task(&task, &v.io, v.values, v.file, style, threads)
        }
        Command::Resolve(args) => {
            let task = match kinds::Resolve::new(&args.base) {
                Ok(task) => task,
                Err(message) => {
                    eprintln!("rfc3696: error: --base: {}", Shown(&message));
                    return Ok(EXIT_ERROR);
                }
            };
            stream_task(&task, &args.io, args.values, args.file, style, threads)
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
                write_warnings_to_stderr(&report, style)?;
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

/// Runs a streaming task over VALUEs, else `--file`, else standard input.
fn stream_task(
    task: &dyn Task,
    io_args: &IoArgs,
    values: Vec<String>,
    file: Option<std::path::PathBuf>,
    style: Style,
    threads: Option<NonZeroUsize>,
) -> io::Result<u8> {
    let source = if !values.is_empty() {
        Source::Values(values)
    } else if let Some(path) = file.filter(|p| p.as_os_str() != "-") {
        Source::File(path)
    } else {
        // `--file -` is standard input, as for most tools. A closed standard input
        // reads as empty in Rust: say so instead of reporting zero values.
        io_check::stdin_open()?;
        // Someone typing: say what is expected instead of hanging silently.
        if io::stdin().is_terminal() {
            eprintln!(
                "rfc3696: reading values from standard input, one per line (end with Ctrl-D)"
            );
        }
        Source::Stdin
    };
    let opts = Output {
        json: io_args.json,
        json_input: io_args.json_input,
        only_invalid: io_args.only_invalid,
        style,
        threads,
        max_line_bytes: io_args.max_line_bytes,
    };
    // Lock once: results are written in large blocks, one per batch chunk.
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(256 * 1024, stdout.lock());
    let counts = stream::run(task, source, opts, &mut out)?;
    if !opts.json {
        summary(&mut out, counts, style)?;
    }
    out.flush()?;
    Ok(if counts.invalid == 0 {
        EXIT_VALID
    } else {
        EXIT_INVALID
    })
}

/// The closing line of text output.
fn summary(out: &mut dyn Write, c: Counts, s: Style) -> io::Result<()> {
    let valid = c.total - c.invalid;
    let plural = if c.total == 1 { "" } else { "s" };
    writeln!(
        out,
        "{bold}{total} value{plural}:{reset} {green}{valid} valid{reset} ({warned} with warnings), {red}{invalid} invalid{reset}",
        bold = s.bold,
        reset = s.reset,
        green = if valid > 0 { s.green } else { "" },
        red = if c.invalid > 0 { s.red } else { "" },
        total = c.total,
        warned = c.warned,
        invalid = c.invalid,
    )
}
