//! The command line as clap derive types: every subcommand's arguments, and nothing
//! that acts on them (the modules that do import these types, never the other way).
//!
//! The command line may be extended (new flags) but never changed: outside checks run
//! the exact commands shown in the crate docs.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::library_flags::LibraryFlags;

/// `--max-line-bytes` by default: 1 MiB, far above any name, address or URI.
pub const DEFAULT_MAX_LINE_BYTES: NonZeroUsize = NonZeroUsize::new(1024 * 1024).unwrap();

/// Check and convert Internet names exactly as RFC 3696 (with errata) and the standards
/// it cites define them: no stricter, no looser, nothing guessed.
#[derive(Debug, Parser)]
#[command(
    name = "rfc3696",
    version,
    propagate_version = true,
    // No styling in clap's texts: an error's text is then exactly what clap says, user
    // values included, for the tool to escape (main.rs) before it reaches a terminal.
    styles = clap::builder::Styles::plain(),
    after_help = "\
Input: the VALUEs, or else --file, or else standard input, one value per line; a lone
VALUE `-` (and `--file -`) is standard input too, as for cat.
Exit status: 0 all values valid, 1 some value invalid, 2 usage or I/O error.

Examples:
  rfc3696 check example.com 'user@example.com' 'http://example.com/a?b'
  rfc3696 check --kind email --profile smtputf8 --file addresses.txt
  rfc3696 punycode encode bücher
  rfc3696 idna to-ascii Bücher.example
  rfc3696 resolve --base 'http://a/b/c/d;p?q' ../g
  rfc3696 mailto build --to joe@example.com --subject 'Hello world'"
)]
pub struct Cli {
    /// Colour text output: auto (only on a terminal, and not when `NO_COLOR` is set),
    /// always, never
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        default_value_t = ColorChoice::Auto,
        global = true,
        hide_possible_values = true
    )]
    pub color: ColorChoice,
    /// Threads for checking large inputs [default: one per core]
    #[arg(long, value_name = "N", global = true)]
    pub threads: Option<NonZeroUsize>,
    #[command(subcommand)]
    pub command: Command,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty
    Auto,
    /// Always colour (text output only)
    Always,
    /// Never colour
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check values: domain names, email addresses, URIs, http(s) URLs, mailto URIs
    #[command(after_help = "\
Kinds: auto decides per value from its syntax only (a scheme such as `http:` → URI
kinds, an `@` → email, else domain) and reports the kind it chose. It never completes a
name (RFC 3696 §4.4): `example` is checked as written, not as `example.com`.
  domain    fully qualified LDH/IDN domain name (RFC 3696 §2)
  hostname  host name: one label allowed (RFC 1123 §2.1)
  dns       any DNS name, e.g. _dmarc.example.com (RFC 2181 §11)
  email     email address with --profile (RFC 5321 by default; RFC 3696 §3)
  uri       absolute URI (RFC 3986 §4.3)
  uri-ref   URI reference, relative or absolute (RFC 3986 §4.1)
  http      http/https URL (RFC 9110 §4.2, RFC 3696 §4.2)
  mailto    mailto URI (RFC 6068, RFC 3696 §4.3)

Examples:
  rfc3696 check example.com 'Abc\\@def@example.com' 'mailto:joe@example.com'
  rfc3696 check --kind hostname localhost
  rfc3696 check --kind email --profile rfc3696 'Fred\\ Bloggs@example.com'
  rfc3696 check --json --file names.txt > report.jsonl
  rfc3696 check --kind email --deliverability user@gmail.com   # needs --features dns
  printf '%s\\n' '\"tab\\there@example.com\"' | rfc3696 check --json-input --kind email")]
    Check(CheckArgs),
    /// Encode or decode RFC 3492 Punycode (no ACE prefix: use `idna` for whole names)
    #[command(
        subcommand,
        after_help = "\
Examples:
  rfc3696 punycode encode bücher       # bcher-kva
  rfc3696 punycode decode bcher-kva    # bücher"
    )]
    Punycode(PunycodeCommand),
    /// Convert domain names between A-label and U-label forms (UTS #46, IDNA 2008)
    #[command(
        subcommand,
        after_help = "\
Examples:
  rfc3696 idna to-ascii Bücher.example           # xn--bcher-kva.example
  rfc3696 idna to-unicode xn--bcher-kva.example  # bücher.example"
    )]
    Idna(IdnaCommand),
    /// Resolve URI references against a base URI (RFC 3986 §5)
    #[command(after_help = "\
