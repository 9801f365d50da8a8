// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;

import java.util.Set;

/**
 * Addresses a feature ends on a router (GTP-U's N3 addresses), besides those routing knows of
 * itself (its interfaces', its link-local and its locator's, {@code RouterAddresses}). A packet to
 * one of them that the feature does not take (a ping to an N3 address, say) is the router's own,
 * not a packet to route: routing writes each a /128 to the controller, whose ICMPv6 answers treat
 * it as the router's address. Features provide them; routing and its ICMPv6 responder read them.
 */
public interface LocalAddressService {

    /**
     * Returns the addresses the features end on a device, across the cluster.
     *
     * @param device the device
     * @return what the providers give for it, empty if none
     */
    Set<Ip6Address> addresses(DeviceId device);

    /**
     * Adds a feature's provider.
     *
     * @param provider the provider
     */
    void addProvider(LocalAddressProvider provider);

    /**
     * Removes a provider: its addresses are no longer given.
     *
     * @param provider the provider
     */
    void removeProvider(LocalAddressProvider provider);

    /**
     * Tells the listeners that a device's addresses may have changed (providers call it).
     *
     * @param device the device
     */
    void changed(DeviceId device);

    /**
     * Adds a listener of changes.
     *
     * @param listener the listener
     */
    void addListener(LocalAddressListener listener);

    /**
     * Removes a listener.
     *
     * @param listener the listener
     */
    void removeListener(LocalAddressListener listener);
}
