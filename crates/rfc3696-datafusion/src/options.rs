//! The optional second and third arguments: an email profile or a domain-name policy,
//! then an IDNA mode, each a constant string. Unknown names are planning errors.

use datafusion::common::{Result, ScalarValue, plan_err};
use rfc3696::domain::{self as ldh, IdnaMode};
use rfc3696::email as mail;

/// The email profiles by name, as the `--profile` flag of the command line spells them.
pub const EMAIL_PROFILES: [(&str, mail::Policy); 5] = [
    ("rfc5321", mail::Policy::RFC5321),
    ("smtputf8", mail::Policy::SMTPUTF8),
    ("rfc5322", mail::Policy::RFC5322),
    ("html5", mail::Policy::HTML5),
    ("rfc3696", mail::Policy::RFC3696_PUBLISHED),
];

/// The domain-name policies by name, as the command line's `--kind` spells them.
pub const DOMAIN_POLICIES: [(&str, ldh::Policy); 3] = [
    ("fqdn", ldh::Policy::FQDN),
    ("hostname", ldh::Policy::HOSTNAME),
    ("dns", ldh::Policy::DNS),
];

/// What a function's optional arguments choose from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Family {
    /// `(addr [, profile [, idna]])`.
    Email,
    /// `(name [, policy [, idna]])`.
    Domain,
    /// One value, no options.
    Plain,
    /// Two values, no options (`uri_resolve`).
    Pair,
}

impl Family {
    /// The least and most number of arguments.
    pub(crate) const fn arity(self) -> (usize, usize) {
        match self {
            Family::Email | Family::Domain => (1, 3),
            Family::Plain => (1, 1),
            Family::Pair => (2, 2),
        }
    }

    /// How many leading arguments are values (the rest are option names).
    pub(crate) const fn values(self) -> usize {
        match self {
            Family::Pair => 2,
            _ => 1,
        }
    }
}

/// The policies a row is judged by.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    /// For the email functions.
    pub(crate) email: mail::Policy,
    /// For the domain functions.
    pub(crate) domain: ldh::Policy,
}

impl Options {
    /// The defaults: RFC 5321 addresses, fully qualified names (RFC 3696 §2), IDNA 2008
    /// registration rules (RFC 5891 §4).
    pub(crate) const DEFAULT: Self = Self {
        email: mail::Policy::RFC5321,
        domain: ldh::Policy::FQDN,
    };

    /// The defaults, with host names (single labels allowed) as the domain policy.
    pub(crate) const HOSTNAME: Self = Self {
        email: mail::Policy::RFC5321,
        domain: ldh::Policy::HOSTNAME,
    };

    /// Reads the option arguments of `function` (`names[i]` is `None` where the
    /// argument is not a constant). `defaults` applies where an argument is missing.
    pub(crate) fn parse(
        function: &str,
        family: Family,
        names: &[Option<&ScalarValue>],
        defaults: Self,
    ) -> Result<Self> {
        let mut options = defaults;
        let mut idna = IdnaMode::default();
        for (index, value) in names.iter().enumerate() {
            let position = index + 2;
            let Some(value) = value else {
                return plan_err!(
                    "{function}: argument {position} must be a constant string such as '{}', not a column or an expression over columns",
                    example(family, index)
                );
            };
            let Some(Some(name)) = value.try_as_str() else {
                return plan_err!(
                    "{function}: argument {position} must be a non-NULL string such as '{}'",
                    example(family, index)
                );
            };
            let name = name.trim().to_ascii_lowercase();
            match (family, index) {
                (Family::Email, 0) => {
                    options.email = lookup(&EMAIL_PROFILES, &name).ok_or_else(|| {
                        unknown(function, "email profile", &name, &EMAIL_PROFILES)
                    })?;
                }
                (Family::Domain, 0) => {
                    options.domain = lookup(&DOMAIN_POLICIES, &name).ok_or_else(|| {
                        unknown(function, "domain policy", &name, &DOMAIN_POLICIES)
                    })?;
                }
                (_, 1) => {
                    idna = IdnaMode::from_name(&name).ok_or_else(|| {
                        datafusion::error::DataFusionError::Plan(format!(
                            "{function}: unknown IDNA mode '{name}'; use one of 'registration' (IDNA 2008, RFC 5891 §4, the default), 'lookup' (RFC 5891 §5.4) or 'uts46' (UTS #46)"
                        ))
                    })?;
                }
                _ => return plan_err!("{function}: too many arguments"),
            }
        }
        options.email = options.email.with_idna_mode(idna);
        options.domain = options.domain.with_idna_mode(idna);
        Ok(options)
    }
}

fn lookup<T: Copy>(table: &[(&str, T)], name: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
}

fn unknown<T>(
    function: &str,
    what: &str,
    name: &str,
    table: &[(&str, T)],
) -> datafusion::error::DataFusionError {
    let names: Vec<String> = table.iter().map(|(n, _)| format!("'{n}'")).collect();
    datafusion::error::DataFusionError::Plan(format!(
        "{function}: unknown {what} '{name}'; use one of {}",
        names.join(", ")
    ))
}

fn example(family: Family, index: usize) -> &'static str {
    match (family, index) {
        (Family::Email, 0) => "rfc5322",
        (Family::Domain, 0) => "hostname",
        _ => "uts46",
    }
}
