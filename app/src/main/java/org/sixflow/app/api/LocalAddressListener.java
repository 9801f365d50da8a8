// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

/** Hears that a device's feature addresses may have changed ({@link LocalAddressService}). */
@FunctionalInterface
public interface LocalAddressListener {

    /**
     * Called after a provider's addresses on a device may have changed.
     *
     * @param device the device
     */
    void changed(DeviceId device);
}
