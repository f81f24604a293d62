//! `check` flags for the libraries' opt-in options, named after the options they set:
//! `--zone-ids` and `--iri` (uri-schemes `UriPolicy::with_zone_ids` / `with_iri`,
//! and `HttpPolicy::with_iri`), `--userinfo` (`HttpPolicy::with_userinfo`),
//! `--numeric-tld` (ldh-domain `Policy::with_numeric_tld`). All off by default: the
//! strict presets stay the default.

use clap::{Args, ValueEnum};
use rfc3696::domain::{self as ldh, NumericTld};
use rfc3696::uri::{HttpPolicy, UriPolicy, UserinfoPolicy};

/// The library options as flags.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct LibraryFlags {
    /// Accept RFC 6874 zone IDs in IPv6 literals (`http://[fe80::1%25eth0]/`) for
    /// `uri` and `uri-ref` (`UriPolicy::with_zone_ids`)
    #[arg(long)]
    pub zone_ids: bool,
    /// Accept RFC 3987 IRIs (Unicode in URIs; IDN hosts checked as such) for `uri`,
    /// `uri-ref` and `http` (`UriPolicy::with_iri`, `HttpPolicy::with_iri`)
    #[arg(long)]
    pub iri: bool,
    /// Userinfo in http(s) URLs: an error (RFC 9110 §4.2.4), or accepted with a warning
    /// (`HttpPolicy::with_userinfo`)
    #[arg(long, value_enum, value_name = "RULE", default_value_t = UserinfoRule::Reject)]
    pub userinfo: UserinfoRule,
    /// All-digit last labels in domain names: rejected (RFC 3696 §2), or allowed
    /// for reverse-DNS style data (`Policy::with_numeric_tld`)
    #[arg(long, value_enum, value_name = "RULE", default_value_t = NumericTldRule::Reject)]
    pub numeric_tld: NumericTldRule,
}

/// `--userinfo`: `UserinfoPolicy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum UserinfoRule {
    /// An error (the default)
    #[default]
    Reject,
    /// Accepted with the warning `userinfo_in_http_url`
    Warn,
}

/// `--numeric-tld`: `NumericTld`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum NumericTldRule {
    /// Rejected (the default)
    #[default]
    Reject,
    /// Allowed
    Allow,
}

impl LibraryFlags {
    /// The generic URI options.
    pub const fn parse_options(self) -> UriPolicy {
        let mut options = UriPolicy::STRICT;
        if self.zone_ids {
            options = options.with_zone_ids();
        }
        if self.iri {
            options = options.with_iri();
        }
        options
    }

    /// The http(s) options.
    pub const fn http_policy(self) -> HttpPolicy {
        let mut policy = HttpPolicy::STRICT;
        if self.iri {
            policy = policy.with_iri();
        }
        match self.userinfo {
            UserinfoRule::Reject => policy,
            UserinfoRule::Warn => policy.with_userinfo(UserinfoPolicy::Warn),
        }
    }

    /// A domain policy with the numeric-TLD rule applied.
    pub const fn domain_policy(self, policy: ldh::Policy) -> ldh::Policy {
        match self.numeric_tld {
            NumericTldRule::Reject => policy.with_numeric_tld(NumericTld::Reject),
            NumericTldRule::Allow => policy.with_numeric_tld(NumericTld::Allow),
        }
    }
}
