//! `rfc3696.idna`: the `idna` package's interface (`encode`, `decode`, `alabel`,
//! `ulabel`, `check_label` and its exceptions), judged by the workspace's IDNA 2008
//! tables (RFC 5891 §4 registration by default; §5.4 lookup or UTS #46 on request).

use std::borrow::Cow;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rfc3696::domain::{
    self as ldh, ALabelReason, Domain, DomainError, DomainErrorKind, IdnaMode, IdnaRule, NumericTld,
};

use crate::email::idna_mode;
use crate::errors::{Class, Failure, raise};
use crate::text::text_or_raise;

/// Adds the functions and exceptions to the `idna` submodule (its batch function,
/// `encode_all`, is added by the module root: `batch` builds on this file).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(alabel, m)?)?;
    m.add_function(wrap_pyfunction!(ulabel, m)?)?;
    m.add_function(wrap_pyfunction!(check_label, m)?)?;
    Ok(())
}

/// The exception of an error, as the `idna` package classifies it: the Bidi rule
/// (RFC 5893) is `IDNABidiError`, a DISALLOWED or UNASSIGNED code point (RFC 5892 §2)
/// or a character LDH labels do not allow `InvalidCodepoint`, a CONTEXTJ/CONTEXTO code
/// point out of context `InvalidCodepointContext`, anything else `IDNAError`.
pub(crate) fn class_of(kind: DomainErrorKind) -> Class {
    let rule = match kind {
        DomainErrorKind::Idna(rule)
        | DomainErrorKind::InvalidALabel(ALabelReason::NotULabel(rule)) => rule,
        DomainErrorKind::InvalidCharacter(_) => return Class::InvalidCodepoint,
        _ => return Class::Idna,
    };
    match rule {
        IdnaRule::Bidi => Class::IdnaBidi,
        IdnaRule::Disallowed(..) | IdnaRule::Unassigned(_) => Class::InvalidCodepoint,
        IdnaRule::Joiners | IdnaRule::ContextO(_) => Class::InvalidCodepointContext,
        _ => Class::Idna,
    }
}

fn failure(e: &DomainError) -> Failure {
    Failure::new(
        class_of(e.kind()),
        e.code(),
        e.offset(),
        e,
        e.user_message(),
    )
}

/// What `idna` checks of a name taken as written: host-name labels (RFC 1123 §2.1, which
/// UTS #46 `UseSTD3ASCIIRules` and IDNA 2008 both require), one label allowed, no rule on
/// an all-digit last label, U-labels valid under `mode`.
fn as_written(mode: IdnaMode) -> ldh::Policy {
    ldh::Policy::HOSTNAME
        .with_numeric_tld(NumericTld::Allow)
        .with_idna_mode(mode)
}

/// The IDNA 2003 label separators that `idna` splits on unless `strict` (U+3002
/// IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP, U+FF61 HALFWIDTH IDEOGRAPHIC FULL
/// STOP; RFC 3490 §3.1).
const WIDE_DOTS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// `input` with the wide dots made `.`, and a function that moves an offset in the
/// result back into `input` (each wide dot is three bytes).
fn with_ascii_dots(input: &str) -> (Cow<'_, str>, Vec<usize>) {
    if !input.contains(WIDE_DOTS) {
        return (Cow::Borrowed(input), Vec::new());
    }
    let mut out = String::with_capacity(input.len());
    let mut dots = Vec::new();
    for c in input.chars() {
        if WIDE_DOTS.contains(&c) {
            dots.push(out.len());
            out.push('.');
        } else {
            out.push(c);
        }
    }
    (Cow::Owned(out), dots)
}

/// Moves `f`'s offset back into the text before [`with_ascii_dots`].
fn unshift(mut f: Failure, dots: &[usize]) -> Failure {
    let before = dots.iter().filter(|&&d| d < f.offset).count();
    f.offset += 2 * before;
    f
}

/// The options shared by `encode` and `decode`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IdnaOptions {
    strict: bool,
    uts46: bool,
    mode: IdnaMode,
}

impl IdnaOptions {
    pub(crate) fn new(strict: bool, uts46: bool, transitional: bool, mode: &str) -> PyResult<Self> {
        if transitional {
            return Err(PyValueError::new_err(
                "transitional=True is not supported: UTS #46 deprecates transitional processing \
                 (IDNA 2003 compatibility) and IDNA 2008 has none",
            ));
        }
        Ok(IdnaOptions {
            strict,
            uts46,
            mode: idna_mode(mode)?,
        })
    }
}

