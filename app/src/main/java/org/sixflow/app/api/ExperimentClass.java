// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One class of traffic in an experiment: its name, whether it is the baseline or a feature, the
 * latency class the ingress device gives its packets (what the data plane's reports say), how
 * its packets look, and optionally the MSR6 tree, APN6 policy, GTP-U tunnel or PPPoE session it
 * exercises.
 */
public final class ExperimentClass {

    private final String name;
    private final ExperimentClassRole role;
    private final LatencyClass latencyClass;
    private final ProbePacket packet;
    private final String tree;
    private final String policy;
    private final String tunnel;
    private final String session;

    private ExperimentClass(String name, ExperimentClassRole role, LatencyClass latencyClass, ProbePacket packet,
                            String tree, String policy, String tunnel, String session) {
        this.name = checkNotNull(name, "name");
        this.role = checkNotNull(role, "role");
        this.latencyClass = checkNotNull(latencyClass, "latencyClass");
        this.packet = packet;
        this.tree = tree;
        this.policy = policy;
        this.tunnel = tunnel;
        this.session = session;
    }

    /**
     * Creates a class.
     *
     * @param name         unique within the experiment, e.g. "ipv6" or "apn6"
     * @param role         baseline or feature
     * @param latencyClass what the ingress device measures its packets as
     * @param packet       how its packets look; null for external traffic
     * @param tree         the MSR6 tree it exercises, or null
     * @param policy       the APN6 policy it exercises, or null
     * @return the class
     */
    public static ExperimentClass of(String name, ExperimentClassRole role, LatencyClass latencyClass,
                                     ProbePacket packet, String tree, String policy) {
        return new ExperimentClass(name, role, latencyClass, packet, tree, policy, null, null);
    }

    /**
     * Creates a class that may exercise a GTP-U tunnel.
     *
     * @param name         unique within the experiment, e.g. "gtpu-zero"
     * @param role         baseline or feature
     * @param latencyClass what the ingress device measures its packets as
     * @param packet       how its packets look; null for external traffic
     * @param tree         the MSR6 tree it exercises, or null
     * @param policy       the APN6 policy it exercises, or null
     * @param tunnel       the GTP-U tunnel (id) it exercises, or null: its downlink for the
     *                     gtpu-encap-* classes (plain packets to a UE address), its uplink for
     *                     gtpu-decap (G-PDUs to its N3 address)
     * @return the class
     */
    public static ExperimentClass of(String name, ExperimentClassRole role, LatencyClass latencyClass,
                                     ProbePacket packet, String tree, String policy, String tunnel) {
        return new ExperimentClass(name, role, latencyClass, packet, tree, policy, tunnel, null);
    }

    public String name() {
        return name;
    }

    public ExperimentClassRole role() {
        return role;
    }

    public LatencyClass latencyClass() {
        return latencyClass;
    }

    /** How the packets look; empty for external traffic. */
    public Optional<ProbePacket> packet() {
        return Optional.ofNullable(packet);
    }

    /** The MSR6 tree (id) the class exercises. */
    public Optional<String> tree() {
        return Optional.ofNullable(tree);
    }

    /** The APN6 policy (id) the class exercises. */
    public Optional<String> policy() {
        return Optional.ofNullable(policy);
    }

    /** The GTP-U tunnel (id) the class exercises. */
    public Optional<String> tunnel() {
        return Optional.ofNullable(tunnel);
    }

    /**
     * The PPPoE session the class exercises: a subscriber's user name (e.g. "sub1@sixflow") or
     * its line's name (device/port/S-VID/C-VID), whichever session of it is up when a run starts.
     */
    public Optional<String> session() {
        return Optional.ofNullable(session);
    }

    /**
     * Returns this class exercising a PPPoE session: upstream when its packet comes from the
     * subscriber's addresses (sent in the session's PPPoE framing at its line's port), downstream
     * when it goes to them.
     *
     * @param newSession the subscriber's user name or line name, or null for none
     * @return a copy
     */
    public ExperimentClass withSession(String newSession) {
        return new ExperimentClass(name, role, latencyClass, packet, tree, policy, tunnel, newSession);
    }

    /**
     * Returns this class with another packet description.
     *
     * @param newPacket the packet
     * @return a copy
     */
    public ExperimentClass withPacket(ProbePacket newPacket) {
        return new ExperimentClass(name, role, latencyClass, newPacket, tree, policy, tunnel, session);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentClass)) {
            return false;
        }
        ExperimentClass c = (ExperimentClass) o;
        return name.equals(c.name) && role == c.role && latencyClass == c.latencyClass
                && Objects.equals(packet, c.packet) && Objects.equals(tree, c.tree) && Objects.equals(policy, c.policy)
                && Objects.equals(tunnel, c.tunnel) && Objects.equals(session, c.session);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, role, latencyClass, packet, tree, policy, tunnel, session);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("name", name).add("role", role)
                .add("latencyClass", latencyClass).add("packet", packet).add("tree", tree).add("policy", policy)
                .add("tunnel", tunnel).add("session", session).toString();
    }
}