Examples:
  rfc3696 resolve --base 'http://a/b/c/d;p?q' g ../g '?y' '#s'
  rfc3696 resolve --base https://example.com/docs/ --json --file links.txt")]
    Resolve(ResolveArgs),
    /// Build mailto URIs (RFC 6068)
    #[command(
        subcommand,
        after_help = "\
Examples:
  rfc3696 mailto build --to joe@example.com --subject 'Hello world'
  rfc3696 check 'mailto:joe@example.com?subject=Hello%20world'   # parse one"
    )]
    Mailto(MailtoCommand),
    /// Run SQL over CSV, Parquet and NDJSON files with the checks as SQL functions
    #[cfg(feature = "sql")]
    #[command(after_help = "\
Functions: email_valid, email_error, email_normalize, email_local_part, email_domain,
email_warnings, domain_valid, domain_error, domain_to_ascii, domain_to_unicode,
domain_warnings, domain_display, domain_display_safe, uri_valid, uri_error,
http_url_valid, http_url_error, uri_parts, uri_resolve, uri_normalize,
mailto_recipients, punycode_encode, punycode_decode (see docs/scale.md).

Examples:
  rfc3696 sql \"SELECT email_error(email) AS err, count(*) FROM 'contacts.csv' GROUP BY err ORDER BY 2 DESC\"
  rfc3696 sql --format csv \"SELECT url, uri_parts(url)['host'] AS host FROM 'crawl.parquet'\"
  rfc3696 sql --out clean.parquet \"SELECT email_normalize(email) AS email FROM 'contacts.csv' WHERE email_valid(email)\"")]
    Sql(crate::sql::SqlArgs),
    /// Run a scheduler or an executor of a Ballista cluster that knows every function of
    /// `rfc3696 sql`
    #[cfg(feature = "cluster")]
    #[command(
        subcommand,
        after_help = "\
Examples:
  rfc3696 cluster scheduler --bind 0.0.0.0:50050
  rfc3696 cluster executor --scheduler sched.internal:50050 --bind 0.0.0.0:50051 --advertise worker1.internal
  rfc3696 sql --cluster df://sched.internal:50050 \"SELECT email_valid('a@example.com')\""
    )]
    Cluster(crate::cluster::ClusterCommand),
    /// `rfc3696 sql` in a build without the `sql` feature: says how to get it
    #[cfg(not(feature = "sql"))]
    #[command(hide = true, disable_help_flag = true)]
    Sql(FeatureOff),
    /// `rfc3696 cluster` in a build without the `cluster` feature: says how to get it
    #[cfg(not(feature = "cluster"))]
    #[command(hide = true, disable_help_flag = true)]
    Cluster(FeatureOff),
    /// Print a shell completion script to standard output
    #[command(after_help = "\
Examples:
  rfc3696 completions bash > ~/.local/share/bash-completion/completions/rfc3696
  rfc3696 completions zsh > ~/.zfunc/_rfc3696
  rfc3696 completions fish > ~/.config/fish/completions/rfc3696.fish")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output
    #[command(after_help = "\
Examples:
  rfc3696 man > /usr/local/share/man/man1/rfc3696.1
  rfc3696 man | man -l -")]
    Man,
}

/// The arguments of a subcommand whose cargo feature is off, whatever they are: the
/// command answers with the feature to build with, not with a usage error about them.
#[derive(Debug, Args)]
pub struct FeatureOff {
    /// Anything
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0.., hide = true)]
    pub rest: Vec<std::ffi::OsString>,
}

