//! Shared helpers for the criterion benchmarks in `benches/`.
//!
//! The corpora are vendored under `testdata/corpus/` (see its README for provenance);
//! each bench reads them through [`corpus`] so that every library in one run sees the
//! same inputs.

pub mod ab;

use std::path::PathBuf;

/// Path of a vendored corpus file, e.g. `corpus_path("domains.txt")`.
///
/// ```
/// assert!(bench::corpus_path("domains.txt").ends_with("testdata/corpus/domains.txt"));
/// ```
pub fn corpus_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/corpus")
        .join(name)
}

/// Reads a vendored corpus: one item per line, split on `\n` only (items may hold TAB,
/// DEL or NBSP on purpose, so nothing is trimmed).
///
/// # Panics
/// If the file is missing: a benchmark without its corpus measures nothing.
///
/// ```no_run
/// let domains = bench::corpus("domains.txt");
/// assert!(!domains.is_empty());
/// ```
pub fn corpus(name: &str) -> Vec<String> {
    let path = corpus_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read corpus {}: {e}", path.display()));
    text.split('\n')
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Total length in bytes of a corpus, for criterion's `Throughput::Bytes`.
///
/// ```
/// assert_eq!(bench::total_bytes(&["ab".to_owned(), "c".to_owned()]), 3);
/// ```
pub fn total_bytes(items: &[String]) -> u64 {
    items.iter().map(|s| s.len() as u64).sum()
}

/// The function id of the memory-bandwidth floor row in every corpus group (the report
/// shows it apart from the peers).
pub const FLOOR: &str = "floor/byte-scan";

/// Adds the [`FLOOR`] row, [`byte_scan`] over `items`, to a criterion group.
pub fn floor<M: criterion::measurement::Measurement, S: AsRef<str>>(
    group: &mut criterion::BenchmarkGroup<'_, M>,
    items: &[S],
) {
    group.bench_function(FLOOR, |b| {
        b.iter(|| std::hint::black_box(byte_scan(std::hint::black_box(items))));
    });
}

/// Opens a corpus group: `name`, the given throughput, and the [`FLOOR`] row over
/// `items` first, so every group of a corpus run compares with the same floor.
///
/// ```no_run
/// let names = ["a.example".to_owned(), "b.example".to_owned()];
/// let mut c = criterion::Criterion::default();
/// let mut g = bench::corpus_group(&mut c, "demo", criterion::Throughput::Elements(2), &names);
/// bench::each(&mut g, "len", &names, String::len);
/// g.finish();
/// ```
pub fn corpus_group<'c, S: AsRef<str>>(
    c: &'c mut criterion::Criterion,
    name: &str,
    throughput: criterion::Throughput,
    items: &[S],
) -> criterion::BenchmarkGroup<'c, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(throughput);
    floor(&mut group, items);
    group
}

/// Adds the row `id` to a criterion group: one sample runs `f` on every item of `items`
/// in turn, the item and the result through `black_box`.
///
/// ```no_run
/// let mut c = criterion::Criterion::default();
/// let mut g = c.benchmark_group("demo");
/// bench::each(&mut g, "is_ascii", &["a", "ü"], |s| s.is_ascii());
/// g.finish();
/// ```
pub fn each<'i, M: criterion::measurement::Measurement, T, R>(
    group: &mut criterion::BenchmarkGroup<'_, M>,
    id: &str,
    items: &'i [T],
    mut f: impl FnMut(&'i T) -> R,
) {
    group.bench_function(id, |b| {
        b.iter(|| {
            for item in items {
                std::hint::black_box(f(std::hint::black_box(item)));
            }
        });
    });
}

/// The memory-bandwidth floor of a corpus group: reads every byte of every item once
/// (counting dots, a compare the compiler vectorises) and does nothing else. No
/// validator that looks at every byte can be faster on the same inputs.
///
/// ```
/// assert_eq!(bench::byte_scan(&["a.b".to_owned(), "c.d.e".to_owned()]), 3);
/// ```
#[expect(
    clippy::naive_bytecount,
    reason = "the floor is the plain loop on purpose, without a dependency"
)]
pub fn byte_scan<S: AsRef<str>>(items: &[S]) -> usize {
    items
        .iter()
        .map(|s| {
            std::hint::black_box(s.as_ref().as_bytes())
                .iter()
                .filter(|&&b| b == b'.')
                .count()
        })
        .sum()
}

