// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.onlab.packet.Ip6Address;
import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * GTP-U tunnels: one UE session's downlink and uplink tunnels between this network's N3 address
 * and a peer (gNB). Changes go through {@link GtpuTunnelAdminService}.
 */
public interface GtpuTunnelService extends ListenerService<GtpuTunnelEvent, GtpuTunnelListener> {

    /**
     * Returns the cluster's tunnels, by id: as of the last change this instance heard of (its
     * own at once, another instance's when its event arrives).
     *
     * @return tunnels, each with its counter index
     */
    List<GtpuTunnel> tunnels();

    /**
     * Returns the tunnels that end at an N3 address of a device: those it decapsulates whose N3
     * address this is. A device's GTP-U answers (echo, Error Indication, Supported Extension
     * Headers Notification) speak only for such an address.
     *
     * @param device    the decap device
     * @param n3Address the address
     * @return the tunnels, none if it is no N3 address of the device
     */
    default List<GtpuTunnel> tunnelsEndingAt(DeviceId device, Ip6Address n3Address) {
        return tunnels().stream().filter(t -> t.decapDevice().equals(device) && t.n3Address().equals(n3Address))
                .collect(Collectors.toList());
    }

    /**
     * Returns every tunnel's status as {@link #tunnels} sees them, for lists.
     *
     * @return statuses by tunnel id
     */
    Map<String, InstallStatus> statuses();

    /**
     * Returns a tunnel.
     *
     * @param id tunnel id
     * @return the tunnel with its counter index, if stored
     */
    Optional<GtpuTunnel> tunnel(String id);

    /**
     * Returns where a tunnel is in its lifecycle.
     *
     * @param id tunnel id
     * @return its status (with the device and reason if it failed), if the tunnel is stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Checks a tunnel as creating it would, without storing it: against the network, the stored
     * tunnels and the room left in its devices' P4 tables (counting what the devices hold and
     * what tunnels accepted but not yet installed claim; an entry it shares, its N3 address's,
     * needs no room).
     *
     * @param tunnel the candidate
     * @return its problems, each naming the field (and the other tunnel or device), and each
     *         table too full for it
     */
    GtpuTunnelValidation validate(GtpuTunnel tunnel);

    /**
     * Returns the entries a tunnel compiles to, per device, described ("table {match} -> action");
     * its owner keeps exactly these installed (the N3 entry is shared by the tunnels of its address).
     *
     * @param id tunnel id
     * @return device to entries; empty if unknown
     */
    Map<DeviceId, List<String>> entries(String id);

    /**
     * Reads a tunnel's counters from its devices now.
     *
     * @param id tunnel id
     * @return its counters, if the tunnel is stored
     */
    default Optional<GtpuTunnelCounters> counters(String id) {
        return Optional.ofNullable(counters(List.of(id)).get(id));
    }

    /**
     * Reads the counters of several tunnels (a page of them) from their devices now, each
     * device's counter once however many of the tunnels it holds.
     *
     * @param ids tunnel ids
     * @return counters by id, in the order given, of the stored tunnels among them
     */
    Map<String, GtpuTunnelCounters> counters(Collection<String> ids);
}
