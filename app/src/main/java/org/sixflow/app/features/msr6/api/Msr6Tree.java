// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A tree as the cluster knows it: the request, where it is in its life (requested, installed,
 * failed with a reason, withdrawn), and the tree last built for it: the links it uses, its MRH,
 * and what each device is given. A tree not built yet has number 0 and no links.
 */
public final class Msr6Tree {

    private final Msr6TreeRequest request;
    private final int number;
    private final List<Link> links;
    private final List<Ip6Address> msids;
    private final int replicationPoints;
    private final Map<DeviceId, Integer> entries;
    private final Map<DeviceId, List<String>> details;
    private final Msr6TreeState state;
    private final Msr6TreeFailure failure;

    /**
     * Creates a built tree, REQUESTED until its owner confirms it on the devices.
     *
     * @param request           what was asked
     * @param number            data-plane tree id (also its group id)
     * @param links             links of the tree, parent to child
     * @param msids             the MRH's M-SID list
     * @param replicationPoints devices that make more than one copy
     * @param details           table entries and groups, per device, described
     */
    public Msr6Tree(Msr6TreeRequest request, int number, List<Link> links, List<Ip6Address> msids,
                    int replicationPoints, Map<DeviceId, List<String>> details) {
        this(request, number, ImmutableList.copyOf(links), ImmutableList.copyOf(msids), replicationPoints,
             copy(details), counts(details), Msr6TreeState.REQUESTED, null);
    }

    private Msr6Tree(Msr6TreeRequest request, int number, List<Link> links, List<Ip6Address> msids,
                     int replicationPoints, Map<DeviceId, List<String>> details, Map<DeviceId, Integer> entries,
                     Msr6TreeState state, Msr6TreeFailure failure) {
        this.request = checkNotNull(request);
        this.number = number;
        this.links = links;
        this.msids = msids;
        this.replicationPoints = replicationPoints;
        this.details = details;
        this.entries = entries;
        this.state = checkNotNull(state);
        this.failure = failure;
    }

    /**
     * A tree just asked for, not built yet.
     *
     * @param request what was asked
     * @return the tree, REQUESTED, number 0, no links
     */
    public static Msr6Tree requested(Msr6TreeRequest request) {
        return new Msr6Tree(request, 0, ImmutableList.of(), ImmutableList.of(), 0, ImmutableMap.of(),
                            ImmutableMap.of(), Msr6TreeState.REQUESTED, null);
    }

    private static Map<DeviceId, List<String>> copy(Map<DeviceId, List<String>> details) {
        ImmutableMap.Builder<DeviceId, List<String>> copy = ImmutableMap.builder();
        details.forEach((device, list) -> copy.put(device, ImmutableList.copyOf(list)));
        return copy.build();
    }

    private static Map<DeviceId, Integer> counts(Map<DeviceId, List<String>> details) {
        ImmutableMap.Builder<DeviceId, Integer> counts = ImmutableMap.builder();
        details.forEach((device, list) -> counts.put(device, list.size()));
        return counts.build();
    }

    /**
     * The same built tree for another request (a change not built yet keeps the tree built before).
     *
     * @param newRequest the request
     * @return the tree
     */
    public Msr6Tree withRequest(Msr6TreeRequest newRequest) {
        return new Msr6Tree(newRequest, number, links, msids, replicationPoints, details, entries, state, failure);
    }

    /**
     * The same tree in another state, with no failure.
     *
     * @param newState REQUESTED, INSTALLED or WITHDRAWN
     * @return the tree
     */
    public Msr6Tree withState(Msr6TreeState newState) {
        checkArgument(newState != Msr6TreeState.FAILED, "a FAILED tree needs its failure");
        return new Msr6Tree(request, number, links, msids, replicationPoints, details, entries, newState, null);
    }

    /**
     * The same tree, FAILED.
     *
     * @param why the failure
     * @return the tree
     */
    public Msr6Tree failed(Msr6TreeFailure why) {
        return new Msr6Tree(request, number, links, msids, replicationPoints, details, entries,
                            Msr6TreeState.FAILED, checkNotNull(why));
    }

    public Msr6TreeRequest request() {
        return request;
    }

    /** The tree's id (its request's). */
    public String id() {
        return request.id();
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

    public Msr6TreeState state() {
        return state;
    }

    /** Why the tree is FAILED; empty in every other state. */
    public Optional<Msr6TreeFailure> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Msr6Tree)) {
            return false;
        }
        Msr6Tree t = (Msr6Tree) o;
        return number == t.number && replicationPoints == t.replicationPoints && request.equals(t.request)
                && links.equals(t.links) && msids.equals(t.msids) && details.equals(t.details) && state == t.state
                && Objects.equals(failure, t.failure);
    }

    @Override
    public int hashCode() {
        return Objects.hash(request, number, links, msids, replicationPoints, details, state, failure);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("id", request.id()).add("number", number)
                .add("state", state).add("failure", failure).add("links", links.size()).add("msids", msids)
                .toString();
    }
}
