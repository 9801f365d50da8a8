// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a feature contributes to experiments for the objects of its kind a class may exercise (an
 * MSR6 tree, an APN6 policy, a GTP-U tunnel, a PPPoE session). Each feature registers one as an OSGi service while
 * its own service runs (the whiteboard pattern, as {@link SixflowFeature}); the experiment
 * manager reads them, so the experiments' core names no feature. The core keeps what every class
 * shares: one object per class, the packets, the schedule and the results.
 */
public interface ExperimentTarget {

    /**
     * The fields of an experiment class that name the object it exercises: the REST API's and the
     * database's vocabulary, which the targets serve.
     */
    enum Field {
        /** {@link ExperimentClass#tree()}. */
        TREE("tree", "MSR6 tree", "MSR6 trees"),
        /** {@link ExperimentClass#policy()}. */
        POLICY("policy", "APN6 policy", "APN6 policies"),
        /** {@link ExperimentClass#tunnel()}. */
        TUNNEL("tunnel", "GTP-U tunnel", "GTP-U tunnels"),
        /** {@link ExperimentClass#session()}. */
        SESSION("session", "PPPoE session", "PPPoE sessions");

        private final String jsonName;
        private final String kind;
        private final String kinds;

        Field(String jsonName, String kind, String kinds) {
            this.jsonName = jsonName;
            this.kind = kind;
            this.kinds = kinds;
        }

        /**
         * Returns the field's name in a class's JSON, which a problem's path ends with.
         *
         * @return e.g. "tunnel"
         */
        public String jsonName() {
            return jsonName;
        }

        /**
         * Returns what one object of the field is called.
         *
         * @return e.g. "GTP-U tunnel"
         */
        public String kind() {
            return kind;
        }

        /**
         * Returns what the field's objects are called.
         *
         * @return e.g. "GTP-U tunnels"
         */
        public String kinds() {
            return kinds;
        }

        /**
         * Returns the object a class names in this field.
         *
         * @param c the class
         * @return the object's id, or empty when the class names none here
         */
        public Optional<String> in(ExperimentClass c) {
            switch (this) {
                case TREE:
                    return c.tree();
                case POLICY:
                    return c.policy();
                case TUNNEL:
                    return c.tunnel();
                case SESSION:
                default:
                    return c.session();
            }
        }
    }

    /**
     * Returns the field of a class that names this target's objects.
     *
     * @return the field
     */
    Field field();

    /**
     * Returns the latency classes this target's objects' packets are measured as.
     *
     * @return e.g. gtpu-encap-zero, -full, -incremental and gtpu-decap
     */
    Set<LatencyClass> latencyClasses();

    /**
     * Returns the latency classes this target's objects' packets are also measured as past the
     * ingress device, where they go on to (an APN6 policy's: transit; a tree's: replication and
     * decapsulation). A run measuring the stages of a class with one of {@link #latencyClasses}
     * has every device report these in full, not only the ingress device.
     *
     * @return e.g. msr6-replicate and msr6-decap; empty when the packets are measured at the
     *         ingress device only
     */
    default Set<LatencyClass> downstreamClasses() {
        return Set.of();
    }

    /**
     * Returns the latency classes a class's packets are also measured as past the ingress device
     * ({@link #downstreamClasses}), for a class with one of {@link #latencyClasses}: a target
     * whose objects' packets are measured as a class that others share (a PPPoE session's as
     * ipv6) names them only for the classes that exercise its objects.
     *
     * @param c a class measured as one of {@link #latencyClasses}
     * @return {@link #downstreamClasses} by default
     */
    default Set<LatencyClass> downstreamClasses(ExperimentClass c) {
        return downstreamClasses();
    }

    /**
     * Returns the experiments after the feature's studies, ready to adapt, that the experiment
     * service offers ({@code GET experiments/presets}) while this target is bound: a preset
     * naming this target's objects could not be created without it.
     *
     * @return the presets; none by default
     */
    default List<ExperimentPreset> presets() {
        return List.of();
    }

    /**
     * Tells whether the results of an experiment with one of {@link #latencyClasses} get a table
     * per load point, one row per class: the layout of studies that compare a feature's modes at
     * each rate and frame size (draft-murakami-dmm-udp-checksum-impact-gtpu).
     *
     * @return true for such tables
     */
    default boolean tablesPerLoadPoint() {
        return false;
    }

    /**
     * Tells whether the results of a class naming one of this target's objects get the PPPoE
     * study's tables by number of packets (pppoe-split-dataplane-p4): for the first 30, 60 …
     * packets, the mean time per packet in each switch on the path and summed along it, and the
     * time all of them took; and, comparing two runs (single and split data plane), the study's
     * two tables with the improvement.
     *
     * @return true for such tables
     */
    default boolean tablesPerPacketCount() {
        return false;
    }

    /**
     * Tells whether an object gives the class naming it its packets (a tree: to its group, from
     * its source address), so that the class may leave its packet out.
     *
     * @return true when {@link #plan} supplies a packet the class does not give
     */
    default boolean suppliesPackets() {
        return false;
    }

    /**
     * Names what is wrong with a class as far as this target goes, without the network. Asked of
     * every class, whether it names one of this target's objects or not (a class may have the
     * target's latency classes or packets without naming an object).
     *
     * @param e        the experiment
     * @param c        one of its classes
     * @param at       the class's path, e.g. classes[2]
     * @param problems where problems go, by path (e.g. classes[2].tunnel)
     */
    default void shapeProblems(Experiment e, ExperimentClass c, String at, Map<String, String> problems) {
    }

    /**
     * Checks a class that names one of this target's objects against the object, as a run is
     * planned: the object exists, and the class's packets and latency class are what the ingress
     * device will treat as the object's.
     *
     * @param c        the class; {@code field().in(c)} is present
     * @param ingress  the measured device
     * @param at       the class's path, e.g. classes[2]
     * @param problems where problems go, by path (e.g. classes[2].tree)
     * @return the class's packet: its own, or the one its object supplies; empty when it has none
     */
    Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at, Map<String, String> problems);

    /**
     * Checks a class against its object as {@link #plan(ExperimentClass, DeviceId, String, Map)}
     * does, knowing the port the packets enter by (a PPPoE session's upstream packets enter by its
     * line's port and nowhere else). What the run plans with.
     *
     * @param c        the class; {@code field().in(c)} is present
     * @param ingress  the measured device's port the class's packets enter by
     * @param at       the class's path, e.g. classes[2]
     * @param problems where problems go, by path
     * @return the class's packet: its own, or the one its object supplies; empty when it has none
     */
    default Optional<ProbePacket> plan(ExperimentClass c, ConnectPoint ingress, String at,
                                       Map<String, String> problems) {
        return plan(c, ingress.deviceId(), at, problems);
    }

    /**
     * Tells what happened, while a run went on, to the object a class names that the run's reports
     * cannot show and that leaves its figures standing on nothing (a tree rebuilt with an MRH past
     * what a report shows, whose probes were then read nowhere).
     *
     * @param c the class; {@code field().in(c)} is present
     * @return what changed, e.g. "tree te was removed"; empty when the class's figures stand
     */
    default Optional<String> changedDuringRun(ExperimentClass c) {
        return Optional.empty();
    }
}
