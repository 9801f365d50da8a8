// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.PortCounterWriter;
import org.sixflow.app.history.SampleWriter;

import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER;

/**
 * New telemetry while the dashboard is open, as the collectors deliver it: stored through the
 * writers, then posted to the telemetry service, whose stream tells the browser. Whoever started the
 * demo (the dashboard's e2e script) asks for it on its standard input: {@code latency <device> <class> <count>},
 * {@code ports <device> <port>}, {@code event <kind> <subject>} (a history event) or
 * {@code tunnel <id> <downlink packets> <uplink packets>} (a GTP-U tunnel's data-plane counters,
 * which the tunnel manager reads live).
 */
public final class LiveTelemetry {

    /** Bytes a tunnel's counters add per packet: a 1492-byte frame, 1548 once encapsulated. */
    private static final int DOWNLINK_BYTES = 1548;
    private static final int UPLINK_BYTES = 1492;

    private final HistoryDatabase db;
    private final TelemetryAdminService telemetry;
    private final HistoryService history;
    private final GtpuTunnelService tunnels;
    private final CounterCells cells;
    private long sequence = 1_000_000;

    public LiveTelemetry(HistoryDatabase db, TelemetryAdminService telemetry, HistoryService history,
                  GtpuTunnelService tunnels, CounterCells cells) {
        this.db = db;
        this.telemetry = telemetry;
        this.history = history;
        this.tunnels = tunnels;
        this.cells = cells;
    }

    /** Where the simulated switches keep their counter cells, which the tunnel manager reads. */
    public interface CounterCells {
        /**
         * Sets a counter cell of a device.
         *
         * @param device  the device
         * @param counter the counter
         * @param index   the cell's index
         * @param data    what the cell counted
         */
        void set(DeviceId device, PiCounterId counter, int index, PiCounterCellData data);
    }

    /**
     * Runs one command line.
     *
     * @param line the command
     * @throws SQLException when a write fails
     * @throws IllegalArgumentException when the command is not understood
     */
    public void run(String line) throws SQLException {
        String[] words = line.trim().split("\\s+");
        if (words.length == 4 && words[0].equals("latency")) {
            latency(DeviceId.deviceId(words[1]), LatencyClass.parse(words[2]), Integer.parseInt(words[3]));
        } else if (words.length == 3 && words[0].equals("ports")) {
            ports(DeviceId.deviceId(words[1]), words[2]);
        } else if (words.length == 3 && words[0].equals("event")) {
            history.record(HistoryEvent.of(Instant.now(), words[1], words[2], "from the demo's standard input"));
        } else if (words.length == 4 && words[0].equals("tunnel")) {
            tunnel(words[1], Long.parseLong(words[2]), Long.parseLong(words[3]));
        } else {
            throw new IllegalArgumentException("unknown command: " + line
                                                       + " (latency <device> <class> <count> | ports <device> <port> | event <kind> <subject>"
                                                       + " | tunnel <id> <downlink packets> <uplink packets>)");
        }
    }

    /** A tunnel's cells as its devices count them: downlink on each encap device, uplink on the decap device. */
    private void tunnel(String id, long downlink, long uplink) {
        GtpuTunnel tunnel = tunnels.tunnel(id)
                .orElseThrow(() -> new IllegalArgumentException("no tunnel " + id));
        int index = tunnel.counterIndex().orElseThrow();
        for (DeviceId device : tunnel.encapDevices()) {
            cells.set(device, SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER, index,
                      new PiCounterCellData(downlink, downlink * DOWNLINK_BYTES));
        }
        cells.set(tunnel.decapDevice(), SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER, index,
                  new PiCounterCellData(uplink, uplink * UPLINK_BYTES));
    }

    private void latency(DeviceId device, LatencyClass cls, int count) throws SQLException {
        SampleWriter writer = new SampleWriter(db, count);
        Instant now = Instant.now();
        long sum = 0;
        for (int i = 0; i < count; i++) {
            long delta = 1_800 + 10L * i;
            sum += delta;
            writer.offer(LatencySample.of(now, device.toString(), cls.code(), 0, 3, 1, sequence++, delta));
        }
        while (writer.flush(count) > 0) {
            // drain
        }
        telemetry.post(TelemetryEvent.of(LatencyBatch.of(device, cls, now, count, (double) sum / count)));
    }

    private void ports(DeviceId device, String port) throws SQLException {
        Instant now = Instant.now();
        PortCounters previous = PortCounters.builder(device, port, now.minusSeconds(10))
                .inPackets(10_000_000L).outPackets(10_000_000L).inOctets(8_000_000_000L).outOctets(8_000_000_000L)
                .build();
        PortCounters current = PortCounters.builder(device, port, now)
                .inPackets(10_500_000L).outPackets(10_250_000L).inOctets(8_400_000_000L).outOctets(8_200_000_000L)
                .inDiscards(0L).outDiscards(0L).inErrors(0L).outErrors(0L).build();
        PortCounterWriter writer = new PortCounterWriter(() -> Optional.of(db), 2);
        writer.offer(List.of(previous, current));
        while (writer.flush(2) > 0) {
            // drain
        }
        telemetry.post(TelemetryEvent.of(PortStatistics.of(current, Optional.of(previous))));
    }
}
