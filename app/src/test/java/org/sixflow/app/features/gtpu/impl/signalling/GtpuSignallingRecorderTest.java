// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.packet.PacketContext;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.features.gtpu.impl.signalling.GtpuSignallingRecorder.Outcome;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PuntedPackets;
import org.sixflow.app.testing.TestGtpuTunnelService;
import org.sixflow.app.testing.TestHistoryService;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.BEIJING_3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.LHASA_3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.N3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.fromPeer;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.tunnel;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;

/**
 * Error Indications, End Markers and Supported Extension Headers Notifications the lab's routers
 * punt, through the recorder's packet processor: ue-1 (N3 fd00:1:1::3:1, peer fd00:1:5::50,
 * downlink TEID 0x101, uplink TEID 1) on beijing, ue-2 on nanjing. The messages are written by
 * hand from 3GPP TS 29.281 (sections 7.2.3, 7.3.1, 7.3.2, 8.3 to 8.5).
 */
public class GtpuSignallingRecorderTest {

    private static final Instant NOW = Instant.parse("2026-11-29T01:00:00Z");
    /** The peer's address as a GTP-U Peer Address IE (133, length 16). */
    private static final String PEER_IE = "85 0010 fd000001000500000000000000000050";

    private final PuntedPackets packets = new PuntedPackets();
    private final AtomicLong now = new AtomicLong();
    private final GtpuSignallingRecorder recorder = new GtpuSignallingRecorder();
    private final TestGtpuTunnelService tunnels = new TestGtpuTunnelService();
    private final TestHistoryService history = new TestHistoryService();

    /** An Error Indication from the peer: S set, TEID 0, sequence 0, then the IEs. */
    private static byte[] errorIndication(String ies) {
        return fromPeer(N3, gtpu(V1 | S, 26, 0, hex("0000 00 00 " + ies)));
    }

    @Before
    public void setUp() {
        PuntResponderWiring.packetService(recorder, packets);
        recorder.configService = new LabNetwork().netcfg;
        tunnels.tunnels.add(tunnel("ue-1", N3, "device:beijing"));
        tunnels.tunnels.add(tunnel("ue-2", "fd00:1:3::3:1", "device:nanjing"));
        recorder.tunnelService = tunnels;
        recorder.historyService = history;
        recorder.setClocks(now::get, Clock.fixed(NOW, ZoneOffset.UTC));
        recorder.activate();
    }

    @After
    public void tearDown() {
        if (packets.processor != null) {
            recorder.deactivate();
        }
    }

    private Map<Outcome, Long> counts(Object... outcomeThenCount) {
        Map<Outcome, Long> counts = new EnumMap<>(SignallingFixture.counts(Outcome.class, Outcome.MALFORMED, 0));
        for (int i = 0; i < outcomeThenCount.length; i += 2) {
            counts.put((Outcome) outcomeThenCount[i], ((Number) outcomeThenCount[i + 1]).longValue());
        }
        return counts;
    }

    @Test
    public void anErrorIndicationForOurTunnelIsRecordedNamingIt() {
        PacketContext context = packets.receive(BEIJING_3, errorIndication("10 00000101 " + PEER_IE));
        assertEquals(List.of(HistoryEvent.of(NOW, "GTPU_ERROR_INDICATION", "ue-1",
                                             "peer fd00:1:5::50 knows no TEID 0x101, the tunnel's downlink TEID: its "
                                                     + "G-PDUs are dropped there (Error Indication from fd00:1:5::50 "
                                                     + "at device:beijing/3)")),
                     history.recorded());
        assertFalse("recorded, not answered: others may look at it too", context.isHandled());
        assertEquals(List.of(), packets.emitted);
        assertEquals(counts(Outcome.ERROR_INDICATION, 1), recorder.outcomes());
    }

