// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.onosproject.drivers.p4runtime.P4RuntimeHandshaker;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.device.DeviceAgentListener;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.provider.ProviderId;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static java.util.concurrent.CompletableFuture.completedFuture;

/**
 * ONOS's P4Runtime handshaker for bmv2, with two corrections for what bmv2 answers.
 *
 * <p><b>Roles.</b> ONOS 2.7's DeviceManager applies a role on each mastership event, often twice
 * in one term, starts a 10 s timer each time and, when a MASTER request goes unanswered,
 * relinquishes the device and asks for it again: a new term, and the device's flows
 * re-synchronised. bmv2 answers only a request that changes the election id ({@link RoleAnswers}),
 * so on the lab's real ONOS some switches went through that every 20 s ("Failed to assert role
 * onto device ... no response" in karaf.log) and tree installs landed in the middle of it.
 * Behaviours are made per use, so what this remembers is kept per device in one place for the
 * driver.
 *
 * <p><b>Availability.</b> ONOS 2.7 calls a device available once its session is open and "any"
 * pipeline is set, asking for the config's cookie; bmv2 (PI) answers that request with an empty
 * config before any pipeline is set, which ONOS takes as one. ONOS then writes entries while its
 * pipeconf watchdog is still setting the pipeline, and PI reads its P4Info for a table write
 * before taking its own lock: with none yet (or the old one freed by the set), simple_switch_grpc
 * dies of a segmentation fault in libpip4info. On the lab's real ONOS two of five switches died
 * so at bring-up (2026-12-02). Here a device is available only with the pipeline of the pipeconf
 * bound to it set (its cookie, the pipeconf's fingerprint, as ONOS's watchdog compares it).
 */
public class SixflowBmv2Handshaker extends P4RuntimeHandshaker {

    static final RoleAnswers ANSWERS = new RoleAnswers();

    /**
     * ONOS's probe with its last question narrowed: the session's checks as ONOS makes them, then
     * one GetForwardingPipelineConfig for the cookie, compared with the bound pipeconf's (ONOS asks
     * the same request whether "any" config came back).
     */
    @Override
    public CompletableFuture<Boolean> probeAvailability() {
        if (!setupBehaviour("probeAvailability()") || !client.isServerReachable()) {
            return completedFuture(false);
        }
        Long p4DeviceId = ManagementUris.p4DeviceId(mgmtUriFromNetcfg());
        if (p4DeviceId == null || !client.isSessionOpen(p4DeviceId)) {
            return completedFuture(false);
        }
        Optional<PiPipeconf> pipeconf = handler().get(PiPipeconfService.class).getPipeconf(data().deviceId());
        if (pipeconf.isEmpty()) {
            return completedFuture(false);
        }
        return client.isPipelineConfigSet(p4DeviceId, pipeconf.get());
    }

    @Override
    public void roleChanged(int preference, long term) {
        // The role the device gave the last request: a repeat leaves it as it is.
        MastershipRole before = getRole();
        boolean repeat = ANSWERS.repeats(data().deviceId(), RoleAnswers.electionId(preference, term));
        super.roleChanged(preference, term);
        if (repeat) {
            ANSWERS.answer(data().deviceId(), before);
        }
    }

    @Override
    public void roleChanged(MastershipRole newRole) {
        if (newRole == MastershipRole.NONE) {
            ANSWERS.sessionClosed(data().deviceId());
        }
        super.roleChanged(newRole);
    }

    @Override
    public void addDeviceAgentListener(ProviderId providerId, DeviceAgentListener listener) {
        super.addDeviceAgentListener(providerId, listener);
        ANSWERS.addListener(data().deviceId(), providerId, listener);
    }

    @Override
    public void removeDeviceAgentListener(ProviderId providerId) {
        ANSWERS.removeListener(data().deviceId(), providerId);
        super.removeDeviceAgentListener(providerId);
    }
}
