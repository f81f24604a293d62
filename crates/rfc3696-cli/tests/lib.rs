//! End-to-end tests of the `rfc3696` binary (one test binary, modules per concern).
