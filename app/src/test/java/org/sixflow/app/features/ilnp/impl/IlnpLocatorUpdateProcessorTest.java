// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.HostId;
import java.util.stream.Collectors;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.features.routing.api.RoutingListener;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.onosproject.net.PortNumber;
import org.onosproject.net.DeviceId;
import org.onlab.packet.MacAddress;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.app.features.ilnp.api.LocatorUpdateOutcome;
import org.sixflow.app.features.ilnp.api.ReceivedLocatorUpdate;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.ADVERTISEMENT;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.bytes;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.with;

/**
 * The Locator Update processor on beijing with test_ilnp.py's site (internal locator
 * fd00:5:1:1, uplinks 2 and 3 at 50/50, provider locators 2001:db8:a:1 and 2001:db8:b:1): each
 * update sent on byte for byte as the data plane would have (locator rewritten, hop limit one
 * less, MACs of the next hop), malformed ones and those from outside the site dropped and counted.
 */
public class IlnpLocatorUpdateProcessorTest {

    /** Site host 42 advertises provider locator 2001:db8:b:1 to the correspondent, 12-octet nonce, hop limit 64. */
    static final String FROM_HOST = ""
            + "00aa00000001" + "000000000010" + "86dd"         // to beijing's router MAC, from the host
            + "60000000" + "0024" + "3c" + "40"               // payload 36, Destination Options, hop limit 64
            + "fd00000500010001" + "0000000000000042"         // source: the internal locator, host 42
            + "3fff0000000c0001" + "0000000000000099"         // destination: the correspondent
            + "3a01" + "8b0c" + "000000000000000000000000"    // Nonce option, 12 octets
            + "9c00" + "32e3" + "01" + "01" + "0000"          // Locator Update, checksum, 1 locator, advertisement
            + "20010db8000b0001" + "0001" + "012c";           // locator, preference 1, lifetime 300

    private final IlnpSiteManagerFixture sites = new IlnpSiteManagerFixture();
    private final IlnpLocatorUpdateProcessor processor = new IlnpLocatorUpdateProcessor();
    private final TestHostService hosts = new TestHostService();
    private final List<OutboundPacket> emitted = new ArrayList<>();
    /** beijing's routes, as routing holds them. */
    private final List<Ipv6Route> routes = new ArrayList<>();

