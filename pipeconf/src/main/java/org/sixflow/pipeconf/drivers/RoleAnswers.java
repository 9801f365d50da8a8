// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.device.DeviceAgentEvent;
import org.onosproject.net.device.DeviceAgentListener;
import org.onosproject.net.provider.ProviderId;

import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The answers bmv2 leaves out: its P4Runtime server answers a MasterArbitrationUpdate only when it
 * changes the stream's election id, so a role request that repeats the last one gets no answer.
 * Records the election id last sent to each device and the device's agent listeners (ONOS's
 * general device provider), and answers a repeat with the role the device gave that id.
 */
final class RoleAnswers {

    /** ONOS's P4RuntimeHandshaker: election id = term * MAX_CLUSTER_SIZE - preference. */
    static final int MAX_CLUSTER_SIZE = 20;

    private final Map<DeviceId, BigInteger> sent = new ConcurrentHashMap<>();
    private final Map<DeviceId, Map<ProviderId, DeviceAgentListener>> listeners = new ConcurrentHashMap<>();

    /**
     * The election id ONOS's P4Runtime handshaker sends for a preference and term.
     *
     * @param preference 0 for MASTER, its place among the backups for STANDBY
     * @param term       the mastership term
     * @return the election id
     */
    static BigInteger electionId(int preference, long term) {
        return BigInteger.valueOf(term).multiply(BigInteger.valueOf(MAX_CLUSTER_SIZE))
                .subtract(BigInteger.valueOf(preference));
    }

    /**
     * Records a role request about to be sent and says whether it repeats the last one.
     *
     * @param device     the device
     * @param electionId the election id the request carries
     * @return true when the device was last sent this same id (it will not answer)
     */
    boolean repeats(DeviceId device, BigInteger electionId) {
        return electionId.equals(sent.put(device, electionId));
    }

    /**
     * Forgets a device's election id: its session closed, and a new one is answered.
     *
     * @param device the device
     */
    void sessionClosed(DeviceId device) {
        sent.remove(device);
    }

    /**
     * Answers a repeated request with the role the device holds, as its server would.
     *
     * @param device the device
     * @param role   the role the device gave the id before the repeat (NONE: no session, no answer)
     * @return the event sent to the device's listeners, if any
     */
    Optional<DeviceAgentEvent> answer(DeviceId device, MastershipRole role) {
        if (role == MastershipRole.NONE) {
            return Optional.empty();
        }
        DeviceAgentEvent event = new DeviceAgentEvent(role == MastershipRole.MASTER
                ? DeviceAgentEvent.Type.ROLE_MASTER : DeviceAgentEvent.Type.ROLE_STANDBY, device);
        listeners.getOrDefault(device, Map.of()).values().forEach(l -> l.event(event));
        return Optional.of(event);
    }

    void addListener(DeviceId device, ProviderId provider, DeviceAgentListener listener) {
        listeners.computeIfAbsent(device, d -> new ConcurrentHashMap<>()).put(provider, listener);
    }

    void removeListener(DeviceId device, ProviderId provider) {
        listeners.computeIfPresent(device, (d, byProvider) -> {
            byProvider.remove(provider);
            return byProvider.isEmpty() ? null : byProvider;
        });
    }
}
