//! `validate_email` in email-validator's shape, over `rfc3696::email::ValidatedAddress`
//! (and `rfc3696::dns` for deliverability).

use std::borrow::Cow;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict, PyList, PyTuple};
use rfc3696::dns::{BlockingChecker, Deliverability, Target};
use rfc3696::domain::IdnaMode;
use rfc3696::email::{self as mail, EmailAddress, EmailError, ValidatedAddress, Warnings};
use rfc3696::spoof::{self, DisplayPolicy};

use crate::errors::{Class, Failure, raise};
use crate::notes::{self, Note};
use crate::text::{Piece, Text, kept_text_or_raise};

/// How addresses are checked: the profile and email-validator's switches.
#[derive(Debug, Clone)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "email-validator's switches, each independent of the others"
)]
pub(crate) struct EmailOptions {
    pub(crate) policy: mail::Policy,
    pub(crate) allow_smtputf8: bool,
    pub(crate) allow_quoted_local: bool,
    pub(crate) allow_domain_literal: bool,
    pub(crate) allow_display_name: bool,
    pub(crate) checker: Option<Arc<BlockingChecker>>,
    /// Whether a plain address takes the shortcut of [`plain_address`] (off only to test
    /// that the shortcut changes nothing).
    pub(crate) shortcut: bool,
}

impl EmailOptions {
    /// The options of `profile` (`None` is `smtputf8`) and the IDNA mode of `idna`, with
    /// email-validator's defaults for the switches.
    pub(crate) fn of_profile(profile: Option<&str>, idna: &str) -> PyResult<Self> {
        let policy = match profile {
            None | Some("smtputf8") => mail::Policy::SMTPUTF8,
            Some("rfc5321") => mail::Policy::RFC5321,
            Some("rfc5322") => mail::Policy::RFC5322,
            Some("html5") => mail::Policy::HTML5,
            Some("rfc3696") => mail::Policy::RFC3696_PUBLISHED,
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "profile must be one of rfc5321, smtputf8, rfc5322, html5, rfc3696, not {other:?}"
                )));
            }
        };
        Ok(EmailOptions {
            policy: policy.with_idna_mode(idna_mode(idna)?),
            ..EmailOptions::DEFAULT
        })
    }

    /// The checker of `check_deliverability=True`, `None` without it.
    pub(crate) fn checker(
        check_deliverability: bool,
        dns_resolver: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
    ) -> PyResult<Option<Arc<BlockingChecker>>> {
        check_deliverability
            .then(|| crate::dns::checker(dns_resolver, timeout))
            .transpose()
    }

    /// email-validator's defaults: the options of a call without keyword arguments
    /// (the `smtputf8` profile, `registration` IDNA mode).
    pub(crate) const DEFAULT: EmailOptions = EmailOptions {
        policy: mail::Policy::SMTPUTF8.with_idna_mode(IdnaMode::Registration),
        allow_smtputf8: true,
        allow_quoted_local: false,
        allow_domain_literal: false,
        allow_display_name: false,
        checker: None,
        shortcut: true,
    };

    /// Whether a check may wait on DNS (then the GIL is released around it).
    pub(crate) fn uses_dns(&self) -> bool {
        self.checker.is_some()
    }
}

