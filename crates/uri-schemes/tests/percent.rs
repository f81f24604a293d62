//! percent tests.
