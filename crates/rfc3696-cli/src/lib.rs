//! The `rfc3696` command: check and convert domain names, email addresses and URIs
//! exactly as RFC 3696 (with errata) and the standards it cites define them.
//!
//! ```text
//! rfc3696 check [--kind auto|domain|hostname|dns|email|uri|uri-ref|http|mailto]
//!               [--profile rfc5321|smtputf8|rfc5322|html5|rfc3696]
//!               [--json] [--json-input] [--file PATH] [VALUE...]
//!               [--deliverability [--resolver IP:PORT] [--concurrency N] [--timeout-ms N]]
//! rfc3696 punycode encode|decode [--json] [--json-input] [VALUE...]
//! rfc3696 idna to-ascii|to-unicode [--json] [--json-input] [VALUE...]
//! rfc3696 idna display [--protect FILE] [--json] [--json-input] [VALUE...]
//! rfc3696 resolve --base BASE [--json] [--json-input] [REF...]
//! rfc3696 sql QUERY [--format table|csv|json] [--out PATH] [--cluster df://HOST:PORT]    (feature `sql`)
//! rfc3696 cluster scheduler [--bind ADDR:PORT] [--executor-timeout SECS]    (feature `cluster`)
//! rfc3696 cluster executor --scheduler HOST:PORT [--bind ADDR:PORT] [--advertise HOST]
//!                          [--concurrent-tasks N] [--work-dir DIR]
//! rfc3696 mailto build --to ADDR... [--cc ADDR...] [--bcc ADDR...] [--subject S] [--body B] [--header NAME=VALUE...]
//! ```
//!
//! Exit status: 0 when every value is valid, 1 when some value is invalid, 2 on a usage
//! or I/O error. The crate's `README.md` describes input, output and the options.
//!
//! The binary `rfc3696` is [`main`] and nothing else; the library exists so that the
//! binary stays one line and the fuzz properties (`fuzz/`) can reach the line reader and
//! the text rendering. It is not an API for other programs: run the command instead.
//!
//! The modules, each importing only those listed before it: `args` (the clap types),
//! `library_flags`, `terminal` (colours and escapes), `exit`, `io_check`, `report` (the
//! result type, with `json` and `text` renderings), `stream` (values in, results out, in
//! order, on all cores), `idn_display`, `kinds` (each subcommand's work on one value),
//! `deliver` (`--deliverability`), `sql`/`cluster` (features), `manual` (completions and
//! the manual page), and `app` (the command).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod app;
mod args;
#[cfg(feature = "cluster")]
mod cluster;
mod deliver;
mod exit;
mod idn_display;
mod io_check;
mod kinds;
mod library_flags;
mod manual;
mod report;
#[cfg(feature = "sql")]
mod sql;
mod stream;
mod terminal;

/// Runs the `rfc3696` command with the process's arguments and standard streams, and
/// returns its exit status: 0 when every value is valid, 1 when some value is invalid,
/// 2 on a usage or I/O error.
///
/// ```no_run
/// // src/main.rs of the `rfc3696` binary:
/// fn main() -> std::process::ExitCode {
///     rfc3696_cli::main()
/// }
/// ```
pub fn main() -> std::process::ExitCode {
    app::main()
}

/// The pieces the fuzz properties of `fuzz/` call directly. Not a stable API.
#[doc(hidden)]
pub mod fuzzing {
    /// The result of one value and its renderings.
    pub mod report {
        pub use crate::report::Report;
        pub use crate::report::json::escape_json_line_separators;
        pub use crate::terminal::{Escaped, Style, needs_escape};
    }
    /// The bounded line reader of the streaming input.
    pub mod stream {
        pub use crate::stream::{TOO_LONG_PREFIX, read_line_bounded, skip_byte_order_mark};
    }
}