/// Defines a `#[pyfunction]` of one argument (positional-only when `/` follows it) and
/// the `idna` package's `encode` keyword arguments (`encode` and `encode_all` take the
/// same ones), whose body sees the [`IdnaOptions`] they make under the name given
/// between the bars.
macro_rules! with_encode_arguments {
    (
        $(#[$doc:meta])*
        fn $name:ident<$py:lifetime>($input:ident: $input_type:ty $(, $slash:tt)?) -> $output:ty;
        |$options:ident| $body:block
    ) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (
            $input $(, $slash)?, strict = false, uts46 = false, std3_rules = false,
            transitional = false, *, mode = "registration"
        ))]
        // `allow`, not `expect`: the expectation is not seen as met inside a macro.
        #[allow(
            clippy::fn_params_excessive_bools,
            reason = "the keyword arguments of the idna package's encode"
        )]
        pub(crate) fn $name<$py>(
            $input: $input_type,
            strict: bool,
            uts46: bool,
            std3_rules: bool,
            transitional: bool,
            mode: &str,
        ) -> $output {
            // Host-name rules always apply (see encode's docstring).
            let _ = std3_rules;
            let $options = $crate::idna::IdnaOptions::new(strict, uts46, transitional, mode)?;
            $body
        }
    };
}
pub(crate) use with_encode_arguments;

/// `encode` on text (batch threads call this too).
pub(crate) fn to_ascii(input: &str, o: IdnaOptions) -> Result<String, Failure> {
    convert(input, o, ldh::to_ascii_with, |d| d.to_ascii())
}

/// `decode` on text.
fn to_unicode(input: &str, o: IdnaOptions) -> Result<String, Failure> {
    convert(input, o, ldh::to_unicode_with, |d| d.to_unicode())
}

/// One conversion of `input`: `mapped` (UTS #46) when `o.uts46`, else `checked` on the
/// name judged by `o.mode`; the idna package's other dots are full stops first unless
/// `strict` (and an error's offset counts in the text as given).
fn convert(
    input: &str,
    o: IdnaOptions,
    mapped: fn(&str, IdnaMode) -> Result<Cow<'_, str>, DomainError>,
    checked: impl for<'a> Fn(&Domain<'a>) -> Result<Cow<'a, str>, DomainError>,
) -> Result<String, Failure> {
    let (name, dots) = if o.strict || o.uts46 {
        (Cow::Borrowed(input), Vec::new())
    } else {
        with_ascii_dots(input)
    };
    let converted = if o.uts46 {
        mapped(&name, o.mode).map(Cow::into_owned)
    } else {
        strict_name(&name, o.mode).and_then(|d| checked(&d).map(Cow::into_owned))
    };
    converted.map_err(|e| unshift(failure(&e), &dots))
}

/// The name parsed as written (no UTS #46 mapping), R-LDH labels (`ab--cd`, RFC 5890
/// §2.3.1) refused as `idna` and UTS #46 `CheckHyphens` refuse them.
fn strict_name(name: &str, mode: IdnaMode) -> Result<Domain<'_>, DomainError> {
    let parsed = Domain::parse_with(name, &as_written(mode))?;
    if parsed
        .warnings()
        .contains(ldh::Warning::ReservedHyphenLabel)
    {
        // The conversion reports the hyphen rule at its label.
        ldh::to_ascii_with(name, mode)?;
    }
    Ok(parsed)
}

/// A single label: a dot is a DISALLOWED code point here, as in `idna`.
fn one_label(label: &str) -> Result<(), Failure> {
    match label.find(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']) {
        Some(at) => Err(Failure::new(
            Class::InvalidCodepoint,
            "invalid_character",
            at,
            "a label cannot contain a dot",
            "A label cannot contain a dot.",
        )),
        None => Ok(()),
    }
}