    @Before
    public void setUp() {
        processor.packetService = new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        };
        processor.siteService = sites.manager;
        processor.hostService = hosts;
        processor.configService = new LabNetwork().netcfg;
        processor.routingService = new RoutingService() {
            @Override
            public List<Ipv6Route> routes() {
                return List.copyOf(routes);
            }

            @Override
            public List<Ipv6Route> routes(DeviceId deviceId) {
                return routes.stream().filter(r -> r.deviceId().equals(deviceId)).collect(Collectors.toList());
            }

            @Override
            public void addListener(RoutingListener listener) {
            }

            @Override
            public void removeListener(RoutingListener listener) {
            }
        };
        processor.setClock(() -> 1_700_000_000_000L);
        hosts.add("00:00:00:00:00:10", "device:beijing/1", "fd00:5:1:1::42");
        sites.manager.add(IlnpSiteManagerFixture.example("site-a"));
    }

    @After
    public void tearDown() {
        sites.shutdown();
    }

    private static InboundPacket punted(String at, byte[] frame, int reason) {
        return new DefaultInboundPacket(ConnectPoint.deviceConnectPoint(at), null, ByteBuffer.wrap(frame),
                                        PuntReason.cookie(reason));
    }

    private Optional<LocatorUpdateOutcome> handle(String at, byte[] frame) {
        return processor.handle(punted(at, frame, P4Defines.PUNT_ILNP_LOCATOR_UPDATE));
    }

    private static byte[] sent(OutboundPacket packet) {
        ByteBuffer data = packet.data().duplicate();
        byte[] b = new byte[data.remaining()];
        data.get(b);
        return b;
    }

    private static long outPort(OutboundPacket packet) {
        return ((Instructions.OutputInstruction) packet.treatment().allInstructions().get(0)).port().toLong();
    }

    @Test
    public void aCorrespondentsUpdateGoesToTheHostWithTheInternalLocator() {
        assertEquals(Optional.of(LocatorUpdateOutcome.FORWARDED_INTO_SITE), handle("device:beijing/2",
                                                                                   bytes(ADVERTISEMENT)));
        assertEquals(1, emitted.size());
        // To the host's MAC from the router's, hop limit 254, destination locator the internal one.
        byte[] want = patch(patch(with(ADVERTISEMENT, 0, "000000000010" + "00aa00000001"), 14 + 7, "fe"),
                            14 + 24, "fd00000500010001");
        assertEquals(hex(want), hex(sent(emitted.get(0))));
        assertEquals(1, outPort(emitted.get(0)));
        assertEquals("device:beijing", emitted.get(0).sendThrough().toString());
        // The checksum still holds by ILNP's rule.
        assertTrue(LocatorUpdateParser.ilnpChecksumOk(want, 14 + 48, want.length));

        assertEquals(1, processor.received("site-a"));
        ReceivedLocatorUpdate last = processor.lastReceived("site-a").get(0);
        assertEquals(LocatorUpdateOutcome.FORWARDED_INTO_SITE, last.outcome());
        assertEquals(1_700_000_000_000L, last.receivedMillis());
        assertEquals("2001:db8:a:1::42", last.destination().toString());
        assertEquals(new LocatorUpdate(1, List.of(new LocatorUpdate.Entry(0x3fff_0000_000d_0001L, 10, 600),
                                                  new LocatorUpdate.Entry(0x3fff_0000_000c_0001L, 20, 0))),
                     last.message());
    }

    @Test
    public void aCorrespondentsUpdateForAHostBehindAnotherRouterOfTheSiteGoesAlongTheRoute() {
        // Two SBRs: the host is on the site's own router, which beijing reaches by its port 3.
        hosts.move(HostId.hostId(MacAddress.valueOf("00:00:00:00:00:10"), VlanId.NONE), "device:site/1");
        DeviceId beijing = DeviceId.deviceId("device:beijing");
        MacAddress siteRouter = MacAddress.valueOf("00:aa:00:00:00:77");
        routes.add(Ipv6Route.of(beijing, Ip6Prefix.valueOf("fd00:5::/32"), Ipv6Route.Kind.LOCATOR,
                                PortNumber.portNumber(4), MacAddress.valueOf("00:aa:00:00:00:01"),
                                MacAddress.valueOf("00:aa:00:00:00:66")).withState(Ipv6Route.State.INSTALLED));
        routes.add(Ipv6Route.of(beijing, Ip6Prefix.valueOf("fd00:5:1:1::/64"), Ipv6Route.Kind.LOCATOR,
                                PortNumber.portNumber(3), MacAddress.valueOf("00:aa:00:00:00:01"), siteRouter)
                           .withState(Ipv6Route.State.INSTALLED));
        // A longer one the device does not hold yet is not taken.
        routes.add(Ipv6Route.of(beijing, Ip6Prefix.valueOf("fd00:5:1:1::42/128"), Ipv6Route.Kind.HOST,
                                PortNumber.portNumber(9), MacAddress.valueOf("00:aa:00:00:00:01"),
                                MacAddress.valueOf("00:aa:00:00:00:99")));
        assertEquals(Optional.of(LocatorUpdateOutcome.FORWARDED_INTO_SITE), handle("device:beijing/2",
                                                                                   bytes(ADVERTISEMENT)));
        assertEquals(1, emitted.size());
        byte[] want = patch(patch(with(ADVERTISEMENT, 0, "00aa00000077" + "00aa00000001"), 14 + 7, "fe"),
                            14 + 24, "fd00000500010001");
        assertEquals(hex(want), hex(sent(emitted.get(0))));
        assertEquals(3, outPort(emitted.get(0)));

        // No route to it either: dropped as before.
        routes.clear();
        assertEquals(Optional.of(LocatorUpdateOutcome.NO_HOST), handle("device:beijing/2", bytes(ADVERTISEMENT)));
        assertEquals(1, emitted.size());
    }

    @Test
    public void aSiteHostsUpdateLeavesByTheUplinkItsFlowHashPicks() {
        // FlowHash(42, 99, ICMPv6, 0, 0) = 0x8e87 = 36487 >= 32768: uplink 3's half at 50/50.
        assertEquals(Optional.of(LocatorUpdateOutcome.FORWARDED_OUT), handle("device:beijing/1", bytes(FROM_HOST)));
        byte[] want = patch(patch(with(FROM_HOST, 0, "00bb00000003" + "00aa00000301"), 14 + 7, "3f"),
                            14 + 8, "20010db8000b0001");
        assertEquals(hex(want), hex(sent(emitted.get(0))));
        assertEquals(3, outPort(emitted.get(0)));
        // At 100/0 the same flow leaves by uplink 2.
        sites.manager.setWeights("site-a", Map.of(org.onosproject.net.PortNumber.portNumber(2), 100,
                                                  org.onosproject.net.PortNumber.portNumber(3), 0));
        handle("device:beijing/1", bytes(FROM_HOST));
        assertEquals(2, outPort(emitted.get(1)));
        assertEquals("20010db8000a0001", hex(sent(emitted.get(1))).substring(2 * 22, 2 * 30));
        // With uplink 2's link lost, by uplink 3, as the data plane's serving ranges send it.
        sites.lab.fail("device:beijing/2", "device:nanjing/1");
        sites.awaitEvents();
        handle("device:beijing/1", bytes(FROM_HOST));
        assertEquals(3, outPort(emitted.get(2)));
        assertEquals("20010db8000b0001", hex(sent(emitted.get(2))).substring(2 * 22, 2 * 30));
    }

    @Test
    public void anUpdateFromTheInternalLocatorThatCameInByAnUplinkIsDropped() {
        assertEquals(Optional.of(LocatorUpdateOutcome.FROM_OUTSIDE_THE_SITE), handle("device:beijing/3",
                                                                                     bytes(FROM_HOST)));
        assertTrue(emitted.isEmpty());
        assertEquals(1, processor.received("site-a"));
        assertEquals(1L, (long) processor.outcomes().get(LocatorUpdateOutcome.FROM_OUTSIDE_THE_SITE));

        // Forged the same way but addressed to one of the site's provider locators, as if for a
        // site host: still from outside (the lab's system test found it forwarded into the site).
        byte[] intoSite = patch(bytes(FROM_HOST), 14 + 24, "20010db8000a0001");
        assertEquals(Optional.of(LocatorUpdateOutcome.FROM_OUTSIDE_THE_SITE), handle("device:beijing/2", intoSite));
        assertTrue(emitted.isEmpty());
    }

    @Test
    public void malformedFramesAreDroppedAndCountedNeverThrown() {
        byte[][] bad = {
                new byte[0],
                bytes("ffff"),
                with(ADVERTISEMENT, 14 + 40 + 8 + 2, "0000"),            // checksum wrong
                with(ADVERTISEMENT, 14 + 40 + 8 + 4, "07"),              // Num of Locs past the end
                bytes(ADVERTISEMENT.substring(0, 2 * 70)),               // cut short
        };
        for (byte[] frame : bad) {
            assertEquals(Optional.of(LocatorUpdateOutcome.MALFORMED), handle("device:beijing/2", frame));
        }
        assertTrue(emitted.isEmpty());
        assertEquals(5L, (long) processor.outcomes().get(LocatorUpdateOutcome.MALFORMED));
        assertEquals(0, processor.received("site-a"));
    }

    @Test
    public void whatIsForNoSiteOrNoKnownHostIsDroppedAndOtherPuntsAreLeftAlone() {
        // To a locator no site of beijing has.
        assertEquals(Optional.of(LocatorUpdateOutcome.NOT_FOR_A_SITE),
                     handle("device:beijing/2", with(ADVERTISEMENT, 14 + 24, "20010db8000e0001")));
        // On another device the site's locators mean nothing.
        assertEquals(Optional.of(LocatorUpdateOutcome.NOT_FOR_A_SITE), handle("device:nanjing/2",
                                                                              bytes(ADVERTISEMENT)));
        // For a host ONOS does not know.
        assertEquals(Optional.of(LocatorUpdateOutcome.NO_HOST),
                     handle("device:beijing/2", with(with(ADVERTISEMENT, 14 + 39, "43"), 14 + 40 + 8 + 2, "de38")));
        // Hop limit 1: routing would not forward it either.
        assertEquals(Optional.of(LocatorUpdateOutcome.HOP_LIMIT),
                     handle("device:beijing/2", with(ADVERTISEMENT, 14 + 7, "01")));
        assertTrue(emitted.isEmpty());
        assertEquals(Optional.empty(), processor.handle(punted("device:beijing/2", bytes(ADVERTISEMENT),
                                                               P4Defines.PUNT_NO_ROUTE)));
        assertEquals(Optional.empty(), processor.handle(punted("device:beijing/2", bytes(ADVERTISEMENT),
                                                               P4Defines.PUNT_ASKED)));
    }

    @Test
    public void keepsTheLastUpdatesNewestFirst() {
        for (int i = 0; i < 20; i++) {
            handle("device:beijing/2", bytes(ADVERTISEMENT));
        }
        handle("device:beijing/3", bytes(FROM_HOST));
        assertEquals(21, processor.received("site-a"));
        List<ReceivedLocatorUpdate> last = processor.lastReceived("site-a");
        assertEquals(16, last.size());
        assertEquals(LocatorUpdateOutcome.FROM_OUTSIDE_THE_SITE, last.get(0).outcome());
        assertEquals(List.of(), processor.lastReceived("nowhere"));
    }

    private static byte[] patch(byte[] frame, int offset, String replacement) {
        return LocatorUpdateParserTest.with(hex(frame), offset, replacement);
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x & 0xff));
        }
        return s.toString();
    }
}
