//! The `rfc3696` command (work in progress: see issue 6).

fn main() {
    eprintln!("rfc3696: not built yet");
    std::process::exit(2);
}
