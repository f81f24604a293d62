//! The domain corpus the unit tests run over: `testdata/corpus/domains-100k.txt`, one
//! name a line (see `testdata/README.md` for where the names come from).

extern crate std;

/// The text of the corpus.
pub(crate) fn domains() -> std::string::String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/corpus/domains-100k.txt"
    ))
    .expect("testdata/corpus/domains-100k.txt")
}
