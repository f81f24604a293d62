//! Email address validation: `rfc-email` (strict RFC 5321 path) against the peers
//! `email_address`, `addr` and `email_syntax_verify_opt`, on the same vendored corpus in
//! the same run.
//!
//! Groups:
//! - `email/corpus`: every line of `testdata/corpus/emails.txt` (20,000 synthetic
//!   addresses, about 15% invalid or unusual); throughput in elements.
//! - `email/typical`: one typical ASCII address, for the per-address time.

use std::hint::black_box;
use std::str::FromStr;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rfc_email::{EmailAddress, Policy};

fn corpus(c: &mut Criterion) {
    let lines = bench::corpus("emails.txt");
    let mut group = bench::corpus_group(
        c,
        "email/corpus",
        Throughput::Elements(lines.len() as u64),
        &lines,
    );
    group.bench_function("rfc-email RFC5321", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|s| EmailAddress::parse_with(black_box(s), &Policy::RFC5321).is_ok())
                .count()
        });
    });
    group.bench_function("email_address parse_with_options", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|s| {
                    email_address::EmailAddress::parse_with_options(
                        black_box(s),
                        email_address::Options::default(),
                    )
                    .is_ok()
                })
                .count()
        });
    });
    group.bench_function("email_address from_str", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|s| email_address::EmailAddress::from_str(black_box(s)).is_ok())
                .count()
        });
    });
    group.bench_function("addr parse_email_address", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|s| addr::parse_email_address(black_box(s)).is_ok())
                .count()
        });
    });
    group.bench_function("email_syntax_verify_opt validate_email", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|s| email_syntax_verify_opt::validate_email(black_box(s)))
                .count()
        });
    });
    group.finish();
}

fn typical(c: &mut Criterion) {
    let input = "john.smith42@mail.example.com";
    let mut group = c.benchmark_group("email/typical");
    group.throughput(Throughput::Elements(1));
    group.bench_function("rfc-email RFC5321", |b| {
        b.iter(|| EmailAddress::parse_with(black_box(input), &Policy::RFC5321).is_ok());
    });
    // Reference: the domain check alone, which every `RFC5321` parse includes.
    group.bench_function("ldh-domain Domain::parse (domain part only)", |b| {
        let domain = &input[input.find('@').map_or(0, |at| at + 1)..];
        b.iter(|| {
            ldh_domain::Domain::parse_with(black_box(domain), &ldh_domain::Policy::FQDN).is_ok()
        });
    });
    group.bench_function("email_address from_str", |b| {
        b.iter(|| email_address::EmailAddress::from_str(black_box(input)).is_ok());
    });
    group.bench_function("addr parse_email_address", |b| {
        b.iter(|| addr::parse_email_address(black_box(input)).is_ok());
    });
    group.bench_function("email_syntax_verify_opt validate_email", |b| {
        b.iter(|| email_syntax_verify_opt::validate_email(black_box(input)));
    });
    group.finish();
}

criterion_group!(benches, corpus, typical);
criterion_main!(benches);
