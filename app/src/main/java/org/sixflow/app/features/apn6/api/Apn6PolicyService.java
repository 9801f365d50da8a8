// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * APN6 SLA policies. Changes go through {@link Apn6PolicyAdminService}.
 */
public interface Apn6PolicyService extends ListenerService<Apn6PolicyEvent, Apn6PolicyListener> {

    /**
     * Returns the cluster's policies, highest priority first, then by id: as of the last change
     * this instance heard of (its own at once, another instance's when its event arrives).
     *
     * @return policies
     */
    List<Apn6Policy> policies();

    /**
     * Returns every policy's status as {@link #policies} sees them, for lists.
     *
     * @return statuses by policy id
     */
    Map<String, InstallStatus> statuses();

    /**
     * Returns a policy.
     *
     * @param id policy id
     * @return the policy, if stored
     */
    Optional<Apn6Policy> policy(String id);

    /**
     * Returns where a policy is in its lifecycle.
     *
     * @param id policy id
     * @return its status (with the device and reason if it failed), if the policy is stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Checks a policy against the network and the installed policies without installing it.
     *
     * @param policy the candidate (an installed policy with the same id is being replaced)
     * @return problems (it cannot be installed), conflicts (overlapping policies, and each P4 table
     *         of a device its entries would not fit) and warnings
     */
    Apn6Validation validate(Apn6Policy policy);

    /**
     * Returns the entries a policy compiles to on the network as it is now, per device,
     * described ("table {match} -> action"); its owner keeps exactly these installed.
     *
     * @param id policy id
     * @return device to entries; empty if unknown
     */
    Map<DeviceId, List<String>> entries(String id);
}
