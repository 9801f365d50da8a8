// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.MacAddress;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.pipeconf.P4Defines;

import java.nio.ByteBuffer;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Writes the Ethernet frame of a Locator Update advertisement (RFC 6743) that a site's border
 * router sends for a site host: IPv6 from the host's address to the correspondent's, a
 * Destination Options header holding only the session's Nonce option (RFC 6744; 2 + 2 + 4 and
 * 2 + 2 + 12 octets need no padding), then the message, its checksum by ILNP's rule (the
 * identifiers with zero locators, {@link LocatorUpdateParser#ilnpChecksumOk}), which reads it
 * back byte for byte.
 */
final class LocatorUpdateWriter {

    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int NH_DESTINATION_OPTIONS = 60;
    private static final int NH_ICMPV6 = 58;
    static final int HOP_LIMIT = 64;

    private LocatorUpdateWriter() {
    }

    /**
     * Writes an advertisement.
     *
     * @param src           the router's MAC on the uplink it leaves by
     * @param dst           the provider's next hop MAC
     * @param source        the host's address with the locator it is sent from, 16 octets
     * @param destination   the correspondent's address, 16 octets
     * @param nonce         the host's Nonce for the session, 4 or 12 octets
     * @param entries       the locators advertised, 1..255
     * @return the frame
     */
    static byte[] advertisement(MacAddress src, MacAddress dst, byte[] source, byte[] destination, byte[] nonce,
                                List<LocatorUpdate.Entry> entries) {
        checkArgument(source.length == 16 && destination.length == 16, "addresses have 16 octets");
        checkArgument(nonce.length == 4 || nonce.length == 12, "a Nonce has 4 or 12 octets (RFC 6744)");
        checkArgument(!entries.isEmpty() && entries.size() <= 255, "a Locator Update carries 1..255 locators");
        int options = 4 + nonce.length;
        int message = LocatorUpdateParser.FIXED + LocatorUpdateParser.PER_LOCATOR * entries.size();
        ByteBuffer b = ByteBuffer.allocate(LocatorUpdateFrame.ETHERNET + 40 + options + message);
        b.put(dst.toBytes()).put(src.toBytes()).putShort((short) ETHERTYPE_IPV6);
        b.putInt(0x6000_0000).putShort((short) (options + message)).put((byte) NH_DESTINATION_OPTIONS)
                .put((byte) HOP_LIMIT).put(source).put(destination);
        b.put((byte) NH_ICMPV6).put((byte) (options / 8 - 1)).put((byte) ReportedIlnpPacket.NONCE_OPTION)
                .put((byte) nonce.length).put(nonce);
        int icmp = b.position();
        b.put((byte) P4Defines.ICMPV6_ILNP_LOCATOR_UPDATE).put((byte) 0).putShort((short) 0)
                .put((byte) entries.size()).put((byte) LocatorUpdate.ADVERTISEMENT).putShort((short) 0);
        for (LocatorUpdate.Entry e : entries) {
            b.putLong(e.locator()).putShort((short) e.preference()).putShort((short) e.lifetime());
        }
        byte[] frame = b.array();
        int sum = LocatorUpdateParser.ilnpSum(frame, icmp, frame.length);
        int checksum = ~sum & 0xffff;
        frame[icmp + 2] = (byte) (checksum >>> 8);
        frame[icmp + 3] = (byte) checksum;
        return frame;
    }
}