    @Test
    public void anErrorIndicationForNoTunnelOfOursIsCountedOnly() {
        packets.receive(BEIJING_3, errorIndication("10 00000102 " + PEER_IE));                        // another TEID
        packets.receive(BEIJING_3, errorIndication("10 00000101 85 0010 fd000001000500000000000000000051"));
        packets.receive(BEIJING_3, errorIndication("10 00000101 85 0004 c0000201"));                  // IPv4 peer
        packets.receive(LHASA_3, errorIndication("10 00000101 " + PEER_IE));
        assertEquals(List.of(), history.recorded());
        assertEquals(counts(Outcome.ERROR_INDICATION_NO_TUNNEL, 3, Outcome.NOT_SIXFLOW_DEVICE, 1),
                     recorder.outcomes());
    }

    @Test
    public void anErrorIndicationWithoutItsIesIsMalformed() {
        packets.receive(BEIJING_3, errorIndication("10 00000101"));                     // no peer address
        packets.receive(BEIJING_3, errorIndication(PEER_IE));                            // no TEID Data I
        packets.receive(BEIJING_3, errorIndication("10 00000101 85 0010 fd00"));         // cut short
        packets.receive(BEIJING_3, errorIndication("0e 00 11 00000101 " + PEER_IE));     // a TV type GTP-U lacks
        assertEquals(List.of(), history.recorded());
        assertEquals(counts(Outcome.MALFORMED, 4), recorder.outcomes());
    }

    @Test
    public void theRecoveryIeAndPrivateExtensionsAreSkipped() {
        packets.receive(BEIJING_3, errorIndication("0e 00 10 00000101 " + PEER_IE + " ff 0003 000a 42"));
        assertEquals(1, history.recorded().size());
    }

    @Test
    public void anEndMarkerToOurUplinkTeidIsRecorded() {
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1, 254, 1, hex(""))));
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1, 254, 5, hex(""))));
        assertEquals(List.of(HistoryEvent.of(NOW, "GTPU_END_MARKER", "ue-1",
                                             "End Marker from fd00:1:5::50 to uplink TEID 0x1 at device:beijing/3: "
                                                     + "the last G-PDU on that path")),
                     history.recorded());
        assertEquals(counts(Outcome.END_MARKER, 1, Outcome.END_MARKER_NO_TUNNEL, 1), recorder.outcomes());
    }

    @Test
    public void aSupportedExtensionHeadersNotificationIsRecordedNamingThePeer() {
        // Extension Header Type List (141): a one-octet length, then the types.
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1 | S, 31, 0, hex("0000 00 00 8d 02 85 40"))));
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1 | S, 31, 0, hex("0000 00 00"))));       // no list
        assertEquals(List.of(HistoryEvent.of(NOW, "GTPU_EXTENSION_HEADERS_NOTIFIED", "fd00:1:5::50",
                                             "peer takes extension headers [0x85, 0x40] (Supported Extension "
                                                     + "Headers Notification to fd00:1:1::3:1 at device:beijing/3)")),
                     history.recorded());
        assertEquals(counts(Outcome.EXTENSION_HEADERS, 1, Outcome.MALFORMED, 1), recorder.outcomes());
    }

    @Test
    public void echoAndGpdusAreNotItsAndRecordsAreRateLimited() {
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1 | S, 1, 0, hex("1234 0000"))));
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1, 0xff, 0x26, hex("60000000 0000 3b 40"
                + "fd000009000100000000000000000007 fd000001000500000000000000000010"))));
        assertEquals(counts(), recorder.outcomes());
        for (int i = 0; i <= GtpuSignallingRecorder.BURST; i++) {
            packets.receive(BEIJING_3, errorIndication("10 00000101 " + PEER_IE));
        }
        assertEquals(GtpuSignallingRecorder.BURST, history.recorded().size());
        now.addAndGet(1_000_000_000L / GtpuSignallingRecorder.RECORDS_PER_SECOND);
        packets.receive(BEIJING_3, errorIndication("10 00000101 " + PEER_IE));
        assertEquals(GtpuSignallingRecorder.BURST + 1, history.recorded().size());
        assertEquals(counts(Outcome.ERROR_INDICATION, GtpuSignallingRecorder.BURST + 1, Outcome.RATE_LIMITED, 1),
                     recorder.outcomes());
    }
}
