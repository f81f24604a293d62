//! Warnings as Python sees them: one `dict` each, with the keys of the command line's
//! JSON (`code`, `message`, and `label` for the warnings about one label).

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A warning: valid, but discouraged or worth showing.
#[derive(Debug, Clone)]
pub(crate) struct Note {
    pub(crate) code: &'static str,
    pub(crate) message: Cow<'static, str>,
    pub(crate) label: Option<usize>,
}

impl Note {
    pub(crate) const fn new(code: &'static str, message: &'static str) -> Self {
        Note {
            code,
            message: Cow::Borrowed(message),
            label: None,
        }
    }

    pub(crate) fn about_label(code: &'static str, message: String, label: usize) -> Self {
        Note {
            code,
            message: Cow::Owned(message),
            label: Some(label),
        }
    }
}

/// The list of `dict`s.
pub(crate) fn to_list<'py>(py: Python<'py>, notes: &[Note]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for note in notes {
        let dict = PyDict::new(py);
        dict.set_item("code", note.code)?;
        dict.set_item("message", note.message.as_ref())?;
        if let Some(label) = note.label {
            dict.set_item("label", label)?;
        }
        list.append(dict)?;
    }
    Ok(list)
}
