// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/** IPv6 prefixes as operators write them. */
public final class Ipv6Prefixes {

    private Ipv6Prefixes() {
    }

    /**
     * Parses a prefix as written, refusing bits set past its length (which Ip6Prefix would
     * silently clear; Linux refuses them too, e.g. ip6tables' SNPT/DNPT).
     *
     * @param text a prefix such as {@code fd00:1::/48}
     * @return the prefix
     * @throws IllegalArgumentException if it is no IPv6 prefix or has bits set past its length
     */
    public static Ip6Prefix parseExact(String text) {
        checkNotNull(text, "no prefix given");
        int slash = text.indexOf('/');
        checkArgument(slash > 0, "%s is no IPv6 prefix (address/length)", text);
        Ip6Address address;
        int length;
        try {
            address = Ip6Address.valueOf(text.substring(0, slash));
            length = Integer.parseInt(text.substring(slash + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(text + " is no IPv6 prefix (address/length)", e);
        }
        checkArgument(length >= 0 && length <= Ip6Address.BIT_LENGTH, "%s: length must be 0..128", text);
        Ip6Prefix prefix = Ip6Prefix.valueOf(address, length);
        checkArgument(prefix.address().equals(address), "%s has bits set past its length (did you mean %s?)",
                      text, prefix);
        return prefix;
    }
}
