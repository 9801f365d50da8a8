// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One protocol of a study and what its trials need: the address the site host sends to, and what
 * the study installs for them (NPTv6 mappings, or an ILNP site) and removes after them.
 */
public final class StudyProtocol {

    private final MultihomingProtocol protocol;
    private final Ip6Address destination;
    private final List<NamedNptv6Mapping> mappings;
    private final IlnpSite site;

    private StudyProtocol(MultihomingProtocol protocol, Ip6Address destination, List<NamedNptv6Mapping> mappings,
                          IlnpSite site) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.destination = Objects.requireNonNull(destination, "destination");
        this.mappings = List.copyOf(mappings);
        this.site = site;
        checkArgument((protocol == MultihomingProtocol.NPTV6) == !this.mappings.isEmpty(),
                      "NPTv6, and only NPTv6, has mappings");
        checkArgument((protocol == MultihomingProtocol.ILNP) == (site != null), "ILNP, and only ILNP, has a site");
    }

    /**
     * Plain IPv6.
     *
     * @param destination the correspondent's address
     * @return the protocol
     */
    public static StudyProtocol ipv6(Ip6Address destination) {
        return new StudyProtocol(MultihomingProtocol.IPV6, destination, List.of(), null);
    }

    /**
     * NPTv6 with the mappings its trials install.
     *
     * @param destination the correspondent's address
     * @param mappings    one or more mappings (ids chosen by the study)
     * @return the protocol
     */
    public static StudyProtocol nptv6(Ip6Address destination, List<NamedNptv6Mapping> mappings) {
        return new StudyProtocol(MultihomingProtocol.NPTV6, destination, mappings, null);
    }

    /**
     * ILNP with the site its trials install.
     *
     * @param destination the correspondent's identity address (its endpoint's)
     * @param site        the site (named by the study)
     * @return the protocol
     */
    public static StudyProtocol ilnp(Ip6Address destination, IlnpSite site) {
        return new StudyProtocol(MultihomingProtocol.ILNP, destination, List.of(), Objects.requireNonNull(site));
    }

    public MultihomingProtocol protocol() {
        return protocol;
    }

    /** Where the site host sends. */
    public Ip6Address destination() {
        return destination;
    }

    /** NPTv6's mappings; empty for the others. */
    public List<NamedNptv6Mapping> mappings() {
        return mappings;
    }

    /** ILNP's site; empty for the others. */
    public Optional<IlnpSite> site() {
        return Optional.ofNullable(site);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StudyProtocol)) {
            return false;
        }
        StudyProtocol that = (StudyProtocol) o;
        return protocol == that.protocol && destination.equals(that.destination) && mappings.equals(that.mappings)
                && Objects.equals(site, that.site);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, destination, mappings, site);
    }
}
