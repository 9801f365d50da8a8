// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.app.features.bng.impl.BngSessionMachine.Change;
import org.sixflow.app.features.bng.impl.BngSessionMachine.Direction;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.bng.impl.BngSessionMachine.Direction.FROM_SERVER;
import static org.sixflow.app.features.bng.impl.BngSessionMachine.Direction.FROM_SUBSCRIBER;
import static org.sixflow.app.features.bng.impl.CapturedFrames.hex;

/**
 * Every transition of a session, from packets written byte by byte (RFC 1661, 1334, 1994, 1332,
 * 5072 layouts).
 */
public class BngSessionMachineTest {

    private static final long SECOND = 1000;
    private static final String PAP_OPTION = "0304c023";
    private static final String CHAP_OPTION = "0305c22305";
    private static final String MAGIC = "05061a2b3c4d";

    private static PppControl packet(int protocol, int code, String data) throws Exception {
        int length = 4 + data.length() / 2;
        return PppControl.decode(protocol, hex(String.format("%02x01%04x", code, length) + data));
    }

    private static Change lcpAcks(BngSessionMachine m, String serverOptions) throws Exception {
        m.onControl(FROM_SUBSCRIBER, packet(PppControl.LCP, PppControl.CONFIGURE_REQUEST, MAGIC), 0);
        m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.CONFIGURE_REQUEST, serverOptions + MAGIC), 0);
        assertEquals(Change.NONE, m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.CONFIGURE_ACK, MAGIC), 0));
        assertEquals(BngSessionState.LINK, m.state());
        return m.onControl(FROM_SUBSCRIBER, packet(PppControl.LCP, PppControl.CONFIGURE_ACK, serverOptions + MAGIC), 0);
    }

    private static Change ipcp(BngSessionMachine m, String address) throws Exception {
        m.onControl(FROM_SUBSCRIBER, packet(PppControl.IPCP, PppControl.CONFIGURE_REQUEST, "030600000000"), 0);
        m.onControl(FROM_SERVER, packet(PppControl.IPCP, PppControl.CONFIGURE_NAK, "0306" + address), 0);
        m.onControl(FROM_SERVER, packet(PppControl.IPCP, PppControl.CONFIGURE_REQUEST, "03060a210001"), 0);
        Change first = m.onControl(FROM_SUBSCRIBER, packet(PppControl.IPCP, PppControl.CONFIGURE_ACK, "03060a210001"), 0);
        assertEquals("the subscriber's Ack alone opens nothing", Change.NONE, first);
        return m.onControl(FROM_SERVER, packet(PppControl.IPCP, PppControl.CONFIGURE_ACK, "0306" + address), 0);
    }

    private static Change ipv6cp(BngSessionMachine m, String iid) throws Exception {
        m.onControl(FROM_SERVER, packet(PppControl.IPV6CP, PppControl.CONFIGURE_ACK, "010a" + iid), 0);
        return m.onControl(FROM_SUBSCRIBER, packet(PppControl.IPV6CP, PppControl.CONFIGURE_ACK,
                                                   "010a0000000000000001"), 0);
    }

    @Test
    public void papSessionGoesLinkAuthenticatingNetworkUpThenMoreAddresses() throws Exception {
        BngSessionMachine m = new BngSessionMachine(0);
        assertEquals(BngSessionState.LINK, m.state());
        assertEquals(Change.NONE, lcpAcks(m, PAP_OPTION));
        assertEquals(BngSessionState.AUTHENTICATING, m.state());
        assertEquals(0xc023, m.authProtocol());
        assertEquals("IPCP before authentication opens nothing", Change.NONE, ipcp(m, "0a21000a"));
        assertEquals(BngSessionState.AUTHENTICATING, m.state());
        m.onControl(FROM_SUBSCRIBER, packet(PppControl.PAP, PppControl.PAP_REQUEST, "03626f6202707700"), 0);
        assertEquals(Change.UP, m.onControl(FROM_SERVER, packet(PppControl.PAP, PppControl.PAP_ACK, "00"), 0));
        assertEquals(BngSessionState.UP, m.state());
        assertEquals("bob", m.user().get());
        assertEquals(Ip4Address.valueOf("10.33.0.10"), m.ipv4().get());
        assertFalse(m.interfaceId().isPresent());
        assertEquals(Change.ADDRESSES, ipv6cp(m, "0000000000100002"));
        assertArrayEquals(hex("0000000000100002"), m.interfaceId().get());
        // Echo after up changes nothing.
        assertEquals(Change.NONE, m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.ECHO_REQUEST,
                                                                  "01020304"), 0));
        assertEquals(Change.NONE, m.onControl(FROM_SUBSCRIBER, packet(PppControl.LCP, PppControl.ECHO_REPLY,
                                                                      "05060708"), 0));
        assertEquals(Change.ENDED, m.onControl(FROM_SUBSCRIBER, packet(PppControl.LCP,
                                                                       PppControl.TERMINATE_REQUEST, ""), 0));
        assertEquals(BngSessionState.ENDED, m.state());
        assertEquals("LCP Terminate-Request from the subscriber", m.endReason().get());
        assertEquals("the server's Terminate-Ack after the end changes nothing", Change.NONE,
                     m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.TERMINATE_ACK, ""), 0));
    }

    @Test
    public void withoutAuthenticationIpv6cpAloneBringsItUp() throws Exception {
        BngSessionMachine m = new BngSessionMachine(0);
        assertEquals(Change.NONE, lcpAcks(m, ""));
        assertEquals(BngSessionState.NETWORK, m.state());
        assertEquals(Change.UP, ipv6cp(m, "0000000000100001"));
        assertFalse(m.ipv4().isPresent());
    }

    @Test
    public void chapSuccessAndFailure() throws Exception {
        BngSessionMachine ok = new BngSessionMachine(0);
        lcpAcks(ok, CHAP_OPTION);
        assertEquals(0xc223, ok.authProtocol());
        ok.onControl(FROM_SERVER, packet(PppControl.CHAP, PppControl.CHAP_CHALLENGE, "0401020304"), 0);
        ok.onControl(FROM_SUBSCRIBER, packet(PppControl.CHAP, PppControl.CHAP_RESPONSE,
                                             "1000112233445566778899aabbccddeeff" + "616c696365"), 0);
        assertEquals(Change.NONE, ok.onControl(FROM_SERVER, packet(PppControl.CHAP, PppControl.CHAP_SUCCESS, ""), 0));
        assertEquals(BngSessionState.NETWORK, ok.state());
        assertEquals("alice", ok.user().get());
        assertEquals(Change.UP, ipcp(ok, "0a21000b"));

        BngSessionMachine refused = new BngSessionMachine(0);
        lcpAcks(refused, CHAP_OPTION);
        assertEquals(Change.ENDED, refused.onControl(FROM_SERVER, packet(PppControl.CHAP, PppControl.CHAP_FAILURE,
                                                                         ""), 0));
        assertEquals("CHAP Failure from the server", refused.endReason().get());
        assertEquals("nothing comes up after a refusal", Change.NONE, ipcp(refused, "0a21000c"));
    }

    @Test
    public void papNakEndsItAndNothingComesUp() throws Exception {
        BngSessionMachine m = new BngSessionMachine(0);
        lcpAcks(m, PAP_OPTION);
        assertEquals(Change.ENDED, m.onControl(FROM_SERVER, packet(PppControl.PAP, PppControl.PAP_NAK, "00"), 0));
        assertEquals(BngSessionState.ENDED, m.state());
        assertEquals("PAP Authenticate-Nak from the server", m.endReason().get());
        // A subscriber's PAP Ack (not the server's) authenticates nothing either.
        BngSessionMachine wrongWay = new BngSessionMachine(0);
        lcpAcks(wrongWay, PAP_OPTION);
        wrongWay.onControl(FROM_SUBSCRIBER, packet(PppControl.PAP, PppControl.PAP_ACK, "00"), 0);
        assertEquals(BngSessionState.AUTHENTICATING, wrongWay.state());
    }

    @Test
    public void padtEitherWayAndTerminateAckEndIt() throws Exception {
        for (Direction d : Direction.values()) {
            BngSessionMachine m = new BngSessionMachine(0);
            lcpAcks(m, "");
            ipcp(m, "0a21000a");
            assertEquals(Change.ENDED, m.onPadt(d));
            assertEquals("PADT from the " + (d == FROM_SERVER ? "server" : "subscriber"), m.endReason().get());
            assertEquals(Change.NONE, m.onPadt(d));
        }
        BngSessionMachine m = new BngSessionMachine(0);
        lcpAcks(m, "");
        assertEquals(Change.ENDED, m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.TERMINATE_ACK, ""), 0));
        assertEquals("LCP Terminate-Ack from the server", m.endReason().get());
    }

    @Test
    public void echoLossEndsItAfterTheConfiguredIntervals() throws Exception {
        BngSessionMachine m = new BngSessionMachine(0);
        lcpAcks(m, "");
        ipcp(m, "0a21000a");
        long interval = 10 * SECOND;
        // Requests answered: never ended, however long.
        for (long t = 0; t < 100 * SECOND; t += interval) {
            m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.ECHO_REQUEST, "01020304"), t);
            m.onControl(FROM_SUBSCRIBER, packet(PppControl.LCP, PppControl.ECHO_REPLY, "05060708"), t + 1);
            assertEquals(Change.NONE, m.onTick(t + 5 * SECOND, interval, 3));
        }
        // No echo at all (lcp-echo-interval 0): an up session is left alone.
        assertEquals(Change.NONE, m.onTick(1000 * SECOND, interval, 3));
        // Requests from the server unanswered from t = 2000 s: ended at 3 intervals, not before.
        long start = 2000 * SECOND;
        for (int i = 0; i < 3; i++) {
            m.onControl(FROM_SERVER, packet(PppControl.LCP, PppControl.ECHO_REQUEST, "01020304"), start + i * interval);
        }
        assertEquals(Change.NONE, m.onTick(start + 3 * interval - 1, interval, 3));
        assertEquals(BngSessionState.UP, m.state());
        assertEquals(Change.ENDED, m.onTick(start + 3 * interval, interval, 3));
        assertTrue(m.endReason().get(), m.endReason().get().startsWith("echo loss: no LCP Echo-Reply for 3 x 10 s"));
        assertEquals(Change.NONE, m.onTick(start + 10 * interval, interval, 3));
    }

    @Test
    public void silenceBeforeUpEndsIt() throws Exception {
        BngSessionMachine m = new BngSessionMachine(0);
        m.onControl(FROM_SUBSCRIBER, packet(PppControl.LCP, PppControl.CONFIGURE_REQUEST, MAGIC), 5 * SECOND);
        assertEquals(Change.NONE, m.onTick(5 * SECOND + 119 * SECOND, 30 * SECOND, 4));
        assertEquals(Change.ENDED, m.onTick(5 * SECOND + 120 * SECOND, 30 * SECOND, 4));
        assertTrue(m.endReason().get().contains("before the session came up"));
    }

    @Test
    public void cutEndsItOnce() throws Exception {
        BngSessionMachine m = new BngSessionMachine(0);
        assertEquals(Change.ENDED, m.end("cut"));
        assertEquals(Change.NONE, m.end("again"));
        assertEquals("cut", m.endReason().get());
    }
}
