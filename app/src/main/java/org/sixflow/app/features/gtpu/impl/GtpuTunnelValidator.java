// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.pipeconf.Feature;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Checks a tunnel against the network and the other stored tunnels. Each problem names the
 * field, and the device or the other tunnel involved:
 * <ul>
 *   <li>its devices are known to ONOS and Sixflow's (pipeconf and netcfg);</li>
 *   <li>FULL checksums only on encap devices whose target computes them (not Tofino);</li>
 *   <li>the N3 address inside the decap device's locator (routing brings uplink packets there),
 *       not one of its SIDs, not a host's address;</li>
 *   <li>the uplink TEID unique per (decap device, N3 address): the data plane looks it up so;</li>
 *   <li>tunnels sharing an N3 address agree on acceptZeroChecksum (one gtpu_n3 entry holds it);</li>
 *   <li>no two tunnels' UE prefixes overlap on an encap device they share (LPM would pick one).</li>
 * </ul>
 */
public final class GtpuTunnelValidator {

    private GtpuTunnelValidator() {
    }

    /**
     * Checks a tunnel.
     *
     * @param tunnel  the candidate
     * @param stored  the stored tunnels (one with the candidate's id is left out)
     * @param network the network now
     * @return problems; empty when valid
     */
    public static List<String> problems(GtpuTunnel tunnel, Collection<GtpuTunnel> stored, GtpuNetwork network) {
        List<String> problems = new ArrayList<>();
        Optional<GtpuNetwork.Router> decap = router("decapDevice", tunnel.decapDevice(), network, problems);
        decap.ifPresent(router -> n3Address(tunnel, router, network, problems));
        for (DeviceId device : tunnel.encapDevices()) {
            router("encapDevices", device, network, problems).ifPresent(router -> {
                if (tunnel.checksumMode() == GtpuChecksumMode.FULL && !router.fullChecksum()) {
                    problems.add("checksumMode FULL: encap device " + device + " runs " + router.pipeconf()
                                         + ", whose target (Tofino) cannot compute a full UDP checksum and drops"
                                         + " such packets; use INCREMENTAL or ZERO");
                }
            });
        }
        for (GtpuTunnel other : stored) {
            if (!other.id().equals(tunnel.id())) {
                against(tunnel, other, problems);
            }
        }
        return problems;
    }

    private static Optional<GtpuNetwork.Router> router(String field, DeviceId device, GtpuNetwork network,
                                                      List<String> problems) {
        if (!network.isKnown(device)) {
            problems.add(field + ": " + device + " is not a device ONOS knows");
            return Optional.empty();
        }
        Optional<GtpuNetwork.Router> router = network.router(device);
        if (router.isEmpty()) {
            problems.add(field + ": " + device + " is not a Sixflow device (a Sixflow pipeconf and a valid"
                                 + " sixflow netcfg)");
            return router;
        }
        Optional<String> noGtpu = ProfileFeatures.refusal(device, Optional.of(router.get().pipeconf()), Feature.GTPU);
        if (noGtpu.isPresent()) {
            problems.add(field + ": " + noGtpu.get());
            return Optional.empty();
        }
        return router;
    }

    private static void n3Address(GtpuTunnel tunnel, GtpuNetwork.Router decap, GtpuNetwork network,
                                  List<String> problems) {
        if (!decap.locator().contains(tunnel.n3Address())) {
            problems.add("n3Address " + tunnel.n3Address() + " is not inside decapDevice " + decap.id()
                                 + "'s locator " + decap.locator() + " (routing brings only the locator there)");
        } else if (decap.isSid(tunnel.n3Address())) {
            problems.add("n3Address " + tunnel.n3Address() + " is in decapDevice " + decap.id()
                                 + "'s SID space (its SIDs' behaviour codes); pick another address in "
                                 + decap.locator());
        }
        network.hostOf(tunnel.n3Address()).ifPresent(host -> problems.add(
                "n3Address " + tunnel.n3Address() + " is host " + host + "'s address"));
    }

    private static void against(GtpuTunnel tunnel, GtpuTunnel other, List<String> problems) {
        if (other.n3Address().equals(tunnel.n3Address())) {
            if (!other.decapDevice().equals(tunnel.decapDevice())) {
                problems.add("n3Address " + tunnel.n3Address() + " is tunnel " + other.id() + "'s on "
                                     + other.decapDevice());
            } else if (other.uplinkTeid() == tunnel.uplinkTeid()) {
                problems.add("uplinkTeid " + tunnel.uplinkTeid() + " is tunnel " + other.id() + "'s at n3Address "
                                     + tunnel.n3Address());
            }
            if (other.acceptZeroChecksum() != tunnel.acceptZeroChecksum()) {
                problems.add("acceptZeroChecksum must be " + other.acceptZeroChecksum() + " as tunnel "
                                     + other.id() + " has it: it is n3Address " + tunnel.n3Address()
                                     + "'s setting");
            }
        }
        for (DeviceId device : tunnel.encapDevices()) {
            if (!other.encapDevices().contains(device)) {
                continue;
            }
            for (Ip6Prefix mine : tunnel.uePrefixes()) {
                for (Ip6Prefix theirs : other.uePrefixes()) {
                    if (mine.contains(theirs) || theirs.contains(mine)) {
                        problems.add("uePrefixes: " + mine + " overlaps tunnel " + other.id() + "'s " + theirs
                                             + " on encap device " + device);
                    }
                }
            }
        }
    }
}
