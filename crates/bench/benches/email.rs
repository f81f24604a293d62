//! Benchmarks for the email crate against its peers (filled in by the crate's issue).
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};

fn placeholder(_c: &mut Criterion) {}

criterion_group!(benches, placeholder);
criterion_main!(benches);
