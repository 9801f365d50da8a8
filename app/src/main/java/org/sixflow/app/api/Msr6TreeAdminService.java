// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.ConnectPoint;

import java.util.Set;

/**
 * Creates, changes and removes MSR6 trees.
 */
public interface Msr6TreeAdminService extends Msr6TreeService {

    /**
     * Computes, encodes and installs a tree.
     *
     * @param request what to build
     * @return the installed tree
     * @throws IllegalArgumentException when the request cannot be met, saying why (unknown or
     *                                  unconfigured devices, unreachable receivers, a tree too
     *                                  large for the MRH, an id in use)
     */
    Msr6Tree create(Msr6TreeRequest request);

    /**
     * Changes a tree's receivers: the new tree is installed before the old one is removed.
     *
     * @param id        tree id
     * @param receivers the new receiver ports
     * @return the new tree
     * @throws org.onlab.util.ItemNotFoundException if there is no such tree
     * @throws IllegalArgumentException             when the new tree cannot be built
     */
    Msr6Tree updateReceivers(String id, Set<ConnectPoint> receivers);

    /**
     * Removes a tree and everything installed for it.
     *
     * @param id tree id
     * @return false if there was no such tree
     */
    boolean remove(String id);
}
