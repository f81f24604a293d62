//! Integration tests of punycode-core: one binary, one module per concern.

mod adversarial;
mod common;
mod differential;
mod errors;
mod props;
mod reference;
mod snapshots;
mod vectors;
mod worked_example;
