//! conformance tests.
