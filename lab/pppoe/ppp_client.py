# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""One PPPoE subscriber as a state machine, for the lab's session generator (generator.py), which
runs a thousand of them where a thousand pppd processes would not fit: PPPoE discovery (RFC 2516),
LCP (RFC 1661) with PAP (RFC 1334), IPCP (RFC 1332) and IPv6CP (RFC 5072), the LCP echoes a
server asks, then the session's first data: an RA (RS after a while without one) for its /64,
and one ICMPv6 and one ICMP echo to the network, which the BNG's data plane must carry.

No I/O here: frames go out through `send(bytes)`, time comes from `clock()`; the caller hands
in the frames addressed to this subscriber (its MAC, its S-tag and C-tag) and calls `tick()` when
`due()` has come. Standard library only."""

import ipaddress
import os
import struct

ETH_P_8021Q, ETH_P_8021AD = 0x8100, 0x88A8
ETH_P_PPPOE_DISC, ETH_P_PPPOE_SESS = 0x8863, 0x8864
BROADCAST = b"\xff" * 6

PADI, PADO, PADR, PADS, PADT = 0x09, 0x07, 0x19, 0x65, 0xA7
TAG_END, TAG_SERVICE_NAME, TAG_AC_NAME, TAG_HOST_UNIQ = 0x0000, 0x0101, 0x0102, 0x0103
TAG_AC_COOKIE, TAG_RELAY_SESSION_ID = 0x0104, 0x0110
TAG_SERVICE_NAME_ERROR, TAG_AC_SYSTEM_ERROR, TAG_GENERIC_ERROR = 0x0201, 0x0202, 0x0203

PPP_IPV4, PPP_IPV6 = 0x0021, 0x0057
PPP_LCP, PPP_PAP, PPP_IPCP, PPP_IPV6CP = 0xC021, 0xC023, 0x8021, 0x8057
CONF_REQ, CONF_ACK, CONF_NAK, CONF_REJ, TERM_REQ, TERM_ACK = 1, 2, 3, 4, 5, 6
ECHO_REQ, ECHO_REP = 9, 10
PAP_REQ, PAP_ACK, PAP_NAK = 1, 2, 3
LCP_MRU, LCP_AUTH, LCP_MAGIC = 1, 3, 5
IPCP_ADDRESS, IPV6CP_INTERFACE_ID = 3, 1

MRU = 1492
DISCOVERY_TRIES = 6   # PADIs (or PADRs) before giving up: 5 + 10 + 20 + 40 + 40 + 40 s
MAX_TERMINATE = 2     # Terminate-Requests before PADT, as pppd's max-terminate
ICMPV6, ICMPV4 = 58, 1
RS, RA, ECHO6_REQ, ECHO6_REP = 133, 134, 128, 129
ALL_ROUTERS = ipaddress.IPv6Address("ff02::2")

# Milestones, in the order a session reaches them (`ClientSession.times`).
MILESTONES = ("padi", "pads", "lcp", "auth", "ipcp", "ipv6cp", "up", "ra", "ping6", "ping4", "ended")


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def ethernet(dst, src, s_tag, c_tag, ethertype, payload):
    return (dst + src + struct.pack("!HHHH", ETH_P_8021AD, s_tag, ETH_P_8021Q, c_tag)
            + struct.pack("!H", ethertype) + payload)


def pppoe(code, session_id, payload):
    return struct.pack("!BBHH", 0x11, code, session_id, len(payload)) + payload


def discovery_tags(tags):
    return b"".join(struct.pack("!HH", t, len(v)) + v for t, v in tags)


def parse_tags(payload):
    """[(type, value)] up to End-Of-List; raises ValueError on a tag that runs past the payload."""
    tags, off = [], 0
    while off + 4 <= len(payload):
        t, n = struct.unpack_from("!HH", payload, off)
        if t == TAG_END:
            break
        if off + 4 + n > len(payload):
            raise ValueError("tag 0x%04x runs past the payload" % t)
        tags.append((t, payload[off + 4:off + 4 + n]))
        off += 4 + n
    return tags


def control(protocol, code, ident, data):
    return struct.pack("!HBBH", protocol, code, ident, 4 + len(data)) + data


def options(opts):
    return b"".join(struct.pack("!BB", t, 2 + len(v)) + v for t, v in opts)


def parse_options(data):
    opts, off = [], 0
    while off + 2 <= len(data):
        t, n = data[off], data[off + 1]
        if n < 2 or off + n > len(data):
            raise ValueError("option %d has length %d" % (t, n))
        opts.append((t, data[off + 2:off + n]))
        off += n
    return opts


def ipv6_packet(src, dst, next_header, payload, hop_limit=64):
    header = struct.pack("!IHBB", 0x60000000, len(payload), next_header, hop_limit)
    return header + src.packed + dst.packed + payload


def icmpv6(src, dst, body):
    """`body` with its checksum field zero; the checksum over RFC 8200's pseudo-header put in."""
    pseudo = src.packed + dst.packed + struct.pack("!IxxxB", len(body), ICMPV6)
    value = checksum(pseudo + body)
    return body[:2] + struct.pack("!H", value) + body[4:]


