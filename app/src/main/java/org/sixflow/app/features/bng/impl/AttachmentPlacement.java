// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.pipeconf.behaviour.bng.BngSplitAttachment.Half;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Writes a session's attachments where the configuration puts them: whole on the device its line
 * is on, or, with a forwarding device (BngConfig's forwardDevice), split: the access half
 * (line, session, sources, the trunk's pass-through) on the line's device, the forwarding half
 * (prefixes, the line's session downstream) on the forwarding device, each with its own port of
 * the link between the two (ONOS's links: the forwarding device sends the line's frames out of
 * it, the access device passes them from it to the line). Counters are read from each half
 * (upstream and control from the access device, downstream from the forwarding device).
 */
final class AttachmentPlacement {

    private final BngDataPlane dataPlane;
    private final Supplier<BngConfig> config;

    /**
     * @param dataPlane the devices and their links
     * @param config    the configuration in force when an attachment is written
     */
    AttachmentPlacement(BngDataPlane dataPlane, Supplier<BngConfig> config) {
        this.dataPlane = dataPlane;
        this.config = config;
    }

    /**
     * Writes an attachment: whole, or both halves of a split (the access half taken out again if
     * the forwarding half is refused).
     *
     * @param lineDevice the device the session's line is on
     * @param attachment the attachment
     * @return what was written, and where
     * @throws BngProgrammableException when a device refuses, or the split has no link or BNG MAC
     */
    PlacedAttachment setup(DeviceId lineDevice, PppoeAttachment attachment) throws BngProgrammableException {
        Optional<DeviceId> forward = config.get().forwardDevice();
        if (forward.isEmpty() || forward.get().equals(lineDevice)) {
            dataPlane.setup(lineDevice, attachment);
            return new PlacedAttachment(Map.of(lineDevice, attachment));
        }
        Link trunk = dataPlane.link(lineDevice, forward.get()).orElseThrow(() -> new BngProgrammableException(
                "no link from " + lineDevice + " to the forwarding device " + forward.get() + " (ONOS's links):"
                        + " the split BNG sends a subscriber's downstream frames over it"));
        MacAddress bngMac = dataPlane.bngMac(lineDevice).orElseThrow(() -> new BngProgrammableException(
                lineDevice + " has no bngMac annotation: the forwarding device's frames must come from it"));
        Attachment access = new SplitHalf(attachment, Half.ACCESS, trunk.src().port(), bngMac);
        Attachment forwarding = new SplitHalf(attachment, Half.FORWARD, trunk.dst().port(), bngMac);
        dataPlane.setup(lineDevice, access);
        try {
            dataPlane.setup(forward.get(), forwarding);
        } catch (BngProgrammableException | RuntimeException e) {
            // Named by device: the session's status is reported against the line's.
            BngProgrammableException refused = new BngProgrammableException(
                    "the forwarding device " + forward.get() + " refused the session: " + e.getMessage());
            try {
                dataPlane.remove(lineDevice, access);
            } catch (BngProgrammableException | RuntimeException again) {
                refused.addSuppressed(again);
            }
            throw refused;
        }
        Map<DeviceId, Attachment> halves = new LinkedHashMap<>();
        halves.put(lineDevice, access);
        halves.put(forward.get(), forwarding);
        return new PlacedAttachment(halves);
    }

    /**
     * Removes what was written for an attachment, from every device it went to.
     *
     * @param placed what was written
     * @throws BngProgrammableException naming each device that refused
     */
    void remove(PlacedAttachment placed) throws BngProgrammableException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<DeviceId, Attachment> half : placed.halves().entrySet()) {
            try {
                dataPlane.remove(half.getKey(), half.getValue());
            } catch (BngProgrammableException | RuntimeException e) {
                problems.add(half.getKey() + ": " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new BngProgrammableException(String.join("; ", problems));
        }
    }

    /**
     * Writes what was written for an attachment again, on the devices it went to (whatever the
     * configuration says now): a re-metered attachment re-writes its line's meter cells.
     *
     * @param placed what to write
     * @throws BngProgrammableException naming each device that refused
     */
    void rewrite(PlacedAttachment placed) throws BngProgrammableException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<DeviceId, Attachment> half : placed.halves().entrySet()) {
            try {
                dataPlane.setup(half.getKey(), half.getValue());
            } catch (BngProgrammableException | RuntimeException e) {
                problems.add(half.getKey() + ": " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new BngProgrammableException(String.join("; ", problems));
        }
    }

    /**
     * Reads an attachment's line counters from every device it went to (each pipeline has its
     * half's counters).
     *
     * @param placed what was written
     * @return the counters, by type
     * @throws BngProgrammableException when a device's cannot be read
     */
    Map<BngCounterType, PiCounterCellData> counters(PlacedAttachment placed) throws BngProgrammableException {
        Map<BngCounterType, PiCounterCellData> counters = new EnumMap<>(BngCounterType.class);
        for (Map.Entry<DeviceId, Attachment> half : placed.halves().entrySet()) {
            counters.putAll(dataPlane.counters(half.getKey(), half.getValue()));
        }
        return counters;
    }
}