/// `rfc3696 completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Input and output flags shared by every streaming subcommand.
#[derive(Debug, Args)]
pub struct IoArgs {
    /// Print one JSON object per value, one per line (JSON Lines)
    #[arg(long)]
    pub json: bool,
    /// Read each value (VALUE arguments and input lines) as a JSON string literal, so
    /// that values holding newlines or control characters can be given
    #[arg(long)]
    pub json_input: bool,
    /// Print only the invalid values (and, in text, the summary): for large files where
    /// the valid ones are not news. Without it, every value gets a result
    #[arg(long)]
    pub only_invalid: bool,
    /// Longest input line read, in bytes; a longer line is the invalid result
    /// `line_too_long` (with its line number) and reading goes on, so memory stays bounded
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_LINE_BYTES)]
    pub max_line_bytes: NonZeroUsize,
}

/// `rfc3696 check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// What the values are
    #[arg(long, value_enum, default_value_t = Kind::Auto)]
    pub kind: Kind,
    /// Email profile (for `--kind email`, and for the values `auto` takes as email)
    #[arg(long, value_enum, default_value_t = Profile::Rfc5321)]
    pub profile: Profile,
    /// How U-labels and A-labels are judged, on every kind that meets a domain name
    #[arg(long = "idna", value_enum, default_value_t = IdnaMode::Registration)]
    pub idna: IdnaMode,
    #[command(flatten)]
    pub io: IoArgs,
    #[command(flatten)]
    pub library: LibraryFlags,
    /// Read values from this file, one per line (`-`: standard input); not with VALUEs
    #[arg(long, value_name = "PATH", conflicts_with = "values")]
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub dns: DnsArgs,
    /// Values to check (a lone `-`: standard input); without them, --file or standard
    /// input is read
    #[arg(value_name = "VALUE")]
    pub values: Vec<String>,
}

/// `--kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// Decide per value from its syntax only
    Auto,
    /// Fully qualified domain name (ldh-domain `Policy::FQDN`)
    Domain,
    /// Host name, single label allowed (ldh-domain `Policy::HOSTNAME`)
    Hostname,
    /// Any DNS name (ldh-domain `Policy::DNS`)
    Dns,
    /// Email address (rfc-email, with --profile)
    Email,
    /// Absolute URI (uri-schemes `Uri`)
    Uri,
    /// URI reference (uri-schemes `UriRef`)
    UriRef,
    /// http or https URL (uri-schemes `HttpUrl`)
    Http,
    /// mailto URI (uri-schemes `Mailto`)
    Mailto,
}

/// `--profile`: the rfc-email presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    /// Strict SMTP mailbox (RFC 5321 §4.1.2): the default
    Rfc5321,
    /// RFC 6531: UTF-8 local parts and U-label domains
    Smtputf8,
    /// RFC 5322 addr-spec with comments and obsolete forms (for header parsing)
    Rfc5322,
    /// The WHATWG HTML `input type=email` rule
    Html5,
    /// RFC 3696 as printed: accepts the backslash forms of erratum 246 with a warning
    Rfc3696,
}

/// `--idna`: the ldh-domain IDNA modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IdnaMode {
    /// IDNA 2008 registration (RFC 5891 §4): every RFC 5892 rule, RFC 5893 Bidi; the default
    Registration,
    /// IDNA 2008 lookup (RFC 5891 §5.4): CONTEXTO rules not tested
    Lookup,
    /// UTS #46 validity after mapping: what browsers resolve (emoji and symbols pass)
    Uts46,
}

impl From<IdnaMode> for rfc3696::domain::IdnaMode {
    fn from(mode: IdnaMode) -> Self {
        match mode {
            IdnaMode::Registration => Self::Registration,
            IdnaMode::Lookup => Self::Lookup,
            IdnaMode::Uts46 => Self::Uts46,
        }
    }
}

