"""An authoritative DNS server for ``testdata/dns/dnstest.zone`` on 127.0.0.1, UDP and
TCP, started by the tests themselves (the zone the Rust deliverability tests serve).

Names under ``servfail.dnstest.`` get SERVFAIL; a name that exists without the asked
type gets NODATA, one that does not NXDOMAIN, both with the zone's SOA (RFC 2308 §3);
``*.bulk`` is a wildcard; UDP answers over 512 octets are truncated (RFC 1035 §4.2.1),
so the resolver retries over TCP (RFC 7766 §5).
"""

from __future__ import annotations

import socket
import threading
from pathlib import Path

from dnslib import QTYPE, RCODE, RR, DNSLabel
from dnslib.server import BaseResolver, DNSServer


class ZoneResolver(BaseResolver):
    def __init__(self, zone_text: str) -> None:
        self.records = list(RR.fromZone(zone_text))
        self.soa = next(rr for rr in self.records if rr.rtype == QTYPE.SOA)

    def _owned_by(self, qname: DNSLabel) -> list:
        exact = [rr for rr in self.records if rr.rname == qname]
        if exact:
            return exact
        wild = []
        for rr in self.records:
            owner = rr.rname.label
            if owner and owner[0] == b"*" and len(qname.label) > len(owner) - 1:
                if DNSLabel(qname.label[-(len(owner) - 1):]) == DNSLabel(owner[1:]):
                    answer = RR(qname, rr.rtype, rr.rclass, rr.ttl, rr.rdata)
                    wild.append(answer)
        return wild

    def resolve(self, request, handler):
        reply = request.reply()
        qname = request.q.qname
        qtype = request.q.qtype
        if str(qname).lower().endswith("servfail.dnstest."):
            reply.header.rcode = RCODE.SERVFAIL
            return reply
        reply.header.aa = 1
        name = qname
        for _ in range(8):  # follow CNAMEs inside the zone, a bounded number of times
            owned = self._owned_by(name)
            if not owned:
                if name == qname:
                    reply.header.rcode = RCODE.NXDOMAIN
                break
            cname = [rr for rr in owned if rr.rtype == QTYPE.CNAME]
            if cname and qtype != QTYPE.CNAME:
                reply.add_answer(cname[0])
                name = cname[0].rdata.label
                continue
            for rr in owned:
                if rr.rtype == qtype or qtype == QTYPE.ANY:
                    reply.add_answer(rr)
            break
        if not reply.rr:
            reply.add_auth(self.soa)
        if handler.protocol == "udp" and len(reply.pack()) > 512:
            # RFC 1035 §4.2.1: too long for UDP; the resolver retries over TCP.
            short = request.reply()
            short.header.aa = 1
            short.header.tc = 1
            return short
        return reply


class LoopbackDns:
    """The server, on an ephemeral port of 127.0.0.1 (UDP and TCP on the same port)."""

    def __init__(self, zone: Path) -> None:
        resolver = ZoneResolver(zone.read_text())
        for _ in range(20):
            udp = DNSServer(resolver, address="127.0.0.1", port=0,
                            logger=_Quiet())
            port = udp.server.server_address[1]
            try:
                tcp = DNSServer(resolver, address="127.0.0.1", port=port, tcp=True,
                                logger=_Quiet())
            except OSError:
                udp.server.server_close()
                continue
            break
        else:
            raise RuntimeError("no free port for the loopback DNS server")
        self.udp, self.tcp, self.port = udp, tcp, port
        self.address = f"127.0.0.1:{port}"
        udp.start_thread()
        tcp.start_thread()

    def stop(self) -> None:
        self.udp.stop()
        self.tcp.stop()


class Blackhole:
    """A UDP port on 127.0.0.1 that reads queries and never answers (timeouts)."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.address = "127.0.0.1:%d" % self.sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while not self._stop.is_set():
            try:
                self.sock.recv(4096)
            except OSError:
                pass

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


class _Quiet:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None
