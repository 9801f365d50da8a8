// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;

import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a user asks for: this group, from this source port, reaches these receiver ports,
 * encoded in this mode, computed with this algorithm.
 */
public final class Msr6TreeRequest {

    /** How the tree is computed. */
    public enum Algorithm {
        /** Union of the source's shortest paths (what ONOS multicast does). */
        SHORTEST_PATHS,
        /** Takahashi–Matsuyama Steiner-tree heuristic. */
        STEINER
    }

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    /** The one id no tree may have: GET trees/limits answers the network's M-SID limits. */
    public static final String RESERVED_ID = "limits";
    /** Multicast scopes up to this one (reserved, interface-local, link-local) stay on one link. */
    private static final int LINK_LOCAL_SCOPE = 2;
    private static final String[] SCOPES = {"reserved", "interface-local", "link-local"};

    private final String id;
    private final ConnectPoint source;
    private final Ip6Address group;
    private final Set<ConnectPoint> receivers;
    private final Msr6Mode mode;
    private final Algorithm algorithm;
    private final TreeConstraints constraints;
    private final Ip6Address sourceAddress;

    private Msr6TreeRequest(String id, ConnectPoint source, Ip6Address group, Set<ConnectPoint> receivers,
                            Msr6Mode mode, Algorithm algorithm, TreeConstraints constraints,
                            Ip6Address sourceAddress) {
        this.id = id;
        this.source = source;
        this.group = group;
        this.receivers = receivers;
        this.mode = mode;
        this.algorithm = algorithm;
        this.constraints = constraints;
        this.sourceAddress = sourceAddress;
    }

    /**
     * Creates a request, checking what can be checked without the network.
     *
     * @param id        tree id: lower-case letters, digits and dashes, 1..32
     * @param source    ingress edge port of the source
     * @param group     IPv6 multicast group address (ff00::/8) of a scope wider than a link
     * @param receivers egress edge ports of the receivers, at least one
     * @param mode      TE or RLB
     * @param algorithm how to compute it
     * @return the request
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Msr6TreeRequest of(String id, ConnectPoint source, Ip6Address group, Set<ConnectPoint> receivers,
                                     Msr6Mode mode, Algorithm algorithm) {
        return of(id, source, group, receivers, mode, algorithm, TreeConstraints.NONE);
    }

    /**
     * Creates a request with constraints.
     *
     * @param id          tree id
     * @param source      ingress edge port of the source
     * @param group       IPv6 multicast group address
     * @param receivers   egress edge ports of the receivers
     * @param mode        TE or RLB
     * @param algorithm   how to compute it
     * @param constraints limits and metric
     * @return the request
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Msr6TreeRequest of(String id, ConnectPoint source, Ip6Address group, Set<ConnectPoint> receivers,
                                     Msr6Mode mode, Algorithm algorithm, TreeConstraints constraints) {
        checkNotNull(id, "id is required");
        idProblem(id).ifPresent(Msr6TreeRequest::refuse);
        checkNotNull(source, "source is required");
        checkNotNull(group, "group is required");
        groupProblem(group).ifPresent(Msr6TreeRequest::refuse);
        checkNotNull(receivers, "receivers are required");
        checkArgument(!receivers.isEmpty(), "a tree needs at least one receiver");
        checkArgument(!receivers.contains(source), "the source port %s cannot also be a receiver", source);
        // Sorted by name so that equal requests compute equal trees; an ImmutableSet keeps that
        // order and serializes in ONOS's stores.
        return new Msr6TreeRequest(id, source, group,
                                   receivers.stream().sorted(Comparator.comparing(ConnectPoint::toString))
                                           .collect(ImmutableSet.toImmutableSet()),
                                   checkNotNull(mode, "mode is required"),
                                   checkNotNull(algorithm, "algorithm is required"),
                                   checkNotNull(constraints, "constraints are required"), null);
    }

    /**
     * Says what is wrong with a tree id, if anything (the codec checks every field with these, so
     * one answer names them all).
     *
     * @param id tree id
     * @return the problem, naming the field
     */
    public static Optional<String> idProblem(String id) {
        if (!ID.matcher(id).matches()) {
            return Optional.of("id \"" + id + "\" must be 1-32 lower-case letters, digits or dashes, starting with a "
                                       + "letter or digit");
        }
        if (RESERVED_ID.equals(id)) {
            return Optional.of("id \"" + id + "\" is reserved (trees/" + id + " shows the M-SID limits)");
        }
        return Optional.empty();
    }

    /**
     * Says what is wrong with a group address, if anything: it must be multicast and of a scope
     * wider than a link.
     *
     * @param group the group
     * @return the problem, naming the field
     */
    public static Optional<String> groupProblem(Ip6Address group) {
        if (!group.isMulticast()) {
            return Optional.of("group " + group + " is not an IPv6 multicast address (ff00::/8)");
        }
        int scope = group.toOctets()[1] & 0x0F;
        if (scope <= LINK_LOCAL_SCOPE) {
            return Optional.of("group " + group + " has " + SCOPES[scope] + " scope (" + scope
                    + "): it never leaves " + (scope == 1 ? "its interface" : "its link")
                    + ", so no tree can carry it (RFC 4291 2.7)");
        }
        return Optional.empty();
    }

    /**
     * Says what is wrong with a source address, if anything.
     *
     * @param address the (S, G) source address
     * @return the problem, naming the field
     */
    public static Optional<String> sourceAddressProblem(Ip6Address address) {
        return address.isMulticast() ? Optional.of("sourceAddress " + address + " is a multicast address")
                : Optional.empty();
    }

    private static void refuse(String problem) {
        throw new IllegalArgumentException(problem);
    }

    public String id() {
        return id;
    }

    public ConnectPoint source() {
        return source;
    }

    public Ip6Address group() {
        return group;
    }

    public Set<ConnectPoint> receivers() {
        return receivers;
    }

    public Msr6Mode mode() {
        return mode;
    }

    public Algorithm algorithm() {
        return algorithm;
    }

    public TreeConstraints constraints() {
        return constraints;
    }

    /** The (S, G) source address the ingress edge also matches, if the tree is source-specific. */
    public Optional<Ip6Address> sourceAddress() {
        return Optional.ofNullable(sourceAddress);
    }

    /**
     * Returns this request for (source address, group) only; null for any source.
     *
     * @param address the source's IPv6 address, or null
     * @return the request
     */
    public Msr6TreeRequest withSourceAddress(Ip6Address address) {
        if (address != null) {
            sourceAddressProblem(address).ifPresent(Msr6TreeRequest::refuse);
        }
        return new Msr6TreeRequest(id, source, group, receivers, mode, algorithm, constraints, address);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Msr6TreeRequest)) {
            return false;
        }
        Msr6TreeRequest r = (Msr6TreeRequest) o;
        return id.equals(r.id) && source.equals(r.source) && group.equals(r.group) && receivers.equals(r.receivers)
                && mode == r.mode && algorithm == r.algorithm && constraints.equals(r.constraints)
                && Objects.equals(sourceAddress, r.sourceAddress);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, source, group, receivers, mode, algorithm, constraints, sourceAddress);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("source", source).add("group", group)
                .add("receivers", receivers).add("mode", mode).add("algorithm", algorithm).add("constraints", constraints).toString();
    }
}
