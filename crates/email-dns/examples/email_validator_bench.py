"""Deliverability throughput of Python's email-validator against the loopback DNS server.

Run by deliverability_bench.rs inside a throwaway virtual environment:
    python email_validator_bench.py PORT ADDRESS_FILE
Prints one JSON object: seconds, and how many addresses passed and failed.
"""

import json
import sys
import time

import dns.resolver
from email_validator import EmailNotValidError, validate_email


def main() -> None:
    port = int(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        addresses = [line.rstrip("\n") for line in f if line.strip()]
    # Only the loopback test server: no system configuration, a cache like
    # email_validator.caching_resolver() sets up.
    resolver = dns.resolver.Resolver(configure=False)
    resolver.nameservers = ["127.0.0.1"]
    resolver.port = port
    resolver.timeout = 2
    resolver.lifetime = 5
    resolver.cache = dns.resolver.LRUCache()
    passed = failed = 0
    started = time.perf_counter()
    for address in addresses:
        try:
            validate_email(address, check_deliverability=True, dns_resolver=resolver)
            passed += 1
        except EmailNotValidError:
            failed += 1
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "passed": passed, "failed": failed}))


if __name__ == "__main__":
    main()