/// `rfc3696 punycode …`.
#[derive(Debug, Subcommand)]
pub enum PunycodeCommand {
    /// Encode Unicode text to Punycode (RFC 3492 §6.3)
    #[command(after_help = "\
Examples:
  rfc3696 punycode encode bücher       # bcher-kva
  rfc3696 punycode encode --json ü 例え")]
    Encode(ValuesArgs),
    /// Decode Punycode to Unicode text (RFC 3492 §6.2)
    #[command(after_help = "\
Examples:
  rfc3696 punycode decode bcher-kva    # bücher
  rfc3696 punycode decode --json egbpdaj6bu4bxfgehfvwxn")]
    Decode(ValuesArgs),
}

/// `rfc3696 idna …`.
#[derive(Debug, Subcommand)]
pub enum IdnaCommand {
    /// Convert a domain name to its ASCII (A-label) form: mapped by UTS #46, then judged by --idna
    #[command(after_help = "\
Examples:
  rfc3696 idna to-ascii Bücher.example      # xn--bcher-kva.example
  rfc3696 idna to-ascii --json 例え.テスト
  rfc3696 idna to-ascii --idna uts46 💩.la   # xn--ls8h.la (IDNA 2008 disallows it)")]
    ToAscii(IdnaArgs),
    /// Convert a domain name to its Unicode (U-label) form: mapped by UTS #46, then judged by --idna
    #[command(after_help = "\
Examples:
  rfc3696 idna to-unicode xn--bcher-kva.example   # bücher.example")]
    ToUnicode(IdnaArgs),
    /// Decide how to show a name: U-labels where UTS #39 finds them safe, A-labels with
    /// the reason where not (the browsers' IDN display policy)
    #[command(after_help = "\
Rules (each a warning on the label it stops): restricted_character (UTS #39 §3.1),
mixed_script (below Highly Restrictive, UTS #39 §5.2; U+30FC/U+30FB outside Japanese),
mixed_numbers (§5.3), hidden_characters (§5.4), confusable (a whole-script lookalike of
a Latin name under a TLD in another script, UTS #39 §4; or the skeleton of a --protect
name).

Examples:
  rfc3696 idna display xn--80ak6aa92e.com xn--bcher-kva.de   # kept as A-label; bücher.de
  rfc3696 idna display --protect names.txt --json --file links.txt")]
    Display(DisplayArgs),
}

/// `rfc3696 idna display`.
#[derive(Debug, Args)]
pub struct DisplayArgs {
    /// Protected names, one per line (`#` comments): a label with the skeleton of one of
    /// their labels, but not equal to it, is shown as its A-label
    #[arg(long, value_name = "FILE")]
    pub protect: Option<PathBuf>,
    #[command(flatten)]
    pub values: ValuesArgs,
}

/// The `idna` conversions' arguments: the values and `--idna`.
#[derive(Debug, Args)]
pub struct IdnaArgs {
    /// How the mapped name is judged
    #[arg(long = "idna", value_enum, default_value_t = IdnaMode::Registration)]
    pub idna: IdnaMode,
    #[command(flatten)]
    pub values: ValuesArgs,
}

/// VALUEs plus the shared flags (input from standard input when none is given).
#[derive(Debug, Args)]
pub struct ValuesArgs {
    #[command(flatten)]
    pub io: IoArgs,
    /// Read values from this file, one per line (`-`: standard input); not with VALUEs
    #[arg(long, value_name = "PATH", conflicts_with = "values")]
    pub file: Option<PathBuf>,
    /// Values (a lone `-`: standard input); without them, --file or standard input is read
    #[arg(value_name = "VALUE")]
    pub values: Vec<String>,
}

/// `rfc3696 resolve`.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The base URI: an absolute URI (RFC 3986 §5.1)
    #[arg(long, value_name = "BASE")]
    pub base: String,
    #[command(flatten)]
    pub io: IoArgs,
    /// Read references from this file, one per line (`-`: standard input); not with REFs
    #[arg(long, value_name = "PATH", conflicts_with = "values")]
    pub file: Option<PathBuf>,
    /// URI references to resolve (a lone `-`: standard input); without them, --file or
    /// standard input is read
    #[arg(value_name = "REF")]
    pub values: Vec<String>,
}

/// `rfc3696 mailto …`.
#[derive(Debug, Subcommand)]
pub enum MailtoCommand {
    /// Build a correctly percent-encoded mailto URI (RFC 6068 §2, §5)
    #[command(after_help = "\
Examples:
  rfc3696 mailto build --to joe@example.com
  rfc3696 mailto build --to 'user+mailbox@example.com' --subject 'Hello world'
  rfc3696 mailto build --to a@example.com --cc b@example.com --header 'In-Reply-To=<3469A91.D10AF4C@example.com>'")]
    Build(BuildArgs),
}

/// `rfc3696 mailto build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Recipient address (repeatable); each is checked as an email address
    #[arg(long, value_name = "ADDR", required = true, num_args = 1..)]
    pub to: Vec<String>,
    /// Carbon-copy address (repeatable)
    #[arg(long, value_name = "ADDR", num_args = 1..)]
    pub cc: Vec<String>,
    /// Blind-carbon-copy address (repeatable)
    #[arg(long, value_name = "ADDR", num_args = 1..)]
    pub bcc: Vec<String>,
    /// Subject header field
    #[arg(long, value_name = "S")]
    pub subject: Option<String>,
    /// Body of the message
    #[arg(long, value_name = "B")]
    pub body: Option<String>,
    /// Any other header field, as NAME=VALUE (repeatable)
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_header)]
    pub header: Vec<(String, String)>,
    /// Allow CR and LF in header fields other than the body (they inject header lines,
    /// RFC 6068 §7: an error without this flag, a warning with it)
    #[arg(long)]
    pub allow_header_line_breaks: bool,
    /// Print the result as one JSON object
    #[arg(long)]
    pub json: bool,
}

