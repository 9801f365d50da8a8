// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.impl.ErrorRateLimiter;
import org.sixflow.app.impl.Retries;
import org.slf4j.Logger;

import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The routing entries devices refused, and their retries: each refusing device gets a fresh
 * recomputation after a backoff (1 s doubling to 60 s), which writes its refused entries again
 * if they are still wanted. ONOS keeps a refused entry in its flow-rule store (PENDING_ADD), so
 * without this list the comparison with the store would never write it again. A retry is a
 * recomputation of the network as it is then, so it never writes a state that has since changed;
 * a newer write to the device cancels it. Operators see a refusal in the history (the
 * dashboard's events) when a device starts refusing and when it accepts again, and in the
 * route's state (FAILED); the log gets a rate-limited warning per refusal.
 */
final class RefusedWrites {

    static final long FIRST_RETRY_MILLIS = 1_000;
    static final long MAX_RETRY_MILLIS = 60_000;
    static final String REFUSED = "ROUTES_REFUSED";
    static final String ACCEPTED = "ROUTES_ACCEPTED";

    private final Logger log = getLogger(RoutingManager.class);
    private final Retries<DeviceId> retries;
    private final HistoryService history;
    private final Clock clock;
    private final ErrorRateLimiter warnings = new ErrorRateLimiter(1, 10, System::nanoTime);
    private final Map<DeviceId, Set<FlowId>> refused = new ConcurrentHashMap<>();

    /**
     * Creates the list.
     *
     * @param timer   runs the retries
     * @param history where operators see refusals
     * @param clock   the time of history events
     */
    RefusedWrites(Retries.Timer timer, HistoryService history, Clock clock) {
        this.retries = new Retries<>(timer, FIRST_RETRY_MILLIS, MAX_RETRY_MILLIS);
        this.history = history;
        this.clock = clock;
    }

    /**
     * Tells whether a device refused an entry the last time it was written.
     *
     * @param deviceId the device
     * @param id       the entry
     * @return true if it is to be written again
     */
    boolean isRefused(DeviceId deviceId, FlowId id) {
        return refused.getOrDefault(deviceId, Set.of()).contains(id);
    }

    /**
     * A new write to a device is on its way, with every refused entry still wanted: it
     * supersedes the pending retry.
     *
     * @param deviceId the device
     */
    void writing(DeviceId deviceId) {
        refused.remove(deviceId);
        retries.cancel(deviceId);
    }

    /**
     * A device holds what it should: the next refusal starts the backoff from the beginning.
     *
     * @param deviceId the device
     */
    void accepted(DeviceId deviceId) {
        refused.remove(deviceId);
        int failures = retries.reset(deviceId);
        if (failures > 0) {
            log.info("Routing: {} accepted its entries after {} refused writes", deviceId, failures);
            history.record(HistoryEvent.of(clock.instant(), ACCEPTED, deviceId.toString(),
                                           "holds its entries again after " + failures + " refused writes"));
        }
    }

    /**
     * A device went away, or another instance writes it now: nothing to retry here.
     *
     * @param deviceId the device
     */
    void forget(DeviceId deviceId) {
        refused.remove(deviceId);
        retries.reset(deviceId);
    }

    /**
     * A device refused writes: remembers them and schedules a retry.
     *
     * @param deviceId the device
     * @param ops      what it refused
     * @param retry    the recomputation to run
     */
    void refused(DeviceId deviceId, FlowRuleOperations ops, Runnable retry) {
        Set<FlowId> ids = refused.computeIfAbsent(deviceId, d -> ConcurrentHashMap.newKeySet());
        int count = 0;
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                if (op.type() != FlowRuleOperation.Type.REMOVE) {
                    ids.add(op.rule().id());
                    count++;
                }
            }
        }
        long delay = retries.failed(deviceId, retry);
        int failures = retries.failures(deviceId);
        if (failures == 1) {
            history.record(HistoryEvent.of(clock.instant(), REFUSED, deviceId.toString(),
                                           count + " routing entries refused; retrying with backoff"));
        }
        if (warnings.tryAcquire()) {
            log.warn("Routing: {} refused {} entries ({} times in a row); retrying in {} ms", deviceId, count,
                     failures, delay);
        } else {
            log.debug("Routing: {} refused {} entries; retrying in {} ms", deviceId, count, delay);
        }
    }

    /** Cancels every retry (deactivation). */
    void clear() {
        retries.clear();
        refused.clear();
    }
}
