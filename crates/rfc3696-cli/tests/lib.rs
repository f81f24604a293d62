//! End-to-end tests of the `rfc3696` binary: every subcommand through the real
//! executable (`assert_cmd`), text and JSON output snapshots (insta), exit codes, input
//! handling and streaming. One test binary, one module per concern.

mod common;

mod check;
mod cluster;
mod contract;
mod convert;
mod deliverability;
mod display;
mod generated;
mod hostile;
mod input;
mod robustness;
mod sql;
mod streaming;
mod terminal;
mod usage;
mod uts46;
