# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Real pppd clients and a real pppoe-server in the PPPoE VM, across a wire on this host.

The VM's two NICs are taps in a host namespace sfppp-<pid>-w, joined there by a Linux bridge (the
bmv2 BNG switch takes the bridge's place in the lab). Inside the VM: pppoe-server (kernel mode,
PAP or CHAP, an IPv4 pool, IPv6CP, RA and DHCPv6-PD per session) in namespace "bng" on QinQ
interfaces of NIC 2, and two pppd clients, each in its own namespace on a QinQ interface of
NIC 1, plus a third whose secret the server lacks. tcpdump on the access tap records what the
wire carried; the test reads it back and checks every PPPoE frame's S-tag, C-tag and session id.

Needs root and the VM image (sudo lab/pppoe/build-vm.sh); skipped, loudly, without either.
Takes about two minutes of one core (the VM runs under software emulation at nice 10).
Run: sudo python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_pppoe_vm_system.py' -v
SIXFLOW_PPPVM_AUTH=chap authenticates with CHAP instead of PAP; SIXFLOW_PPPVM_REPORT=FILE writes
the measured figures there as JSON; SIXFLOW_PPPVM_PCAP=FILE keeps the capture of the access wire.
"""

import ipaddress
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import frames
import subscribers
import vm as vmlib
from subscribers import Server, Subscriber

WHY_NOT = None
if os.geteuid() != 0:
    WHY_NOT = "needs root (network namespaces, taps)"
elif vmlib.image_missing():
    WHY_NOT = vmlib.image_missing()
elif not shutil.which("tcpdump"):
    WHY_NOT = "needs tcpdump on the host"
if WHY_NOT:
    print("\n*** SKIPPED the PPPoE VM system test: %s ***" % WHY_NOT, file=sys.stderr)

S_TAG = 100
AUTH = os.environ.get("SIXFLOW_PPPVM_AUTH", "pap")   # or chap
WIRE_MTU = 1508   # 1500-byte PPPoE payloads plus two VLAN tags


def sh(*argv):
    return subprocess.run(argv, check=True, capture_output=True, text=True).stdout


@unittest.skipIf(WHY_NOT, WHY_NOT or "")
class PppoeVmSystemTest(unittest.TestCase):

    def setUp(self):
        self.prefix = "sfppp-%d-" % os.getpid()
        self.wire_ns = self.prefix + "w"
        self.tmp = tempfile.mkdtemp(prefix="sfppp-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        sh("ip", "netns", "add", self.wire_ns)
        self.addCleanup(self._delete_netns)
        # The wire's own devices stay off IPv6 (no MLD or DAD among the captured frames).
        sh("ip", "netns", "exec", self.wire_ns, "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1",
           "net.ipv6.conf.default.disable_ipv6=1")
        sh("ip", "-n", self.wire_ns, "link", "add", "br0", "type", "bridge", "forward_delay", "0",
           "stp_state", "0")
        self.access = vmlib.Nic(self.prefix + "a", self.wire_ns)
        self.trunk = vmlib.Nic(self.prefix + "b", self.wire_ns)
        self.vm = vmlib.VM([self.access, self.trunk], memory_mb=384)
        self.addCleanup(self.vm.stop)
        self.vm.start()
        for nic in (self.access, self.trunk):
            sh("ip", "-n", self.wire_ns, "link", "set", nic.tap, "mtu", str(WIRE_MTU), "master", "br0")
        sh("ip", "-n", self.wire_ns, "link", "set", "br0", "mtu", str(WIRE_MTU), "up")
        self.pcap = os.path.join(self.tmp, "access.pcap")
        self.tcpdump = subprocess.Popen(
            ["ip", "netns", "exec", self.wire_ns, "tcpdump", "-i", self.access.tap, "-n", "-s", "0",
             "-U", "-w", self.pcap], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.addCleanup(self._stop_tcpdump)
        line = self.tcpdump.stderr.readline()
        self.assertIn("listening on", line, "tcpdump did not start: %s" % line)

    def _stop_tcpdump(self):
        if self.tcpdump.poll() is None:
            self.tcpdump.send_signal(signal.SIGINT)
            try:
                self.tcpdump.wait(10)
            except subprocess.TimeoutExpired:
                self.tcpdump.kill()
                self.tcpdump.wait()
        self.tcpdump.stderr.close()

    def _delete_netns(self):
        subprocess.run(["ip", "netns", "delete", self.wire_ns], capture_output=True)

    def test_dual_stack_sessions_over_qinq_through_real_pppoe_server(self):
        vm = self.vm
        report = {"bootSecs": vm.boot_secs, "accel": vm.accel, "vmMemoryMb": vm.memory_mb, "auth": AUTH,
                  # The guest's own uptime when its agent was ready: the rest of bootSecs is
                  # qemu and firmware.
                  "guestUptimeAtReadySecs": vm.hello_info["uptime"]}
        access_if, trunk_if = vm.guest_ifname(self.access), vm.guest_ifname(self.trunk)
        subs = [Subscriber("sub1", S_TAG, 10, "alice@sixflow", "alice-secret", "::10:1",
                           lan64="fd33:0:0:1::/64", delegated="fd33:100:0:100::/56"),
                Subscriber("sub2", S_TAG, 11, "bob@sixflow", "bob-secret", "::10:2",
                           lan64="fd33:0:0:2::/64", delegated="fd33:100:0:200::/56")]
        server = Server(netns="bng", local_ipv4="10.33.0.1", pool_start="10.33.0.10", pool_size=8,
                        ipv6_id="::1", auth=AUTH)
        pool = [ipaddress.IPv4Address("10.33.0.10") + i for i in range(8)]

        # The server listens on every subscriber's tags; each client on its own.
        # sub3 has a secret for its own side only: the server must refuse it.
        mallory = Subscriber("sub3", S_TAG, 12, "mallory@sixflow", "guess", "::10:3", server_knows=False)
        server_ifs = [subscribers.qinq(vm, trunk_if, s.s_tag, s.c_tag, server.netns)
                      for s in subs + [mallory]]
        client_ifs = [subscribers.qinq(vm, access_if, s.s_tag, s.c_tag, s.netns) for s in subs]
        mallory_if = subscribers.qinq(vm, access_if, S_TAG, 12, mallory.netns)
        subscribers.write_secrets(vm, subs + [mallory], auth=AUTH)
        server.start(vm, server_ifs, subs)

        started = time.monotonic()
        for sub, ifname in zip(subs, client_ifs):
            subscribers.start_client(vm, sub, ifname)
        states = {}
        for sub in subs:
            states[sub.name] = subscribers.wait_session(vm, sub, timeout=150, server=server)
        report["bothSessionsUpSecs"] = round(time.monotonic() - started, 2)

        # A subscriber whose secret the server lacks is refused: pppd logs that PAP failed and
        # ends with "we failed to authenticate ourselves to the peer" (exit 19) — or, when the
        # server's Terminate-Request and the end of its PPPoE session reach pppd first, with
        # "the link was hung up" (exit 16; a clean-clone run on 2026-11-30 saw it); no ppp0, the
        # server's session gone.
        refused_started = time.monotonic()
        subscribers.start_client(vm, mallory, mallory_if)
        deadline = time.monotonic() + 150
        while vm.status(mallory.pid)[0] and time.monotonic() < deadline:
            time.sleep(0.5)
        logs = vm.run("tail -n 15 /run/ppp/sub3.log %s" % server.log, check=False).out
        running, code = vm.status(mallory.pid)
        self.assertFalse(running, logs)
        self.assertIn(code, (19, 16), logs)
        self.assertIn("PAP authentication failed",
                      vm.run("cat /run/ppp/sub3.log", check=False).out, logs)
        self.assertIsNone(subscribers.session_state(vm, mallory))
        self._wait_sessions(server, 2, "the refused session is gone from the server")
        report["refusedSubscriberSecs"] = round(time.monotonic() - refused_started, 2)

        addresses = set()
        for sub in subs:
            ipv4, peer, ipv6 = states[sub.name]
            with self.subTest(sub=sub.name, check="addresses"):
                self.assertIn(ipaddress.IPv4Address(ipv4), pool)
                self.assertEqual("10.33.0.1", peer)
                self.assertIn(sub.link_local, ipv6, "IPv6CP interface id %s" % sub.ipv6_id)
                addresses.add(ipv4)
        self.assertEqual(2, len(addresses), "each session has its own address from the pool")
        self.assertEqual(2, len(server.sessions(vm)), "the server has one ppp interface per session")

        for sub in subs:
            with self.subTest(sub=sub.name, check="ping"):
                vm.run(["ip", "netns", "exec", sub.netns, "ping", "-c", "2", "-W", "5", "10.33.0.1"],
                       timeout=30)
                vm.run(["ip", "netns", "exec", sub.netns, "ping", "-6", "-c", "2", "-W", "5",
                        "fe80::1%ppp0"], timeout=30)
                # And the server reaches the subscriber's address over the session.
                vm.run(["ip", "netns", "exec", server.netns, "ping", "-c", "1", "-W", "5",
                        states[sub.name][0]], timeout=30)
        # IPv6 beyond the link: the subscriber's /64 by RA (SLAAC on ppp0 with the IPv6CP interface
        # id), its delegated prefix by DHCPv6-PD (first /64 on its LAN), both reachable.
        pd_started = time.monotonic()
        for sub in subs:
            subscribers.start_dhcpv6(vm, sub)
        for sub in subs:
            with self.subTest(sub=sub.name, check="RA and DHCPv6-PD"):
                try:
                    slaac = subscribers.wait_address(vm, sub, "ppp0", sub.lan64)
                    lan = subscribers.wait_address(vm, sub, "lan0", sub.lan_subnet(1))
                except vmlib.VMError as e:
                    logs = "/run/ppp/bng-*/*.log /run/ppp/bng-*/kea.out /run/ppp/%s-dhcp6c.log" % sub.name
                    self.fail("%s\n%s" % (e, vm.run("tail -n 20 " + logs, check=False).out))
                self.assertEqual(ipaddress.IPv6Address(sub.slaac_address), ipaddress.IPv6Address(slaac))
                report["%s.delegatedLanAddress" % sub.name] = lan
                vm.run(["ip", "netns", "exec", sub.netns, "ping", "-6", "-c", "1", "-W", "5",
                        str(sub.lan64[1])], timeout=30)
                vm.run(["ip", "netns", "exec", server.netns, "ping", "-6", "-c", "1", "-W", "5", lan],
                       timeout=30)
        report["raAndPdSecs"] = round(time.monotonic() - pd_started, 2)
        guest = vm.hello()
        report["guestMemAvailableMbWithSessions"] = guest["memAvailableKb"] // 1024
        report["guestMemUsedMbWithSessions"] = (guest["memTotalKb"] - guest["memAvailableKb"]) // 1024
        report["qemuRssMb"] = (vm.host_rss_kb() or 0) // 1024

        # Ending a session from the client side, twice over. sub1: pppd stops (SIGTERM), ends LCP
        # with a Terminate-Request; the server's pppd exits and pppoe-server sends the PADT
        # (Debian's pppd 2.4.9 plugin sends none of its own). sub2: the client sends a PADT
        # itself (rp-pppoe's `pppoe -k`, as a CPE that drops a line does), and the server must
        # end that session on it alone.
        subscribers.stop_client(vm, subs[0])
        self._wait_sessions(server, 1, "the server ended sub1's session after its LCP Terminate")
        sid2 = subscribers.session_id(vm, subs[1])
        vm.run(["ip", "netns", "exec", subs[1].netns, "pppoe", "-I", client_ifs[1], "-k",
                "-e", "%d:%s" % (sid2, self.trunk.mac)], timeout=20)
        self._wait_sessions(server, 0, "the server ended sub2's session on the client's PADT")
        subscribers.stop_client(vm, subs[1])
        server.stop(vm)
        time.sleep(0.5)
        self._stop_tcpdump()

        if os.environ.get("SIXFLOW_PPPVM_PCAP"):
            shutil.copy(self.pcap, os.environ["SIXFLOW_PPPVM_PCAP"])
        report.update(self._check_wire(subs, mallory))
        print("\nPPPoE VM report: " + json.dumps(report, sort_keys=True), file=sys.stderr)
        if os.environ.get("SIXFLOW_PPPVM_REPORT"):
            with open(os.environ["SIXFLOW_PPPVM_REPORT"], "w") as f:
                json.dump(report, f, indent=2, sort_keys=True)

    def _wait_sessions(self, server, count, message, timeout=20):
        deadline = time.monotonic() + timeout
        while len(server.sessions(self.vm)) != count and time.monotonic() < deadline:
            time.sleep(0.3)
        self.assertEqual(count, len(server.sessions(self.vm)), message)

    def _check_wire(self, subs, refused):
        """What the access wire carried, per subscriber: discovery, the session, its end."""
        captured = frames.read_pcap(self.pcap)
        pppoe = [f for f in captured if f.pppoe]
        self.assertTrue(pppoe, "no PPPoE frame on the wire (%d frames)" % len(captured))
        client_mac = bytes.fromhex(self.access.mac.replace(":", ""))
        server_mac = bytes.fromhex(self.trunk.mac.replace(":", ""))
        from_vm = [f for f in captured if f.src in (client_mac, server_mac)]
        self.assertEqual([], [frames.describe(f) for f in from_vm if f.vlans is None or not f.pppoe],
                         "the VM sends only PPPoE in QinQ onto the wire")
        figures = {"pppoeFramesOnWire": len(pppoe)}
        for sub in subs:
            mine = [f for f in pppoe if f.vlans == (sub.s_tag, sub.c_tag)]
            names = [f.pppoe.name for f in mine if f.pppoe.discovery]
            with self.subTest(sub=sub.name, check="discovery"):
                for code in ("PADI", "PADO", "PADR", "PADS", "PADT"):
                    self.assertIn(code, names)
                pads = [f for f in mine if f.pppoe.discovery and f.pppoe.code == frames.PADS]
                self.assertEqual(1, len(pads))
                sid = pads[0].pppoe.session_id
                self.assertNotEqual(0, sid)
                self.assertEqual(server_mac, pads[0].src)
                self.assertEqual(client_mac, pads[0].dst)
            session = [f for f in mine if not f.pppoe.discovery]
            with self.subTest(sub=sub.name, check="session frames"):
                self.assertEqual({sid}, {f.pppoe.session_id for f in session})
                self.assertEqual({client_mac, server_mac}, {f.src for f in session}, "both directions")
                protocols = {f.pppoe.name for f in session}
                for proto in ("LCP", AUTH.upper(), "IPCP", "IPV6CP", "IPv4", "IPv6"):
                    self.assertIn(proto, protocols)
                # What the BNG must carry or answer itself later: RAs and DHCPv6 both ways.
                kinds = {(f.src, f.pppoe.ipv6_kind()) for f in session}
                for kind in ((server_mac, "RA"), (client_mac, "DHCPv6 to server"),
                             (server_mac, "DHCPv6 to client")):
                    self.assertIn(kind, kinds)
            padts = [(f.src, f.pppoe.session_id) for f in mine
                     if f.pppoe.discovery and f.pppoe.code == frames.PADT]
            with self.subTest(sub=sub.name, check="PADT"):
                # sub1's session ends by LCP, and the server says so; sub2's by the client's PADT.
                sender = server_mac if sub is subs[0] else client_mac
                self.assertIn((sender, sid), padts, "a PADT naming the session")
            figures["%s.padtFrom" % sub.name] = sorted(
                {"client" if src == client_mac else "server" for src, _ in padts})
            padi = min(f.ts for f in mine if f.pppoe.discovery and f.pppoe.code == frames.PADI)
            acks = [f.ts for f in session if f.pppoe.protocol in (frames.PPP_IPCP, frames.PPP_IPV6CP)
                    and f.pppoe.ppp_code == frames.CONFIGURE_ACK]
            figures["%s.sessionId" % sub.name] = sid
            figures["%s.discoveryToIpcpUpSecs" % sub.name] = round(max(acks) - padi, 3)
        refused_frames = [f for f in pppoe if f.vlans == (refused.s_tag, refused.c_tag)]
        with self.subTest(sub=refused.name, check="refused on the wire"):
            # PAP Authenticate-Nak (code 3) or CHAP Failure (code 4), from the server.
            auth_proto, refusal = (frames.PPP_PAP, 3) if AUTH == "pap" else (frames.PPP_CHAP, 4)
            naks = [f for f in refused_frames if not f.pppoe.discovery and f.pppoe.protocol == auth_proto
                    and f.pppoe.ppp_code == refusal and f.src == server_mac]
            self.assertTrue(naks, "the server refused %s" % refused.user)
            self.assertIn("PADT", [f.pppoe.name for f in refused_frames if f.pppoe.discovery])
            self.assertNotIn("IPCP", {f.pppoe.name for f in refused_frames})
        return figures


if __name__ == "__main__":
    unittest.main()