with_encode_arguments! {
/// Encodes a domain name to its A-label form, as ``bytes`` (the `idna` package's
/// ``encode``): each U-label must be valid IDNA 2008 (RFC 5891 §4; ``mode="lookup"`` for
/// §5.4), each ASCII label a host-name label; the result is in lower case, the root dot
/// kept. With ``uts46=True`` the name is first mapped by UTS #46 (case, full-width forms:
/// what people type), and ``mode="uts46"`` judges it by UTS #46 validity instead of IDNA
/// 2008. ``std3_rules`` is accepted for compatibility: host-name rules always apply.
/// ``transitional=True`` is refused (UTS #46 deprecates it). Unless ``strict``, the
/// ideographic full stops U+3002, U+FF0E and U+FF61 separate labels too.
///
/// >>> from rfc3696 import idna
/// >>> idna.encode("bücher.example")
/// b'xn--bcher-kva.example'
/// >>> idna.encode("Bücher.example", uts46=True)
/// b'xn--bcher-kva.example'
/// >>> try:
/// ...     idna.encode("Bücher.example")
/// ... except idna.InvalidCodepoint as e:
/// ...     print(e.code)
/// idna_disallowed
fn encode<'py>(s: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>>;
|options| {
    let input = text_or_raise(s, Class::Idna)?;
    let ascii = raise(s.py(), to_ascii(&input, options))?;
    Ok(PyBytes::new(s.py(), ascii.as_bytes()))
}
}

/// Decodes a domain name to its U-label form, as ``str`` (the `idna` package's
/// ``decode``): every A-label must decode to a valid IDNA 2008 U-label, the result is in
/// lower case. ``uts46``, ``strict``, ``std3_rules`` and ``mode`` as for :func:`encode`.
///
/// >>> from rfc3696 import idna
/// >>> idna.decode(b"xn--bcher-kva.example")
/// 'bücher.example'
/// >>> idna.decode("xn--ls8h.la", uts46=True, mode="uts46")
/// '💩.la'
#[pyfunction]
#[pyo3(signature = (s, strict = false, uts46 = false, std3_rules = false, *, mode = "registration"))]
pub(crate) fn decode(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    strict: bool,
    uts46: bool,
    std3_rules: bool,
    mode: &str,
) -> PyResult<String> {
    let _ = std3_rules;
    let options = IdnaOptions::new(strict, uts46, false, mode)?;
    let input = text_or_raise(s, Class::Idna)?;
    raise(py, to_unicode(&input, options))
}

/// Encodes one label to its A-label (``bytes``); an ASCII label is checked and returned
/// in lower case.
///
/// >>> from rfc3696 import idna
/// >>> idna.alabel("bücher")
/// b'xn--bcher-kva'
#[pyfunction]
#[pyo3(signature = (label, *, mode = "registration"))]
pub(crate) fn alabel<'py>(
    py: Python<'py>,
    label: &Bound<'py, PyAny>,
    mode: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let options = IdnaOptions::new(true, false, false, mode)?;
    let input = text_or_raise(label, Class::Idna)?;
    raise(py, one_label(&input))?;
    let ascii = raise(py, to_ascii(&input, options))?;
    Ok(PyBytes::new(py, ascii.as_bytes()))
}

/// Decodes one label to its U-label (``str``); an A-label must be valid (RFC 5891 §5.3).
///
/// >>> from rfc3696 import idna
/// >>> idna.ulabel(b"xn--bcher-kva")
/// 'bücher'
#[pyfunction]
#[pyo3(signature = (label, *, mode = "registration"))]
pub(crate) fn ulabel(py: Python<'_>, label: &Bound<'_, PyAny>, mode: &str) -> PyResult<String> {
    let options = IdnaOptions::new(true, false, false, mode)?;
    let input = text_or_raise(label, Class::Idna)?;
    raise(py, one_label(&input))?;
    raise(py, to_unicode(&input, options))
}

/// Checks one label (a U-label or an ASCII label) and returns ``None``, or raises the
/// exception that names the broken rule.
///
/// >>> from rfc3696 import idna
/// >>> idna.check_label("bücher")
/// >>> try:
/// ...     idna.check_label("a\u200db")
/// ... except idna.InvalidCodepointContext as e:
/// ...     print(e.code)
/// idna_joiners
#[pyfunction]
#[pyo3(signature = (label, *, mode = "registration"))]
pub(crate) fn check_label(py: Python<'_>, label: &Bound<'_, PyAny>, mode: &str) -> PyResult<()> {
    let mode = idna_mode(mode)?;
    let input = text_or_raise(label, Class::Idna)?;
    raise(py, one_label(&input))?;
    raise(
        py,
        strict_name(&input, mode)
            .map(|_| ())
            .map_err(|e| failure(&e)),
    )
}
