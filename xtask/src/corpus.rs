//! `cargo xtask corpus [--out DIR] [--seed N]`: write the benchmark corpora of
//! `testdata/corpus/` (their file names, line formats, sizes and label classes) from a
//! seeded generator, so the same seed always gives the same bytes.
//!
//! The committed corpora were drawn from the Tranco top list, the Public Suffix List and
//! Faker's name lists, which this generator does not ship: it builds every line from the
//! small word lists below instead, so its output has the shape of the committed files,
//! not their text. It writes to `target/corpus/` unless `--out` names another folder
//! (`--out testdata/corpus` replaces the committed files; the tests that read the
//! `*.meta.tsv` labels then judge the new lines).
//!
//! Each labelled line is built for its class: `invalid` lines break one rule of the
//! grammar (RFC 5321 §4.1.2 and RFC 5322 §3.4.1 for addresses, RFC 3986 §3 for URIs,
//! RFC 6068 §2 for mailto), `invalid-http` lines are URIs that RFC 9110 §4.2 refuses as
//! http(s) URLs, `iri` lines carry raw non-ASCII text (RFC 3987), and `unusual` lines
//! are valid but rare forms. Unlisted lines are common and valid.

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use crate::{Result, root};

/// The seed of the committed corpora's generator.
const DEFAULT_SEED: u64 = 3696;

/// The header line of every `*.meta.tsv` file.
const META_HEADER: &str = "# line\tclass\tdetail   (1-based line numbers of the corpus file; lines not listed are common/valid)";

pub(crate) fn run(args: &[String]) -> Result {
    let mut out = root().join("target/corpus");
    let mut seed = DEFAULT_SEED;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => {
                let dir = args.next().ok_or("--out needs a folder")?;
                out = PathBuf::from(dir);
            }
            "--seed" => {
                let value = args.next().ok_or("--seed needs a number")?;
                seed = value.parse().map_err(|e| format!("--seed {value}: {e}"))?;
            }
            other => {
                return Err(format!(
                    "unknown argument {other}; usage: cargo xtask corpus [--out DIR] [--seed N]"
                ));
            }
        }
    }
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let write = |name: &str, text: &str| {
        let path = out.join(name);
        fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    let mut rng = Rng::new(seed);

    write(
        "punycode-labels.txt",
        &lines(20_000, |_| unicode_label(&mut rng)),
    )?;
    write("long.txt", &long_strings(&mut rng))?;
    let domains: Vec<String> = (0..100_000).map(|_| domain(&mut rng)).collect();
    write("domains-100k.txt", &join_lines(&domains))?;
    write("domains.txt", &join_lines(&domains[..20_000]))?;
    let (emails, meta) = labelled(20_000, 0.153, &mut rng, email_line);
    write("emails.txt", &emails)?;
    write("emails.meta.tsv", &meta)?;
    let (urls, meta) = labelled(10_000, 0.078, &mut rng, url_line);
    write("urls.txt", &urls)?;
    write("urls.meta.tsv", &meta)?;
    let (mailtos, meta) = labelled(10_000, 0.167, &mut rng, mailto_line);
    write("mailto.txt", &mailtos)?;
    write("mailto.meta.tsv", &meta)?;
    println!("corpora (seed {seed}) written to {}", out.display());
    Ok(())
}

/// `SplitMix64` (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): small, seedable, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        // The modulo bias is below 2^-40 for the small `n` used here.
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// True with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        #[expect(clippy::cast_precision_loss, reason = "53 bits of the draw are enough")]
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        unit < p
    }
}