/// Defines a `#[pyfunction]` of one positional argument and email-validator's keyword
/// arguments (`validate_email` and `validate_emails` take the same ones), whose body
/// sees the [`EmailOptions`] they make under the name given between the bars.
macro_rules! with_email_arguments {
    (
        $(#[$doc:meta])*
        fn $name:ident<$py:lifetime>($input:ident: $input_type:ty) -> $output:ty;
        |$options:ident| $body:block
    ) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (
            $input, /, *, allow_smtputf8 = true, allow_quoted_local = false,
            allow_domain_literal = false, allow_display_name = false, allow_empty_local = false,
            check_deliverability = false, timeout = None, dns_resolver = None, profile = None,
            idna = "registration"
        ))]
        // `allow`, not `expect`: the expectation is not seen as met inside a macro.
        #[allow(
            clippy::too_many_arguments,
            clippy::fn_params_excessive_bools,
            reason = "email-validator's keyword arguments, one by one"
        )]
        pub(crate) fn $name<$py>(
            $input: $input_type,
            allow_smtputf8: bool,
            allow_quoted_local: bool,
            allow_domain_literal: bool,
            allow_display_name: bool,
            allow_empty_local: bool,
            check_deliverability: bool,
            timeout: Option<f64>,
            dns_resolver: Option<&pyo3::Bound<$py, pyo3::PyAny>>,
            profile: Option<&str>,
            idna: &str,
        ) -> $output {
            // The standards decide about empty local parts (see validate_email's docstring).
            let _ = allow_empty_local;
            let $options = $crate::email::EmailOptions {
                allow_smtputf8,
                allow_quoted_local,
                allow_domain_literal,
                allow_display_name,
                checker: $crate::email::EmailOptions::checker(
                    check_deliverability,
                    dns_resolver,
                    timeout,
                )?,
                ..$crate::email::EmailOptions::of_profile(profile, idna)?
            };
            $body
        }
    };
}
pub(crate) use with_email_arguments;

/// The IDNA mode of its name.
pub(crate) fn idna_mode(name: &str) -> PyResult<IdnaMode> {
    IdnaMode::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "idna must be registration, lookup or uts46, not {name:?}"
        ))
    })
}

/// A valid address, as email-validator's `ValidatedEmail` describes it.
///
/// ``normalized`` is the form to store and compare: needless quotes removed, the local
/// part in NFC with its case kept (RFC 5321 §2.4, RFC 6532 §3.1), the domain lower-cased
/// in U-labels. ``ascii_email`` is the same with the domain in A-labels, or ``None`` when
/// the local part is not ASCII (then ``smtputf8`` is true: delivery needs RFC 6531).
/// ``warnings`` lists what is valid but notable (``dict`` s with ``code`` and
/// ``message``). With ``check_deliverability=True``, ``mx`` lists the mail hosts as
/// ``(preference, host)``, ``mx_fallback_type`` is ``"implicit"`` when the domain has no MX
/// record and is its own mail host (RFC 5321 §5.1), and ``deliverability`` is
/// ``"deliverable"`` or ``"unknown"``.
///
/// >>> import rfc3696
/// >>> v = rfc3696.validate_email("Jürgen@Bücher.Example")
/// >>> (v.normalized, v.ascii_email, v.smtputf8)
/// ('Jürgen@bücher.example', None, True)
/// >>> v.ascii_domain
/// 'xn--bcher-kva.example'
#[pyclass(frozen, module = "rfc3696", name = "ValidatedEmail")]
#[derive(Debug)]
pub(crate) struct ValidatedEmail {
    /// The input as given.
    original: Text,
    /// The normalized form, or `None` when it is `original` (a plain address alone: most
    /// addresses, stored with one allocation).
    normalized: Option<String>,
    /// The length of the local part in the normalized form.
    local_len: usize,
    /// The ASCII form.
    ascii: AsciiForm,
    /// The domain in A-labels, or `None` when it is the normalized form's.
    ascii_domain: Option<String>,
    /// Whether delivery needs SMTPUTF8 (RFC 6531): the local part is not ASCII.
    #[pyo3(get)]
    smtputf8: bool,
    /// The display name of ``Name <addr>`` (only with ``allow_display_name=True``).
    #[pyo3(get)]
    display_name: Option<String>,
    /// The mail hosts ``(preference, host)``, most preferred first, when deliverability
    /// was checked and known.
    #[pyo3(get)]
    mx: Option<Vec<(u16, String)>>,
    /// ``"implicit"`` when the domain itself is the mail host (no MX record).
    #[pyo3(get)]
    mx_fallback_type: Option<&'static str>,
    /// ``"deliverable"`` or ``"unknown"`` when deliverability was checked, else ``None``.
    #[pyo3(get)]
    deliverability: Option<&'static str>,
    notes: Vec<Note>,
}

