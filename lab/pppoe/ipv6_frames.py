# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Writes the IPv6 packets the app's BNG exchanges with a subscriber in its session, as scapy
builds them, one "name hex" a line: Router Solicitation and Advertisement (RFC 4861), DHCPv6
prefix delegation (RFC 8415) both ways, and one whole PPPoE session frame. The app builds its
answers byte by byte (SubscriberIpv6Packets, Dhcpv6Message, PrefixDelegationServer);
SubscriberIpv6Test compares them with these and reads scapy's client messages.

    .venv/bin/python lab/pppoe/ipv6_frames.py > app/src/test/resources/org/sixflow/app/features/bng/impl/ipv6-scapy.txt
"""

from scapy.all import raw
from scapy.layers.dhcp6 import (DHCP6_Advertise, DHCP6_InfoRequest, DHCP6_Rebind, DHCP6_Release, DHCP6_Renew,
                                DHCP6_Reply, DHCP6_Request, DHCP6_Solicit, DHCP6OptClientId, DHCP6OptElapsedTime,
                                DHCP6OptIA_NA, DHCP6OptIA_PD, DHCP6OptIAPrefix, DHCP6OptRapidCommit,
                                DHCP6OptServerId, DHCP6OptStatusCode, DUID_LL, DUID_LLT)
from scapy.layers.inet import UDP
from scapy.layers.inet6 import (ICMPv6EchoRequest, ICMPv6ND_RA, ICMPv6ND_RS, ICMPv6NDOptMTU, ICMPv6NDOptPrefixInfo,
                                IPv6)
from scapy.layers.l2 import Dot1AD, Dot1Q, Ether
from scapy.layers.ppp import PPP, PPPoE

BNG_MAC = "02:00:00:00:0b:01"
BNG_LL = "fe80::ff:fe00:b01"            # modified EUI-64 of BNG_MAC
SUBSCRIBER_MAC = "52:54:00:5f:00:01"
CLIENT = "fe80::10:2"                   # IPv6CP interface id ::10:2
LAN64 = "fd33:0:0:2::"
DELEGATED = "fd33:100:0:200::"          # the line's /56
XID = 0x3a7b1c
CLIENT_DUID = DUID_LLT(lladdr=SUBSCRIBER_MAC, timeval=0x2d1e4f60)
SERVER_DUID = DUID_LL(lladdr=BNG_MAC)
OTHER_DUID = DUID_LL(lladdr="02:00:00:00:0c:01")


def client(message):
    return IPv6(src=CLIENT, dst="ff02::1:2", hlim=1) / UDP(sport=546, dport=547) / message


def server(message):
    return IPv6(src=BNG_LL, dst=CLIENT, hlim=64) / UDP(sport=547, dport=546) / message


def ia_pd(t1=0, t2=0, options=()):
    return DHCP6OptIA_PD(iaid=1, T1=t1, T2=t2, iapdopt=list(options))


def prefix():
    return DHCP6OptIAPrefix(preflft=3600, validlft=7200, plen=56, prefix=DELEGATED)


def bound():
    return ia_pd(1800, 2880, [prefix()])


def ids():
    return DHCP6OptClientId(duid=CLIENT_DUID) / DHCP6OptServerId(duid=SERVER_DUID)


ROUTER_ADVERTISEMENT = (IPv6(src=BNG_LL, dst="ff02::1", hlim=255)
                        / ICMPv6ND_RA(chlim=64, M=0, O=0, prf=0, routerlifetime=1800, reachabletime=0, retranstimer=0)
                        / ICMPv6NDOptMTU(mtu=1492)
                        / ICMPv6NDOptPrefixInfo(prefixlen=64, L=1, A=1, validlifetime=86400,
                                                preferredlifetime=14400, prefix=LAN64))

PACKETS = [
    ("rs", IPv6(src=CLIENT, dst="ff02::2", hlim=255) / ICMPv6ND_RS()),
    ("rs-unspecified", IPv6(src="::", dst="ff02::2", hlim=255) / ICMPv6ND_RS()),
    ("ra", ROUTER_ADVERTISEMENT),
    ("echo", IPv6(src=CLIENT, dst="ff02::1", hlim=64) / ICMPv6EchoRequest(id=1, seq=1)),
    ("solicit", client(DHCP6_Solicit(trid=XID) / DHCP6OptClientId(duid=CLIENT_DUID) / DHCP6OptElapsedTime()
                       / ia_pd())),
    ("advertise", server(DHCP6_Advertise(trid=XID) / ids() / bound())),
    ("solicit-rapid", client(DHCP6_Solicit(trid=XID) / DHCP6OptClientId(duid=CLIENT_DUID) / DHCP6OptRapidCommit()
                             / ia_pd())),
    ("reply-rapid", server(DHCP6_Reply(trid=XID) / ids() / bound() / DHCP6OptRapidCommit())),
    ("request", client(DHCP6_Request(trid=XID) / ids() / DHCP6OptElapsedTime() / ia_pd(options=[prefix()]))),
    ("request-other-server", client(DHCP6_Request(trid=XID) / DHCP6OptClientId(duid=CLIENT_DUID)
                                    / DHCP6OptServerId(duid=OTHER_DUID) / ia_pd())),
    ("reply", server(DHCP6_Reply(trid=XID) / ids() / bound())),
    ("renew", client(DHCP6_Renew(trid=XID + 1) / ids() / ia_pd(options=[prefix()]))),
    ("reply-renew", server(DHCP6_Reply(trid=XID + 1) / ids() / bound())),
    ("rebind", client(DHCP6_Rebind(trid=XID + 2) / DHCP6OptClientId(duid=CLIENT_DUID) / ia_pd(options=[prefix()]))),
    ("reply-rebind", server(DHCP6_Reply(trid=XID + 2) / ids() / bound())),
    ("release", client(DHCP6_Release(trid=XID + 3) / ids() / ia_pd(options=[prefix()]))),
    ("reply-release", server(DHCP6_Reply(trid=XID + 3) / ids()
                             / DHCP6OptStatusCode(statuscode=0, statusmsg="released"))),
    ("advertise-none", server(DHCP6_Advertise(trid=XID) / ids()
                              / ia_pd(options=[DHCP6OptStatusCode(statuscode=6,
                                                                  statusmsg="no prefix is configured for this line")]))),
    ("solicit-na", client(DHCP6_Solicit(trid=XID) / DHCP6OptClientId(duid=CLIENT_DUID) / DHCP6OptIA_NA(iaid=7)
                          / ia_pd())),
    ("advertise-na", server(DHCP6_Advertise(trid=XID) / ids() / bound()
                            / DHCP6OptIA_NA(iaid=7, T1=0, T2=0,
                                            ianaopts=[DHCP6OptStatusCode(statuscode=2, statusmsg="prefixes only")]))),
    ("info-request", client(DHCP6_InfoRequest(trid=XID + 4) / DHCP6OptClientId(duid=CLIENT_DUID))),
    ("reply-info", server(DHCP6_Reply(trid=XID + 4) / ids())),
]

if __name__ == "__main__":
    print("# IPv6 packets by scapy (lab/pppoe/ipv6_frames.py): name hex")
    for name, packet in PACKETS:
        print(name, raw(packet).hex())
    # The RA in its session frame, as the BNG sends it down the line (S-tag 100, C-tag 11, session 1).
    frame = (Ether(dst=SUBSCRIBER_MAC, src=BNG_MAC) / Dot1AD(vlan=100) / Dot1Q(vlan=11)
             / PPPoE(code=0, sessionid=1) / PPP(proto=0x0057) / ROUTER_ADVERTISEMENT)
    print("ra-frame", raw(frame).hex())