def ipv4_packet(src, dst, protocol, payload, ident=0, ttl=64):
    header = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), ident & 0xFFFF, 0, ttl, protocol, 0,
                         src.packed, dst.packed)
    header = header[:10] + struct.pack("!H", checksum(header)) + header[12:]
    return header + payload


class Negotiation:
    """One PPP control protocol's Configure exchange (LCP, IPCP, IPv6CP): our Configure-Request
    until it is acknowledged (Nak'd values taken, Rejected options dropped), and the peer's
    requests answered by `judge(options) -> (code, options)`. Open once both sides acked."""

    def __init__(self, protocol, ours, judge):
        self.protocol, self.ours, self.judge = protocol, list(ours), judge
        self.ident, self.tries = 0, 0
        self.acked_ours = self.acked_theirs = False

    @property
    def opened(self):
        return self.acked_ours and self.acked_theirs

    def request(self):
        self.ident = (self.ident + 1) & 0xFF
        self.tries += 1
        return control(self.protocol, CONF_REQ, self.ident, options(self.ours))

    def receive(self, code, ident, data):
        """Answers a frame of this protocol: (frames to send, whether ours must be sent again)."""
        if code == CONF_REQ:
            answer, opts = self.judge(parse_options(data))
            if answer == CONF_ACK:
                self.acked_theirs = True
            return [control(self.protocol, answer, ident, options(opts))], False
        if ident != self.ident:
            return [], False   # an answer to an earlier request
        if code == CONF_ACK:
            self.acked_ours = True
            return [], False
        if code == CONF_NAK:
            suggested = dict(parse_options(data))
            self.ours = [(t, suggested.get(t, v)) for t, v in self.ours]
            return [], True
        if code == CONF_REJ:
            rejected = {t for t, _ in parse_options(data)}
            self.ours = [(t, v) for t, v in self.ours if t not in rejected]
            return [], True
        return [], False


def accept_only(wanted, fix=None):
    """A judge that acknowledges the option types in `wanted` (values checked by `fix`, which
    returns a value to Nak with, or None) and rejects every other."""
    def judge(opts):
        rejected = [(t, v) for t, v in opts if t not in wanted]
        if rejected:
            return CONF_REJ, rejected
        naks = [(t, fix(t, v)) for t, v in opts if fix and fix(t, v) is not None]
        if naks:
            return CONF_NAK, naks
        return CONF_ACK, opts
    return judge


def lcp_fix(option, value):
    """PAP is the only authentication this client speaks: anything else is Nak'd with PAP."""
    if option == LCP_AUTH and value[:2] != struct.pack("!H", PPP_PAP):
        return struct.pack("!H", PPP_PAP)
    return None


