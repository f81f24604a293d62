//! normalize tests.