/// The ASCII form of an address.
#[derive(Debug, Clone)]
enum AsciiForm {
    /// There is none: the local part is not ASCII.
    Absent,
    /// The normalized form itself.
    Stored,
    /// Another text.
    Other(String),
}

impl ValidatedEmail {
    fn stored(&self) -> &str {
        self.normalized
            .as_deref()
            .unwrap_or_else(|| self.original.as_str())
    }

    fn ascii_form(&self) -> Option<&str> {
        match &self.ascii {
            AsciiForm::Other(ascii) => Some(ascii),
            AsciiForm::Stored => Some(self.stored()),
            AsciiForm::Absent => None,
        }
    }
}

#[pymethods]
impl ValidatedEmail {
    /// The input as given.
    #[getter]
    fn original(&self) -> &str {
        self.original.as_str()
    }

    /// The form to store and compare.
    #[getter]
    fn normalized(&self) -> &str {
        self.stored()
    }

    /// The local part of ``normalized``.
    #[getter]
    fn local_part(&self) -> &str {
        &self.stored()[..self.local_len]
    }

    /// The domain of ``normalized`` (U-labels, lower case), or the address literal.
    #[getter]
    fn domain(&self) -> &str {
        &self.stored()[self.local_len + 1..]
    }

    /// ``normalized`` with the domain in A-labels; ``None`` for a non-ASCII local part.
    #[getter]
    fn ascii_email(&self) -> Option<&str> {
        self.ascii_form()
    }

    /// The local part of ``ascii_email``; ``None`` for a non-ASCII local part.
    #[getter]
    fn ascii_local_part(&self) -> Option<&str> {
        let domain_len = self.ascii_domain().len();
        self.ascii_form().map(|a| &a[..a.len() - domain_len - 1])
    }

    /// The domain in A-labels (lower case), or the address literal.
    #[getter]
    fn ascii_domain(&self) -> &str {
        self.ascii_domain
            .as_deref()
            .unwrap_or_else(|| self.domain())
    }

    /// The warnings: a list of ``dict`` s with ``code`` and ``message`` (and ``label``
    /// for those about one label), the codes of the command line's JSON.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        notes::to_list(py, &self.notes)
    }

    /// ``normalized`` under email-validator's older name.
    #[getter]
    fn email(&self) -> &str {
        self.stored()
    }

    /// The attributes as a ``dict``, as email-validator's ``as_dict``.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("original", self.original())?;
        dict.set_item("normalized", self.normalized())?;
        dict.set_item("local_part", self.local_part())?;
        dict.set_item("domain", self.domain())?;
        dict.set_item("ascii_email", self.ascii_email())?;
        dict.set_item("ascii_local_part", self.ascii_local_part())?;
        dict.set_item("ascii_domain", self.ascii_domain())?;
        dict.set_item("smtputf8", self.smtputf8)?;
        dict.set_item("display_name", &self.display_name)?;
        dict.set_item("mx", &self.mx)?;
        dict.set_item("mx_fallback_type", self.mx_fallback_type)?;
        dict.set_item("deliverability", self.deliverability)?;
        dict.set_item("warnings", self.warnings(py)?)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("<ValidatedEmail {:?}>", self.stored())
    }

    fn __str__(&self) -> &str {
        self.stored()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<ValidatedEmail>()
            .is_ok_and(|o| o.get().stored() == self.stored())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.stored().hash(&mut h);
        h.finish()
    }
}

/// The failure of an address error, its offset moved by `base` (the address's place in
/// a `Name <addr>` input).
fn email_failure(e: &EmailError, base: usize) -> Failure {
    Failure::new(
        Class::EmailSyntax,
        e.code(),
        e.offset() + base,
        e,
        e.user_message(),
    )
}

