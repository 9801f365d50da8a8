// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Notification;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Update;
import org.slf4j.Logger;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Gathers one device's counter updates into one reading per interface and time. Targets send
 * the counters of an interface as leaves in one notification, or as a JSON container, or
 * spread over several notifications (with one timestamp or one per leaf); a reading is complete
 * when a later timestamp repeats one of its counters, or when {@link #drain()} is called (end of
 * a Get, a subscription's sync, a quiet sample period). A reading keeps its first timestamp. Bad or missing values leave their counter null and
 * are counted, never fatal.
 */
final class CounterAssembler {

    /** OpenConfig leaves that Sixflow stores, and the packet leaves that add up to in-pkts/out-pkts. */
    static final String IN_PKTS = "in-pkts";
    static final String OUT_PKTS = "out-pkts";
    static final List<String> IN_PARTS = ImmutableList.of("in-unicast-pkts", "in-multicast-pkts",
                                                          "in-broadcast-pkts");
    static final List<String> OUT_PARTS = ImmutableList.of("out-unicast-pkts", "out-multicast-pkts",
                                                           "out-broadcast-pkts");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Logger log = getLogger(getClass());
    private final DeviceId deviceId;
    private final Supplier<Instant> clock;
    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private long badValues;

    CounterAssembler(DeviceId deviceId, Supplier<Instant> clock) {
        this.deviceId = deviceId;
        this.clock = clock;
    }

    /**
     * Takes a notification.
     *
     * @param notification the notification
     * @return readings it completed (interfaces that moved on to a newer timestamp)
     */
    synchronized List<PortCounters> add(Notification notification) {
        Instant time = notification.getTimestamp() > 0
                ? Instant.ofEpochSecond(0, notification.getTimestamp()) : clock.get();
        ImmutableList.Builder<PortCounters> done = ImmutableList.builder();
        for (Update update : notification.getUpdateList()) {
            Optional<CounterPaths.Location> location = CounterPaths.locate(notification.getPrefix(),
                                                                            update.getPath());
            if (location.isEmpty()) {
                continue;   // not a counter of a named interface: nothing for us
            }
            String name = location.get().interfaceName();
            String leaf = location.get().leaf();
            Pending reading = pending.get(name);
            // A later timestamp starts a new reading once it repeats a counter the current one
            // has: targets that stamp each leaf with its own read time still give one reading.
            if (reading != null && !reading.time.equals(time) && (leaf.isEmpty() || reading.seen.contains(leaf))) {
                done.add(reading.build(deviceId, name));
                reading = null;
            }
            if (reading == null) {
                reading = new Pending(time);
                pending.put(name, reading);
            }
            reading.lastUpdateNanos = System.nanoTime();
            if (leaf.isEmpty()) {
                container(reading, name, update);
            } else {
                reading.seen.add(leaf);
                leaf(reading, name, leaf, update);
            }
        }
        return done.build();
    }

    /**
     * Completes every reading in progress.
     *
     * @return the readings, in the order their interfaces first appeared
     */
    synchronized List<PortCounters> drain() {
        ImmutableList.Builder<PortCounters> done = ImmutableList.builder();
        pending.forEach((name, reading) -> done.add(reading.build(deviceId, name)));
        pending.clear();
        return done.build();
    }

    /**
     * Completes readings that got no update for a while, so a reading whose interface is
     * sampled rarely is not held back until its next sample.
     *
     * @param idle how long without an update
     * @return the readings
     */
    synchronized List<PortCounters> drainIdle(Duration idle) {
        long now = System.nanoTime();
        ImmutableList.Builder<PortCounters> done = ImmutableList.builder();
        Iterator<Map.Entry<String, Pending>> it = pending.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Pending> e = it.next();
            if (now - e.getValue().lastUpdateNanos >= idle.toNanos()) {
                done.add(e.getValue().build(deviceId, e.getKey()));
                it.remove();
            }
        }
        return done.build();
    }

    /** Values that could not be read as counters since creation. */
    synchronized long badValues() {
        return badValues;
    }

    private void leaf(Pending reading, String name, String leaf, Update update) {
        if (!update.hasVal()) {
            bad(name, leaf, "no value");
            return;
        }
        try {
            reading.values.put(leaf, TypedValues.counter(update.getVal()));
        } catch (TypedValues.BadValueException e) {
            bad(name, leaf, e.getMessage());
        }
    }

    // The whole counters container as one JSON object: {"in-octets": "123", ...}.
    private void container(Pending reading, String name, Update update) {
        String json;
        switch (update.getVal().getValueCase()) {
            case JSON_VAL:
                json = update.getVal().getJsonVal().toStringUtf8();
                break;
            case JSON_IETF_VAL:
                json = update.getVal().getJsonIetfVal().toStringUtf8();
                break;
            default:
                bad(name, "counters", "container sent as " + update.getVal().getValueCase() + ", not JSON");
                return;
        }
        JsonNode object;
        try {
            object = MAPPER.readTree(json);
        } catch (IOException e) {
            bad(name, "counters", "unreadable JSON");
            return;
        }
        if (object == null || !object.isObject()) {
            bad(name, "counters", "JSON is not an object");
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String leaf = CounterPaths.unqualified(field.getKey());
            if (!field.getValue().isValueNode()) {
                continue;   // nested containers (e.g. carrier-transitions are leaves; others are not ours)
            }
            try {
                reading.values.put(leaf, TypedValues.counter(field.getValue()));
            } catch (TypedValues.BadValueException e) {
                bad(name, leaf, e.getMessage());
            }
        }
    }

    private void bad(String name, String leaf, String why) {
        badValues++;
        log.debug("{} interface {} {}: {}", deviceId, name, leaf, why);
    }

    /** One interface's counters at one time, as they arrive. */
    private static final class Pending {
        private final Instant time;
        private final Map<String, Long> values = new HashMap<>();
        private final Set<String> seen = new HashSet<>();
        private long lastUpdateNanos = System.nanoTime();

        Pending(Instant time) {
            this.time = time;
        }

        PortCounters build(DeviceId deviceId, String name) {
            return PortCounters.builder(deviceId, name, time)
                    .inPackets(packets(IN_PKTS, IN_PARTS))
                    .outPackets(packets(OUT_PKTS, OUT_PARTS))
                    .inOctets(values.get("in-octets"))
                    .outOctets(values.get("out-octets"))
                    .inDiscards(values.get("in-discards"))
                    .outDiscards(values.get("out-discards"))
                    .inErrors(values.get("in-errors"))
                    .outErrors(values.get("out-errors"))
                    .build();
        }

        // in-pkts when the target reports it, else the unicast, multicast and broadcast packets it did report.
        private Long packets(String total, List<String> parts) {
            if (values.containsKey(total)) {
                return values.get(total);
            }
            Long sum = null;
            for (String part : parts) {
                Long value = values.get(part);
                if (value != null) {
                    try {
                        sum = Math.addExact(sum == null ? 0 : sum, value);
                    } catch (ArithmeticException overflow) {
                        return null;
                    }
                }
            }
            return sum;
        }
    }
}
