// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.p4runtime.api.P4RuntimeClient;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's P4Runtime client of one simulated switch, which holds counter cells. Whoever drives the
 * simulation sets cells with {@link #setCounterCell} and ONOS's users read them back with
 * {@link #read}: a read of an indirect counter answers every cell set of that counter (by index),
 * a read of a direct counter every cell set of the table's entries (a cell never set is absent
 * from those), a read of a cell's handle that cell (zero for an indirect cell never set that the
 * pipeline's counter has, as a switch holds every cell; else absent). ONOS's users write cells
 * with {@link #write}, modifying them (a counter reset). The switch holds no table entries,
 * action profiles or meters: reads of them answer nothing.
 * <p>
 * The client serves every P4Runtime device id (each ONOS device gets its own client, so the id in
 * netcfg's management address needs no checking). Its server is always reachable and its stream
 * session always open; mastership is what {@link #setMastership} last said. Writes of anything but
 * counter cells, pipeline configuration and packet-out are not simulated: they throw
 * UnsupportedOperationException.
 */
public final class SimP4RuntimeClient implements P4RuntimeClient {

    private final DeviceId deviceId;
    private final CounterCellStore cells = new CounterCellStore();
    private final Map<Long, Boolean> masters = new ConcurrentHashMap<>();

    /**
     * Creates the client of a switch that holds no counter cells yet.
     *
     * @param deviceId the switch's device
     */
    public SimP4RuntimeClient(DeviceId deviceId) {
        this.deviceId = checkNotNull(deviceId, "Device id cannot be null");
    }

    /**
     * Returns the switch's device.
     *
     * @return the device id
     */
    public DeviceId deviceId() {
        return deviceId;
    }

    /**
     * Sets a counter cell, direct or indirect, to a value; reads answer it from now on.
     *
     * @param cellId the cell
     * @param data   its packets and bytes
     */
    public void setCounterCell(PiCounterCellId cellId, PiCounterCellData data) {
        checkNotNull(cellId, "Cell id cannot be null");
        checkNotNull(data, "Cell data cannot be null");
        cells.set(new PiCounterCell(cellId, data));
    }

    /** Forgets every counter cell: reads answer none until cells are set again. */
    public void clear() {
        cells.clear();
    }

    @Override
    public ReadRequest read(long p4DeviceId, PiPipeconf pipeconf) {
        // ONOS needs the pipeconf to encode a read; asking without one is a caller's bug here too.
        checkNotNull(pipeconf, "Pipeconf cannot be null");
        return new SimReadRequest(cells, pipeconf);
    }

    @Override
    public WriteRequest write(long p4DeviceId, PiPipeconf pipeconf) {
        // ONOS needs the pipeconf to encode a write; asking without one is a caller's bug here too.
        checkNotNull(pipeconf, "Pipeconf cannot be null");
        return new SimWriteRequest(cells, deviceId);
    }

    @Override
    public CompletableFuture<Boolean> setPipelineConfig(long p4DeviceId, PiPipeconf pipeconf, ByteBuffer deviceData) {
        throw notSimulated("Setting the P4Runtime pipeline config");
    }

    @Override
    public CompletableFuture<Boolean> isPipelineConfigSet(long p4DeviceId, PiPipeconf pipeconf) {
        // The client does not know which pipeline the switch runs: the pipeconf service does.
        throw notSimulated("Querying the P4Runtime pipeline config");
    }

    @Override
    public CompletableFuture<Boolean> isAnyPipelineConfigSet(long p4DeviceId) {
        throw notSimulated("Querying the P4Runtime pipeline config");
    }

    @Override
    public void setMastership(long p4DeviceId, boolean master, BigInteger electionId) {
        checkNotNull(electionId, "Election id cannot be null");
        checkArgument(electionId.signum() > 0, "Election id must be a positive number");
        // No other controller contends for the switch: whatever is asked is granted.
        masters.put(p4DeviceId, master);
    }

    @Override
    public boolean isSessionOpen(long p4DeviceId) {
        return true;
    }

    @Override
    public void closeSession(long p4DeviceId) {
        // Closing the stream gives mastership up; the simulated stream itself never closes.
        masters.remove(p4DeviceId);
    }

    @Override
    public boolean isMaster(long p4DeviceId) {
        return masters.getOrDefault(p4DeviceId, false);
    }

    @Override
    public void packetOut(long p4DeviceId, PiPacketOperation packet, PiPipeconf pipeconf) {
        throw notSimulated("P4Runtime packet-out");
    }

    @Override
    public void shutdown() {
        // Nothing to close: there is no channel.
    }

    @Override
    public boolean isServerReachable() {
        return true;
    }

    @Override
    public CompletableFuture<Boolean> probeService() {
        return CompletableFuture.completedFuture(true);
    }

    private UnsupportedOperationException notSimulated(String what) {
        return new UnsupportedOperationException(what + " (" + deviceId + ") is not simulated");
    }
}