/// The address of `input`, its offset in `input` and its display name: RFC 5322 §3.4
/// `mailbox` (`Name <addr>` or a bare `addr-spec`), exactly one.
fn split_display_name(input: &str) -> Result<(&str, usize, Option<String>), Failure> {
    let mut boxes = mail::mailboxes(input);
    let first = match boxes.next() {
        Some(Ok(first)) => first,
        Some(Err(e)) => return Err(email_failure(&e, 0)),
        None => {
            return Err(Failure::new(
                Class::EmailSyntax,
                "empty",
                0,
                "the address is empty",
                "There must be something before the @-sign.",
            ));
        }
    };
    if let Some(next) = boxes.next() {
        let at = next.map_or(input.len(), |m| m.offset());
        return Err(Failure::new(
            Class::EmailSyntax,
            "multiple_addresses",
            at,
            "more than one address: validate_email takes one",
            "Only one email address is allowed here.",
        ));
    }
    let name = first.display_name().map(|n| {
        // The phrase as the reader sees it: without the quotes of a quoted string.
        let n = n.trim();
        n.strip_prefix('"')
            .and_then(|q| q.strip_suffix('"'))
            .map_or_else(
                || n.to_owned(),
                |q| q.replace("\\\"", "\"").replace("\\\\", "\\"),
            )
    });
    Ok((first.addr_spec(), first.offset(), name))
}

/// Checks one address of a batch (no Python object involved: batch threads call this).
/// The result shares its text with the batch's chunk.
pub(crate) fn validate(
    input: &Piece<'_>,
    options: &EmailOptions,
) -> Result<ValidatedEmail, Failure> {
    let mut result = check_address(input.as_str(), options)?;
    result.original = input.to_text();
    Ok(result)
}

/// Checks the address of a single call; the result keeps the argument's text.
fn validate_one(input: &Bound<'_, PyAny>, options: &EmailOptions) -> PyResult<ValidatedEmail> {
    let py = input.py();
    let text = kept_text_or_raise(input, Class::EmailSyntax)?;
    let result = if options.uses_dns() {
        py.detach(|| check_address(text.as_str(), options))
    } else {
        check_address(text.as_str(), options)
    };
    let mut result = raise(py, result)?;
    result.original = text;
    Ok(result)
}

