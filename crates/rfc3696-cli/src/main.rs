//! The `rfc3696` command; everything it does is in the library (`src/lib.rs`).

fn main() -> std::process::ExitCode {
    rfc3696_cli::main()
}
