// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

/**
 * Creates, replaces and removes APN6 policies. Any instance accepts a change: it validates it
 * against the cluster's policies and stores it; the policy's owner instance installs it.
 */
public interface Apn6PolicyAdminService extends Apn6PolicyService {

    /**
     * Validates and stores a new policy (REQUESTED until its owner installed it).
     *
     * @param policy the policy
     * @return its validation (warnings, such as shadowing by higher priorities)
     * @throws IllegalArgumentException with the problems or the conflicting policy, if invalid
     * @throws TableFullException       if its entries would not fit a P4 table of a device
     */
    Apn6Validation create(Apn6Policy policy);

    /**
     * Replaces a policy: its owner puts the new entries in before the old ones come out.
     *
     * @param policy the new version (same id)
     * @return its validation
     * @throws org.onlab.util.ItemNotFoundException if no policy has that id
     * @throws IllegalArgumentException             if the new version is invalid
     * @throws TableFullException                   if the new version's entries would not fit a P4
     *                                              table while the old version's are still there
     */
    Apn6Validation update(Apn6Policy policy);

    /**
     * Removes a policy; its owner removes its entries.
     *
     * @param id policy id
     * @return false if there was none
     */
    boolean remove(String id);
}
