//! `rfc3696 completions SHELL` and `rfc3696 man`: generated from the same clap
//! definitions as `--help`, written to standard output, exit status 0.

use crate::common::{run, usage_error};

/// The visible subcommands, as `--help` lists them.
const SUBCOMMANDS: [&str; 7] = [
    "check",
    "punycode",
    "idna",
    "resolve",
    "mailto",
    "completions",
    "man",
];

/// Every shell of the contract gets a script that knows every visible subcommand and
/// the flags of `check`.
#[test]
fn completions_for_every_shell_name_every_subcommand() {
    for (shell, marker) in [
        ("bash", "complete -F _rfc3696"),
        ("zsh", "#compdef rfc3696"),
        ("fish", "complete -c rfc3696"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[rfc3696]"),
    ] {
        let (code, script, stderr) = run(&["completions", shell], "");
        assert_eq!(code, 0, "{shell}: {stderr}");
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell}: no {sub}");
        }
        // Flags of `check` are completed too.
        assert!(script.contains("json-input"), "{shell}: no --json-input");
    }
}

#[test]
fn completions_for_an_unknown_shell_is_a_usage_error() {
    let stderr = usage_error(&["completions", "tcsh"]);
    assert!(
        stderr.contains("bash") && stderr.contains("zsh"),
        "{stderr}"
    );
}

/// A section 1 roff page with the name, the synopsis, the options and the subcommands,
/// and the input rules and exit status that `--help` gives.
#[test]
fn man_writes_a_roff_page_of_section_1() {
    let (code, page, stderr) = run(&["man"], "");
    assert_eq!(code, 0, "{stderr}");
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..80]);
    assert!(page.contains(".TH rfc3696 1"), "no title line");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(page.contains(section), "no {section}");
    }
    for sub in SUBCOMMANDS {
        assert!(page.contains(&format!("rfc3696\\-{sub}")), "no {sub}");
    }
    assert!(
        page.contains("Exit status: 0 all values valid"),
        "no exit status"
    );
    // Nothing but roff text: no terminal escapes.
    assert!(!page.contains('\u{1b}'));
}