/// [`validate`], but for `original`, left empty.
fn check_address(input: &str, options: &EmailOptions) -> Result<ValidatedEmail, Failure> {
    let (address, base, display_name) = if options.allow_display_name {
        split_display_name(input)?
    } else {
        (input, 0, None)
    };
    let policy = &options.policy;
    if options.shortcut {
        match EmailAddress::parse_with(address, policy) {
            Ok(parsed) => {
                if let Some(local_len) = plain_address(&parsed) {
                    let with_name = display_name.is_some();
                    let mut result = stored_as_written(address, local_len, &parsed, with_name);
                    result.display_name = display_name;
                    if let Some(checker) = &options.checker {
                        deliverability(&mut result, checker, &parsed, base + local_len + 1)?;
                    }
                    return Ok(result);
                }
                // An ASCII address with an unquoted local part is stored with that local
                // part as written (no NFC to apply, no quotes to add), so the refusal of
                // its address literal below is the answer: given without normalizing
                // (test_plain_address_shortcut_changes_nothing compares both paths).
                if !options.allow_domain_literal
                    && address.is_ascii()
                    && !parsed.is_quoted()
                    && parsed.domain().as_str().starts_with('[')
                {
                    return Err(literal_refused(address, base));
                }
            }
            // UTS #46 mapping leaves ASCII as it is (but for case, which no rule of the
            // grammar looks at): nothing can rescue an ASCII address that fails to parse.
            Err(e) if address.is_ascii() => return Err(email_failure(&e, base)),
            Err(_) => {}
        }
    }
    let checked = ValidatedAddress::new(address, policy).map_err(|e| email_failure(&e, base))?;
    if !options.allow_smtputf8 && checked.requires_smtputf8() {
        return Err(needs_smtputf8(address, policy, base));
    }
    let stored = EmailAddress::parse_with(checked.normalized(), policy)
        .map_err(|e| email_failure(&e, base))?;
    let normalized = checked.normalized();
    let local_len = stored.local_part().len();
    let domain = stored.domain().as_str();
    if !options.allow_quoted_local && stored.is_quoted() {
        return Err(Failure::new(
            Class::EmailSyntax,
            "quoted_local_part",
            base,
            "the local part needs quotes, which allow_quoted_local=False refuses (RFC 3696 §3 discourages them)",
            "Quoting the part before the @-sign is not allowed here.",
        ));
    }
    let is_literal = domain.starts_with('[');
    if !options.allow_domain_literal && is_literal {
        return Err(literal_refused(address, base));
    }
    // The A-label domain, when it differs from the stored one.
    let ascii_domain = match checked.ascii() {
        Some(ascii) => &ascii[ascii.len() - ascii_domain_len(ascii, domain, is_literal)..],
        None if is_literal => domain,
        None => &rfc3696::domain::to_ascii_with(domain, policy.idna_mode())
            .map_or_else(|_| domain.to_owned(), Cow::into_owned),
    };
    let ascii_domain = (ascii_domain != domain).then(|| ascii_domain.to_owned());
    let mut notes = notes_of(checked.warnings());
    if !normalized.is_ascii() || normalized.contains("xn--") {
        for w in spoof::address_warnings(&stored, &DisplayPolicy::BROWSER) {
            notes.push(Note::about_label(w.code(), w.to_string(), w.label_index()));
        }
    }
    let mut result = ValidatedEmail {
        original: Text::Owned(String::new()),
        normalized: (normalized != input).then(|| normalized.to_owned()),
        local_len,
        ascii: match checked.ascii() {
            None => AsciiForm::Absent,
            Some(a) if a == normalized => AsciiForm::Stored,
            Some(a) => AsciiForm::Other(a.to_owned()),
        },
        ascii_domain,
        smtputf8: checked.requires_smtputf8(),
        display_name,
        mx: None,
        mx_fallback_type: None,
        deliverability: None,
        notes,
    };
    if let Some(checker) = &options.checker {
        deliverability(
            &mut result,
            checker,
            &stored,
            base + address.rfind('@').unwrap_or(0) + 1,
        )?;
    }
    Ok(result)
}

/// The refusal of an address literal under `allow_domain_literal=False` (RFC 5321
/// §4.1.3), at its bracket.
fn literal_refused(address: &str, base: usize) -> Failure {
    Failure::new(
        Class::EmailSyntax,
        "address_literal",
        base + address.rfind('[').unwrap_or(0),
        "the domain is an address literal, which allow_domain_literal=False refuses (RFC 5321 §4.1.3)",
        "A bracketed IP address is not allowed here.",
    )
}

/// The length of the local part of an address that `ValidatedAddress` stores exactly as
/// written, or `None`: one that is already its own normal, A-label and U-label form
/// ([`EmailAddress::is_canonical_ascii`], answered by the parse). Most addresses are
/// like this; the tests compare both paths over the corpus.
fn plain_address(parsed: &EmailAddress<'_>) -> Option<usize> {
    parsed
        .is_canonical_ascii()
        .then_some(parsed.local_part().len())
}

/// The result for a [`plain_address`] (but for `original`, left empty): every form is
/// the address itself, the warnings those of the parse.
fn stored_as_written(
    address: &str,
    local_len: usize,
    parsed: &EmailAddress<'_>,
    with_display_name: bool,
) -> ValidatedEmail {
    ValidatedEmail {
        original: Text::Owned(String::new()),
        normalized: with_display_name.then(|| address.to_owned()),
        local_len,
        ascii: AsciiForm::Stored,
        ascii_domain: None,
        smtputf8: false,
        display_name: None,
        mx: None,
        mx_fallback_type: None,
        deliverability: None,
        notes: notes_of(parsed.warnings()),
    }
}

