// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.Objects;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An NPTv6 mapping an operator created, under the id it is stored, removed and shown by. The
 * value is the {@link Nptv6Mapping} (what the data plane translates); the id only names it.
 */
public final class NamedNptv6Mapping {

    /** Ids: 1 to 64 letters, digits, dots, underscores, dashes (a URL path segment as it is). */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private final String id;
    private final Nptv6Mapping mapping;

    private NamedNptv6Mapping(String id, Nptv6Mapping mapping) {
        this.id = id;
        this.mapping = mapping;
    }

    /**
     * Names a mapping.
     *
     * @param id      the id
     * @param mapping the mapping
     * @return the named mapping
     * @throws IllegalArgumentException if the id is not 1-64 of [A-Za-z0-9._-], or is "." or ".."
     */
    public static NamedNptv6Mapping of(String id, Nptv6Mapping mapping) {
        checkId(id);
        return new NamedNptv6Mapping(id, checkNotNull(mapping, "a named mapping needs a mapping"));
    }

    /**
     * Makes a named mapping from its parts, each problem naming its field.
     *
     * @param id             the id
     * @param internalPrefix the site's prefix
     * @param externalPrefix the provider's prefix
     * @param uplink         the port towards the provider
     * @return the named mapping
     * @throws IllegalArgumentException naming the field(s) at fault
     */
    public static NamedNptv6Mapping of(String id, Ip6Prefix internalPrefix, Ip6Prefix externalPrefix,
                                       ConnectPoint uplink) {
        checkId(id);
        checkArgument(internalPrefix != null, "internalPrefix is required");
        checkArgument(externalPrefix != null, "externalPrefix is required");
        checkArgument(uplink != null, "uplink is required");
        try {
            return new NamedNptv6Mapping(id, Nptv6Mapping.of(internalPrefix, externalPrefix, uplink));
        } catch (IllegalArgumentException e) {
            // Nptv6Mapping's checks are about the two prefixes together.
            throw new IllegalArgumentException("internalPrefix, externalPrefix: " + e.getMessage(), e);
        }
    }

    /**
     * Parses an uplink as written: a device id, a slash, a port number.
     *
     * @param text e.g. {@code device:sbr/2}
     * @return the connect point
     * @throws IllegalArgumentException naming the field if it is not one
     */
    public static ConnectPoint uplink(String text) {
        checkArgument(text != null && !text.isEmpty(), "uplink is required (device/port, e.g. device:sbr/2)");
        int slash = text.lastIndexOf('/');
        String port = slash < 0 ? "" : text.substring(slash + 1);
        checkArgument(slash > 0 && !port.isEmpty() && port.length() <= 10 && port.chars().allMatch(Character::isDigit),
                      "uplink must be device/port with a port number, e.g. device:sbr/2");
        return new ConnectPoint(DeviceId.deviceId(text.substring(0, slash)),
                                PortNumber.portNumber(Long.parseLong(port)));
    }

    /**
     * Checks an id.
     *
     * @param id the id
     * @throws IllegalArgumentException if it is not a mapping id
     */
    public static void checkId(String id) {
        checkArgument(id != null, "id is required");
        // "." and ".." would be path segments of their own in /nptv6/mappings/{id}.
        checkArgument(ID.matcher(id).matches() && !id.equals(".") && !id.equals(".."),
                      "id must be 1-64 letters, digits, '.', '_' or '-' (not \".\" or \"..\")");
    }

    /** The id. */
    public String id() {
        return id;
    }

    /** The mapping. */
    public Nptv6Mapping mapping() {
        return mapping;
    }

    /** The site's prefix. */
    public Ip6Prefix internalPrefix() {
        return mapping.internalPrefix();
    }

    /** The provider's prefix. */
    public Ip6Prefix externalPrefix() {
        return mapping.externalPrefix();
    }

    /** The border router's port towards the provider. */
    public ConnectPoint uplink() {
        return mapping.uplink();
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof NamedNptv6Mapping && id.equals(((NamedNptv6Mapping) o).id)
                && mapping.equals(((NamedNptv6Mapping) o).mapping);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, mapping);
    }

    @Override
    public String toString() {
        return id + ": " + mapping;
    }
}