/// Every corpus of the A/B rows (`ab` and `agreement`), read once.
///
/// ```no_run
/// let corpora = bench::Corpora::load();
/// assert_eq!(corpora.labels.len(), corpora.encoded.len());
/// ```
#[derive(Debug, Clone)]
pub struct Corpora {
    /// `urls.txt`: http(s) URLs, some invalid or IRIs.
    pub urls: Vec<String>,
    /// `mailto.txt`: mailto URIs.
    pub mailto: Vec<String>,
    /// `punycode-labels.txt`: Unicode labels.
    pub labels: Vec<String>,
    /// The Punycode encodings of [`Corpora::labels`], in the same order.
    pub encoded: Vec<String>,
    /// `emails.txt`: email addresses.
    pub emails: Vec<String>,
    /// `domains-100k.txt`: 100,000 domain names.
    pub names: Vec<String>,
    /// [`idn_labels`]: the non-ASCII labels of `domains.txt`.
    pub idn_labels: Vec<String>,
}

impl Corpora {
    /// Reads every corpus and encodes the Punycode labels.
    ///
    /// # Panics
    /// If a corpus is missing, or a label of `punycode-labels.txt` does not encode.
    #[must_use]
    pub fn load() -> Self {
        let labels = corpus("punycode-labels.txt");
        let encoded = labels
            .iter()
            .map(|l| punycode_core::encode_to_string(l).expect("corpus label encodes"))
            .collect();
        Self {
            urls: corpus("urls.txt"),
            mailto: corpus("mailto.txt"),
            labels,
            encoded,
            emails: corpus("emails.txt"),
            names: corpus("domains-100k.txt"),
            idn_labels: idn_labels(),
        }
    }
}

/// The non-ASCII labels, in Unicode form, of the names of `domains.txt` that have IDN
/// labels (U-labels or A-labels): the inputs of the spoofing rows.
///
/// # Panics
/// If the corpus is missing or holds fewer than 100 such labels.
#[must_use]
pub fn idn_labels() -> Vec<String> {
    use ldh_domain::{Domain, Policy};
    let mut labels = Vec::new();
    for name in corpus("domains.txt") {
        if name.is_ascii() && !name.to_ascii_lowercase().contains("xn--") {
            continue;
        }
        let Ok(domain) = Domain::parse_with(&name, &Policy::HOSTNAME) else {
            continue;
        };
        let Ok(unicode) = domain.to_unicode() else {
            continue;
        };
        labels.extend(
            unicode
                .split('.')
                .filter(|l| !l.is_ascii())
                .map(str::to_owned),
        );
    }
    assert!(
        labels.len() > 100,
        "{} IDN labels in the corpus",
        labels.len()
    );
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3492 §6.2 and §6.3: each encoded label of [`Corpora`] decodes back to the label
    /// at the same index, so the decode rows run on the encodings of the encode rows.
    #[test]
    fn corpora_encoded_labels_decode_to_their_labels_rfc3492_6_2() {
        let corpora = Corpora::load();
        assert_eq!(corpora.labels.len(), corpora.encoded.len());
        for (label, encoded) in corpora.labels.iter().zip(&corpora.encoded) {
            assert_eq!(
                punycode_core::decode_to_string(encoded).as_ref(),
                Ok(label),
                "{encoded}"
            );
        }
    }

    #[test]
    fn corpora_read_every_corpus_line_by_line() {
        let corpora = Corpora::load();
        for (name, items) in [
            ("urls.txt", &corpora.urls),
            ("mailto.txt", &corpora.mailto),
            ("emails.txt", &corpora.emails),
            ("domains-100k.txt", &corpora.names),
        ] {
            assert_eq!(items, &corpus(name), "{name}");
            assert!(items.iter().all(|item| !item.contains('\n')), "{name}");
        }
        assert_eq!(corpora.names.len(), 100_000);
    }
}
