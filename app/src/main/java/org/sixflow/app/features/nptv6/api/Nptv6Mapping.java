// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.packet.Ipv6Prefixes;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One NPTv6 mapping of a site border router: the site's internal prefix is translated to a
 * provider's external prefix on packets leaving by that provider's uplink, and back on packets
 * arriving for the external prefix (RFC 6296). A site with several providers has one mapping per
 * uplink, all with the same internal prefix.
 *
 * <p>What the data plane supports is what this type accepts: both prefixes of one length, /1 to
 * /48 (the adjustment goes into the subnet word, bits 48 to 63, RFC 6296 section 3.2; the choice
 * of an interface-identifier word for longer prefixes is not implemented), no bits set past the
 * length, the two prefixes disjoint.
 */
public final class Nptv6Mapping {

    /** The longest prefix the data plane translates: the subnet word (bits 48-63) must be outside it. */
    public static final int MAX_PREFIX_LENGTH = 48;

    private final Ip6Prefix internalPrefix;
    private final Ip6Prefix externalPrefix;
    private final ConnectPoint uplink;

    private Nptv6Mapping(Ip6Prefix internalPrefix, Ip6Prefix externalPrefix, ConnectPoint uplink) {
        this.internalPrefix = internalPrefix;
        this.externalPrefix = externalPrefix;
        this.uplink = uplink;
    }

    /**
     * Makes a mapping, checking what the data plane can translate.
     *
     * @param internalPrefix the site's prefix, as its hosts use it
     * @param externalPrefix the provider's prefix the site appears as on the uplink
     * @param uplink         the border router's port towards that provider
     * @return the mapping
     * @throws NullPointerException     if an argument is missing
     * @throws IllegalArgumentException if the prefixes differ in length, are longer than /48 or /0, or overlap
     */
    public static Nptv6Mapping of(Ip6Prefix internalPrefix, Ip6Prefix externalPrefix, ConnectPoint uplink) {
        checkNotNull(internalPrefix, "an NPTv6 mapping needs an internal prefix");
        checkNotNull(externalPrefix, "an NPTv6 mapping needs an external prefix");
        checkNotNull(uplink, "an NPTv6 mapping needs an uplink (device and port)");
        int length = internalPrefix.prefixLength();
        checkArgument(externalPrefix.prefixLength() == length,
                      "internal prefix %s and external prefix %s differ in length: NPTv6 here maps prefixes"
                              + " of one length", internalPrefix, externalPrefix);
        checkArgument(length >= 1, "a /0 prefix would translate every address: %s", internalPrefix);
        checkArgument(length <= MAX_PREFIX_LENGTH,
                      "prefix %s is longer than /%s: the checksum adjustment goes into the subnet word"
                              + " (bits 48-63), which it would overlap (RFC 6296 section 3.7's choice of an"
                              + " interface-identifier word is not supported)", internalPrefix, MAX_PREFIX_LENGTH);
        checkArgument(!internalPrefix.contains(externalPrefix) && !externalPrefix.contains(internalPrefix),
                      "internal prefix %s and external prefix %s overlap", internalPrefix, externalPrefix);
        return new Nptv6Mapping(internalPrefix, externalPrefix, uplink);
    }

    /**
     * Parses a prefix as written, refusing bits set past its length (which Ip6Prefix would
     * silently clear, as Linux's SNPT/DNPT refuse them).
     *
     * @param text a prefix such as {@code fd00:1::/48}
     * @return the prefix
     * @throws IllegalArgumentException if it is no IPv6 prefix or has bits set past its length
     */
    public static Ip6Prefix prefix(String text) {
        return Ipv6Prefixes.parseExact(text);
    }

    /**
     * The site's prefix.
     *
     * @return the internal prefix
     */
    public Ip6Prefix internalPrefix() {
        return internalPrefix;
    }

    /**
     * The provider's prefix on the uplink.
     *
     * @return the external prefix
     */
    public Ip6Prefix externalPrefix() {
        return externalPrefix;
    }

    /**
     * The border router's port towards the provider.
     *
     * @return the uplink
     */
    public ConnectPoint uplink() {
        return uplink;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Nptv6Mapping)) {
            return false;
        }
        Nptv6Mapping that = (Nptv6Mapping) o;
        return internalPrefix.equals(that.internalPrefix) && externalPrefix.equals(that.externalPrefix)
                && uplink.equals(that.uplink);
    }

    @Override
    public int hashCode() {
        return Objects.hash(internalPrefix, externalPrefix, uplink);
    }

    @Override
    public String toString() {
        return internalPrefix + " <-> " + externalPrefix + " on " + uplink;
    }
}
