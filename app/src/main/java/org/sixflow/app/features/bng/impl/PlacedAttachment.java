// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.sixflow.app.features.bng.api.BngLineMeter;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What was written for one of a session's attachments, and where: the attachment on the line's
 * device, or in a split its access half there and its forwarding half on the forwarding device.
 * Kept with the session so that its removal takes out what was written, whatever the
 * configuration or the links have become since.
 */
final class PlacedAttachment {

    private final Map<DeviceId, Attachment> halves;

    /**
     * @param halves each device and what it was given, the line's device first
     */
    PlacedAttachment(Map<DeviceId, Attachment> halves) {
        this.halves = ImmutableMap.copyOf(halves);
    }

    /** Each device and what it was given, the line's device first. */
    Map<DeviceId, Attachment> halves() {
        return halves;
    }

    /**
     * The same halves as their removal while the session goes on: each takes only its own
     * entries (a delegated prefix released), the session's other attachments keeping the line's.
     *
     * @return the halves, leaving the others
     */
    PlacedAttachment leavingOthers() {
        Map<DeviceId, Attachment> leaving = new LinkedHashMap<>();
        halves.forEach((device, attachment) -> leaving.put(device, attachment instanceof SplitHalf
                ? ((SplitHalf) attachment).leavingOthers() : ((PppoeAttachment) attachment).leavingOthers()));
        return new PlacedAttachment(leaving);
    }

    /**
     * The same halves with the line's meter: written again, they re-write the line's meter cells.
     *
     * @param meter the line's meter
     * @return the halves, metered so
     */
    PlacedAttachment metered(BngLineMeter meter) {
        Map<DeviceId, Attachment> metered = new LinkedHashMap<>();
        halves.forEach((device, attachment) -> metered.put(device, attachment instanceof SplitHalf
                ? ((SplitHalf) attachment).metered(meter) : ((PppoeAttachment) attachment).metered(meter)));
        return new PlacedAttachment(metered);
    }

    @Override
    public String toString() {
        return halves.toString();
    }
}