const GIVEN: &[&str] = &[
    "aaron", "alice", "amelia", "ana", "arjun", "ben", "carlos", "chloe", "david", "diana",
    "eileen", "elias", "emma", "grace", "greg", "hana", "ivan", "jillian", "john", "julia", "kim",
    "kyosuke", "li", "lucas", "maria", "molly", "nina", "nitesh", "olga", "omar", "priya", "sam",
    "sara", "savannah", "susan", "tom", "wei", "yesenia", "yuki", "zoe",
];
const SURNAMES: &[&str] = &[
    "boyle",
    "bernard",
    "costa",
    "doe",
    "downs",
    "ellison",
    "garcia",
    "hill",
    "hughes",
    "ivanova",
    "kim",
    "kondo",
    "lee",
    "marceron",
    "martin",
    "murphy",
    "nguyen",
    "novak",
    "okafor",
    "patel",
    "portero",
    "rajagopalan",
    "rossi",
    "schmidt",
    "shaw",
    "silva",
    "smith",
    "stout",
    "tanaka",
    "wei",
    "weber",
    "wilson",
    "yilmaz",
    "zhang",
];
const WORDS: &[&str] = &[
    "about", "answer", "apple", "bag", "blog", "book", "city", "cloud", "computer", "data",
    "design", "docs", "energy", "event", "field", "forum", "garden", "green", "group", "health",
    "help", "home", "hospital", "house", "image", "info", "job", "lab", "light", "link", "market",
    "media", "music", "news", "north", "office", "open", "page", "photo", "point", "post", "price",
    "project", "radio", "river", "school", "search", "shop", "sit", "space", "sport", "star",
    "store", "study", "system", "team", "thought", "travel", "turn", "video", "water", "web",
    "world",
];
const TLDS: &[&str] = &[
    "com", "com", "com", "com", "com", "net", "org", "org", "io", "de", "co.uk", "jp", "fr", "ru",
    "com.br", "in", "it", "nl", "com.au", "pl", "cz", "edu", "gov", "info", "es", "ca",
];
const PROVIDERS: &[&str] = &[
    "gmail.com",
    "gmail.com",
    "gmail.com",
    "yahoo.com",
    "outlook.com",
    "hotmail.com",
    "icloud.com",
    "protonmail.com",
    "qq.com",
    "web.de",
    "seznam.cz",
    "o2.pl",
    "live.com",
    "googlemail.com",
    "mail.ru",
    "yandex.ru",
    "gmx.de",
    "orange.fr",
];
/// Words of the scripts IDNs and internationalized addresses use, a few per script.
const SCRIPT_WORDS: &[&[&str]] = &[
    &[
        "пример",
        "мама",
        "москва",
        "шелехов",
        "колчев",
        "воскресенск",
        "почта",
    ],
    &["παράδειγμα", "βλησαρούλης", "ελλάδα", "δοκιμή"],
    &["مثال", "الضروري", "الإمداد", "وحتّى", "آسانسور"],
    &["גוטמן", "זינב", "שטרית", "דוגמה"],
    &["सुनुवार", "अमृत", "सिराहा", "चण्डपाल्पा", "दिपा"],
    &["ประไพพักตร์", "พิมพ์สุดา", "ตัวอย่าง"],
    &["影響", "電話", "设计", "刘", "自体", "例え", "中国"],
    &["안산시", "옥자", "한국", "시험"],
    &["დალაქიშვილი", "ღარიბაშვილი", "მაგალითი"],
    &["սոլախյան", "վաղարշակ", "ծաղիկյան"],
    &["রাজিয়া", "তবলা", "উদাহরণ"],
    &["கண்ணூர்", "உதாரணம்"],
    &["持っていました", "テスト", "意図", "佐藤", "吉田", "裕樹"],
    &[
        "babička",
        "květen",
        "bücher",
        "münchen",
        "café",
        "nurəli",
        "berømthed",
        "şamxal",
    ],
];

fn script_word(rng: &mut Rng) -> &'static str {
    let script = SCRIPT_WORDS[rng.below(SCRIPT_WORDS.len())];
    script[rng.below(script.len())]
}

fn lines(n: usize, mut line: impl FnMut(usize) -> String) -> String {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&line(i));
        text.push('\n');
    }
    text
}

fn join_lines(items: &[String]) -> String {
    lines(items.len(), |i| items[i].clone())
}

/// A U-label candidate: one or two words of a script, or a word of one joined to an
/// ASCII word by a hyphen.
fn unicode_label(rng: &mut Rng) -> String {
    match rng.below(5) {
        0 | 1 => script_word(rng).to_owned(),
        2 => format!("{}{}", script_word(rng), script_word(rng)),
        3 => format!("{}-{}", rng.pick(WORDS), script_word(rng)),
        _ => format!("{}-{}", script_word(rng), rng.pick(WORDS)),
    }
}

/// Twenty mixed-script strings from 10 KiB to 1 MiB, each the previous one's size times
/// (1 MiB / 10 KiB)^(1/19), cut at a character boundary.
fn long_strings(rng: &mut Rng) -> String {
    let mut text = String::new();
    for i in 0..20 {
        let exponent = f64::from(i) / 19.0;
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a positive size below 2^21"
        )]
        let size = (10_240.0 * (1_048_576.0_f64 / 10_240.0).powf(exponent)) as usize;
        let mut line = String::new();
        loop {
            let word = script_word(rng);
            let joiner = if rng.chance(0.4) { "-" } else { "" };
            if line.len() + joiner.len() + word.len() > size {
                break;
            }
            line.push_str(joiner);
            line.push_str(word);
        }
        text.push_str(line.trim_start_matches('-'));
        text.push('\n');
    }
    text
}

