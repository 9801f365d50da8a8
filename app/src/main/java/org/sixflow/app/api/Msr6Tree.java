// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An installed tree: the request, the links it uses, its MRH, and what each device was given.
 */
public final class Msr6Tree {

    private final Msr6TreeRequest request;
    private final int number;
    private final List<Link> links;
    private final List<Ip6Address> msids;
    private final int replicationPoints;
    private final Map<DeviceId, Integer> entries;

    /**
     * Creates the view of an installed tree.
     *
     * @param request           what was asked
     * @param number            data-plane tree id (also its group id)
     * @param links             links of the tree, parent to child
     * @param msids             the MRH's M-SID list
     * @param replicationPoints devices that make more than one copy
     * @param entries           table entries and groups installed, per device
     */
    public Msr6Tree(Msr6TreeRequest request, int number, List<Link> links, List<Ip6Address> msids,
                    int replicationPoints, Map<DeviceId, Integer> entries) {
        this.request = checkNotNull(request);
        this.number = number;
        this.links = ImmutableList.copyOf(links);
        this.msids = ImmutableList.copyOf(msids);
        this.replicationPoints = replicationPoints;
        this.entries = ImmutableMap.copyOf(entries);
    }

    public Msr6TreeRequest request() {
        return request;
    }

    public int number() {
        return number;
    }

    public List<Link> links() {
        return links;
    }

    public List<Ip6Address> msids() {
        return msids;
    }

    public int replicationPoints() {
        return replicationPoints;
    }

    /** Table entries plus groups installed on each device. */
    public Map<DeviceId, Integer> entries() {
        return entries;
    }
}
