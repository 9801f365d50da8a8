// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * Installs, replaces and removes APN6 policies.
 */
public interface Apn6PolicyAdminService extends Apn6PolicyService {

    /**
     * Validates and installs a new policy.
     *
     * @param policy the policy
     * @return its validation (warnings, such as shadowing by higher priorities)
     * @throws IllegalArgumentException with the problems or the conflicting policy, if invalid
     */
    Apn6Validation create(Apn6Policy policy);

    /**
     * Replaces an installed policy: the new entries go in before the old ones come out.
     *
     * @param policy the new version (same id)
     * @return its validation
     * @throws org.onlab.util.ItemNotFoundException if no policy has that id
     * @throws IllegalArgumentException             if the new version is invalid
     */
    Apn6Validation update(Apn6Policy policy);

    /**
     * Removes a policy and its entries.
     *
     * @param id policy id
     * @return false if there was none
     */
    boolean remove(String id);
}