/// The notes of a parse's warnings. Most addresses have none: the empty set is answered
/// without walking every kind of warning (the `validate_email` row of `bench/bench.py`).
fn notes_of(warnings: Warnings) -> Vec<Note> {
    if warnings.is_empty() {
        return Vec::new();
    }
    warnings
        .iter()
        .map(|w| Note::new(w.code(), w.message()))
        .collect()
}

/// Why an address that needs SMTPUTF8 (a non-ASCII local part: its domain alone would
/// have an A-label form, RFC 5891) is refused under `allow_smtputf8=False`: the error of
/// the same profile restricted to ASCII (RFC 5321 without RFC 6531).
fn needs_smtputf8(address: &str, policy: &mail::Policy, base: usize) -> Failure {
    match EmailAddress::parse_with(address, &policy.with_charset(mail::Charset::Ascii)) {
        Err(e) => email_failure(&e, base),
        Ok(_) => Failure::new(
            Class::EmailSyntax,
            "non_ascii",
            base + address.bytes().position(|b| !b.is_ascii()).unwrap_or(0),
            "the local part is not ASCII, and allow_smtputf8=False refuses addresses that need SMTPUTF8 (RFC 6531)",
            "The part before the @-sign can only use ASCII characters here.",
        ),
    }
}

/// The length of the domain at the end of `ascii` (the A-label form of `domain`).
fn ascii_domain_len(ascii: &str, domain: &str, is_literal: bool) -> usize {
    if is_literal {
        return domain.len();
    }
    ascii.rfind('@').map_or(0, |at| ascii.len() - at - 1)
}

/// Looks the domain up (RFC 5321 §5.1): deliverable fills `mx`, undeliverable is an
/// `EmailUndeliverableError`, unknown a
/// warning (a transient failure never rejects an address).
fn deliverability(
    result: &mut ValidatedEmail,
    checker: &BlockingChecker,
    address: &EmailAddress<'_>,
    domain_offset: usize,
) -> Result<(), Failure> {
    let why = match checker.check(&Target::of_address(address)) {
        Deliverability::Deliverable {
            mail_hosts,
            warnings,
        } => {
            result.mx_fallback_type = mail_hosts.iter().any(|h| h.implicit).then_some("implicit");
            result.mx = Some(
                mail_hosts
                    .into_iter()
                    .map(|h| (h.preference, h.host))
                    .collect(),
            );
            for w in warnings {
                result.notes.push(Note {
                    code: w.kind.code(),
                    message: w.to_string().into(),
                    label: None,
                });
            }
            result.deliverability = Some("deliverable");
            return Ok(());
        }
        Deliverability::Undeliverable { reason } => {
            return Err(Failure::new(
                Class::EmailUndeliverable,
                reason.code(),
                domain_offset,
                &reason,
                "The domain name in this email address does not accept email.",
            ));
        }
        Deliverability::Unknown { reason } => reason.to_string(),
        other => other.to_string(),
    };
    result.notes.push(Note {
        code: "deliverability_unknown",
        message: format!("deliverability unknown: {why}").into(),
        label: None,
    });
    result.deliverability = Some("unknown");
    Ok(())
}

