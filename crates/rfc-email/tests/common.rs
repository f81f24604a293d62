//! Helpers shared by the test modules.

use std::path::PathBuf;

/// Path of a file under the workspace `testdata/`.
pub fn testdata(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(path)
}

/// Reads a file under `testdata/`.
pub fn read(path: &str) -> String {
    let file = testdata(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The built-in policies, strictest first: RFC 5321, SMTPUTF8 (RFC 6531), RFC 5322,
/// HTML5 and RFC 3696 as published.
pub const PRESETS: [rfc_email::Policy; 5] = [
    rfc_email::Policy::RFC5321,
    rfc_email::Policy::SMTPUTF8,
    rfc_email::Policy::RFC5322,
    rfc_email::Policy::HTML5,
    rfc_email::Policy::RFC3696_PUBLISHED,
];

/// [`PRESETS`] with their names.
pub const NAMED_PRESETS: [(&str, rfc_email::Policy); 5] = [
    ("RFC5321", PRESETS[0]),
    ("SMTPUTF8", PRESETS[1]),
    ("RFC5322", PRESETS[2]),
    ("HTML5", PRESETS[3]),
    ("RFC3696_PUBLISHED", PRESETS[4]),
];

/// An address of 255 octets with a 64-octet local part and 63-octet labels: every part
/// within its own limit, the whole one octet over RFC 3696 erratum 1690's 254.
pub fn address_of_255_octets() -> String {
    let label = |c: &str, len| c.repeat(len);
    let (local, b, c) = (label("a", 64), label("b", 63), label("c", 63));
    format!("{local}@{b}.{c}.{}.com", label("d", 58))
}
