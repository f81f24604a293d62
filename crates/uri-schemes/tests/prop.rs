//! prop tests.
