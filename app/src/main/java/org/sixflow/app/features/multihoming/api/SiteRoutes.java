// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.routing.api.Ipv6Route;

import java.util.List;
import java.util.Objects;

/**
 * The thesis's focal claim made measurable: for each protocol, the address the correspondent
 * sees the site by, and on every switch the route that carries packets to it. A route is
 * site-specific unless it is a provider's aggregate (which exists whether or not the site is
 * multihomed): plain IPv6 multihoming needs the site's own prefix in every router, NPTv6 and
 * ILNP only the delegating provider's route to its customer.
 */
public final class SiteRoutes {

    /** One switch's route to the address. */
    public static final class Route {
        private final DeviceId device;
        private final Ip6Prefix prefix;
        private final Ipv6Route.Kind kind;

        /**
         * Creates one.
         *
         * @param device the switch
         * @param prefix the route's prefix
         * @param kind   where the prefix comes from
         */
        public Route(DeviceId device, Ip6Prefix prefix, Ipv6Route.Kind kind) {
            this.device = Objects.requireNonNull(device);
            this.prefix = Objects.requireNonNull(prefix);
            this.kind = Objects.requireNonNull(kind);
        }

        public DeviceId device() {
            return device;
        }

        public Ip6Prefix prefix() {
            return prefix;
        }

        public Ipv6Route.Kind kind() {
            return kind;
        }

        /** Whether the route exists for the site (anything but a provider's aggregate). */
        public boolean siteSpecific() {
            return kind != Ipv6Route.Kind.AGGREGATE;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Route)) {
                return false;
            }
            Route that = (Route) o;
            return device.equals(that.device) && prefix.equals(that.prefix) && kind == that.kind;
        }

        @Override
        public int hashCode() {
            return Objects.hash(device, prefix, kind);
        }
    }

    private final MultihomingProtocol protocol;
    private final String address;
    private final DeviceId siteDevice;
    private final List<Route> routes;

    /**
     * Creates one.
     *
     * @param protocol   the protocol
     * @param address    the address (or locator prefix) the correspondent sees the site host by
     * @param siteDevice the site's border router
     * @param routes     each switch's route to it
     */
    public SiteRoutes(MultihomingProtocol protocol, String address, DeviceId siteDevice, List<Route> routes) {
        this.protocol = Objects.requireNonNull(protocol);
        this.address = Objects.requireNonNull(address);
        this.siteDevice = Objects.requireNonNull(siteDevice);
        this.routes = List.copyOf(routes);
    }

    public MultihomingProtocol protocol() {
        return protocol;
    }

    public String address() {
        return address;
    }

    public DeviceId siteDevice() {
        return siteDevice;
    }

    public List<Route> routes() {
        return routes;
    }

    /** How many switches outside the site hold a site-specific route to the address. */
    public int siteSpecificOutsideSite() {
        return (int) routes.stream().filter(r -> r.siteSpecific() && !r.device().equals(siteDevice)).count();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SiteRoutes)) {
            return false;
        }
        SiteRoutes that = (SiteRoutes) o;
        return protocol == that.protocol && address.equals(that.address) && siteDevice.equals(that.siteDevice)
                && routes.equals(that.routes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, address, routes);
    }
}
