// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.sixflow.app.features.gtpu.impl.signalling.GtpuErrorIndicationSender.Outcome;
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
 * G-PDUs the lab's routers punt (an unknown TEID at a local N3 address, gtpu.p4) through the
 * sender's packet processor: ue-1 (N3 fd00:1:1::3:1, uplink TEID 1) on beijing, ue-2 on nanjing.
 */
public class GtpuErrorIndicationSenderTest {

    /** A G-PDU's T-PDU: an IPv6 header with nothing after it. */
    private static final String INNER = "60000000 0000 3b 40 fd000009000100000000000000000007"
            + "fd000001000500000000000000000010";

    private final PuntedPackets packets = new PuntedPackets();
    private final AtomicLong now = new AtomicLong();
    private final GtpuErrorIndicationSender sender = new GtpuErrorIndicationSender();
    private final TestGtpuTunnelService tunnels = new TestGtpuTunnelService();

    private static byte[] gpdu(String destination, long teid) {
        return fromPeer(destination, gtpu(V1, 0xff, teid, hex(INNER)));
    }

    @Before
    public void setUp() {
        PuntResponderWiring.packetService(sender, packets);
        sender.configService = new LabNetwork().netcfg;
        tunnels.tunnels.add(tunnel("ue-1", N3, "device:beijing"));
        tunnels.tunnels.add(tunnel("ue-2", "fd00:1:3::3:1", "device:nanjing"));
        sender.tunnelService = tunnels;
        sender.setNanoTime(now::get);
        sender.activate();
    }

    @After
    public void tearDown() {
        if (packets.processor != null) {
            sender.deactivate();
        }
    }

    @Test
    public void aDirectorWhileActive() {
        assertTrue("a director, which may take the packet", packets.priority > PacketProcessor.ADVISOR_MAX);
        sender.deactivate();
        assertNull(packets.processor);
    }

    @Test
    public void anUnknownTeidIsAnsweredWithAnErrorIndicationOutOfItsInPort() {
        PacketContext context = packets.receive(BEIJING_3, gpdu(N3, 0x26));
        assertArrayEquals(hex(ErrorIndicationMessageTest.FRAME_26), packets.sentOn(BEIJING_3));
        assertTrue("answered, so nobody else answers", context.isHandled());
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.SENT, 1), sender.outcomes());
    }

    @Test
    public void aTeidATunnelHasTeidZeroAndOtherAddressesGetNone() {
        packets.receive(BEIJING_3, gpdu(N3, 1));                     // ue-1's uplink TEID
        packets.receive(BEIJING_3, gpdu(N3, 0));                     // section 7.3.1: never for TEID 0
        packets.receive(BEIJING_3, gpdu("fd00:1:3::3:1", 0x26));     // nanjing's N3 address, punted at beijing
        packets.receive(BEIJING_3, gpdu("fd00:1:1::99", 0x26));      // in beijing's locator, no tunnel's
        packets.receive(LHASA_3, gpdu(N3, 0x26));                    // no Sixflow configuration
        assertEquals(List.of(), packets.emitted);
        assertEquals(Map.of(Outcome.SENT, 0L, Outcome.RATE_LIMITED, 0L, Outcome.UNSUPPORTED_EXTENSION, 0L,
                            Outcome.ZERO_TEID, 1L, Outcome.KNOWN_TEID, 1L, Outcome.NOT_LOCAL, 2L, Outcome.MALFORMED, 0L,
                            Outcome.NOT_SIXFLOW_DEVICE, 1L),
                     sender.outcomes());
    }

    @Test
    public void anExtensionWeCannotComprehendIsTheNotifiersNotAnError() {
        // An unknown TEID behind a PDCP PDU Number extension (0xc0): the data plane drops it for the
        // extension first, and the sender hears which extensions we take, not that its TEID is stale.
        PacketContext context = packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1 | E, 0xff, 0x26, hex("0000 00 c0"
                + "01 0001 00" + INNER))));
        assertEquals(List.of(), packets.emitted);
        assertFalse(context.isHandled());
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.UNSUPPORTED_EXTENSION, 1), sender.outcomes());
    }

    @Test
    public void otherMessagesAreNotItsAndBrokenGpdusAreCounted() {
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1 | S, 1, 0, hex("1234 0000"))));      // echo request
        packets.receive(BEIJING_3, fromPeer(N3, gtpu(V1, 254, 0x26, hex(""))));              // end marker
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.SENT, 0), sender.outcomes());
        byte[] badChecksum = gpdu(N3, 0x26);
        badChecksum[61] ^= 0x10;
        PacketContext context = packets.receive(BEIJING_3, badChecksum);
        packets.receive(BEIJING_3, Arrays.copyOf(gpdu(N3, 0x26), 14 + 40 + 8 + 6));   // cut in the GTP-U header
        assertFalse(context.isHandled());
        assertEquals(List.of(), packets.emitted);
        assertEquals(SignallingFixture.counts(Outcome.class, Outcome.MALFORMED, 2), sender.outcomes());
    }

    @Test
    public void errorIndicationsAreRateLimitedPerDevice() {
        for (int i = 0; i <= GtpuErrorIndicationSender.BURST; i++) {
            packets.receive(BEIJING_3, gpdu(N3, 0x26));
        }
        assertEquals(GtpuErrorIndicationSender.BURST, packets.emitted.size());
        assertEquals(1, (long) sender.outcomes().get(Outcome.RATE_LIMITED));
        // Another device has its own budget; beijing's refills at PER_SECOND.
        packets.receive(NANJING_2, udpFrame("00:aa:00:00:00:03", "00:aa:00:00:00:02", "fd00:1:4::20", "fd00:1:3::3:1",
                                            2152, 2152, gtpu(V1, 0xff, 0x77, hex(INNER))));
        assertEquals(GtpuErrorIndicationSender.BURST + 1, packets.emitted.size());
        now.addAndGet(1_000_000_000L / GtpuErrorIndicationSender.PER_SECOND);
        packets.receive(BEIJING_3, gpdu(N3, 0x26));
        assertEquals(GtpuErrorIndicationSender.BURST + 2, packets.emitted.size());
    }
}
