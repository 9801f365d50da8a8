// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;

import java.util.Set;

/** A feature's addresses on a router ({@link LocalAddressService}). */
@FunctionalInterface
public interface LocalAddressProvider {

    /**
     * Returns the addresses the feature ends on a device.
     *
     * @param device the device
     * @return its addresses there, empty if none
     */
    Set<Ip6Address> addresses(DeviceId device);
}
