//! `rfc3696 idna display` and the spoofing warnings of `check` and `idna to-unicode`
//! (UTS #39 through the `idn-spoof` crate).

use std::io::Write as _;

use crate::common::{assert_usage_error, check_json, run, strings};

fn warning_codes(v: &serde_json::Value) -> Vec<&str> {
    v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect()
}

/// The acceptance example: the Cyrillic `аррӏе` stays an A-label with its reason,
/// `bücher.de` is shown in Unicode.
#[test]
fn display_keeps_lookalikes_as_a_labels() {
    let (code, stdout, _) = run(
        &["idna", "display", "xn--80ak6aa92e.com", "xn--bcher-kva.de"],
        "",
    );
    assert_eq!(code, 0, "both names are valid");
    insta::assert_snapshot!(stdout);
    let (code, results) = check_json(
        &["idna", "display"],
        &strings(&[
            "xn--80ak6aa92e.com",
            "xn--bcher-kva.de",
            "pаypal.com",
            "a..b",
            "example.com",
        ]),
    );
    assert_eq!(code, 1, "a..b is invalid");
    let apple = &results[0];
    assert_eq!(apple["kind"], "idna-display");
    assert_eq!(apple["valid"], true);
    assert_eq!(apple["output"], "xn--80ak6aa92e.com");
    assert_eq!(apple["unicode"], "аррӏе.com");
    assert_eq!(apple["display_safe"], false);
    assert_eq!(warning_codes(apple), ["confusable"]);
    assert_eq!(apple["warnings"][0]["label"], 0);
    assert!(
        apple["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("`apple`")
    );
    let books = &results[1];
    assert_eq!(books["output"], "bücher.de");
    assert_eq!(books["display_safe"], true);
    assert_eq!(warning_codes(books), Vec::<&str>::new());
    assert_eq!(results[2]["output"], "xn--pypal-4ve.com");
    assert_eq!(warning_codes(&results[2]), ["mixed_script"]);
    assert_eq!(results[3]["valid"], false);
    assert_eq!(results[3]["errors"][0]["code"], "empty_label");
    assert!(results[3].get("display_safe").is_none());
    assert_eq!(results[4]["display_safe"], true);
}

#[test]
fn display_protect_file_compares_skeletons() {
    let mut file = tempfile();
    writeln!(file.1, "# protected names\ninstagram.com\n\npaypal.com").unwrap();
    let path = file.0.to_str().unwrap().to_owned();
    let (code, results) = check_json(
        &["idna", "display", "--protect", &path],
        &strings(&["ınstagram.com", "instagram.com", "bücher.de"]),
    );
    assert_eq!(code, 0);
    assert_eq!(results[0]["display_safe"], false);
    assert_eq!(results[0]["output"], "xn--nstagram-skb.com");
    assert_eq!(warning_codes(&results[0]), ["confusable"]);
    assert!(
        results[0]["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("instagram.com")
    );
    assert_eq!(results[1]["display_safe"], true);
    assert_eq!(results[2]["display_safe"], true);
    // Without the list the same dotless-ı name is shown: it is all Latin.
    let (_, results) = check_json(&["idna", "display"], &strings(&["ınstagram.com"]));
    assert_eq!(results[0]["display_safe"], true);
    assert_usage_error(
        &[
            "idna",
            "display",
            "--protect",
            "/nonexistent/protect.txt",
            "a.com",
        ],
        "--protect",
    );
}

/// `check` keeps spoofed names valid and says why they would not be shown, on names,
/// SMTPUTF8 addresses (domain and local part) and http hosts.
#[test]
fn check_warns_about_spoofing() {
    let (code, results) = check_json(
        &["check", "--profile", "smtputf8"],
        &strings(&[
            "pаypal.com",
            "jоhn@example.com",
            "joe@xn--80ak6aa92e.com",
            "http://xn--pypal-4ve.com/",
            "bücher.de",
            "a1৪.com",
        ]),
    );
    assert_eq!(code, 0, "spoofing never makes a value invalid");
    assert_eq!(warning_codes(&results[0]), ["mixed_script"]);
    assert_eq!(
        warning_codes(&results[1]),
        ["special_use_domain", "mixed_script"]
    );
    assert!(
        results[1]["warnings"][1]["message"]
            .as_str()
            .unwrap()
            .starts_with("local part")
    );
    assert_eq!(warning_codes(&results[2]), ["confusable"]);
    assert_eq!(warning_codes(&results[3]), ["mixed_script"]);
    assert_eq!(warning_codes(&results[4]), Vec::<&str>::new());
    assert_eq!(
        warning_codes(&results[5]),
        ["mixed_script", "mixed_numbers"]
    );
}

#[test]
fn to_unicode_notes_names_the_display_policy_would_not_show() {
    let (code, results) = check_json(
        &["idna", "to-unicode"],
        &strings(&["xn--80ak6aa92e.com", "xn--bcher-kva.de"]),
    );
    assert_eq!(code, 0);
    assert_eq!(results[0]["output"], "аррӏе.com");
    assert_eq!(warning_codes(&results[0]), ["confusable"]);
    assert_eq!(warning_codes(&results[1]), Vec::<&str>::new());
}

/// A file in the target directory's temp area, unique per test process.
fn tempfile() -> (std::path::PathBuf, std::fs::File) {
    let dir = std::env::temp_dir().join(format!("rfc3696-cli-display-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("protect.txt");
    let file = std::fs::File::create(&path).unwrap();
    (path, file)
}
