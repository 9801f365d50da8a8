// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import com.google.common.collect.Sets;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;

import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The shape of an experiment's GTP-U classes, checked without the network: a tunnel is named by
 * its id and only by a GTP-U class; a gtpu-encap-* class sends plain IPv6/UDP probes (the tunnel
 * encapsulates them at the ingress device), a gtpu-decap class sends G-PDUs (uplink, to the
 * tunnel's N3 address). Whether the tunnel exists, is installed and matches the packets is the
 * run's check ({@link TunnelCheck}); that only the controller's probes can be G-PDUs, in frames
 * that hold them, the experiments' own.
 */
final class GtpuClasses {

    /** The classes a GTP-U tunnel's downlink packets are measured as, one per checksum mode. */
    static final Set<LatencyClass> ENCAP = Sets.immutableEnumSet(
            LatencyClass.GTPU_ENCAP_ZERO, LatencyClass.GTPU_ENCAP_FULL, LatencyClass.GTPU_ENCAP_INCREMENTAL);
    /** The classes a GTP-U tunnel's packets are measured as: downlink's and uplink's. */
    static final Set<LatencyClass> ALL = Sets.immutableEnumSet(Sets.union(ENCAP, Set.of(LatencyClass.GTPU_DECAP)));
    /** Tunnel ids, as the tunnel service takes them. */
    private static final Pattern TUNNEL_ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    private GtpuClasses() {
    }

    /**
     * Names what is wrong with a class's GTP-U fields.
     *
     * @param e        the experiment
     * @param c        one of its classes
     * @param at       the class's path, e.g. classes[2]
     * @param problems where problems go
     */
    static void problems(Experiment e, ExperimentClass c, String at, Map<String, String> problems) {
        c.tunnel().ifPresent(id -> {
            if (!TUNNEL_ID.matcher(id).matches()) {
                problems.put(at + ".tunnel", "\"" + id + "\" is not a tunnel id: 1-32 lower-case letters, digits and "
                        + "dashes");
            } else if (!ALL.contains(c.latencyClass())) {
                problems.put(at + ".tunnel", "a tunnel's packets are measured as gtpu-encap-zero, -full, "
                        + "-incremental or gtpu-decap, not " + c.latencyClass().label());
            }
        });
        boolean gpdu = c.packet().flatMap(ProbePacket::gtpu).isPresent();
        boolean decap = c.latencyClass() == LatencyClass.GTPU_DECAP;
        if (gpdu && !decap) {
            problems.put(at + ".packet.gtpu", ENCAP.contains(c.latencyClass())
                    ? "gtpu-encap probes are plain IPv6/UDP packets to a UE address: the tunnel encapsulates them "
                            + "at the ingress device"
                    : "only gtpu-decap probes are G-PDUs; " + c.latencyClass().label() + " probes are plain IPv6/UDP");
        } else if (decap && c.packet().isPresent() && !gpdu && e.traffic() != ExperimentTraffic.EXTERNAL) {
            problems.put(at + ".packet.gtpu", "required for gtpu-decap: its probes are G-PDUs to the tunnel's N3 "
                    + "address (peerAddress, n3Address, teid)");
        }
    }

    /**
     * Returns what the data plane measures a tunnel's downlink packets as (gtpu.p4 sets it by the
     * tunnel's checksum mode).
     *
     * @param mode the tunnel's checksum mode
     * @return gtpu-encap-zero, -full or -incremental
     */
    static LatencyClass encapClass(GtpuChecksumMode mode) {
        switch (mode) {
            case FULL:
                return LatencyClass.GTPU_ENCAP_FULL;
            case INCREMENTAL:
                return LatencyClass.GTPU_ENCAP_INCREMENTAL;
            case ZERO:
            default:
                return LatencyClass.GTPU_ENCAP_ZERO;
        }
    }
}
