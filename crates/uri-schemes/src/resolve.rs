//! Reference resolution (RFC 3986 §5.2) and normalization (§6.2.2, §6.2.3), with `alloc`.

use alloc::string::String;

use crate::ascii::UNRESERVED;
use crate::grammar::HostData;
use crate::percent::{hex_value, triplet};
use crate::{Uri, UriRef};

/// Resolves `reference` against `base` (RFC 3986 §5.2.2, strict parser) and returns the
/// target URI, which always parses as a [`Uri`].
///
/// Decisions where §5.2 leaves room (see `docs/notes/uri-schemes.md`):
/// - a reference with a scheme is used as is, even when the scheme equals the base's
///   (§5.2.2 strict: `http:g` stays `http:g`);
/// - the base's fragment is ignored (§5.2.2 never reads it);
/// - a base with a rootless path (`mailto:a@b`, `urn:x:y`) merges as §5.2.3 says: the part
///   up to the last `/` (none) is dropped, so `c` against `urn:x:y` is `urn:c`;
/// - the flaw in §5.2.4: when the target has no authority and its path starts with `//`,
///   the path is written with a `/.` prefix, so that it does not read as an authority
///   (`/.//x` is the same path after dot-segment removal).
///
/// ```
/// use uri_schemes::{resolve, Uri, UriRef};
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// assert_eq!(resolve(&base, &UriRef::parse("../g")?), "http://a/b/g");
/// assert_eq!(resolve(&base, &UriRef::parse("g?y#s")?), "http://a/b/c/g?y#s");
/// assert_eq!(resolve(&Uri::parse("foo:/a/b")?, &UriRef::parse("..//x")?), "foo:/.//x");
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
#[must_use]
pub fn resolve(base: &Uri<'_>, reference: &UriRef<'_>) -> String {
    let mut out = String::with_capacity(base.as_str().len() + reference.as_str().len());
    let authority;
    let query;
    if let Some(scheme) = reference.scheme() {
        out.push_str(scheme);
        out.push(':');
        authority = reference.authority().map(|a| a.as_str());
        write_authority(&mut out, authority);
        let start = out.len();
        remove_dot_segments(reference.path(), &mut out);
        fix_double_slash(&mut out, start, authority.is_some());
        query = reference.query();
    } else {
        out.push_str(base.scheme());
        out.push(':');
        if let Some(auth) = reference.authority() {
            authority = Some(auth.as_str());
            write_authority(&mut out, authority);
            remove_dot_segments(reference.path(), &mut out);
            query = reference.query();
        } else {
            authority = base.authority().map(|a| a.as_str());
            write_authority(&mut out, authority);
            let start = out.len();
            if reference.path().is_empty() {
                out.push_str(base.path());
                query = reference.query().or(base.query());
            } else {
                if reference.path().starts_with('/') {
                    remove_dot_segments(reference.path(), &mut out);
                } else {
                    // §5.2.3 merge, then §5.2.4 on the merged path.
                    let mut merged =
                        String::with_capacity(base.path().len() + reference.path().len() + 1);
                    if authority.is_some() && base.path().is_empty() {
                        merged.push('/');
                    } else if let Some(slash) = base.path().rfind('/') {
                        merged.push_str(base.path().get(..=slash).unwrap_or_default());
                    }
                    merged.push_str(reference.path());
                    remove_dot_segments(&merged, &mut out);
                }
                query = reference.query();
            }
            fix_double_slash(&mut out, start, authority.is_some());
        }
    }
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = reference.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

fn write_authority(out: &mut String, authority: Option<&str>) {
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
}

/// The §5.2.4 flaw: a path starting with `//` and no authority would re-parse with an
/// authority; `/.` in front keeps it a path (and removes to the same path).
fn fix_double_slash(out: &mut String, path_start: usize, has_authority: bool) {
    if !has_authority && out.get(path_start..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(path_start, "/.");
    }
}

/// `remove_dot_segments` (RFC 3986 §5.2.4), appending the result to `out`.
///
/// The output buffer of the RFC's algorithm is the tail of `out` after its length at the
/// call; removing "the last segment" never reaches before that point.
pub(crate) fn remove_dot_segments(path: &str, out: &mut String) {
    let floor = out.len();
    let mut input = path;
    while !input.is_empty() {
        // A. leading "../" or "./" is removed
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
        }
        // B. "/./" or a final "/." becomes "/"
        else if input.starts_with("/./") {
            input = input.get(2..).unwrap_or_default();
        } else if input == "/." {
            input = "/";
        }
        // C. "/../" or a final "/.." becomes "/", and the last output segment is removed
        else if input.starts_with("/../") {
            input = input.get(3..).unwrap_or_default();
            pop_segment(out, floor);
        } else if input == "/.." {
            input = "/";
            pop_segment(out, floor);
        }
        // D. a lone "." or ".." is removed
        else if input == "." || input == ".." {
            input = "";
        }
        // E. move the first segment (with its leading "/", if any) to the output
        else {
            let from = usize::from(input.starts_with('/'));
            let end = input
                .get(from..)
                .and_then(|s| s.find('/'))
                .map_or(input.len(), |i| i + from);
            out.push_str(input.get(..end).unwrap_or_default());
            input = input.get(end..).unwrap_or_default();
        }
    }
}

