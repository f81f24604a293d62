//! `display`: the IDN display decision (UTS #39, as careful browsers decide): which
//! labels are safe to show as U-labels, and why the others keep their A-label.

use pyo3::prelude::*;
use rfc3696::domain as ldh;
use rfc3696::spoof::{self, DisplayPolicy};

use crate::domain::domain_failure;
use crate::errors::{Class, Failure, raise};
use crate::notes::{Note, shown_as};
use crate::text::{Joined, text_or_raise};

/// How to show a domain name to a person.
///
/// ``output`` is the name to show (U-labels where safe, A-labels where not), ``ascii``
/// and ``unicode`` both whole forms, ``display_safe`` true when every label is shown in
/// Unicode (or none is an IDN), and ``warnings`` one ``dict`` per broken rule with the
/// ``label`` index (the command line's ``idna display``).
///
/// >>> import rfc3696
/// >>> d = rfc3696.display("xn--80ak6aa92e.com")
/// >>> (d.output, d.display_safe, d.warnings[0]["code"])
/// ('xn--80ak6aa92e.com', False, 'confusable')
/// >>> rfc3696.display("xn--bcher-kva.de").output
/// 'bücher.de'
#[pyclass(frozen, module = "rfc3696", name = "Display")]
#[derive(Debug, Clone)]
pub(crate) struct Display {
    /// The four forms of the name.
    forms: Forms,
    /// Whether every label is shown in Unicode.
    #[pyo3(get, name = "display_safe")]
    safe: bool,
    notes: Vec<Note>,
}

/// The name as given, the name to show, and every label in A-label and in U-label form.
type Forms = Joined<4, 1>;

shown_as!(Display, forms, warnings {
    /// Why labels keep their A-label: ``dict`` s with ``code``, ``message`` and ``label``.
}, methods {
    /// The name as given.
    #[getter]
    fn input(&self) -> &str {
        self.forms.get(0)
    }

    /// The name to show.
    #[getter]
    fn output(&self) -> &str {
        &self.forms
    }

    /// Every label in A-label form.
    #[getter]
    fn ascii(&self) -> &str {
        self.forms.get(2)
    }

    /// Every label in U-label form.
    #[getter]
    fn unicode(&self) -> &str {
        self.forms.get(3)
    }
});

/// The decision for one name, with `protected` names that lookalikes must not imitate.
pub(crate) fn decide(input: &str, protected: &[&str]) -> Result<Display, Failure> {
    let policy = DisplayPolicy::BROWSER
        .with_protected(protected)
        .with_name_policy(ldh::Policy::HOSTNAME);
    let shown = spoof::display(input, &policy).map_err(|e| domain_failure(Class::Domain, &e))?;
    let root = if input.ends_with('.') { "." } else { "" };
    let join = |f: fn(&spoof::DisplayLabel) -> &str| {
        let labels: Vec<&str> = shown.labels().iter().map(f).collect();
        format!("{}{root}", labels.join("."))
    };
    Ok(Display {
        forms: Forms::new([
            input,
            &shown.output(),
            &join(spoof::DisplayLabel::ascii),
            &join(spoof::DisplayLabel::unicode),
        ]),
        safe: shown.is_display_safe(),
        notes: shown
            .reasons()
            .iter()
            .map(|r| Note::about_label(r.code(), r.message.clone(), r.label_index))
            .collect(),
    })
}

/// Decides how to show a host name (RFC 1123 §2.1 labels, IDNA 2008 U-labels and
/// A-labels) by the UTS #39 checks browsers apply: mixed scripts, whole-script
/// confusables, lookalikes of the ``protect`` names (an iterable of domain names), and
/// the rest; returns a :class:`Display`, or raises :class:`DomainError` for a name that
/// is not valid.
///
/// >>> import rfc3696
/// >>> rfc3696.display("xn--pypal-4ve.com").display_safe
/// False
#[pyfunction]
#[pyo3(signature = (name, /, protect = None))]
pub(crate) fn display(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    protect: Option<Vec<String>>,
) -> PyResult<Display> {
    let input = text_or_raise(name, Class::Domain)?;
    let protect = protect.unwrap_or_default();
    let protected: Vec<&str> = protect.iter().map(String::as_str).collect();
    raise(py, decide(&input, &protected))
}
