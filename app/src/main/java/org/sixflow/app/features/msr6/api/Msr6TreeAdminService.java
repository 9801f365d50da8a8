// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.net.ConnectPoint;

import java.util.Set;

/**
 * Creates, changes and removes MSR6 trees, from any instance of the cluster. Each tree has an owner
 * instance that installs it; on the owner these calls return once the devices answered, elsewhere
 * as soon as the change is stored.
 */
public interface Msr6TreeAdminService extends Msr6TreeService {

    /**
     * Requests a tree: checks it can be built, stores it, and (on its owner) installs it.
     *
     * @param request what to build
     * @return the tree: INSTALLED or FAILED on the owner, REQUESTED elsewhere
     * @throws IllegalArgumentException when the request cannot be met, saying why (unknown or
     *                                  unconfigured devices, unreachable receivers, a tree too
     *                                  large for the MRH, an id in use)
     * @throws TableFullException       when its entries would not fit a P4 table of a device
     *                                  (what is installed and what accepted trees claim counts)
     */
    Msr6Tree create(Msr6TreeRequest request);

    /**
     * Changes a tree's receivers: the new tree is installed before the old one is removed.
     *
     * @param id        tree id
     * @param receivers the new receiver ports
     * @return the tree, as create returns it
     * @throws org.onlab.util.ItemNotFoundException if there is no such tree
     * @throws IllegalArgumentException             when the new tree cannot be built
     * @throws TableFullException                   when the new tree's entries would not fit a
     *                                              P4 table while the old tree's are still there
     */
    Msr6Tree updateReceivers(String id, Set<ConnectPoint> receivers);

    /**
     * Removes a tree and everything installed for it (what other trees share stays).
     *
     * @param id tree id
     * @return false if there was no such tree, or another removal withdrew it first
     */
    boolean remove(String id);
}
