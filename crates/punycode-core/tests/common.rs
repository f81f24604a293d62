//! Helpers shared by the test modules: the RFC 3492 §7.1 vectors from `testdata/`.

use std::path::PathBuf;

/// One sample string of RFC 3492 §7.1.
#[derive(Debug)]
pub struct Vector {
    pub name: String,
    /// Code points with their Appendix A flags (`U+` = uppercase, `u+` = lowercase).
    pub code_points: Vec<(char, bool)>,
    pub punycode: String,
    pub mixed_case: bool,
}

impl Vector {
    pub fn chars(&self) -> Vec<char> {
        self.code_points.iter().map(|&(c, _)| c).collect()
    }
    pub fn string(&self) -> String {
        self.chars().into_iter().collect()
    }
}

pub fn testdata(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

/// Reads `testdata/rfc3492/rfc3492-vectors.tsv`.
pub fn rfc3492_vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(testdata("rfc3492/rfc3492-vectors.tsv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("name\tcode_points\tpunycode\tmixed_case")
    );
    let vectors: Vec<Vector> = lines
        .filter(|l| !l.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{line}");
            let code_points = fields[1]
                .split(' ')
                .map(|cp| {
                    let upper = cp.starts_with("U+");
                    assert!(upper || cp.starts_with("u+"), "{cp}");
                    let v = u32::from_str_radix(&cp[2..], 16).unwrap();
                    (char::from_u32(v).unwrap(), upper)
                })
                .collect();
            Vector {
                name: fields[0].to_owned(),
                code_points,
                punycode: fields[2].to_owned(),
                mixed_case: fields[3] == "yes",
            }
        })
        .collect();
    assert_eq!(vectors.len(), 19, "RFC 3492 §7.1 has samples (A) to (S)");
    vectors
}
