//! Integration tests of punycode-core: one binary, one module per concern.

mod common;
mod errors;
mod vectors;
mod worked_example;
