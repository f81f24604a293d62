//! uri-schemes against `fluent-uri` and `url`, in the same run.
//!
//! Inputs: `testdata/corpus/urls.txt` (10,000 synthetic http(s) URLs, some invalid or
//! IRIs) and `testdata/corpus/mailto.txt` (10,000 mailto URIs). Throughput in bytes.
//!
//! - `uri/parse-urls`: generic RFC 3986 parsing, `uri_schemes::Uri::parse` against
//!   `fluent_uri::Uri::parse` (both strict RFC 3986, zero-copy), `oxiri::Iri::parse`
//!   (RFC 3987 IRIs: it accepts non-ASCII characters a URI parser rejects) and
//!   `url::Url::parse` (WHATWG: normalizes and allocates the serialization).
//!   `uri-schemes/HttpUrl` adds the RFC 9110 checks and the `ldh-domain` host check;
//!   with the `ada` feature, `ada_url::Url::can_parse` (WHATWG, C++) is its peer.
//! - `uri/parse-mailto`: `uri_schemes::Mailto::parse` (generic syntax + RFC 6068 rules +
//!   every address through `rfc-email`) against the generic parsers of the peers, which
//!   check none of the addresses; `uri-schemes/Uri` is the like-for-like row.
//! - `uri/resolve`: the RFC 3986 §5.4 references against their base, and the corpus
//!   paths as references: `uri_schemes::resolve` against `fluent_uri`'s
//!   `resolve_against`.
//! - `uri/normalize`: §6.2.2 normalization of the corpus URLs that both parse.

use std::time::Duration;

use bench::{corpus_group, each};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use uri_schemes::{HttpUrl, Mailto, Uri, UriRef};

/// The rows of the generic parsers, ours and the peers', on any URI corpus.
fn generic_rows<M: criterion::measurement::Measurement>(
    g: &mut criterion::BenchmarkGroup<'_, M>,
    uris: &[String],
) {
    each(g, "uri-schemes/Uri", uris, |u| Uri::parse(u).is_ok());
    each(g, "fluent-uri", uris, |u| {
        fluent_uri::Uri::parse(u.as_str()).is_ok()
    });
    each(g, "oxiri/Iri", uris, |u| {
        oxiri::Iri::parse(u.as_str()).is_ok()
    });
    each(g, "url", uris, |u| url::Url::parse(u).is_ok());
}

fn parse_urls(c: &mut Criterion) {
    let urls = bench::corpus("urls.txt");
    let mut g = bytes_group(c, "uri/parse-urls", &urls);
    generic_rows(&mut g, &urls);
    each(&mut g, "uri-schemes/HttpUrl", &urls, |u| {
        HttpUrl::parse(u).is_ok()
    });
    #[cfg(feature = "ada")]
    each(&mut g, "ada-url/can_parse", &urls, |u| {
        ada_url::Url::can_parse(u, None)
    });
    g.finish();
}

fn parse_mailto(c: &mut Criterion) {
    let uris = bench::corpus("mailto.txt");
    let mut g = bytes_group(c, "uri/parse-mailto", &uris);
    each(&mut g, "uri-schemes/Mailto", &uris, |u| {
        Mailto::parse(u).is_ok()
    });
    generic_rows(&mut g, &uris);
    g.finish();
}

/// Opens a group over `items`, throughput in bytes, with the floor row.
fn bytes_group<'c>(
    c: &'c mut Criterion,
    name: &str,
    items: &[String],
) -> criterion::BenchmarkGroup<'c, criterion::measurement::WallTime> {
    corpus_group(c, name, Throughput::Bytes(bench::total_bytes(items)), items)
}

/// References for resolution: the RFC 3986 §5.4 table plus the path/query of corpus URLs.
fn references() -> (String, Vec<String>) {
    let base = "http://a/b/c/d;p?q".to_owned();
    let table = std::fs::read_to_string(bench::corpus_path("../uri/rfc3986-resolution.tsv"))
        .expect("resolution table");
    let mut refs: Vec<String> = table
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').nth(1).map(str::to_owned))
        .collect();
    for u in bench::corpus("urls.txt").iter().take(2000) {
        if let Ok(r) = Uri::parse(u) {
            let mut s = r.path().to_owned();
            if let Some(q) = r.query() {
                s.push('?');
                s.push_str(q);
            }
            refs.push(s);
        }
    }
    refs.retain(|r| UriRef::parse(r).is_ok() && fluent_uri::UriRef::parse(r.as_str()).is_ok());
    (base, refs)
}

fn resolve(c: &mut Criterion) {
    let (base, refs) = references();
    let ours_base = Uri::parse(&base).expect("base");
    let ours: Vec<UriRef<'_>> = refs
        .iter()
        .map(|r| UriRef::parse(r).expect("ref"))
        .collect();
    let their_base = fluent_uri::Uri::parse(base.as_str()).expect("base");
    let theirs: Vec<_> = refs
        .iter()
        .map(|r| fluent_uri::UriRef::parse(r.as_str()).expect("ref"))
        .collect();
    let mut g = corpus_group(
        c,
        "uri/resolve",
        Throughput::Elements(refs.len() as u64),
        &refs,
    );
    each(&mut g, "uri-schemes", &ours, |r| {
        uri_schemes::resolve(&ours_base, r)
    });
    each(&mut g, "fluent-uri", &theirs, |r| {
        r.resolve_against(&their_base).ok()
    });
    g.finish();
}

fn normalize(c: &mut Criterion) {
    let urls: Vec<String> = bench::corpus("urls.txt")
        .into_iter()
        .filter(|u| Uri::parse(u).is_ok() && fluent_uri::Uri::parse(u.as_str()).is_ok())
        .collect();
    let ours: Vec<Uri<'_>> = urls.iter().map(|u| Uri::parse(u).expect("uri")).collect();
    let theirs: Vec<_> = urls
        .iter()
        .map(|u| fluent_uri::Uri::parse(u.as_str()).expect("uri"))
        .collect();
    let mut g = bytes_group(c, "uri/normalize", &urls);
    each(&mut g, "uri-schemes", &ours, |u| u.normalize());
    each(&mut g, "fluent-uri", &theirs, fluent_uri::Uri::normalize);
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
}

criterion_group! {
    name = benches;
    config = config();
    targets = parse_urls, parse_mailto, resolve, normalize
}
criterion_main!(benches);
