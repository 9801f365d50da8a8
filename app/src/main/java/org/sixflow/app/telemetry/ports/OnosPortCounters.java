// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.ports;

import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.PortStatistics;
import org.sixflow.app.api.PortCounters;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * ONOS's port statistics of a device as Sixflow's port counter readings. Only what such a device
 * counts is set (packets and octets each way): its discards and errors are not counted, so they
 * stay unreported (null), never 0. A port is named as ONOS names it, else by its number.
 */
public final class OnosPortCounters {

    private OnosPortCounters() {
    }

    /**
     * The readings of a device's ports.
     *
     * @param device     the device
     * @param statistics ONOS's cumulative statistics of its ports
     * @param ports      its ports (for their names)
     * @param time       when they were read
     * @return one reading per port with statistics, in port order
     */
    public static List<PortCounters> of(DeviceId device, Collection<PortStatistics> statistics,
                                        Collection<Port> ports, Instant time) {
        Map<PortNumber, Port> byNumber = ports.stream()
                .collect(Collectors.toMap(Port::number, Function.identity(), (a, b) -> a));
        List<PortCounters> readings = new ArrayList<>();
        statistics.stream().sorted(Comparator.comparingLong(s -> s.portNumber().toLong())).forEach(s -> {
            readings.add(PortCounters.builder(device, name(s.portNumber(), byNumber.get(s.portNumber())), time)
                                 .inPackets(s.packetsReceived())
                                 .outPackets(s.packetsSent())
                                 .inOctets(s.bytesReceived())
                                 .outOctets(s.bytesSent())
                                 .build());
        });
        return readings;
    }

    private static String name(PortNumber number, Port port) {
        String name = port == null ? null : port.annotations().value(AnnotationKeys.PORT_NAME);
        return name == null || name.isBlank() ? String.valueOf(number.toLong()) : name;
    }
}
