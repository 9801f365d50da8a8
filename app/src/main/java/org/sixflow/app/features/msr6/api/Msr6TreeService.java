// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.event.ListenerService;
import org.onosproject.net.ConnectPoint;

import java.util.List;
import java.util.Optional;

/**
 * MSR6 multicast trees: computed from the topology, encoded into an MRH, installed. Changes go
 * through {@link Msr6TreeAdminService}.
 */
public interface Msr6TreeService extends ListenerService<Msr6TreeEvent, Msr6TreeListener> {

    /**
     * Returns the cluster's trees, in every state, by id: as of the last change this instance
     * heard of (its own at once, another instance's when its event arrives).
     *
     * @return trees
     */
    List<Msr6Tree> trees();

    /**
     * Returns one tree.
     *
     * @param id tree id
     * @return the tree, if there is one
     */
    Optional<Msr6Tree> tree(String id);

    /**
     * Returns how many M-SIDs a tree may carry on the network's devices as they are now.
     *
     * @return the limits
     */
    Msr6TreeLimits limits();

    /**
     * Says why a port cannot be a tree's source or receiver (no such port, or a link port), so a
     * request's reader can name each bad one where it stands beside its other problems; create
     * and updateReceivers check the same.
     *
     * @param port the port
     * @return the problem, naming the port, or empty for a host-facing port
     */
    Optional<String> endpointProblem(ConnectPoint port);
}