/// Checks an email address and returns a :class:`ValidatedEmail`, or raises
/// :class:`EmailSyntaxError` (grammar) or :class:`EmailUndeliverableError` (DNS says no
/// mail reaches the domain). The arguments are email-validator's:
///
/// - ``allow_smtputf8``: UTF-8 local parts (RFC 6531 §3.3); when false, an address that
///   needs SMTPUTF8 is refused (a U-label domain is fine: it has an A-label form).
/// - ``allow_quoted_local``: a local part that needs quotes (``"john doe"@example.com``);
///   needless quotes are removed, never refused.
/// - ``allow_domain_literal``: ``user@[192.0.2.1]`` (RFC 5321 §4.1.3).
/// - ``allow_display_name``: ``Jane <jane@example.com>`` (RFC 5322 §3.4), the name in
///   ``display_name``.
/// - ``allow_empty_local``: accepted for compatibility; the standards decide (an empty
///   quoted string ``""@example.com`` is valid RFC 5321, a bare ``@example.com`` is not).
/// - ``check_deliverability``: look the domain up (RFC 5321 §5.1 MX, implicit MX, RFC
///   7505 null MX), with ``timeout`` seconds and the name servers of ``dns_resolver``
///   (``None`` for the system's, ``"127.0.0.1:5353"``, a list, or dnspython's
///   ``Resolver``). The GIL is released while waiting.
/// - ``profile``: the grammar; ``None`` is ``smtputf8`` (RFC 5321 with RFC 6531), and
///   the others are ``rfc5321`` (ASCII as written), ``rfc5322`` (message headers),
///   ``html5`` (``input type=email``) and ``rfc3696`` (the RFC as printed, for legacy data).
/// - ``idna``: how U-labels are judged: ``registration`` (RFC 5891 §4), ``lookup``
///   (§5.4) or ``uts46``.
///
/// >>> import rfc3696
/// >>> rfc3696.validate_email("user@Bücher.example").ascii_email
/// 'user@xn--bcher-kva.example'
/// >>> try:
/// ...     rfc3696.validate_email("jane@localhost")
/// ... except rfc3696.EmailSyntaxError as e:
/// ...     print(e.code, e.offset)
/// not_fully_qualified 5
// `text_signature` repeats the defaults of the full signature (`with_email_arguments!`):
// the two change together (test
// `test_call_without_keywords_equals_the_call_with_the_default_keywords`).
#[pyfunction]
#[pyo3(
    name = "validate_email",
    signature = (*arguments, **keywords),
    text_signature = "(email, /, *, allow_smtputf8=True, allow_quoted_local=False, allow_domain_literal=False, allow_display_name=False, allow_empty_local=False, check_deliverability=False, timeout=None, dns_resolver=None, profile=None, idna=\"registration\")"
)]
pub(crate) fn validate_email_or_delegate<'py>(
    arguments: &Bound<'py, PyTuple>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    /// The full signature's function.
    static WITH_KEYWORDS: PyOnceLock<Py<PyCFunction>> = PyOnceLock::new();
    let py = arguments.py();
    // The call without keyword arguments (most calls) skips reading ten defaults; any
    // other call is the full signature's, which reads and reports them exactly (the
    // `validate_email` row of `bench/bench.py`; test_email.py compares both ways).
    if keywords.is_none() && arguments.len() == 1 {
        let email = arguments.get_item(0)?;
        return Ok(Bound::new(py, validate_one(&email, &EmailOptions::DEFAULT)?)?.into_any());
    }
    WITH_KEYWORDS
        .get_or_try_init(py, || {
            wrap_pyfunction!(validate_email, py).map(Bound::unbind)
        })?
        .bind(py)
        .call(arguments, keywords)
}

with_email_arguments! {
/// :func:`validate_email` with its keyword arguments read one by one (a call with any).
fn validate_email<'py>(email: &Bound<'py, PyAny>) -> PyResult<ValidatedEmail>;
|options| {
    validate_one(email, &options)
}
}

/// :func:`validate_email` without the shortcut for plain addresses, for the test that
/// proves the shortcut changes nothing (not part of the API).
#[pyfunction]
#[pyo3(signature = (email, /, *, allow_smtputf8 = true, allow_quoted_local = false, allow_domain_literal = false, profile = None))]
pub(crate) fn validate_email_without_shortcut(
    email: &Bound<'_, PyAny>,
    allow_smtputf8: bool,
    allow_quoted_local: bool,
    allow_domain_literal: bool,
    profile: Option<&str>,
) -> PyResult<ValidatedEmail> {
    let options = EmailOptions {
        allow_smtputf8,
        allow_quoted_local,
        allow_domain_literal,
        shortcut: false,
        ..EmailOptions::of_profile(profile, "registration")?
    };
    validate_one(email, &options)
}