/// An ASCII host-name label: a word, two words, a word and digits, or two hyphenated.
fn ascii_label(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 | 1 => rng.pick(WORDS).to_owned(),
        2 => format!("{}{}", rng.pick(WORDS), rng.pick(WORDS)),
        3 => format!("{}{}", rng.pick(WORDS), rng.below(1000)),
        4 => format!("{}-{}", rng.pick(WORDS), rng.pick(WORDS)),
        _ => format!("{}{}", rng.pick(SURNAMES), rng.pick(WORDS)),
    }
}

/// A registrable name, with a subdomain now and then; about 5 % are IDNs.
fn domain(rng: &mut Rng) -> String {
    if rng.chance(0.053) {
        let tld = rng.pick(&["com", "рф", "中国", "de", "jp", "net", "ελ"]);
        return format!("{}.{tld}", script_word(rng));
    }
    let name = format!("{}.{}", ascii_label(rng), rng.pick(TLDS));
    if rng.chance(0.1) {
        format!(
            "{}.{name}",
            rng.pick(&["www", "m", "blog", "shop", "mail", "api"])
        )
    } else {
        name
    }
}

/// A generated line and, for a labelled one, its class and detail.
type Line = (String, Option<(&'static str, &'static str)>);

/// `count` lines, each labelled with probability `rate`; returns the corpus and its
/// `*.meta.tsv`.
fn labelled(
    count: usize,
    rate: f64,
    rng: &mut Rng,
    line: fn(&mut Rng, bool) -> Line,
) -> (String, String) {
    let mut corpus = String::new();
    let mut meta = format!("{META_HEADER}\n");
    for number in 1..=count {
        let unusual = rng.chance(rate);
        let (text, label) = line(rng, unusual);
        corpus.push_str(&text);
        corpus.push('\n');
        if let Some((class, detail)) = label {
            let _ = writeln!(meta, "{number}\t{class}\t{detail}");
        }
    }
    (corpus, meta)
}

/// A common local part: `first.last`, `firstlast`, `flast`, `first.last21`, `first_l`.
fn local_part(rng: &mut Rng) -> String {
    let (first, last) = (rng.pick(GIVEN), rng.pick(SURNAMES));
    match rng.below(5) {
        0 | 1 => format!("{first}.{last}"),
        2 => format!("{first}{last}"),
        3 => format!("{}{last}", &first[..1]),
        _ => format!("{first}.{last}{}", rng.below(100)),
    }
}

fn mail_domain(rng: &mut Rng) -> String {
    if rng.chance(0.6) {
        rng.pick(PROVIDERS).to_owned()
    } else {
        format!("{}.{}", ascii_label(rng), rng.pick(TLDS))
    }
}

/// The rare or broken address forms, by the index `address` draws: class and detail.
const ADDRESS_FORMS: [(&str, &str); 34] = [
    ("unusual", "quoted"),
    ("unusual", "smtputf8"),
    ("unusual", "atext"),
    ("unusual", "idn-domain"),
    ("unusual", "ip-literal"),
    ("unusual", "subdomains"),
    ("unusual", "long-parts"),
    ("unusual", "uppercase"),
    ("unusual", "rfc5322-cfws"),
    ("unusual", "single-label-domain"),
    ("invalid", "missing-at"),
    ("invalid", "space"),
    ("invalid", "double-dot-local"),
    ("invalid", "double-dot-domain"),
    ("invalid", "trailing-dot-local"),
    ("invalid", "domain-not-ldh"),
    ("invalid", "two-at"),
    ("invalid", "trailing-dot-domain"),
    ("invalid", "special-local"),
    ("invalid", "leading-dot-local"),
    ("invalid", "comma-domain"),
    ("invalid", "unbalanced-quote"),
    ("invalid", "missing-domain"),
    ("invalid", "missing-local"),
    ("invalid", "local-too-long"),
    ("invalid", "leading-dot-domain"),
    ("invalid", "hyphen-label"),
    ("invalid", "invisible-char"),
    ("invalid", "bad-ip-literal"),
    ("invalid", "label-too-long"),
    ("invalid", "angle-brackets"),
    ("invalid", "domain-too-long"),
    ("invalid", "numeric-tld"),
    ("invalid", "address-too-long"),
];

