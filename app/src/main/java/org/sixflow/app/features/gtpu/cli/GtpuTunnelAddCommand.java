// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelAdminService;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Validates and stores a GTP-U tunnel; its owner instance installs it.
 */
@Service
@Command(scope = "sixflow", name = "gtpu-tunnel-add", description = "Validates and installs a GTP-U tunnel")
public class GtpuTunnelAddCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Tunnel id (lower-case letters, digits, dashes)", required = true)
    String id = null;

    @Argument(index = 1, name = "n3Address", description = "Local N3 address (in the decap device's locator)",
            required = true)
    String n3Address = null;

    @Argument(index = 2, name = "peerAddress", description = "The peer's (gNB's) address", required = true)
    String peerAddress = null;

    @Argument(index = 3, name = "downlinkTeid", description = "TEID the peer allocated, 1..4294967295",
            required = true)
    String downlinkTeid = null;

    @Argument(index = 4, name = "uplinkTeid", description = "TEID this network allocated, 1..4294967295",
            required = true)
    String uplinkTeid = null;

    @Argument(index = 5, name = "decapDevice", description = "Device holding the N3 address", required = true)
    @Completion(DeviceIdCompleter.class)
    String decapDevice = null;

    @Argument(index = 6, name = "uePrefix", description = "The UE's IPv6 prefixes", required = true,
            multiValued = true)
    List<String> uePrefixes = null;

    @Option(name = "--qfi", description = "QoS Flow Identifier 0..63 (adds a PDU Session Container)")
    String qfi = null;

    @Option(name = "--checksum", description = "Outer UDP checksum: zero (default), full or incremental")
    String checksum = null;

    @Option(name = "--accept-zero", description = "The N3 address accepts uplink zero UDP checksums")
    boolean acceptZero = false;

    @Option(name = "--encap-device", description = "Where downlink packets are encapsulated (default: the decap"
            + " device)", multiValued = true)
    @Completion(DeviceIdCompleter.class)
    List<String> encapDevices = null;

    @Override
    protected void doExecute() {
        try {
            GtpuTunnel stored = get(GtpuTunnelAdminService.class).create(
                    tunnel(id, n3Address, peerAddress, downlinkTeid, uplinkTeid, decapDevice, uePrefixes, qfi,
                           checksum, acceptZero, encapDevices));
            print("Stored tunnel %s: counter index %d", id, stored.counterIndex().orElse(-1));
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("Tunnel %s not created: %s", id, e.getMessage());
        }
    }

    /**
     * Parses the command's arguments into a tunnel.
     *
     * @return the tunnel
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    static GtpuTunnel tunnel(String id, String n3Address, String peerAddress, String downlinkTeid, String uplinkTeid,
                             String decapDevice, List<String> uePrefixes, String qfi, String checksum,
                             boolean acceptZero, List<String> encapDevices) {
        List<Ip6Prefix> prefixes = new ArrayList<>();
        for (String prefix : uePrefixes == null ? List.<String>of() : uePrefixes) {
            try {
                prefixes.add(Ip6Prefix.valueOf(prefix));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("uePrefix \"" + prefix + "\" is not an IPv6 prefix like fd00:9::/64");
            }
        }
        List<DeviceId> encap = new ArrayList<>();
        if (encapDevices != null) {
            encapDevices.forEach(d -> encap.add(DeviceId.deviceId(d)));
        }
        return GtpuTunnel.builder().id(id).uePrefixes(prefixes)
                .n3Address(address("n3Address", n3Address)).peerAddress(address("peerAddress", peerAddress))
                .downlinkTeid(number("downlinkTeid", downlinkTeid)).uplinkTeid(number("uplinkTeid", uplinkTeid))
                .qfi(qfi == null ? null : (int) number("qfi", qfi))
                .checksumMode(mode(checksum)).acceptZeroChecksum(acceptZero)
                .decapDevice(DeviceId.deviceId(decapDevice)).encapDevices(encap).build();
    }

    private static Ip6Address address(String name, String text) {
        try {
            return Ip6Address.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " \"" + text + "\" is not an IPv6 address");
        }
    }

    private static long number(String name, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " \"" + text + "\" must be a whole number");
        }
    }

    private static GtpuChecksumMode mode(String text) {
        if (text == null) {
            return GtpuChecksumMode.ZERO;
        }
        try {
            return GtpuChecksumMode.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("checksum \"" + text + "\" must be zero, full or incremental");
        }
    }
}
