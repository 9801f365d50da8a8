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
    private final Map<DeviceId, List<String>> details;

    /**
     * Creates the view of an installed tree.
     *
     * @param request           what was asked
     * @param number            data-plane tree id (also its group id)
     * @param links             links of the tree, parent to child
     * @param msids             the MRH's M-SID list
     * @param replicationPoints devices that make more than one copy
     * @param details           table entries and groups installed, per device, described
     */
    public Msr6Tree(Msr6TreeRequest request, int number, List<Link> links, List<Ip6Address> msids,
                    int replicationPoints, Map<DeviceId, List<String>> details) {
        this.request = checkNotNull(request);
        this.number = number;
        this.links = ImmutableList.copyOf(links);
        this.msids = ImmutableList.copyOf(msids);
        this.replicationPoints = replicationPoints;
        ImmutableMap.Builder<DeviceId, List<String>> copy = ImmutableMap.builder();
        ImmutableMap.Builder<DeviceId, Integer> counts = ImmutableMap.builder();
        details.forEach((device, list) -> {
            copy.put(device, ImmutableList.copyOf(list));
            counts.put(device, list.size());
        });
        this.details = copy.build();
        this.entries = counts.build();
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

    /** How many table entries plus groups each device holds for the tree. */
    public Map<DeviceId, Integer> entries() {
        return entries;
    }

    /** Each device's table entries ("table match -> action") and groups, described. */
    public Map<DeviceId, List<String>> details() {
        return details;
    }
}