/// Appends `text` in ASCII lowercase without a temporary string.
fn push_lowercase(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    if let Some(tail) = out.get_mut(start..) {
        tail.make_ascii_lowercase();
    }
}

/// Whether a path has a `.` or `..` segment (the only case where §5.2.4 changes it).
fn has_dot_segment(path: &str) -> bool {
    path.split('/')
        .any(|segment| segment == "." || segment == "..")
}

/// Removes the last segment and its preceding `/` (if any) from `out[floor..]`.
fn pop_segment(out: &mut String, floor: usize) {
    let tail = out.get(floor..).unwrap_or_default();
    let cut = tail.rfind('/').unwrap_or(0);
    out.truncate(floor + cut);
}

/// Writes `text` with §6.2.2.1/§6.2.2.2 percent-encoding normalization: triplets of
/// unreserved characters decoded, the others with uppercase hex digits. With `lower`,
/// other characters are lowercased (scheme and host, §6.2.2.1).
fn push_normalized(out: &mut String, text: &str, lower: bool) {
    let bytes = text.as_bytes();
    let mut pos = 0;
    while pos < bytes.len() {
        let start = pos;
        pos = bytes
            .get(pos..)
            .and_then(|rest| rest.iter().position(|&b| b == b'%'))
            .map_or(bytes.len(), |i| pos + i);
        let run = text.get(start..pos).unwrap_or_default();
        if lower {
            push_lowercase(out, run);
        } else {
            out.push_str(run);
        }
        if pos < bytes.len() {
            let hi = bytes.get(pos + 1).copied().and_then(hex_value);
            let lo = bytes.get(pos + 2).copied().and_then(hex_value);
            if let (Some(hi), Some(lo)) = (hi, lo) {
                let byte = hi << 4 | lo;
                if UNRESERVED.contains(byte) {
                    let c = char::from(byte);
                    out.push(if lower { c.to_ascii_lowercase() } else { c });
                } else {
                    for t in triplet(byte) {
                        out.push(char::from(t));
                    }
                }
                pos += 3;
            } else {
                // Unreachable for parsed input; keep the byte rather than panic.
                out.push('%');
                pos += 1;
            }
        }
    }
}

impl Uri<'_> {
    /// Parses `reference` as a URI reference (RFC 3986 §4.1, strict policy) and resolves
    /// it against this base (§5.2, see [`resolve`]): the one call for "follow this link".
    /// For a reference parsed under another policy (IRIs, zone IDs), parse it with
    /// [`UriRef::parse_with`] and call [`resolve`].
    ///
    /// # Errors
    ///
    /// The reference's parse error, with offsets into `reference`.
    ///
    /// ```
    /// use uri_schemes::Uri;
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.join("../g")?, "http://a/b/g");
    /// assert_eq!(base.join("g h").unwrap_err().code(), "invalid_character_in_path");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn join(&self, reference: &str) -> Result<String, crate::UriError> {
        Ok(resolve(self, &UriRef::parse(reference)?))
    }
}

