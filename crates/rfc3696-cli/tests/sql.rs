//! `rfc3696 sql` (feature `sql`): SQL over CSV, Parquet and NDJSON files, printed as a
//! table, CSV or JSON Lines, or written to a file.
#![cfg(feature = "sql")]

use std::path::PathBuf;

use crate::common::rfc3696;

/// A fresh directory for one test, with `files` written into it.
fn workdir(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rfc3696-sql-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// Runs `rfc3696 sql ARGS` in `dir`: (exit code, stdout, stderr).
fn sql(dir: &PathBuf, args: &[&str]) -> (i32, String, String) {
    let out = rfc3696()
        .current_dir(dir)
        .arg("sql")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// [`sql`] that must succeed (exit 0): its stdout.
fn sql_ok(dir: &PathBuf, args: &[&str]) -> String {
    let (code, out, err) = sql(dir, args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

const CONTACTS: &str = "name,email
Ann,ann+news@example.com
Bob,bob@localhost
Cy,Abc\\@def@example.com
Di,di@example.org
Ed,ed@example.net
";

#[test]
fn group_by_error_code_over_csv_prints_a_table() {
    let dir = workdir("table", &[("contacts.csv", CONTACTS)]);
    let out = sql_ok(
        &dir,
        &[
            "SELECT email_error(email) AS err, count(*) AS n FROM 'contacts.csv' GROUP BY err ORDER BY 2 DESC, 1",
        ],
    );
    assert_eq!(
        out,
        "\
+--------------------------+---+
| err                      | n |
+--------------------------+---+
|                          | 3 |
| backslash_outside_quotes | 1 |
| not_fully_qualified      | 1 |
+--------------------------+---+
"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn csv_and_json_formats() {
    let dir = workdir("formats", &[("contacts.csv", CONTACTS)]);
    let query = "SELECT name, email_valid(email) AS ok, email_domain(email) AS domain FROM 'contacts.csv' ORDER BY name LIMIT 2";
    let out = sql_ok(&dir, &["--format", "csv", query]);
    assert_eq!(out, "name,ok,domain\nAnn,true,example.com\nBob,false,\n");
    let out = sql_ok(&dir, &["--format", "json", query]);
    assert_eq!(
        out,
        "{\"name\":\"Ann\",\"ok\":true,\"domain\":\"example.com\"}\n{\"name\":\"Bob\",\"ok\":false}\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn out_parquet_is_read_back_and_ndjson_is_read() {
    let dir = workdir(
        "parquet",
        &[
            ("contacts.csv", CONTACTS),
            (
                "links.json",
                "{\"href\":\"https://Example.com/a/../b\"}\n{\"href\":\"not a uri\"}\n",
            ),
        ],
    );
    sql_ok(
        &dir,
        &[
            "--out",
            "clean.parquet",
            "SELECT email_normalize(email) AS email FROM 'contacts.csv' WHERE email_valid(email) ORDER BY email",
        ],
    );
    assert!(dir.join("clean.parquet").is_file());
    let out = sql_ok(
        &dir,
        &["--format", "csv", "SELECT email FROM 'clean.parquet'"],
    );
    assert_eq!(
        out,
        "email\nann+news@example.com\ndi@example.org\ned@example.net\n"
    );
    let out = sql_ok(
        &dir,
        &[
            "--format",
            "csv",
            "SELECT uri_normalize(href) AS n, uri_parts(href)['host'] AS host FROM 'links.json'",
        ],
    );
    assert_eq!(out, "n,host\nhttps://example.com/b,Example.com\n,\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unknown_profile_and_bad_sql_exit_2_with_a_message() {
    let dir = workdir("errors", &[("contacts.csv", CONTACTS)]);
    let (code, out, err) = sql(
        &dir,
        &["SELECT email_valid(email, 'smtp') FROM 'contacts.csv'"],
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("unknown email profile 'smtp'"), "{err}");
    let (code, _, err) = sql(&dir, &["SELECT FROM WHERE"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("rfc3696: error: sql: "), "{err}");
    let (code, _, err) = sql(&dir, &["--out", "x.txt", "SELECT 1"]);
    assert_eq!(code, 2);
    assert!(err.contains(".parquet, .csv or .json"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