/// A common address, or (when `labelled`) one of [`ADDRESS_FORMS`].
fn address(rng: &mut Rng, labelled: bool) -> Line {
    let (local, domain) = (local_part(rng), mail_domain(rng));
    if !labelled {
        return (format!("{local}@{domain}"), None);
    }
    let form = rng.below(ADDRESS_FORMS.len());
    let (first, last, word) = (rng.pick(GIVEN), rng.pick(SURNAMES), rng.pick(WORDS));
    let (label, tld, number) = (ascii_label(rng), rng.pick(TLDS), rng.below(256));
    let text = match form {
        // RFC 5321 §4.1.2 Quoted-string; RFC 6531 §3.3 UTF-8; RFC 5322 §3.2.3 atext.
        0 => format!("\"{first} {last}\"@{domain}"),
        1 => format!("{}@{domain}", script_word(rng)),
        2 => format!("{local}+{word}@{domain}"),
        3 => format!("{local}@{}.de", script_word(rng)),
        // RFC 5321 §4.1.3 address literal (TEST-NET-1, RFC 5737).
        4 => format!("{local}@[192.0.2.{number}]"),
        5 => format!("{local}@mail.{word}.{domain}"),
        // RFC 5321 §4.5.3.1.1: 64 octets is the longest local part.
        6 => format!("{}@{domain}", "x".repeat(64)),
        7 => format!("{local}@{domain}").to_uppercase(),
        // RFC 5322 §3.2.2 comments.
        8 => format!("{local}(work)@{domain}"),
        9 => format!("{local}@localhost"),
        10 => format!("{local}{domain}"),
        11 => format!("{first} {last}@{domain}"),
        12 => format!("{first}..{last}@{domain}"),
        13 => format!("{local}@{label}..{tld}"),
        14 => format!("{local}.@{domain}"),
        15 => format!("{local}@{word}_{label}.com"),
        16 => format!("{local}@{word}@{domain}"),
        17 => format!("{local}@{domain}."),
        18 => format!("{first}:{last}@{domain}"),
        19 => format!(".{local}@{domain}"),
        20 => format!("{local}@{label},com"),
        21 => format!("\"{local}@{domain}"),
        22 => format!("{local}@"),
        23 => format!("@{domain}"),
        24 => format!("{}@{domain}", "y".repeat(65)),
        25 => format!("{local}@.{domain}"),
        26 => format!("{local}@-{domain}"),
        // A DEL in the local part or a no-break space in the domain: invisible in
        // most fonts, outside atext (RFC 5322 §3.2.3) and LDH (RFC 1034 §3.5).
        27 if number % 2 == 0 => format!("{first}\u{7f}{last}@{domain}"),
        27 => format!("{local}@{label}\u{a0}.{tld}"),
        28 => format!("{local}@[300.0.2.{number}]"),
        // RFC 1035 §2.3.4: 63 octets per label, 253 per name.
        29 => format!("{local}@{}.com", "a".repeat(64)),
        30 => format!("<{local}@{domain}>"),
        31 => format!("{local}@{}com", "abcdefghi.".repeat(26)),
        32 => format!("{local}@{label}.{number}"),
        // RFC 5321 §4.5.3.1.3: a path of 256 octets, so at most 254 for the address.
        _ => format!("{}@{1}.{1}.{1}.{1}.com", "z".repeat(12), "b".repeat(60)),
    };
    (text, Some(ADDRESS_FORMS[form]))
}

fn email_line(rng: &mut Rng, labelled: bool) -> Line {
    address(rng, labelled)
}

/// A path of words, digits and UUID-like segments (RFC 3986 §3.3).
fn url_path(rng: &mut Rng) -> String {
    let mut path = String::new();
    for _ in 0..rng.below(4) {
        path.push('/');
        match rng.below(4) {
            0 => {
                let (high, low) = (rng.next() >> 32, rng.below(65_536));
                let _ = write!(path, "{high:08x}-{low:04x}");
            }
            1 => {
                let _ = write!(path, "{}", rng.below(10_000_000));
            }
            2 => {
                let (a, b) = (rng.pick(WORDS), rng.pick(WORDS));
                let _ = write!(path, "{a}-{b}");
            }
            _ => path.push_str(rng.pick(WORDS)),
        }
    }
    if path.is_empty() {
        path.push('/');
    }
    path
}

/// The labelled URL forms, by the index `url_line` draws: class and detail.
const URL_FORMS: [(&str, &str); 11] = [
    ("iri", "non-ascii"),
    ("invalid", "space"),
    ("invalid", "illegal-char"),
    ("invalid", "bad-percent"),
    ("invalid", "bad-ipv6"),
    ("invalid", "raw-brackets-query"),
    ("invalid", "bad-port"),
    ("invalid", "bad-host-char"),
    ("invalid-http", "http-no-authority"),
    ("invalid", "double-hash"),
    ("invalid", "backslash"),
];