impl UriRef<'_> {
    /// Resolves this reference against `base` (see [`resolve`]).
    ///
    /// ```
    /// use uri_schemes::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(UriRef::parse("//g")?.resolve_against(&base), "http://g");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    #[must_use]
    pub fn resolve_against(&self, base: &Uri<'_>) -> String {
        resolve(base, self)
    }

    /// The syntax-based normal form (RFC 3986 §6.2.2) plus the scheme-based rules of
    /// §6.2.3 for `http` and `https` only; the output parses to an equivalent reference
    /// and normalizing it again changes nothing.
    ///
    /// - §6.2.2.1: scheme and host lowercased; hex digits of triplets uppercased.
    /// - §6.2.2.2: triplets of unreserved characters decoded (`%7E` → `~`).
    /// - §6.2.2.3: dot segments removed when the reference has a scheme, an authority or
    ///   an absolute path; a relative-path reference keeps its dot segments, which only
    ///   get their meaning from a base during resolution (`../a` is not `a`).
    /// - §6.2.3 for `http`/`https` (licensed by RFC 9110 §4.2.3): an empty or default port
    ///   (80, 443) and its `:` are dropped; an empty path with an authority becomes `/`.
    ///   Other schemes keep their ports and empty components: §6.2.3 is scheme-specific.
    ///
    /// Userinfo, path, query and fragment keep their case; zone IDs keep theirs.
    ///
    /// ```
    /// use uri_schemes::UriRef;
    /// let r = UriRef::parse("HTTP://www.Example.COM:80/a/./b/../c/%7euser?%3f")?;
    /// assert_eq!(r.normalize(), "http://www.example.com/a/c/~user?%3F");
    /// assert_eq!(UriRef::parse("../a/./%62")?.normalize(), "../a/./b");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    #[must_use]
    pub fn normalize(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len());
        let scheme = self.scheme();
        let http_like = scheme
            .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
        if let Some(s) = scheme {
            push_lowercase(&mut out, s);
            out.push(':');
        }
        let authority = self.authority();
        if let Some(auth) = authority {
            out.push_str("//");
            if let Some(info) = auth.userinfo() {
                push_normalized(&mut out, info, false);
                out.push('@');
            }
            let host = auth.host();
            match self.parts().host_data {
                HostData::Ipv6(addr, Some(zone)) => {
                    // Lowercase the address part only; the zone ID keeps its case.
                    let text = host.as_str();
                    let zone_text = zone.of(self.as_str());
                    let addr_text = text
                        .get(..text.len().saturating_sub(zone_text.len() + 1))
                        .unwrap_or_default();
                    let _ = addr;
                    push_normalized(&mut out, addr_text, true);
                    push_normalized(&mut out, zone_text, false);
                    out.push(']');
                }
                _ => push_normalized(&mut out, host.as_str(), true),
            }
            if let Some(port) = auth.port_str() {
                let default = match scheme {
                    Some(s) if s.eq_ignore_ascii_case("http") => Some(80),
                    Some(s) if s.eq_ignore_ascii_case("https") => Some(443),
                    _ => None,
                };
                let drop = http_like && (port.is_empty() || auth.port() == default);
                if !drop {
                    out.push(':');
                    out.push_str(port);
                }
            }
        }
        let path_start = out.len();
        let path = self.path();
        push_normalized(&mut out, path, false);
        let dot_removal = scheme.is_some() || authority.is_some() || path.starts_with('/');
        if dot_removal && has_dot_segment(out.get(path_start..).unwrap_or_default()) {
            let normalized_path = out.split_off(path_start);
            remove_dot_segments(&normalized_path, &mut out);
        }
        if http_like && authority.is_some() && out.len() == path_start {
            out.push('/');
        }
        fix_double_slash(&mut out, path_start, authority.is_some());
        if let Some(q) = self.query() {
            out.push('?');
            push_normalized(&mut out, q, false);
        }
        if let Some(f) = self.fragment() {
            out.push('#');
            push_normalized(&mut out, f, false);
        }
        out
    }
}
