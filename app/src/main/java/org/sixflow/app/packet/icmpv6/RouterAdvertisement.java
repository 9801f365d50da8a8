// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A Router Advertisement (RFC 4861 section 4.2) in its Ethernet frame: from the router's
 * link-local address with hop limit 255, to all-nodes (ff02::1, 33:33:00:00:00:01) or to one
 * solicitor; Cur Hop Limit, no M or O flag (addresses by SLAAC, RFC 4862), the router lifetime,
 * Reachable Time and Retrans Timer 0 (unspecified: the hosts keep their own); then the options:
 * Source Link-Layer Address (4.6.1), MTU (4.6.4) when the port's MTU is known, and a Prefix
 * Information option (4.6.2) per prefix, on-link and autonomous.
 */
public final class RouterAdvertisement {

    public static final int TYPE_ROUTER_SOLICITATION = 133;
    public static final int TYPE_ROUTER_ADVERTISEMENT = 134;
    /** Option types (RFC 4861 section 4.6). */
    public static final int OPTION_SOURCE_LINK_LAYER_ADDRESS = 1;
    public static final int OPTION_PREFIX_INFORMATION = 3;
    public static final int OPTION_MTU = 5;
    /** Prefix Information flags: on-link (L) and autonomous address-configuration (A). */
    public static final int FLAG_ON_LINK = 0x80;
    public static final int FLAG_AUTONOMOUS = 0x40;
    /** Cur Hop Limit advertised: the hop limit IANA lists for IP (RFC 4861 section 6.2.1 AdvCurHopLimit). */
    public static final int CUR_HOP_LIMIT = 64;
    /** The largest router lifetime (RFC 4861 section 4.2: 9000 s). */
    public static final int MAX_ROUTER_LIFETIME = 9000;
    public static final Ip6Address ALL_NODES = Ip6Address.valueOf("ff02::1");
    public static final MacAddress ALL_NODES_MAC = MacAddress.valueOf("33:33:00:00:00:01");
    /** The RA's fixed part after type, code and checksum: hop limit, flags, lifetime, two timers. */
    private static final int FIXED_BYTES = 12;

    /** One advertised prefix and its lifetimes, seconds (0xFFFFFFFF: infinity). */
    public static final class Prefix {
        final Ip6Prefix prefix;
        final long validLifetime;
        final long preferredLifetime;

        /**
         * Creates a prefix to advertise.
         *
         * @param prefix            the prefix (a /64 for SLAAC on Ethernet, RFC 4862 5.5.3)
         * @param validLifetime     seconds
         * @param preferredLifetime seconds, at most the valid lifetime
         */
        public Prefix(Ip6Prefix prefix, long validLifetime, long preferredLifetime) {
            this.prefix = checkNotNull(prefix);
            checkArgument(validLifetime >= 0 && validLifetime <= 0xffffffffL, "valid lifetime %s", validLifetime);
            checkArgument(preferredLifetime >= 0 && preferredLifetime <= validLifetime,
                          "preferred lifetime %s must be within 0..valid lifetime %s", preferredLifetime,
                          validLifetime);
            this.validLifetime = validLifetime;
            this.preferredLifetime = preferredLifetime;
        }

        public Ip6Prefix prefix() {
            return prefix;
        }
    }

    private RouterAdvertisement() {
    }

    /**
     * Builds the frame.
     *
     * @param routerMac      the router's MAC: the frame's source and the Source Link-Layer Address option
     * @param dstMac         all-nodes' or the solicitor's MAC
     * @param to             all-nodes or the solicitor's address
     * @param routerLifetime seconds, 0..9000 (0: not a default router)
     * @param mtu            the link's MTU, when known
     * @param prefixes       the prefixes of the link
     * @return the Ethernet frame
     */
    public static byte[] frame(MacAddress routerMac, MacAddress dstMac, Ip6Address to, int routerLifetime,
                               Optional<Integer> mtu, List<Prefix> prefixes) {
        return Icmpv6Frame.message(routerMac, dstMac, RouterAddresses.linkLocal(routerMac), to,
                                   TYPE_ROUTER_ADVERTISEMENT, 0, body(routerLifetime, Optional.of(routerMac), mtu,
                                                                      prefixes));
    }

    /**
     * A Router Advertisement as the IPv6 packet a link without link-layer addresses carries (PPP,
     * RFC 5072): no Source Link-Layer Address option (RFC 4861 4.2: it may be left out).
     *
     * @param from           the router's link-local address
     * @param to             all-nodes or the solicitor's address
     * @param routerLifetime seconds, 0..9000 (0: not a default router)
     * @param mtu            the link's MTU, when known
     * @param prefixes       the prefixes of the link
     * @return the IPv6 packet
     */
    public static byte[] packet(Ip6Address from, Ip6Address to, int routerLifetime, Optional<Integer> mtu,
                                List<Prefix> prefixes) {
        return Icmpv6Frame.packet(from, to, TYPE_ROUTER_ADVERTISEMENT, 0,
                                  body(routerLifetime, Optional.empty(), mtu, prefixes));
    }

    /** What follows the checksum: the RA's fixed part, then its options. */
    private static byte[] body(int routerLifetime, Optional<MacAddress> sourceLinkLayer, Optional<Integer> mtu,
                               List<Prefix> prefixes) {
        checkArgument(routerLifetime >= 0 && routerLifetime <= MAX_ROUTER_LIFETIME, "router lifetime %s outside 0..%s",
                      routerLifetime, MAX_ROUTER_LIFETIME);
        int length = FIXED_BYTES + (sourceLinkLayer.isPresent() ? 8 : 0) + (mtu.isPresent() ? 8 : 0)
                + 32 * prefixes.size();
        ByteBuffer rest = ByteBuffer.allocate(length);
        rest.put((byte) CUR_HOP_LIMIT).put((byte) 0).putShort((short) routerLifetime).putInt(0).putInt(0);
        sourceLinkLayer.ifPresent(mac -> rest.put((byte) OPTION_SOURCE_LINK_LAYER_ADDRESS).put((byte) 1)
                .put(mac.toBytes()));
        mtu.ifPresent(value -> rest.put((byte) OPTION_MTU).put((byte) 1).putShort((short) 0).putInt(value));
        for (Prefix p : prefixes) {
            rest.put((byte) OPTION_PREFIX_INFORMATION).put((byte) 4).put((byte) p.prefix.prefixLength())
                    .put((byte) (FLAG_ON_LINK | FLAG_AUTONOMOUS)).putInt((int) p.validLifetime)
                    .putInt((int) p.preferredLifetime).putInt(0).put(p.prefix.address().toOctets());
        }
        return rest.array();
    }
}
