//! `uri-instr LIBRARY CORPUS PASSES`: parses one vendored URI corpus PASSES times with
//! one library and nothing else, for instruction counts under
//! `valgrind --tool=callgrind`. LIBRARY is `ours` (`uri_schemes::Uri::parse`), `mailto`
//! (`uri_schemes::Mailto::parse`) or `fluent` (`fluent_uri::Uri::parse`); CORPUS is
//! `urls`, `mailto`, or `one:URI` (that URI 10,000 times).
//!
//! Per-URI instructions: run it with two pass counts and divide the difference of the
//! two totals by the difference of passes times the corpus size (the corpus loading
//! cancels out); `docs/benchmarks.md` has the commands.

use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [library, corpus, passes] = args.as_slice() else {
        eprintln!("usage: uri-instr ours|mailto|fluent urls|mailto|one:URI PASSES");
        std::process::exit(2);
    };
    let uris = match corpus.as_str() {
        "urls" => bench::corpus("urls.txt"),
        "mailto" => bench::corpus("mailto.txt"),
        // One URI, 10,000 times: the cost of one shape of input.
        other => {
            let Some(uri) = other.strip_prefix("one:") else {
                eprintln!("unknown corpus {other:?}: urls, mailto or one:URI");
                std::process::exit(2);
            };
            vec![uri.to_owned(); 10_000]
        }
    };
    let Ok(passes) = passes.parse::<usize>() else {
        eprintln!("PASSES must be a number");
        std::process::exit(2);
    };
    let mut valid = 0usize;
    for _ in 0..passes {
        for u in &uris {
            let ok = match library.as_str() {
                "ours" => uri_schemes::Uri::parse(black_box(u)).is_ok(),
                "mailto" => uri_schemes::Mailto::parse(black_box(u)).is_ok(),
                "fluent" => fluent_uri::Uri::parse(black_box(u.as_str())).is_ok(),
                other => {
                    eprintln!("unknown library {other:?}: ours, mailto or fluent");
                    std::process::exit(2);
                }
            };
            valid += usize::from(ok);
        }
    }
    println!("{} URIs, {valid} valid over {passes} passes", uris.len());
}
