"""The rfc3696 Python package against email-validator and idna, and its batch functions
against a loop of single calls, over the whole vendored corpora (not a test: it asserts
nothing). Run by `cargo xtask python-bench`, which builds the release wheel first.

Each row alternates the two sides for ROUNDS rounds (the order swapped every round) and
reports the median of the per-round ratios "other time / our time" with its quartiles,
so that a drift of the machine's speed affects both sides alike. With --record, the
medians are appended to docs/bench-records/python.csv.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import os
import statistics
import sys
import time
from pathlib import Path

import email_validator
import idna as idna_package

import rfc3696
from rfc3696 import idna

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "testdata" / "corpus"


def corpus(name: str) -> list[str]:
    return [line for line in (CORPUS / name).read_text(encoding="utf-8").split("\n") if line]


def each(f, items):
    """Calls f on every item, exceptions included (both sides raise on invalid input)."""

    def run():
        for item in items:
            try:
                f(item)
            except ValueError:  # EmailNotValidError, IDNAError, UnicodeError
                pass

    return run


def timed(run) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def interleaved(ours, theirs, rounds: int) -> tuple[float, float, float, float]:
    """Median ratio theirs/ours with quartiles, and our best time."""
    ratios, best = [], float("inf")
    for i in range(rounds):
        if i % 2:
            t_theirs, t_ours = timed(theirs), timed(ours)
        else:
            t_ours, t_theirs = timed(ours), timed(theirs)
        ratios.append(t_theirs / t_ours)
        best = min(best, t_ours)
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    return q[1], q[0], q[2], best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()

    emails = corpus("emails.txt")
    domains = corpus("domains.txt")
    labels = [label + ".example" for label in corpus("punycode-labels.txt")]
    names = domains + labels

    rows = [
        ("validate_email, %d addresses" % len(emails), "email-validator", 50,
         each(rfc3696.validate_email, emails),
         each(lambda e: email_validator.validate_email(e, check_deliverability=False), emails)),
        ("idna.encode, %d names (%d ASCII, %d IDN)" % (len(names), len(domains), len(labels)), "idna", 20,
         each(idna.encode, names), each(idna_package.encode, names)),
        ("validate_emails (batch), %d addresses" % len(emails), "validate_email loop", 1.8,
         lambda: rfc3696.validate_emails(emails), each(rfc3696.validate_email, emails)),
        ("check_domains (batch), %d names" % len(names), "check_domain loop", 1.8,
         lambda: rfc3696.check_domains(names), each(rfc3696.check_domain, names)),
        ("idna.encode_all (batch), %d names" % len(names), "idna.encode loop", 1.8,
         lambda: idna.encode_all(names), each(idna.encode, names)),
        ("display_all (batch), %d names" % len(names), "display loop", 1.8,
         lambda: rfc3696.display_all(names), each(rfc3696.display, names)),
    ]
    cores = os.cpu_count()
    print(f"Python {sys.version.split()[0]}, {cores} cores, {args.rounds} interleaved rounds\n")
    print("| operation (corpus) | against | target | median ratio (quartiles) | ours, best round | met |")
    print("|---|---|---|---|---|---|")
    records = []
    for name, other, target, ours, theirs in rows:
        ours(), theirs()  # warm up
        median, low, high, best = interleaved(ours, theirs, args.rounds)
        count = int(name.split(", ")[1].split()[0])
        met = "yes" if median >= target else "no"
        print(f"| {name} | {other} | ≥ {target}× | {median:.1f}× ({low:.1f}–{high:.1f}) "
              f"| {best * 1e9 / count:.0f} ns/item | {met} |", flush=True)
        records.append((name, other, target, f"{median:.1f}", f"{low:.1f}", f"{high:.1f}", f"{best * 1e9 / count:.0f}"))
    if args.record:
        path = ROOT / "docs" / "bench-records" / "python.csv"
        new = not path.exists()
        with path.open("a", newline="") as f:
            out = csv.writer(f)
            if new:
                out.writerow(["date", "operation", "against", "target", "median", "q1", "q3", "ours_ns_per_item"])
            today = datetime.date.today().isoformat()
            for r in records:
                out.writerow([today, *r])


if __name__ == "__main__":
    main()
