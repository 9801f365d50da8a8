// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.ADVERTISEMENT;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.bytes;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.hex;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.with;

/**
 * The advertisement a border router writes for a site host, byte for byte against the frames
 * written by hand in the parser's and processor's tests (their checksums are the lab ILNP
 * endpoint's own, lab/ilnp/wire.py), and read back by the parser.
 */
public class LocatorUpdateWriterTest {

    private static byte[] address(String hex) {
        return bytes(hex);
    }

    @Test
    public void twoLocatorsUnderAFourOctetNonceAreTheHandWrittenFrame() throws Exception {
        byte[] frame = LocatorUpdateWriter.advertisement(
                MacAddress.valueOf("00:bb:00:00:00:02"), MacAddress.valueOf("00:aa:00:00:02:01"),
                address("3fff0000000c0001" + "0000000000000099"), address("20010db8000a0001" + "0000000000000042"),
                bytes("11223344"), List.of(new LocatorUpdate.Entry(0x3fff_0000_000d_0001L, 10, 600),
                                           new LocatorUpdate.Entry(0x3fff_0000_000c_0001L, 20, 0)));
        // The hand-written one has hop limit 255; a router's own update starts at 64.
        assertEquals(hex(with(ADVERTISEMENT, 14 + 7, "40")), hex(frame));
        LocatorUpdateFrame read = LocatorUpdateParser.parse(frame);
        assertEquals(2, read.message().entries().size());
        assertEquals(LocatorUpdate.ADVERTISEMENT, read.message().operation());
    }

    @Test
    public void aTwelveOctetNonceIsTheProcessorTestsFrame() throws Exception {
        byte[] frame = LocatorUpdateWriter.advertisement(
                MacAddress.valueOf("00:00:00:00:00:10"), MacAddress.valueOf("00:aa:00:00:00:01"),
                address("fd00000500010001" + "0000000000000042"), address("3fff0000000c0001" + "0000000000000099"),
                new byte[12], List.of(new LocatorUpdate.Entry(0x2001_0db8_000b_0001L, 1, 300)));
        assertEquals(IlnpLocatorUpdateProcessorTest.FROM_HOST, hex(frame));
        LocatorUpdateParser.parse(frame);
    }

    private static void refused(Runnable write) {
        try {
            write.run();
            fail("written");
        } catch (IllegalArgumentException expected) {
            // refused, as it should be
        }
    }

    @Test
    public void whatNoUpdateCanCarryIsRefused() {
        MacAddress mac = MacAddress.valueOf("00:00:00:00:00:01");
        byte[] a = new byte[16];
        List<LocatorUpdate.Entry> one = List.of(new LocatorUpdate.Entry(1, 1, 1));
        refused(() -> LocatorUpdateWriter.advertisement(mac, mac, a, a,
                                                                                             new byte[8], one));
        refused(() -> LocatorUpdateWriter.advertisement(mac, mac, a, a,
                                                                                             new byte[4], List.of()));
        refused(() -> LocatorUpdateWriter.advertisement(mac, mac, new byte[4],
                                                                                             a, new byte[4], one));
    }
}
