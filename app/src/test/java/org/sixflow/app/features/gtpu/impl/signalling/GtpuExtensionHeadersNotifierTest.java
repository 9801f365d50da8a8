// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.sixflow.app.features.gtpu.impl.signalling.GtpuExtensionHeadersNotifier.Outcome;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PuntedPackets;
import org.sixflow.app.testing.TestGtpuTunnelService;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.BEIJING_3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.LHASA_3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.N3;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.NANJING_2;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.fromPeer;
import static org.sixflow.app.features.gtpu.impl.signalling.SignallingFixture.tunnel;
import static org.sixflow.app.packet.gtpu.GtpuFrames.E;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;
import static org.sixflow.app.packet.gtpu.GtpuFrames.udpFrame;

/**
 * G-PDUs and echo requests the lab's routers punt with an extension header to comprehend that
 * Sixflow does not (gtpu.p4 drops, counts and punts such a G-PDU at a local N3 address), through
 * the notifier's packet processor: ue-1 (N3 fd00:1:1::3:1) on beijing, ue-2 on nanjing.
 */
public class GtpuExtensionHeadersNotifierTest {

    /** A G-PDU's T-PDU: an IPv6 header with nothing after it. */
    private static final String INNER = "60000000 0000 3b 40 fd000009000100000000000000000007"
            + "fd000001000500000000000000000010";
    /** A PDCP PDU Number extension (0xc0: comprehension required of every receiver), then none. */
    private static final String PDCP = "01 0001 00";

    private final PuntedPackets packets = new PuntedPackets();
    private final AtomicLong now = new AtomicLong();
    private final GtpuExtensionHeadersNotifier notifier = new GtpuExtensionHeadersNotifier();
    private final TestGtpuTunnelService tunnels = new TestGtpuTunnelService();

    /** A G-PDU of ue-1's uplink TEID whose first extension header is of a type, then INNER. */
    private static byte[] gpdu(String destination, int firstType, String extensions) {
        return fromPeer(destination, gtpu(V1 | E, 0xff, 1, hex(String.format("0000 00 %02x", firstType)
                + extensions + INNER)));
    }

    private static byte[] echo(int firstType, String extensions) {
        return fromPeer(N3, gtpu(V1 | E | S, 1, 0, hex(String.format("1234 00 %02x", firstType) + extensions)));
    }

    @Before
    public void setUp() {
        PuntResponderWiring.packetService(notifier, packets);
        notifier.configService = new LabNetwork().netcfg;
        tunnels.tunnels.add(tunnel("ue-1", N3, "device:beijing"));
        tunnels.tunnels.add(tunnel("ue-2", "fd00:1:3::3:1", "device:nanjing"));
        notifier.tunnelService = tunnels;
        notifier.setNanoTime(now::get);
        notifier.activate();
    }

    @After
    public void tearDown() {
        if (packets.processor != null) {
            notifier.deactivate();
        }
    }

    @Test
    public void aDirectorWhileActive() {
        assertTrue("a director, which may take the packet", packets.priority > PacketProcessor.ADVISOR_MAX);
        notifier.deactivate();
        assertNull(packets.processor);
    }

    @Test
    public void anEchoRequestNeedingAnUnknownExtensionIsAnsweredWithTheTypesWeTake() {
        PacketContext context = packets.receive(BEIJING_3, echo(0xc0, PDCP));
        assertArrayEquals(hex(SupportedExtensionHeadersMessageTest.FRAME), packets.sentOn(BEIJING_3));
        assertTrue("answered, so nobody else answers", context.isHandled());
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.SENT, 1), notifier.outcomes());
    }

    @Test
    public void aGpduNeedingAnUnknownExtensionIsAnsweredBehindAContainerToo() {
        // NR RAN Container (0x84) first; then a PDU Session Container followed by PDCP PDU Number.
        packets.receive(BEIJING_3, gpdu(N3, 0x84, "02 000000000000 00"));
        packets.receive(BEIJING_3, gpdu(N3, 0x85, "01 10 05 c0" + PDCP));
        assertEquals(2, packets.emitted.size());
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.SENT, 2), notifier.outcomes());
    }

    @Test
    public void extensionsWeTakeOrMaySkipAndOtherMessagesAreNotAnswered() {
        packets.receive(BEIJING_3, gpdu(N3, 0x85, "01 10 05 00"));                 // a container: we take it
        packets.receive(BEIJING_3, gpdu(N3, 0x40, "01 0868 00"));                  // UDP Port: not required
        packets.receive(BEIJING_3, echo(0x20, "01 0005 00"));                      // Service Class Indicator
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1 | E | S, 254, 1, hex("0000 00 c0" + PDCP)))); // end marker
        assertEquals(List.of(), packets.emitted);
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.SENT, 0), notifier.outcomes());
    }

    @Test
    public void otherAddressesDevicesAndBrokenMessagesGetNone() {
        packets.receive(BEIJING_3, gpdu("fd00:1:3::3:1", 0xc0, PDCP));   // nanjing's N3 address, punted at beijing
        packets.receive(BEIJING_3, gpdu("fd00:1:1::99", 0xc0, PDCP));    // in beijing's locator, no tunnel's
        packets.receive(LHASA_3, gpdu(N3, 0xc0, PDCP));                  // no Sixflow configuration
        byte[] badChecksum = gpdu(N3, 0xc0, PDCP);
        badChecksum[61] ^= 0x10;
        PacketContext context = packets.receive(BEIJING_3, badChecksum);
        packets.receive(BEIJING_3, Arrays.copyOf(echo(0xc0, PDCP), 14 + 40 + 8 + 6));   // cut in the GTP-U header
        assertFalse(context.isHandled());
        assertEquals(List.of(), packets.emitted);
        assertEquals(Map.of(Outcome.SENT, 0L, Outcome.RATE_LIMITED, 0L, Outcome.NOT_LOCAL, 2L, Outcome.MALFORMED, 2L,
                            Outcome.NOT_SIXFLOW_DEVICE, 1L), notifier.outcomes());
    }

    @Test
    public void notificationsAreRateLimitedPerDevice() {
        for (int i = 0; i <= GtpuExtensionHeadersNotifier.BURST; i++) {
            packets.receive(BEIJING_3, gpdu(N3, 0xc0, PDCP));
        }
        assertEquals(GtpuExtensionHeadersNotifier.BURST, packets.emitted.size());
        assertEquals(1, (long) notifier.outcomes().get(Outcome.RATE_LIMITED));
        // Another device has its own budget; beijing's refills at PER_SECOND.
        packets.receive(NANJING_2, udpFrame("00:aa:00:00:00:03", "00:aa:00:00:00:02", "fd00:1:4::20", "fd00:1:3::3:1",
                                            2152, 2152, gtpu(V1 | E, 0xff, 1, hex("0000 00 c0" + PDCP + INNER))));
        assertEquals(GtpuExtensionHeadersNotifier.BURST + 1, packets.emitted.size());
        now.addAndGet(1_000_000_000L / GtpuExtensionHeadersNotifier.PER_SECOND);
        packets.receive(BEIJING_3, gpdu(N3, 0xc0, PDCP));
        assertEquals(GtpuExtensionHeadersNotifier.BURST + 2, packets.emitted.size());
    }
}