fn url_line(rng: &mut Rng, labelled: bool) -> Line {
    let scheme = rng.pick(&["https", "https", "http"]);
    let host = format!("{}.{}", ascii_label(rng), rng.pick(TLDS));
    let path = url_path(rng);
    let (word, number) = (rng.pick(WORDS), rng.below(1000));
    if !labelled {
        let query = if rng.chance(0.3) {
            format!(
                "?utm_source={word}&utm_medium={}&id={number}",
                rng.pick(WORDS)
            )
        } else {
            String::new()
        };
        return (format!("{scheme}://{host}{path}{query}"), None);
    }
    // IRIs three times as often as each error.
    let form = rng.below(URL_FORMS.len() + 2).saturating_sub(2);
    let text = match form {
        // RFC 3987 §2.2 ucschar in the host and the path.
        0 => format!("{scheme}://{}.de/{}", script_word(rng), script_word(rng)),
        1 => format!("{scheme}://{host}{path} {word}"),
        2 => format!("{scheme}://{host}/|{word}"),
        // RFC 3986 §2.1: `%` and two hex digits.
        3 => format!("{scheme}://{host}{path}?q=%{}z", number % 10),
        4 => format!("{scheme}://[2001:db8::g{}]/", number % 10),
        // RFC 3986 §3.4: `[` and `]` are not query characters.
        5 => format!("{scheme}://{host}{path}?ids[]={number}"),
        // RFC 3986 §3.2.3: a port is digits.
        6 => format!("{scheme}://{host}:8{}x/", number % 10),
        7 => format!("{scheme}://{word}<{host}/"),
        // RFC 9110 §4.2.1: an http(s) URI has an authority.
        8 => format!("{scheme}:{path}"),
        9 => format!("{scheme}://{host}{path}#a#{word}"),
        _ => format!("{scheme}://{host}\\{word}"),
    };
    (text, Some(URL_FORMS[form]))
}

/// RFC 6068 §2: everything outside `unreserved` and the few `some-delims` allowed,
/// percent-encoded as UTF-8 octets (`@` stays between local part and domain).
fn mailto_encode(address: &str) -> String {
    let mut out = String::new();
    for byte in address.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~!$'()*+@".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// The labelled mailto forms after the first (percent-encoded unusual addresses), by
/// the index `mailto_line` draws: class and detail.
const MAILTO_FORMS: [(&str, &str); 8] = [
    ("invalid", "raw-space"),
    ("invalid", "bad-percent"),
    ("invalid", "raw-angle"),
    ("invalid", "raw-quote"),
    ("invalid", "raw-bracket"),
    ("invalid-mailto", "hfield-no-equals"),
    ("invalid-mailto", "empty-recipient"),
    ("iri", "non-ascii"),
];

fn mailto_line(rng: &mut Rng, labelled: bool) -> Line {
    let to = format!("{}@{}", local_part(rng), mail_domain(rng));
    let other = format!("{}@{}", local_part(rng), mail_domain(rng));
    let (first, word, number) = (rng.pick(GIVEN), rng.pick(WORDS), rng.below(10));
    if !labelled {
        let extra = match rng.below(6) {
            0 => format!(",{other}"),
            1 => format!("?subject={word}%20{}", rng.pick(WORDS)),
            2 => format!("?cc={other}&body={word}"),
            _ => String::new(),
        };
        return (format!("mailto:{to}{extra}"), None);
    }
    // Half of the labelled lines: the unusual addresses of the email corpus, encoded
    // (not comments: RFC 6068 §2 `addr-spec` has no CFWS).
    if rng.chance(0.5) {
        let (address, detail) = loop {
            if let (address, Some(("unusual", detail))) = address(rng, true)
                && detail != "rfc5322-cfws"
            {
                break (address, detail);
            }
        };
        return (
            format!("mailto:{}", mailto_encode(&address)),
            Some(("unusual", detail)),
        );
    }
    let form = rng.below(MAILTO_FORMS.len());
    let text = match form {
        // RFC 6068 §2: space, `%`, `<`, `"`, `[` must be percent-encoded.
        0 => format!("mailto:{first} {word}@example.com"),
        1 => format!("mailto:{to}?subject=%{number}g"),
        2 => format!("mailto:<{to}>"),
        3 => format!("mailto:\"{first}\"@example.com"),
        4 => format!("mailto:{to}?subject=[{word}]"),
        // RFC 6068 §2: `hfield = hfname "=" hfvalue`; `to` is a list of addresses.
        5 => format!("mailto:{to}?subject"),
        6 => format!("mailto:{to},,{other}"),
        _ => format!("mailto:{}@{word}.com", script_word(rng)),
    };
    (text, Some(MAILTO_FORMS[form]))
}
