// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.onosproject.drivers.p4runtime.P4RuntimeHandshaker;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.device.DeviceAgentListener;
import org.onosproject.net.provider.ProviderId;

/**
 * ONOS's P4Runtime handshaker for bmv2, answering a repeated role request itself.
 *
 * <p>ONOS 2.7's DeviceManager applies a role on each mastership event, often twice in one term,
 * starts a 10 s timer each time and, when a MASTER request goes unanswered, relinquishes the device
 * and asks for it again: a new term, and the device's flows re-synchronised. bmv2 answers only a
 * request that changes the election id ({@link RoleAnswers}), so on the lab's real ONOS some
 * switches went through that every 20 s ("Failed to assert role onto device ... no response" in
 * karaf.log) and tree installs landed in the middle of it. Behaviours are made per use, so what
 * this remembers is kept per device in one place for the driver.
 */
public class AnsweringP4RuntimeHandshaker extends P4RuntimeHandshaker {

    static final RoleAnswers ANSWERS = new RoleAnswers();

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
