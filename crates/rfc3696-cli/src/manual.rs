//! `rfc3696 completions SHELL` and `rfc3696 man`: shell completion scripts and the
//! manual page, generated from the clap definitions so that they never disagree with
//! `--help`.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use crate::args::Cli;

/// Writes the completion script for `shell` to `out`.
pub fn completions(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut command = Cli::command();
    // `generate` panics when its writer fails: write into memory, then out, so that a
    // closed pipe is an I/O error like any other.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "rfc3696", &mut script);
    out.write_all(&script)
}

/// Writes the manual page (section 1, roff) to `out`: name, synopsis, description,
/// options, the subcommands with what each does, the input rules and exit status of
/// `--help`, and the version.
pub fn man_page(out: &mut dyn Write) -> io::Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    out.write_all(&page)
}
