//! The SQL functions end to end: through `SessionContext::sql`, as users call them.

mod common;

mod ballista;
mod corpus;
mod examples;
mod nulls_and_types;
mod partitions;
mod planning;
