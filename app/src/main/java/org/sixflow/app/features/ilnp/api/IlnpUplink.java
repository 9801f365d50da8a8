// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.PortNumber;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One uplink of an ILNP site: the border router's port towards a provider, the locator (a /64)
 * that provider gave the site, the MACs ilnp_uplink's use_uplink writes on packets it sends
 * that way (the router's own on that port, the provider's next hop) and the uplink's share of
 * the site's flows in percent. Checked as part of its site ({@link IlnpSite#of}).
 */
public final class IlnpUplink {

    private final PortNumber port;
    private final Ip6Prefix locator;
    private final MacAddress routerMac;
    private final MacAddress nextHopMac;
    private final int weight;

    private IlnpUplink(PortNumber port, Ip6Prefix locator, MacAddress routerMac, MacAddress nextHopMac, int weight) {
        this.port = checkNotNull(port, "an uplink needs a port");
        this.locator = checkNotNull(locator, "an uplink needs a locator");
        this.routerMac = checkNotNull(routerMac, "an uplink needs the router's MAC");
        this.nextHopMac = checkNotNull(nextHopMac, "an uplink needs the next hop's MAC");
        this.weight = weight;
    }

    /**
     * Makes an uplink; its site checks it.
     *
     * @param port       the border router's port towards the provider
     * @param locator    the provider's locator for the site, a /64
     * @param routerMac  the router's MAC on that port (source of packets sent out of it)
     * @param nextHopMac the provider's next hop (their destination)
     * @param weight     share of the site's flows, percent
     * @return the uplink
     */
    public static IlnpUplink of(PortNumber port, Ip6Prefix locator, MacAddress routerMac, MacAddress nextHopMac,
                                int weight) {
        return new IlnpUplink(port, locator, routerMac, nextHopMac, weight);
    }

    /** The same uplink with another weight. */
    public IlnpUplink withWeight(int newWeight) {
        return new IlnpUplink(port, locator, routerMac, nextHopMac, newWeight);
    }

    /** The border router's port towards the provider (also the uplink's counter index). */
    public PortNumber port() {
        return port;
    }

    /** The provider's locator for the site, a /64. */
    public Ip6Prefix locator() {
        return locator;
    }

    /** The router's MAC on the uplink. */
    public MacAddress routerMac() {
        return routerMac;
    }

    /** The provider's next hop. */
    public MacAddress nextHopMac() {
        return nextHopMac;
    }

    /** Share of the site's flows, percent. */
    public int weight() {
        return weight;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof IlnpUplink)) {
            return false;
        }
        IlnpUplink that = (IlnpUplink) o;
        return weight == that.weight && port.equals(that.port) && locator.equals(that.locator)
                && routerMac.equals(that.routerMac) && nextHopMac.equals(that.nextHopMac);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, locator, routerMac, nextHopMac, weight);
    }

    @Override
    public String toString() {
        return "port " + port + " " + locator + " weight " + weight + " (" + routerMac + " -> " + nextHopMac + ")";
    }
}
