// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.pi.runtime.PiCounterCellData;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The relay's network for tests: records packet-outs and BngProgrammable calls (and on which
 * device), has the links it is given, gives each device's counters, and refuses a setup when
 * told to (as SixflowBngProgrammable does for a device without annotations), on every device or
 * on one.
 */
final class RecordingDataPlane implements BngDataPlane {

    /** One packet-out. */
    static final class Sent {
        final ConnectPoint port;
        final byte[] frame;

        Sent(ConnectPoint port, byte[] frame) {
            this.port = port;
            this.frame = frame;
        }
    }

    final List<Sent> sent = new ArrayList<>();
    final List<Attachment> setups = new ArrayList<>();
    final List<Attachment> removals = new ArrayList<>();
    final Map<DeviceId, List<Attachment>> setupsOn = new HashMap<>();
    final Map<DeviceId, List<Attachment>> removalsOn = new HashMap<>();
    final Map<DeviceId, MacAddress> macs = new HashMap<>();
    final List<Link> links = new ArrayList<>();
    final Map<DeviceId, Map<BngCounterType, PiCounterCellData>> counters = new HashMap<>();
    String refuseSetup;
    DeviceId refuseSetupOn;

    @Override
    public void send(ConnectPoint port, byte[] frame) {
        sent.add(new Sent(port, frame));
    }

    @Override
    public Optional<MacAddress> bngMac(DeviceId device) {
        return Optional.ofNullable(macs.get(device));
    }

    @Override
    public Optional<Link> link(DeviceId from, DeviceId to) {
        return links.stream().filter(l -> l.src().deviceId().equals(from) && l.dst().deviceId().equals(to))
                .findFirst();
    }

    @Override
    public void setup(DeviceId device, Attachment attachment) throws BngProgrammableException {
        if (refuseSetup != null && (refuseSetupOn == null || refuseSetupOn.equals(device))) {
            throw new BngProgrammableException(refuseSetup);
        }
        setups.add(attachment);
        setupsOn.computeIfAbsent(device, d -> new ArrayList<>()).add(attachment);
    }

    @Override
    public void remove(DeviceId device, Attachment attachment) {
        removals.add(attachment);
        removalsOn.computeIfAbsent(device, d -> new ArrayList<>()).add(attachment);
    }

    @Override
    public Map<BngCounterType, PiCounterCellData> counters(DeviceId device, Attachment attachment) {
        return counters.getOrDefault(device, Map.of(BngCounterType.UPSTREAM_RX, new PiCounterCellData(12, 3456)));
    }
}
