// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.onosproject.net.DeviceId;
import p4.v1.P4RuntimeGrpc;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.Index;
import p4.v1.P4RuntimeOuterClass.ReadRequest;
import p4.v1.P4RuntimeOuterClass.ReadResponse;
import p4.v1.P4RuntimeOuterClass.RegisterEntry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Reads latency registers with a direct P4Runtime Read (ONOS 2.7's read client reads no
 * registers), over the channel ONOS already keeps to the device: one request holding the sum, min
 * and max cell and the histogram cells of every slot asked for, and, where the sum has a high
 * word (latency_sum_hi), a request for it before and one after, so that a carry between the
 * reads is put on the right side of the low word.
 */
public final class P4RuntimeRegisterReader implements RegisterReader {

    private final Function<DeviceId, Optional<Endpoint>> endpoints;
    private final Duration timeout;

    /** Where a device's P4Runtime server is reached. */
    public static final class Endpoint {
        private final ManagedChannel channel;
        private final long p4DeviceId;

        /**
         * Creates an endpoint.
         *
         * @param channel    the gRPC channel
         * @param p4DeviceId the P4Runtime device id
         */
        public Endpoint(ManagedChannel channel, long p4DeviceId) {
            this.channel = channel;
            this.p4DeviceId = p4DeviceId;
        }
    }

    /**
     * Creates the reader.
     *
     * @param endpoints the endpoint of a device, empty while it has none
     * @param timeout   deadline of one read
     */
    public P4RuntimeRegisterReader(Function<DeviceId, Optional<Endpoint>> endpoints, Duration timeout) {
        this.endpoints = endpoints;
        this.timeout = timeout;
    }

    @Override
    public List<SlotRegisters> read(DeviceId deviceId, AggregateLayout layout, List<Integer> slots)
            throws AggregateReadException {
        if (slots.isEmpty()) {
            return List.of();
        }
        Endpoint endpoint = endpoints.apply(deviceId).orElseThrow(
                () -> new AggregateReadException("no P4Runtime channel to " + deviceId));
        Optional<Integer> high = layout.sumHighRegisterId();
        // The sum's high word is read before and after the rest: a carry in between is seen.
        Map<Integer, Map<Long, Long>> highBefore = new HashMap<>();
        if (high.isPresent()) {
            highBefore = read(deviceId, endpoint, highCells(high.get(), slots));
        }
        ReadRequest.Builder request = ReadRequest.newBuilder().setDeviceId(endpoint.p4DeviceId);
        for (int slot : slots) {
            request.addEntities(cell(layout.sumRegisterId(), slot));
            request.addEntities(cell(layout.minRegisterId(), slot));
            request.addEntities(cell(layout.maxRegisterId(), slot));
            for (int b = 0; b < layout.buckets(); b++) {
                request.addEntities(cell(layout.histogramRegisterId(), (long) slot * layout.buckets() + b));
            }
        }
        Map<Integer, Map<Long, Long>> values = read(deviceId, endpoint, request.build().getEntitiesList());
        Map<Integer, Map<Long, Long>> highAfter = new HashMap<>();
        if (high.isPresent()) {
            highAfter = read(deviceId, endpoint, highCells(high.get(), slots));
        }
        List<SlotRegisters> readings = new ArrayList<>(slots.size());
        for (int slot : slots) {
            long[] buckets = new long[layout.buckets()];
            for (int b = 0; b < buckets.length; b++) {
                buckets[b] = value(values, layout.histogramRegisterId(), (long) slot * layout.buckets() + b, deviceId);
            }
            long sum = value(values, layout.sumRegisterId(), slot, deviceId);
            if (high.isPresent()) {
                sum = sum(value(highBefore, high.get(), slot, deviceId), sum,
                          value(highAfter, high.get(), slot, deviceId));
            }
            readings.add(SlotRegisters.of(slot, sum, value(values, layout.minRegisterId(), slot, deviceId),
                                          value(values, layout.maxRegisterId(), slot, deviceId), buckets));
        }
        return readings;
    }

    /**
     * Puts the 64-bit sum together from its low word and its high word read before and after it.
     * When a carry came between the two high reads, the low word read between them has wrapped
     * already if it is small (it just went past 2^32), not yet if it is large.
     *
     * @param highBefore latency_sum_hi read first
     * @param low        latency_sum
     * @param highAfter  latency_sum_hi read last
     * @return the sum
     */
    static long sum(long highBefore, long low, long highAfter) {
        long high = highBefore == highAfter || low >= 1L << 31 ? highBefore : highAfter;
        return high << 32 | low;
    }

    private static List<Entity> highCells(int registerId, List<Integer> slots) {
        List<Entity> cells = new ArrayList<>(slots.size());
        slots.forEach(slot -> cells.add(cell(registerId, slot)));
        return cells;
    }

    /** One Read of the cells; the values by register id and index. */
    private Map<Integer, Map<Long, Long>> read(DeviceId deviceId, Endpoint endpoint, List<Entity> cells)
            throws AggregateReadException {
        ReadRequest request = ReadRequest.newBuilder().setDeviceId(endpoint.p4DeviceId).addAllEntities(cells).build();
        Map<Integer, Map<Long, Long>> values = new HashMap<>();
        try {
            Iterator<ReadResponse> responses = P4RuntimeGrpc.newBlockingStub(endpoint.channel)
                    .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS).read(request);
            while (responses.hasNext()) {
                for (Entity entity : responses.next().getEntitiesList()) {
                    RegisterEntry entry = entity.getRegisterEntry();
                    values.computeIfAbsent(entry.getRegisterId(), k -> new HashMap<>())
                            .put(entry.getIndex().getIndex(), unsigned(entry.getData().getBitstring().toByteArray()));
                }
            }
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.UNIMPLEMENTED) {
                throw new RegistersUnreadableException(deviceId + " does not read registers over P4Runtime: "
                                                               + e.getStatus().getDescription());
            }
            throw new AggregateReadException("Register read of " + deviceId + " failed: " + e.getStatus(), e);
        }
        return values;
    }

    private static Entity cell(int registerId, long index) {
        return Entity.newBuilder().setRegisterEntry(RegisterEntry.newBuilder().setRegisterId(registerId)
                .setIndex(Index.newBuilder().setIndex(index))).build();
    }

    private static long value(Map<Integer, Map<Long, Long>> values, int registerId, long index, DeviceId deviceId)
            throws AggregateReadException {
        Long value = values.getOrDefault(registerId, Map.of()).get(index);
        if (value == null) {
            throw new AggregateReadException(deviceId + " answered no value for register " + registerId
                                                     + " index " + index);
        }
        return value;
    }

    // P4Runtime bitstrings are big-endian and may omit leading zero bytes.
    private static long unsigned(byte[] bytes) throws AggregateReadException {
        int first = 0;
        while (first < bytes.length - 8 && bytes[first] == 0) {
            first++;
        }
        if (bytes.length - first > 8) {
            throw new AggregateReadException("register value wider than 64 bits");
        }
        long value = 0;
        for (int i = first; i < bytes.length; i++) {
            value = (value << 8) | (bytes[i] & 0xff);
        }
        return value;
    }
}