class ClientSession:
    """One subscriber on its own line (S-tag, C-tag) with its own MAC: PADI to UP, data, the end.

    `state` is discovery, requesting, lcp, auth, network, up, terminating, ended or failed;
    `times` holds when each milestone of MILESTONES was reached (clock() seconds); `why` says
    why it failed or ended."""

    def __init__(self, mac, s_tag, c_tag, user, password, interface_id, send, clock,
                 ping6=None, ping4=None, rto=3.0, tries=10, ra_wait=2.0, discovery_rto=5.0):
        self.mac, self.s_tag, self.c_tag = mac, s_tag, c_tag
        self.user, self.password = user.encode(), password.encode()
        self.interface_id = interface_id   # 8 bytes
        self.send_frame, self.clock = send, clock
        self.ping6 = ipaddress.IPv6Address(ping6) if ping6 else None
        self.ping4 = ipaddress.IPv4Address(ping4) if ping4 else None
        self.rto, self.max_tries, self.ra_wait = rto, tries, ra_wait
        # rp-pppoe's discovery timeout (5 s, doubled per PADI): a PADR sent again too soon makes
        # pppoe-server start a second session for the same subscriber.
        self.discovery_rto = discovery_rto
        self.state, self.why = "new", None
        self.times = {}
        self.session_id, self.ac_mac = 0, None
        self.host_uniq = os.urandom(4)
        self.magic = os.urandom(4)
        self.pado_tags = []
        self.lcp = Negotiation(PPP_LCP, [(LCP_MRU, struct.pack("!H", MRU)), (LCP_MAGIC, self.magic)],
                               accept_only({LCP_MRU, LCP_AUTH, LCP_MAGIC}, lcp_fix))
        self.ipcp = Negotiation(PPP_IPCP, [(IPCP_ADDRESS, bytes(4))], accept_only({IPCP_ADDRESS}))
        self.ipv6cp = Negotiation(PPP_IPV6CP, [(IPV6CP_INTERFACE_ID, interface_id)],
                                  accept_only({IPV6CP_INTERFACE_ID}))
        self.auth_wanted = False
        self.pap_ident, self.tries = 0, 0
        self.timers = {}   # what -> when it is due
        self.ipv4 = self.ipv6 = None
        self.echoes_answered = 0
        self.terminate_requests, self.terminate_acked = 0, False
        self.data_failures = []   # what the session's data did not get (an echo without a reply)

    # ---- what the caller sees -----------------------------------------------------------------

    @property
    def link_local(self):
        return ipaddress.IPv6Address(b"\xfe\x80" + bytes(6) + self.interface_id)

    @property
    def going(self):
        return self.state not in ("ended", "failed")

    def due(self):
        return min(self.timers.values()) if self.timers else None

    def start(self):
        self.state = "discovery"
        self.mark("padi")
        self._send_padi()

    def stop(self):
        """Ends the session as pppd does: LCP Terminate-Request, sent again once unanswered
        (pppd's max-terminate 2), then, acked or not, PADT."""
        if self.state in ("new", "discovery", "requesting"):
            self._end("stopped")
        elif self.going and self.state != "terminating":
            self.state = "terminating"
            self.timers = {}
            self.terminate_requests = 0
            self._send_terminate_request()

    def _send_terminate_request(self):
        self.terminate_requests += 1
        self.mark("terminate")
        self._send_session(control(PPP_LCP, TERM_REQ, 0x7E, b""))
        self.timers["terminate"] = self.clock() + self.rto

    def tick(self):
        now = self.clock()
        for what in [w for w, t in self.timers.items() if t <= now]:
            del self.timers[what]
            getattr(self, "_timeout_" + what)()

    def receive(self, src, payload_type, payload):
        """A frame for this subscriber: its source MAC, its ethertype (PPPoE discovery or
        session) and what follows the tags."""
        try:
            if payload_type == ETH_P_PPPOE_DISC:
                self._discovery(src, payload)
            elif payload_type == ETH_P_PPPOE_SESS:
                self._session(payload)
        except (ValueError, struct.error, IndexError):
            self.malformed = getattr(self, "malformed", 0) + 1

    # ---- internals ----------------------------------------------------------------------------

    def mark(self, milestone):
        self.times.setdefault(milestone, self.clock())

    def _fail(self, why):
        self.state, self.why, self.timers = "failed", why, {}
        self.mark("ended")

    def _end(self, why):
        self.state, self.why, self.timers = "ended", why, {}
        self.mark("ended")

    def _retry(self, what, resend, limit=None):
        limit = limit or self.max_tries
        self.tries += 1
        if self.tries > limit:
            self._fail("no answer to %s after %d tries" % (what, limit))
            return
        resend()

    def _send(self, ethertype, payload, dst):
        self.send_frame(ethernet(dst, self.mac, self.s_tag, self.c_tag, ethertype, payload))

    def _send_session(self, ppp):
        self._send(ETH_P_PPPOE_SESS, pppoe(0, self.session_id, ppp), self.ac_mac)

    def _send_padi(self):
        tags = [(TAG_SERVICE_NAME, b""), (TAG_HOST_UNIQ, self.host_uniq)]
        self._send(ETH_P_PPPOE_DISC, pppoe(PADI, 0, discovery_tags(tags)), BROADCAST)
        # RFC 2516 doubles the wait on each PADI sent again.
        self.timers["discovery"] = self.clock() + self.discovery_rto * (2 ** min(self.tries, 3))

    def _timeout_discovery(self):
        # Discovery gives up sooner than the PPP negotiations (its waits double up to 40 s).
        self._retry("PADI" if self.state == "discovery" else "PADR",
                    self._send_padi if self.state == "discovery" else self._send_padr,
                    min(self.max_tries, DISCOVERY_TRIES))

    def _send_padr(self):
        tags = [(TAG_SERVICE_NAME, b""), (TAG_HOST_UNIQ, self.host_uniq)]
        tags += [(t, v) for t, v in self.pado_tags if t in (TAG_AC_COOKIE, TAG_RELAY_SESSION_ID)]
        self._send(ETH_P_PPPOE_DISC, pppoe(PADR, 0, discovery_tags(tags)), self.ac_mac)
        self.timers["discovery"] = self.clock() + self.discovery_rto * (2 ** min(self.tries, 3))

    def _discovery(self, src, payload):
        ver_type, code, sid, length = struct.unpack_from("!BBHH", payload)
        if ver_type != 0x11 or 6 + length > len(payload):
            raise ValueError("not PPPoE 1/1")
        tags = parse_tags(payload[6:6 + length])
        if code == PADT:
            if self.session_id and sid == self.session_id and self.going:
                self._end("stopped" if self.state == "terminating" else "PADT from the server")
            return
        if dict(tags).get(TAG_HOST_UNIQ) != self.host_uniq:
            return   # another subscriber's answer, or none of ours
        if code == PADO and self.state == "discovery":
            if any(t in (TAG_SERVICE_NAME_ERROR, TAG_AC_SYSTEM_ERROR, TAG_GENERIC_ERROR) for t, _ in tags):
                return
            self.ac_mac, self.pado_tags, self.tries = src, tags, 0
            self.state = "requesting"
            self._send_padr()
        elif code == PADS and self.state == "requesting":
            if sid == 0:
                self._fail("PADS refused: %s" % [v.decode(errors="replace") for t, v in tags
                                                if t >= TAG_SERVICE_NAME_ERROR])
                return
            self.session_id, self.tries = sid, 0
            self.timers.pop("discovery", None)
            self.state = "lcp"
            self.mark("pads")
            self._configure(self.lcp, "lcp")

    def _configure(self, negotiation, timer):
        self._send_session(negotiation.request())
        self.timers[timer] = self.clock() + self.rto

    def _timeout_lcp(self):
        self._renegotiate(self.lcp, "lcp")

    def _timeout_ipcp(self):
        self._renegotiate(self.ipcp, "ipcp")

    def _timeout_ipv6cp(self):
        self._renegotiate(self.ipv6cp, "ipv6cp")

    def _renegotiate(self, negotiation, timer):
        if negotiation.acked_ours:
            return
        if negotiation.tries >= self.max_tries:
            self._fail("no Configure-Ack for %s after %d requests" % (timer.upper(), negotiation.tries))
            return
        self._configure(negotiation, timer)

    def _session(self, payload):
        ver_type, code, sid, length = struct.unpack_from("!BBHH", payload)
        if ver_type != 0x11 or code != 0 or sid != self.session_id:
            return
        ppp = payload[6:6 + length]
        protocol = struct.unpack_from("!H", ppp)[0]
        body = ppp[2:]
        if not self.going:
            # A server that acks our Terminate-Request after we gave up and sent PADT answered
            # late, not never: told apart in the generator's summary.
            if (self.why == "stopped" and self.terminate_requests and not self.terminate_acked
                    and protocol == PPP_LCP and body[:1] == bytes([TERM_ACK])):
                self.mark("terminate_ack_late")
            return
        if protocol in (PPP_IPV6, PPP_IPV4):
            self._data(protocol, body)
            return
        if protocol not in (PPP_LCP, PPP_PAP, PPP_IPCP, PPP_IPV6CP):
            return
        code, ident, n = struct.unpack_from("!BBH", body)
        if n < 4 or n > len(body):
            raise ValueError("PPP length %d" % n)
        data = body[4:n]
        if protocol == PPP_LCP:
            self._lcp(code, ident, data)
        elif protocol == PPP_PAP:
            self._pap(code, ident)
        elif self.state in ("network", "up") or (self.state == "auth" and code == CONF_REQ):
            negotiation = self.ipcp if protocol == PPP_IPCP else self.ipv6cp
            self._ncp(negotiation, code, ident, data)

    def _lcp(self, code, ident, data):
        if code == ECHO_REQ:
            self.echoes_answered += 1
            self._send_session(control(PPP_LCP, ECHO_REP, ident, self.magic + data[4:]))
        elif code == TERM_REQ:
            self._send_session(control(PPP_LCP, TERM_ACK, ident, b""))
            self._end("stopped" if self.state == "terminating" else "LCP Terminate-Request from the server")
        elif code == TERM_ACK and self.state == "terminating":
            self.terminate_acked = True
            self._send_padt()
        elif code in (CONF_REQ, CONF_ACK, CONF_NAK, CONF_REJ) and self.state in ("lcp", "auth", "network", "up"):
            if code == CONF_REQ and self.state != "lcp":
                # Asked again after LCP opened: our Configure-Ack was lost (or the server
                # renegotiates, where pppd would restart the link): answer it, keep the session.
                for frame in self.lcp.receive(code, ident, data)[0]:
                    self._send_session(frame)
                return
            if code == CONF_REQ:
                for option, value in parse_options(data):
                    if option == LCP_AUTH and value[:2] == struct.pack("!H", PPP_PAP):
                        self.auth_wanted = True
            frames, again = self.lcp.receive(code, ident, data)
            for frame in frames:
                self._send_session(frame)
            if again:
                self._configure(self.lcp, "lcp")
            if self.lcp.opened and self.state == "lcp":
                self.timers.pop("lcp", None)
                self.mark("lcp")
                if self.auth_wanted:
                    self.state = "auth"
                    self._send_pap()
                else:
                    self._network()

    def _send_pap(self):
        self.pap_ident = (self.pap_ident + 1) & 0xFF
        data = bytes([len(self.user)]) + self.user + bytes([len(self.password)]) + self.password
        self._send_session(control(PPP_PAP, PAP_REQ, self.pap_ident, data))
        self.timers["pap"] = self.clock() + self.rto

    def _timeout_pap(self):
        self._retry("PAP Authenticate-Request", self._send_pap)

    def _pap(self, code, ident):
        if self.state != "auth" or ident != self.pap_ident:
            return
        if code == PAP_ACK:
            self.timers.pop("pap", None)
            self.mark("auth")
            self._network()
        elif code == PAP_NAK:
            self._fail("PAP refused")

    def _network(self):
        self.state = "network"
        self._configure(self.ipcp, "ipcp")
        self._configure(self.ipv6cp, "ipv6cp")

    def _ncp(self, negotiation, code, ident, data):
        frames, again = negotiation.receive(code, ident, data)
        for frame in frames:
            self._send_session(frame)
        timer = "ipcp" if negotiation is self.ipcp else "ipv6cp"
        if again:
            self._configure(negotiation, timer)
        if negotiation.opened and timer not in self.times:
            self.timers.pop(timer, None)
            self.mark(timer)
            if negotiation is self.ipcp:
                self.ipv4 = ipaddress.IPv4Address(dict(self.ipcp.ours)[IPCP_ADDRESS])
            else:
                self.interface_id = dict(self.ipv6cp.ours)[IPV6CP_INTERFACE_ID]
        if self.ipcp.opened and self.ipv6cp.opened and self.state == "network":
            self.state = "up"
            self.mark("up")
            self.tries = 0
            # The BNG sends an RA once the session's IPv6 entries are in; ask if it is slow.
            self.timers["ra"] = self.clock() + self.ra_wait
            if self.ping4:
                self._send_ping4()

    def _timeout_ra(self):
        if self.ipv6 is None:
            body = struct.pack("!BBHI", RS, 0, 0, 0)
            self._send_session(struct.pack("!H", PPP_IPV6) + ipv6_packet(
                self.link_local, ALL_ROUTERS, ICMPV6, icmpv6(self.link_local, ALL_ROUTERS, body), hop_limit=255))
            self.timers["ra"] = self.clock() + self.rto

    def _send_ping6(self):
        self.ping6_tries = getattr(self, "ping6_tries", 0) + 1
        if self.ping6_tries > self.max_tries:
            self.data_failures.append("no ICMPv6 echo reply from %s" % self.ping6)
            return
        body = struct.pack("!BBHHH", ECHO6_REQ, 0, 0, 0x5F6E, self.ping6_tries) + b"sixflow generator"
        self._send_session(struct.pack("!H", PPP_IPV6) + ipv6_packet(
            self.ipv6, self.ping6, ICMPV6, icmpv6(self.ipv6, self.ping6, body)))
        self.timers["ping6"] = self.clock() + self.rto

    def _timeout_ping6(self):
        self._send_ping6()

    def _send_ping4(self):
        self.ping4_tries = getattr(self, "ping4_tries", 0) + 1
        if self.ping4_tries > self.max_tries:
            self.data_failures.append("no ICMP echo reply from %s" % self.ping4)
            return
        body = struct.pack("!BBHHH", 8, 0, 0, 0x5F6E, self.ping4_tries) + b"sixflow generator"
        body = body[:2] + struct.pack("!H", checksum(body)) + body[4:]
        self._send_session(struct.pack("!H", PPP_IPV4) + ipv4_packet(self.ipv4, self.ping4, ICMPV4, body,
                                                                     ident=self.ping4_tries))
        self.timers["ping4"] = self.clock() + self.rto

    def _timeout_ping4(self):
        self._send_ping4()

    def _data(self, protocol, packet):
        if protocol == PPP_IPV6 and len(packet) >= 40 and packet[6] == ICMPV6:
            icmp = packet[40:40 + struct.unpack_from("!H", packet, 4)[0]]
            if icmp[0] == RA and self.ipv6 is None:
                prefix = self._slaac_prefix(icmp)
                if prefix is not None:
                    self.ipv6 = ipaddress.IPv6Address(prefix.network_address.packed[:8] + self.interface_id)
                    self.timers.pop("ra", None)
                    self.mark("ra")
                    if self.ping6:
                        self._send_ping6()
            elif icmp[0] == ECHO6_REP and self.ipv6 is not None \
                    and ipaddress.IPv6Address(packet[8:24]) == self.ping6:
                self.timers.pop("ping6", None)
                self.mark("ping6")
        elif protocol == PPP_IPV4 and len(packet) >= 28 and packet[9] == ICMPV4:
            ihl = (packet[0] & 0x0F) * 4
            if packet[ihl] == 0 and ipaddress.IPv4Address(packet[12:16]) == self.ping4:
                self.timers.pop("ping4", None)
                self.mark("ping4")

    @staticmethod
    def _slaac_prefix(ra):
        """The first Prefix Information option of an RA with the autonomous flag, as a /64."""
        off = 16
        while off + 8 <= len(ra):
            kind, units = ra[off], ra[off + 1]
            if units == 0:
                return None
            if kind == 3 and units == 4 and ra[off + 2] == 64 and ra[off + 3] & 0x40:
                return ipaddress.IPv6Network((ra[off + 16:off + 32], 64))
            off += units * 8
        return None

    def _timeout_terminate(self):
        if self.terminate_requests < MAX_TERMINATE:
            self._send_terminate_request()
        else:
            self._send_padt()

    def _send_padt(self):
        self._send(ETH_P_PPPOE_DISC, pppoe(PADT, self.session_id, b""), self.ac_mac)
        self._end("stopped")
