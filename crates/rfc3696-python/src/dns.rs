//! The resolver behind `check_deliverability=True`: `email-dns` (RFC 5321 §5.1 MX,
//! implicit MX, RFC 7505 null MX). One checker per set of name servers and timeout is
//! kept for the life of the process, so its outcome cache (per DNS TTL) serves later
//! calls.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use rfc3696::dns::{BlockingChecker, Nameservers, Options};

/// The checkers made so far, by name servers and timeout in milliseconds.
type Checkers = Vec<(Nameservers, Option<u128>, Arc<BlockingChecker>)>;

static CHECKERS: Mutex<Checkers> = Mutex::new(Vec::new());

/// The checker for `dns_resolver` (see [`nameservers`]) and `timeout` (seconds for one
/// domain's whole check; `None` keeps the defaults: 2 s a query, 5 s a check).
pub(crate) fn checker(
    dns_resolver: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
) -> PyResult<Arc<BlockingChecker>> {
    let servers = nameservers(dns_resolver)?;
    let timeout = match timeout {
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "timeout must be a positive number of seconds, not {t}"
            )));
        }
        None => None,
    };
    let key = timeout.map(|t| t.as_millis());
    let mut checkers = CHECKERS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, found)) = checkers.iter().find(|(s, k, _)| *s == servers && *k == key) {
        return Ok(Arc::clone(found));
    }
    let mut options = Options::default();
    if let Some(t) = timeout {
        let query = t.min(options.query_timeout);
        options = options.with_query_timeout(query).with_check_timeout(t);
    }
    let made = BlockingChecker::new(&servers, options)
        .map_err(|e| PyValueError::new_err(format!("cannot set up the DNS resolver: {e}")))?;
    let made = Arc::new(made);
    checkers.push((servers, key, Arc::clone(&made)));
    Ok(made)
}

/// The name servers of `dns_resolver`: `None` for the system's, an address
/// (`"127.0.0.1"`, `"127.0.0.1:5353"`, `"[::1]:53"`) or a list of them, or an object with
/// `nameservers` (addresses) and `port` attributes, such as a `dns.resolver.Resolver`
/// of dnspython, which email-validator takes.
fn nameservers(dns_resolver: Option<&Bound<'_, PyAny>>) -> PyResult<Nameservers> {
    let Some(value) = dns_resolver.filter(|v| !v.is_none()) else {
        return Ok(Nameservers::System);
    };
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Nameservers::At(vec![address(&s.to_cow()?, 53)?]));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let mut all = Vec::new();
        for item in value.try_iter()? {
            all.push(address(&item?.extract::<String>()?, 53)?);
        }
        return Ok(Nameservers::At(all));
    }
    if value.hasattr("nameservers")? {
        let port = if value.hasattr("port")? {
            value.getattr("port")?.extract::<u16>()?
        } else {
            53
        };
        let mut all = Vec::new();
        for item in value.getattr("nameservers")?.try_iter()? {
            all.push(address(&item?.str()?.to_cow()?, port)?);
        }
        return Ok(Nameservers::At(all));
    }
    Err(PyTypeError::new_err(
        "dns_resolver must be None, an address such as \"127.0.0.1:53\", a list of them, \
         or an object with `nameservers` and `port` (dnspython's Resolver)",
    ))
}

/// `ip`, `ip:port` or `[ipv6]:port`.
fn address(text: &str, default_port: u16) -> PyResult<SocketAddr> {
    if let Ok(with_port) = text.parse::<SocketAddr>() {
        return Ok(with_port);
    }
    text.parse::<IpAddr>()
        .map(|ip| SocketAddr::new(ip, default_port))
        .map_err(|_| {
            PyValueError::new_err(format!(
                "{text:?} is not a name server address (an IP address, optionally with a port)"
            ))
        })
}
