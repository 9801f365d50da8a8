// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.sixflow.app.testing.Thrown;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/**
 * iperf3 3.12's JSON of both ends, as it printed it: UDP's datagrams, loss and jitter from the
 * server, its received octets from the server's intervals (its UDP totals say 0); TCP's
 * retransmissions from the client; and an end that failed says why.
 */
public class Iperf3ReportTest {

    private static final double EPSILON = 1e-9;

    @Test
    public void readsAUdpRun() {
        Iperf3Report r = Iperf3Report.parse(Samples.text(Samples.UDP_CLIENT), Samples.text(Samples.UDP_SERVER), true);
        assertEquals(1.9991740404720169, r.sentMbps, EPSILON);
        assertEquals(499_818, r.bytesSent);
        assertEquals(Long.valueOf(7573), r.packetsSent);
        // The server's totals say 0 octets: its two intervals carried 249,810 + 250,008.
        assertEquals(499_818, r.bytesReceived);
        assertEquals(499_818 * 8 / 2.000157 / 1e6, r.goodputMbps, EPSILON);
        assertEquals(Long.valueOf(0), r.packetsLost);
        assertEquals(0.013663128102804055, r.jitterMs, EPSILON);
        assertEquals(Long.valueOf(0), r.reordered);
        assertNull(r.retransmits);
        assertEquals("::1", r.remoteHost);
    }

    @Test
    public void readsAUdpRunThatLostAThird() {
        Iperf3Report r = Iperf3Report.parse(Samples.text(Samples.LOSSY_CLIENT), Samples.text(Samples.LOSSY_SERVER),
                                            true);
        assertEquals(Long.valueOf(552_090), r.packetsSent);
        assertEquals(Long.valueOf(200_360), r.packetsLost);
        assertEquals(801_634_680, r.bytesSent);
        assertEquals(510_693_084, r.bytesReceived);
        assertEquals(4081.5692235762367, r.goodputMbps, 1e-6);
        assertEquals(6412.96200668388, r.sentMbps, 1e-6);
    }

    @Test
    public void readsATcpRun() {
        Iperf3Report r = Iperf3Report.parse(Samples.text(Samples.TCP_CLIENT), Samples.text(Samples.TCP_SERVER), false);
        assertEquals(13035.280532953368, r.sentMbps, 1e-6);
        assertEquals(3_259_105_280L, r.bytesSent);
        assertEquals(3_253_600_256L, r.bytesReceived);
        assertEquals(13009.763043475, r.goodputMbps, 1e-6);
        assertEquals(Long.valueOf(32_020), r.retransmits);
        assertNull("TCP has no datagrams", r.packetsSent);
        assertNull(r.packetsLost);
        assertNull(r.jitterMs);
        assertNull(r.reordered);
    }

    @Test
    public void anEndThatFailedIsQuoted() {
        IllegalArgumentException refused = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.parse(
                Samples.text(Samples.REFUSED_CLIENT), Samples.text(Samples.UDP_SERVER), true));
        assertEquals("iperf3's client: unable to connect to server: Connection refused", refused.getMessage());
        IllegalArgumentException aborted = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.parse(
                Samples.text(Samples.UDP_CLIENT), Samples.text(Samples.ABORTED_SERVER), true));
        assertEquals("iperf3's server: the client has unexpectedly closed the connection", aborted.getMessage());
        IllegalArgumentException early = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.checkClient(
                Samples.text(Samples.REFUSED_CLIENT)));
        assertEquals(refused.getMessage(), early.getMessage());
        Iperf3Report.checkClient(Samples.text(Samples.UDP_CLIENT));
    }

    @Test
    public void outputThatIsNoJsonIsQuoted() {
        IllegalArgumentException text = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.parse(
                "iperf3: error - the server is busy running a test. try again later\n",
                Samples.text(Samples.UDP_SERVER), true));
        assertEquals("iperf3's client printed no JSON: \"iperf3: error - the server is busy running a test. try "
                             + "again later\"", text.getMessage());
        IllegalArgumentException nothing = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.parse(
                Samples.text(Samples.UDP_CLIENT), "", true));
        assertEquals("iperf3's server printed no JSON: nothing", nothing.getMessage());
        IllegalArgumentException cut = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.parse(
                Samples.text(Samples.UDP_CLIENT).substring(0, 300), Samples.text(Samples.UDP_SERVER), true));
        assertEquals(cut.getMessage(), "iperf3's client printed no JSON: ",
                     cut.getMessage().substring(0, "iperf3's client printed no JSON: ".length()));
        IllegalArgumentException noTotals = Thrown.by(IllegalArgumentException.class, () -> Iperf3Report.parse(
                "{\"start\": {}, \"intervals\": [], \"end\": {}}", Samples.text(Samples.UDP_SERVER), true));
        assertEquals("iperf3's client reported no totals", noTotals.getMessage());
    }
}
