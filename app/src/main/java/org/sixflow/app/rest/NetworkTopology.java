// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.Link;
import org.sixflow.app.api.SixflowDevice;

import java.util.List;

/**
 * What the dashboard draws: every device with its Sixflow role and every infrastructure link.
 */
public final class NetworkTopology {

    private final List<SixflowDevice> devices;
    private final List<Link> links;

    /**
     * Creates a snapshot.
     *
     * @param devices devices, sorted by id
     * @param links   links, one per direction
     */
    public NetworkTopology(List<SixflowDevice> devices, Iterable<Link> links) {
        this.devices = ImmutableList.copyOf(devices);
        this.links = ImmutableList.copyOf(links);
    }

    public List<SixflowDevice> devices() {
        return devices;
    }

    public List<Link> links() {
        return links;
    }
}
