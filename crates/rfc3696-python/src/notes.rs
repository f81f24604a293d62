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

/// The `#[pymethods]` block of a class whose text is its field `$text`: `str()` gives the
/// text and `repr()` the class name with the text quoted; `methods { ... }` adds the
/// class's own, and `warnings { /// doc }` a `warnings` getter (with that docstring) over
/// its `notes: Vec<Note>` field.
macro_rules! shown_as {
    (
        $class:ident, $text:ident
        $(, warnings { $(#[$warnings_doc:meta])+ })?
        $(, methods { $($methods:tt)* })?
    ) => {
        #[pyo3::pymethods]
        impl $class {
            $($($methods)*)?
            $(
                $(#[$warnings_doc])+
                #[getter]
                fn warnings<'py>(
                    &self,
                    py: pyo3::Python<'py>,
                ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyList>> {
                    $crate::notes::to_list(py, &self.notes)
                }
            )?
            fn __repr__(&self) -> String {
                format!("<{} {:?}>", stringify!($class), self.$text)
            }
            fn __str__(&self) -> &str {
                &self.$text
            }
        }
    };
}
pub(crate) use shown_as;
