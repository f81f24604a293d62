//! The native module of the `rfc3696` Python package, `rfc3696._rfc3696`: a thin layer
//! over the `rfc3696` facade. Every rule is the facade's; this crate only converts
//! arguments, results and errors between Rust and Python, and runs batches on every core.
//!
//! The Python API (`validate_email` in email-validator's shape, `rfc3696.idna` in idna's,
//! and the rest of the workspace) is documented by the docstrings here and in
//! `python/rfc3696`, and in `docs/python.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![expect(
    clippy::doc_link_with_quotes,
    clippy::doc_markdown,
    reason = "the doc comments are the Python docstrings, whose examples are Python"
)]

use pyo3::prelude::*;

mod batch;
mod display;
mod dns;
mod domain;
mod email;
mod errors;
mod idna;
mod notes;
mod punycode;
mod text;
mod uri;

/// The native module: classes, functions and exceptions, and the `idna` and
/// `punycode` submodules that `rfc3696.idna` and `rfc3696.punycode` re-export.
#[pymodule]
#[pyo3(name = "_rfc3696")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<email::ValidatedEmail>()?;
    m.add_function(wrap_pyfunction!(email::validate_email_or_delegate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::validate_emails, m)?)?;
    m.add(
        "_validate_email_without_shortcut",
        wrap_pyfunction!(email::validate_email_without_shortcut, m)?,
    )?;
    m.add_class::<domain::CheckedDomain>()?;
    m.add_function(wrap_pyfunction!(domain::check_domain, m)?)?;
    m.add_function(wrap_pyfunction!(batch::check_domains, m)?)?;
    m.add_class::<uri::Uri>()?;
    m.add_class::<uri::UriRef>()?;
    m.add_class::<uri::HttpUrl>()?;
    m.add_class::<uri::Mailto>()?;
    m.add_function(wrap_pyfunction!(uri::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(uri::build_mailto, m)?)?;
    m.add_class::<display::Display>()?;
    m.add_function(wrap_pyfunction!(display::display, m)?)?;
    m.add_function(wrap_pyfunction!(batch::display_all, m)?)?;
    m.add(
        "IDNA_UNICODE_VERSION",
        rfc3696::domain::IDNA_UNICODE_VERSION,
    )?;

    let idna = PyModule::new(py, "idna")?;
    idna::register(&idna)?;
    idna.add_function(wrap_pyfunction!(batch::encode_all, &idna)?)?;
    m.add_submodule(&idna)?;
    let punycode = PyModule::new(py, "punycode")?;
    punycode::register(&punycode)?;
    m.add_submodule(&punycode)?;
    Ok(())
}
