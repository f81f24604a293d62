//! The SQL functions end to end: through `SessionContext::sql`, as users call them.

mod common;

// Needs the `ballista` feature (CI enables it with `--all-features`).
#[cfg(feature = "ballista")]
mod ballista;
mod corpus;
mod examples;
mod nulls_and_types;
mod partitions;
mod planning;
mod rewrite;
