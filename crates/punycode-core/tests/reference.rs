//! A naive reference implementation of RFC 3492 §6.1–§6.3, written straight from the
//! pseudocode (a `Vec::insert` per code point, a full rescan per round, running sums in
//! u64 checked against u32 at each emission), for differential tests of the fast paths.

#![expect(
    clippy::many_single_char_names,
    reason = "the variable names of RFC 3492 §6"
)]

use punycode_core::PunycodeErrorKind as K;

pub type Failure = (K, usize);

const BASE: u32 = 36;

fn t_of(k: u32, bias: u32) -> u32 {
    if k <= bias {
        1
    } else if k >= bias + 26 {
        26
    } else {
        k - bias
    }
}

/// §6.1, written independently of the crate's version.
#[expect(
    clippy::cast_possible_truncation,
    reason = "RFC 3492 §6.1: the quotient is below 36"
)]
fn adapt(delta: u32, numpoints: u32, first: bool) -> u32 {
    let mut delta = u64::from(delta) / if first { 700 } else { 2 };
    delta += delta / u64::from(numpoints);
    let mut k = 0;
    while delta > 455 {
        delta /= 35;
        k += 36;
    }
    k + (36 * delta / (delta + 38)) as u32
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "RFC 3492 §5: a digit value is below 36"
)]
fn digit_char(d: u32, upper: bool) -> char {
    let c = if d < 26 {
        char::from(b'a' + d as u8)
    } else {
        char::from(b'0' + (d - 26) as u8)
    };
    if upper { c.to_ascii_uppercase() } else { c }
}

/// The digits of one generalized variable-length integer (§3.3), lowercase.
pub fn encode_integer(mut q: u32, bias: u32) -> String {
    let mut s = String::new();
    let mut k = BASE;
    loop {
        let t = t_of(k, bias);
        if q < t {
            s.push(digit_char(q, false));
            return s;
        }
        s.push(digit_char(t + (q - t) % (BASE - t), false));
        q = (q - t) / (BASE - t);
        k += BASE;
    }
}

/// §6.3. `flags`: Appendix A annotations present (they then force ASCII letter case).
/// Error offsets are element indexes.
pub fn encode(input: &[(char, bool)], flags: bool) -> Result<String, Failure> {
    let cps: Vec<u32> = input.iter().map(|&(c, _)| c as u32).collect();
    let mut out = String::new();
    let mut b = 0u32;
    for &(c, up) in input {
        if c.is_ascii() {
            out.push(match (flags, up) {
                (false, _) => c,
                (true, true) => c.to_ascii_uppercase(),
                (true, false) => c.to_ascii_lowercase(),
            });
            b += 1;
        }
    }
    if b > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut h) = (0x80u32, 0u64, 72u32, b);
    while (h as usize) < cps.len() {
        let m = *cps.iter().filter(|&&c| c >= n).min().unwrap();
        delta += u64::from(m - n) * u64::from(h + 1);
        n = m;
        for (j, &c) in cps.iter().enumerate() {
            if c < n {
                delta += 1;
            }
            if c == n {
                let d = u32::try_from(delta).map_err(|_| (K::Overflow, j))?;
                let mut q = d;
                let mut k = BASE;
                loop {
                    let t = t_of(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit_char(t + (q - t) % (BASE - t), false));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit_char(q, flags && input[j].1));
                bias = adapt(d, h + 1, h == b);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Ok(out)
}

/// §6.2 with the crate's error conventions (kinds and offsets).
#[expect(
    clippy::cast_possible_truncation,
    reason = "the reference decoder is run on short inputs"
)]
pub fn decode(input: &[u8]) -> Result<Vec<(char, bool)>, Failure> {
    let b = match input.iter().rposition(|&c| c == b'-') {
        Some(0) => return Err((K::LeadingDelimiter, 0)),
        Some(p) => p,
        None => 0,
    };
    let mut out: Vec<(char, bool)> = Vec::new();
    for (j, &c) in input[..b].iter().enumerate() {
        if c >= 0x80 {
            return Err((K::NonBasicBeforeDelimiter, j));
        }
        out.push((char::from(c), c.is_ascii_uppercase()));
    }
    let mut pos = if b > 0 { b + 1 } else { 0 };
    let (mut n, mut i, mut bias) = (0x80u32, 0u32, 72u32);
    while pos < input.len() {
        let start = pos;
        let oldi = i;
        let mut w = 1u32;
        let mut k = BASE;
        let upper = loop {
            let Some(&c) = input.get(pos) else {
                return Err((K::Truncated, input.len()));
            };
            let digit = u32::from(match c {
                b'a'..=b'z' => c - b'a',
                b'A'..=b'Z' => c - b'A',
                b'0'..=b'9' => c - b'0' + 26,
                _ => return Err((K::InvalidDigit, pos)),
            });
            let product = digit.checked_mul(w).ok_or((K::Overflow, pos))?;
            i = i.checked_add(product).ok_or((K::Overflow, pos))?;
            pos += 1;
            let t = t_of(k, bias);
            if digit < t {
                break c.is_ascii_uppercase();
            }
            w = w.checked_mul(BASE - t).ok_or((K::Overflow, pos - 1))?;
            k += BASE;
        };
        let len = out.len() as u32 + 1;
        bias = adapt(i - oldi, len, oldi == 0);
        n = n.checked_add(i / len).ok_or((K::Overflow, start))?;
        i %= len;
        let c = char::from_u32(n).ok_or((K::InvalidCodePoint, start))?;
        out.insert(i as usize, (c, upper));
        i += 1;
    }
    Ok(out)
}

#[test]
fn reference_passes_rfc3492_vectors() {
    for v in crate::common::rfc3492_vectors() {
        assert_eq!(
            encode(&v.code_points, true).unwrap(),
            v.punycode,
            "{}",
            v.name
        );
        assert_eq!(
            decode(v.punycode.as_bytes()).unwrap(),
            v.code_points,
            "{}",
            v.name
        );
    }
}
