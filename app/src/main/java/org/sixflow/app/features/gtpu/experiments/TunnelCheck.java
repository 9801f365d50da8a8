// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;

import java.util.Map;
import java.util.Optional;

/**
 * Checks a class that names a GTP-U tunnel against the tunnel, as a run is planned: the tunnel
 * exists and is installed, and the class's probes are what the ingress device will treat as the
 * tunnel's packets — downlink probes go to one of its UE prefixes, encapsulated at the ingress
 * device and measured as its checksum mode's class; uplink probes are G-PDUs to its N3 address on
 * the ingress device, with its uplink TEID.
 */
final class TunnelCheck {

    private TunnelCheck() {
    }

    /**
     * Names what is wrong between a class and its tunnel.
     *
     * @param c        the class, naming a tunnel
     * @param packet   its packet as planned, or null
     * @param ingress  the measured device
     * @param at       the class's path, e.g. classes[2]
     * @param tunnels  where the tunnel is looked up
     * @param problems where problems go
     */
    static void check(ExperimentClass c, ProbePacket packet, DeviceId ingress, String at, GtpuTunnelService tunnels,
                      Map<String, String> problems) {
        String id = c.tunnel().orElseThrow();
        Optional<GtpuTunnel> found = tunnels.tunnel(id);
        if (found.isEmpty()) {
            problems.put(at + ".tunnel", "no GTP-U tunnel " + id);
            return;
        }
        GtpuTunnel t = found.get();
        InstallStatus.State state = tunnels.status(id).map(InstallStatus::state).orElse(InstallStatus.State.REQUESTED);
        if (state != InstallStatus.State.INSTALLED) {
            problems.put(at + ".tunnel", "tunnel " + id + " is " + state + ", not " + InstallStatus.State.INSTALLED
                    + ": its entries are not all on its devices");
        }
        if (GtpuClasses.ENCAP.contains(c.latencyClass())) {
            downlink(c, packet, ingress, at, t, problems);
        } else if (c.latencyClass() == LatencyClass.GTPU_DECAP) {
            uplink(packet, ingress, at, t, problems);
        }
    }

    private static void downlink(ExperimentClass c, ProbePacket packet, DeviceId ingress, String at, GtpuTunnel t,
                                 Map<String, String> problems) {
        LatencyClass encap = GtpuClasses.encapClass(t.checksumMode());
        if (c.latencyClass() != encap) {
            problems.put(at + ".latencyClass", "tunnel " + t.id() + "'s checksum mode makes its downlink packets "
                    + encap.label() + ", not " + c.latencyClass().label());
        }
        if (!t.encapDevices().contains(ingress)) {
            problems.put(at + ".tunnel", "tunnel " + t.id() + " encapsulates at " + t.encapDevices() + ", not at the "
                    + "ingress device " + ingress);
        }
        if (packet != null && t.uePrefixes().stream().noneMatch(p -> p.contains(packet.destination()))) {
            problems.put(at + ".packet.destination", packet.destination() + " is in none of tunnel " + t.id()
                    + "'s UE prefixes " + t.uePrefixes());
        }
    }

    private static void uplink(ProbePacket packet, DeviceId ingress, String at, GtpuTunnel t,
                               Map<String, String> problems) {
        if (!t.decapDevice().equals(ingress)) {
            problems.put(at + ".tunnel", "tunnel " + t.id() + " decapsulates at " + t.decapDevice() + ", not at the "
                    + "ingress device " + ingress);
        }
        Optional<ProbePacket.Gtpu> gtpu = packet == null ? Optional.empty() : packet.gtpu();
        if (gtpu.isEmpty()) {
            return;  // the class's own validation asks for the G-PDU
        }
        if (!gtpu.get().n3Address().equals(t.n3Address())) {
            problems.put(at + ".packet.gtpu.n3Address", "tunnel " + t.id() + "'s N3 address is " + t.n3Address()
                    + ", not " + gtpu.get().n3Address());
        }
        if (gtpu.get().teid() != t.uplinkTeid()) {
            problems.put(at + ".packet.gtpu.teid", "tunnel " + t.id() + "'s uplink TEID is " + t.uplinkTeid()
                    + ", not " + gtpu.get().teid());
        }
    }
}
