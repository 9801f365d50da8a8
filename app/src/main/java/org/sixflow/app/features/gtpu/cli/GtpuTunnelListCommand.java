// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Lists GTP-U tunnels with their counter index and lifecycle state, or shows one with its
 * counters and entries.
 */
@Service
@Command(scope = "sixflow", name = "gtpu-tunnels", description = "Lists GTP-U tunnels, or shows one")
public class GtpuTunnelListCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Tunnel id (shows its counters and entries)")
    @Completion(GtpuTunnelIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        GtpuTunnelService service = get(GtpuTunnelService.class);
        if (id == null) {
            List<GtpuTunnel> tunnels = service.tunnels();
            if (tunnels.isEmpty()) {
                print("No GTP-U tunnels");
            }
            tunnels.forEach(t -> print("%s", line(t, status(service, t))));
            return;
        }
        Optional<GtpuTunnel> tunnel = service.tunnel(id);
        if (tunnel.isEmpty()) {
            error("No tunnel %s", id);
            return;
        }
        details(tunnel.get(), status(service, tunnel.get()), service).forEach(line -> print("%s", line));
    }

    static InstallStatus status(GtpuTunnelService service, GtpuTunnel tunnel) {
        return service.status(tunnel.id()).orElse(InstallStatus.REQUESTED);
    }

    /** One tunnel on one line. */
    static String line(GtpuTunnel t, InstallStatus status) {
        return String.format(Locale.ROOT, "id=%s, counterIndex=%s, n3=%s, peer=%s, downlinkTeid=%d, uplinkTeid=%d, "
                                     + "qfi=%s, checksum=%s, acceptZero=%s, decap=%s, encap=%s, uePrefixes=%s, "
                                     + "state=%s%s",
                             t.id(), t.counterIndex().isPresent() ? String.valueOf(t.counterIndex().getAsInt()) : "-",
                             t.n3Address(), t.peerAddress(), t.downlinkTeid(), t.uplinkTeid(),
                             t.qfi().map(String::valueOf).orElse("none"), t.checksumMode(), t.acceptZeroChecksum(),
                             t.decapDevice(), join(t.encapDevices()), join(t.uePrefixes()), status.state(),
                             status.failure().map(f -> ", failedDevice=" + f.deviceId() + ", reason=" + f.reason())
                                     .orElse(""));
    }

    /** A tunnel's line, its counters, and its entries per device. */
    static List<String> details(GtpuTunnel tunnel, InstallStatus status, GtpuTunnelService service) {
        ImmutableList.Builder<String> lines = ImmutableList.<String>builder().add(line(tunnel, status));
        service.counters(tunnel.id()).ifPresent(c -> lines.add(String.format(
                Locale.ROOT, "  downlink %d packets %d bytes, uplink %d packets %d bytes%s", c.downlinkPackets(),
                c.downlinkBytes(), c.uplinkPackets(), c.uplinkBytes(),
                c.unreadDevices().isEmpty() ? "" : ", unread: " + join(c.unreadDevices()))));
        for (Map.Entry<DeviceId, List<String>> device : service.entries(tunnel.id()).entrySet()) {
            lines.add("  " + device.getKey() + ":");
            device.getValue().forEach(entry -> lines.add("    " + entry));
        }
        return lines.build();
    }

    private static String join(java.util.Collection<?> items) {
        return items.stream().map(Object::toString).collect(Collectors.joining(","));
    }
}
