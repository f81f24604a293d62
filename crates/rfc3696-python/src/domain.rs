//! `check_domain`: a name under a policy, with its A-label and U-label forms, its labels
//! and its warnings (the command line's `check --kind domain|hostname|dns`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rfc3696::domain::{self as ldh, Domain, DomainError};
use rfc3696::spoof::{self, DisplayPolicy};

use crate::email::idna_mode;
use crate::errors::{Class, Failure, raise};
use crate::notes::{Note, shown_as};
use crate::text::{Joined, text_or_raise};

/// The policy of its name: `fqdn` (RFC 3696 §2: at least two labels, mail domains),
/// `hostname` (RFC 1123 §2.1, one label allowed) or `dns` (RFC 2181 §11, any octet but
/// the dot), with the IDNA mode of `idna`.
pub(crate) fn policy(name: &str, idna: &str) -> PyResult<ldh::Policy> {
    let policy = match name {
        "fqdn" => ldh::Policy::FQDN,
        "hostname" => ldh::Policy::HOSTNAME,
        "dns" => ldh::Policy::DNS,
        other => {
            return Err(PyValueError::new_err(format!(
                "policy must be fqdn, hostname or dns, not {other:?}"
            )));
        }
    };
    Ok(policy.with_idna_mode(idna_mode(idna)?))
}

/// A [`Failure`] of a domain error.
pub(crate) fn domain_failure(class: Class, e: &DomainError) -> Failure {
    Failure::new(class, e.code(), e.offset(), e, e.user_message())
}

/// A valid domain name.
///
/// ``ascii`` is the name in lower-case A-labels (what goes on the wire), ``unicode`` in
/// U-labels; ``labels`` the labels as written (without the root dot); ``warnings`` the
/// command line's (``special_use_domain``, ``reserved_hyphen_label``, and the UTS #39
/// spoofing checks of IDN labels, with the ``label`` index).
///
/// >>> import rfc3696
/// >>> d = rfc3696.check_domain("WWW.bücher.example")
/// >>> (d.ascii, d.unicode, d.labels)
/// ('www.xn--bcher-kva.example', 'www.bücher.example', ['WWW', 'bücher', 'example'])
/// >>> [w["code"] for w in d.warnings]
/// ['special_use_domain']
#[pyclass(frozen, module = "rfc3696", name = "CheckedDomain")]
#[derive(Debug, Clone)]
pub(crate) struct CheckedDomain {
    /// The name as given, its lower-case A-label form and its U-label form (root dot
    /// kept); the first and last empty when they are the A-label form (a lower-case
    /// ASCII name: most names, stored once).
    forms: Joined<3, 1>,
    /// The policy the name was checked under: `labels` parses `input` again when asked,
    /// so that a result holds no list of labels (the `check_domains` row of
    /// `bench/bench.py`: making and freeing them was most of a batch's serial part).
    policy: ldh::Policy,
    /// Whether the name ends with the root dot.
    #[pyo3(get)]
    is_absolute: bool,
    notes: Vec<Note>,
}

shown_as!(CheckedDomain, forms, warnings {
    /// The warnings: ``dict`` s with ``code``, ``message`` (and ``label``).
}, methods {
    /// The name as given.
    #[getter]
    fn input(&self) -> &str {
        self.form(0)
    }

    /// Lower-case A-label form, root dot kept.
    #[getter]
    fn ascii(&self) -> &str {
        &self.forms
    }

    /// U-label form, root dot kept.
    #[getter]
    fn unicode(&self) -> &str {
        self.form(2)
    }

    /// The labels as written, leftmost first, without the root.
    #[getter]
    fn labels(&self) -> PyResult<Vec<&str>> {
        // `input` was parsed under `policy` when the result was made, so this parse
        // succeeds; its error is passed on rather than assumed away.
        let name = Domain::parse_with(self.input(), &self.policy)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(name.labels().map(|l| l.as_str()).collect())
    }
});

impl CheckedDomain {
    /// Form number `index`, the A-label form where it is stored empty (a name is never
    /// empty: RFC 1034 §3.1, the root alone is not a host name).
    fn form(&self, index: usize) -> &str {
        match self.forms.get(index) {
            "" => &self.forms,
            form => form,
        }
    }
}

/// Checks one name (batch threads call this too).
pub(crate) fn check(input: &str, policy: ldh::Policy) -> Result<CheckedDomain, Failure> {
    let name = Domain::parse_with(input, &policy).map_err(|e| domain_failure(Class::Domain, &e))?;
    let mut notes: Vec<Note> = name
        .warnings()
        .iter()
        .map(|w| match (w, name.special_use()) {
            (ldh::Warning::SpecialUseDomain, Some(special)) => {
                Note::new(w.code(), special.message())
            }
            _ => Note::new(w.code(), w.message()),
        })
        .collect();
    let ascii = name
        .to_ascii()
        .map_err(|e| domain_failure(Class::Domain, &e))?;
    let unicode = name
        .to_unicode()
        .map_err(|e| domain_failure(Class::Domain, &e))?;
    // Only a name with an IDN label can imitate another: its two forms differ.
    if ascii != unicode {
        for w in spoof::domain_warnings(&name, &DisplayPolicy::BROWSER) {
            notes.push(Note::about_label(w.code(), w.to_string(), w.label_index()));
        }
    }
    // The forms equal to the A-label form are stored empty (`CheckedDomain::form`).
    let input = if input == ascii { "" } else { input };
    let unicode: &str = if unicode == ascii { "" } else { &unicode };
    Ok(CheckedDomain {
        forms: Joined::new([input, &ascii, unicode]),
        policy,
        is_absolute: name.is_absolute(),
        notes,
    })
}

/// Checks a domain name under ``policy`` (``"fqdn"``: RFC 3696 §2, at least two labels;
/// ``"hostname"``: RFC 1123 §2.1, one label allowed; ``"dns"``: RFC 2181 §11, any octet
/// but the dot) and ``idna`` (``"registration"``, ``"lookup"`` or ``"uts46"``), and
/// returns a :class:`CheckedDomain`, or raises :class:`DomainError`. The name is judged as
/// written: nothing is mapped (use ``rfc3696.idna.encode(name, uts46=True)`` to map
/// what people type first).
///
/// >>> import rfc3696
/// >>> rfc3696.check_domain("localhost", policy="hostname").ascii
/// 'localhost'
/// >>> try:
/// ...     rfc3696.check_domain("example.123")
/// ... except rfc3696.DomainError as e:
/// ...     print(e.code, e.offset)
/// numeric_tld 8
#[pyfunction]
#[pyo3(signature = (name, /, policy = "fqdn", idna = "registration"))]
pub(crate) fn check_domain(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    policy: &str,
    idna: &str,
) -> PyResult<CheckedDomain> {
    let policy = self::policy(policy, idna)?;
    let input = text_or_raise(name, Class::Domain)?;
    raise(py, check(&input, policy))
}