/// Splits `NAME=VALUE` at the first `=` (values may contain `=`).
fn parse_header(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some(("", _)) => Err("the header name is empty".to_owned()),
        Some((name, value)) => Ok((name.to_owned(), value.to_owned())),
        // Raw: clap's whole error text is escaped once, where it is printed.
        None => Err(format!("expected NAME=VALUE, found `{s}`")),
    }
}

/// The deliverability flags of `check`.
#[derive(Debug, Args)]
pub struct DnsArgs {
    /// Also ask DNS whether each email address's domain accepts mail (MX records, else the
    /// domain's own address; a null MX says no): deliverable, undeliverable or unknown.
    /// Unknown (a timeout, a failing server) never makes a value invalid
    #[arg(long)]
    pub deliverability: bool,
    /// The DNS resolver to ask, as IP or IP:PORT (port 53 by default) [default: the
    /// system configuration]
    #[arg(long, value_name = "IP:PORT", value_parser = parse_resolver, requires = "deliverability")]
    pub resolver: Option<SocketAddr>,
    /// How many domains are looked up at once
    #[arg(
        long,
        value_name = "N",
        default_value = "64",
        requires = "deliverability"
    )]
    pub concurrency: NonZeroUsize,
    /// How long the check of one domain may take, all its queries included, in
    /// milliseconds; past it the answer is unknown
    #[arg(
        long,
        value_name = "N",
        default_value = "5000",
        value_parser = clap::value_parser!(u64).range(1..),
        requires = "deliverability"
    )]
    pub timeout_ms: u64,
}

/// `IP` or `IP:PORT` (`[v6]:PORT` for IPv6 with a port).
fn parse_resolver(text: &str) -> Result<SocketAddr, String> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    text.parse::<IpAddr>()
        .map(|ip| SocketAddr::new(ip, 53))
        .map_err(|_| format!("`{text}` is not an IP address or IP:PORT (e.g. 127.0.0.1:53)"))
}
