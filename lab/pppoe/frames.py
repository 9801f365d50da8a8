# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Reads what a PPPoE access wire carried: pcap files of Ethernet frames, their 802.1ad/802.1Q
tags and PPPoE headers (RFC 2516), as the BNG switch will see them. Standard library only."""

import struct

ETH_P_8021Q = 0x8100
ETH_P_8021AD = 0x88A8
ETH_P_PPPOE_DISC = 0x8863
ETH_P_PPPOE_SESS = 0x8864

# PPPoE discovery codes (RFC 2516 section 5); session frames have code 0.
PADI, PADO, PADR, PADS, PADT = 0x09, 0x07, 0x19, 0x65, 0xA7
CODE_NAMES = {PADI: "PADI", PADO: "PADO", PADR: "PADR", PADS: "PADS", PADT: "PADT", 0: "SESSION"}

# PPP protocol numbers carried in session frames.
PPP_IPV4, PPP_IPV6 = 0x0021, 0x0057
PPP_IPCP, PPP_IPV6CP, PPP_LCP, PPP_PAP, PPP_CHAP = 0x8021, 0x8057, 0xC021, 0xC023, 0xC223
PROTO_NAMES = {PPP_IPV4: "IPv4", PPP_IPV6: "IPv6", PPP_IPCP: "IPCP", PPP_IPV6CP: "IPV6CP",
               PPP_LCP: "LCP", PPP_PAP: "PAP", PPP_CHAP: "CHAP"}
CONFIGURE_ACK = 2   # LCP/IPCP/IPV6CP code
ROUTER_ADVERTISEMENT = 134   # ICMPv6 type
DHCPV6_CLIENT_PORT, DHCPV6_SERVER_PORT = 546, 547


class Frame:
    """One Ethernet frame; `tags` are (TPID, VLAN id) outermost first."""

    def __init__(self, ts, data):
        self.ts = ts
        self.data = data
        self.dst, self.src = data[0:6], data[6:12]
        self.tags = []
        off = 12
        ethertype = struct.unpack_from("!H", data, off)[0]
        while ethertype in (ETH_P_8021AD, ETH_P_8021Q) and len(data) >= off + 6:
            tci = struct.unpack_from("!H", data, off + 2)[0]
            self.tags.append((ethertype, tci & 0x0FFF))
            off += 4
            ethertype = struct.unpack_from("!H", data, off)[0]
        self.ethertype = ethertype
        self.payload = data[off + 2:]
        self.pppoe = None
        if ethertype in (ETH_P_PPPOE_DISC, ETH_P_PPPOE_SESS) and len(self.payload) >= 6:
            self.pppoe = PPPoE(ethertype, self.payload)

    @property
    def vlans(self):
        """(S-tag, C-tag) as VLAN ids when the frame has an 802.1ad tag over an 802.1Q one."""
        if len(self.tags) >= 2 and self.tags[0][0] == ETH_P_8021AD and self.tags[1][0] == ETH_P_8021Q:
            return self.tags[0][1], self.tags[1][1]
        return None


class PPPoE:
    def __init__(self, ethertype, payload):
        vt, self.code, self.session_id, self.length = struct.unpack_from("!BBHH", payload)
        self.version, self.type = vt >> 4, vt & 0x0F
        self.discovery = ethertype == ETH_P_PPPOE_DISC
        self.body = payload[6:6 + self.length]
        self.protocol = None        # PPP protocol of a session frame
        self.ppp_code = None        # code of an LCP/IPCP/IPV6CP/PAP/CHAP packet
        if not self.discovery and len(self.body) >= 2:
            self.protocol = struct.unpack_from("!H", self.body)[0]
            if self.protocol >= 0x8000 and len(self.body) >= 3:
                self.ppp_code = self.body[2]

    def ipv6_kind(self):
        """"RA" or "DHCPv6" (with direction) for an IPv6 packet in a session frame whose next
        header is ICMPv6 or UDP directly (what radvd and DHCPv6 send); None otherwise."""
        if self.protocol != PPP_IPV6 or len(self.body) < 2 + 40 + 8:
            return None
        ip6 = self.body[2:]
        next_header = ip6[6]
        if next_header == 58 and ip6[40] == ROUTER_ADVERTISEMENT:
            return "RA"
        if next_header == 17:
            sport, dport = struct.unpack_from("!HH", ip6, 40)
            if dport == DHCPV6_SERVER_PORT:
                return "DHCPv6 to server"
            if sport == DHCPV6_SERVER_PORT and dport == DHCPV6_CLIENT_PORT:
                return "DHCPv6 to client"
        return None

    @property
    def name(self):
        if self.discovery:
            return CODE_NAMES.get(self.code, "code 0x%02x" % self.code)
        return PROTO_NAMES.get(self.protocol, "proto 0x%04x" % (self.protocol or 0))


def read_pcap(path):
    """Frames of a pcap file (Ethernet link type, micro- or nanosecond timestamps)."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 24:
        return []
    magic = data[:4]
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        endian = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        endian = ">"
    else:
        raise ValueError("%s is not a pcap file" % path)
    nanos = magic in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")
    linktype = struct.unpack_from(endian + "I", data, 20)[0]
    if linktype != 1:
        raise ValueError("%s has link type %d, not Ethernet" % (path, linktype))
    frames, off = [], 24
    while off + 16 <= len(data):
        sec, frac, incl, _ = struct.unpack_from(endian + "IIII", data, off)
        off += 16
        if off + incl > len(data):
            break   # the writer was stopped mid-record
        frames.append(Frame(sec + frac / (1e9 if nanos else 1e6), data[off:off + incl]))
        off += incl
    return frames


def describe(frame, t0=0.0):
    """One line per frame: time, tags, PPPoE code or PPP protocol, session id."""
    tags = ".".join("%s%d" % ("S" if tpid == ETH_P_8021AD else "C", vid) for tpid, vid in frame.tags)
    what = "ethertype 0x%04x" % frame.ethertype
    if frame.pppoe:
        what = "%s sid=%d" % (frame.pppoe.name, frame.pppoe.session_id)
        if frame.pppoe.ppp_code is not None:
            what += " code=%d" % frame.pppoe.ppp_code
        if frame.pppoe.ipv6_kind():
            what += " " + frame.pppoe.ipv6_kind()
    return "%9.3f %s > %s %-9s %s" % (frame.ts - t0, frame.src.hex(":"), frame.dst.hex(":"), tags, what)


if __name__ == "__main__":
    import sys
    captured = read_pcap(sys.argv[1])
    for f in captured:
        print(describe(f, captured[0].ts if captured else 0.0))
