//! generic tests.
