// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.junit.Test;
import org.onosproject.drivers.p4runtime.P4RuntimeHandshaker;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.device.DeviceAgentEvent;
import org.onosproject.net.provider.ProviderId;

import java.lang.reflect.Field;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class RoleAnswersTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:guangzhou");
    private static final ProviderId PROVIDER = new ProviderId("general", "org.onosproject.general.provider.device");

    private final RoleAnswers answers = new RoleAnswers();
    private final List<DeviceAgentEvent> heard = new ArrayList<>();

    @Test
    public void electionIdsAreOnosOwn() throws ReflectiveOperationException {
        Field size = P4RuntimeHandshaker.class.getDeclaredField("MAX_CLUSTER_SIZE");
        size.setAccessible(true);
        assertEquals(size.getInt(null), RoleAnswers.MAX_CLUSTER_SIZE);
        assertEquals(BigInteger.valueOf(60), RoleAnswers.electionId(0, 3));
        assertEquals(BigInteger.valueOf(58), RoleAnswers.electionId(2, 3));
    }

    @Test
    public void onlyARepeatOfTheLastIdIsOne() {
        assertFalse("the first request is answered by the device", answers.repeats(DEVICE, BigInteger.valueOf(20)));
        assertTrue(answers.repeats(DEVICE, BigInteger.valueOf(20)));
        assertFalse("a new term changes the id", answers.repeats(DEVICE, BigInteger.valueOf(40)));
        assertTrue(answers.repeats(DEVICE, BigInteger.valueOf(40)));
        assertFalse("another device has its own", answers.repeats(DeviceId.deviceId("device:wuhan"),
                                                                   BigInteger.valueOf(40)));
    }

    @Test
    public void aClosedSessionAnswersItsNextRequest() {
        answers.repeats(DEVICE, BigInteger.valueOf(20));
        answers.sessionClosed(DEVICE);
        assertFalse(answers.repeats(DEVICE, BigInteger.valueOf(20)));
    }

    @Test
    public void theAnswerIsTheRoleTheDeviceHeldAndReachesItsListeners() {
        answers.addListener(DEVICE, PROVIDER, heard::add);
        assertEquals(DeviceAgentEvent.Type.ROLE_MASTER,
                     answers.answer(DEVICE, MastershipRole.MASTER).map(DeviceAgentEvent::type).orElseThrow());
        assertEquals(DeviceAgentEvent.Type.ROLE_STANDBY,
                     answers.answer(DEVICE, MastershipRole.STANDBY).map(DeviceAgentEvent::type).orElseThrow());
        assertEquals(2, heard.size());
        assertEquals(DEVICE, heard.get(0).subject());
    }

    @Test
    public void withoutASessionThereIsNoAnswer() {
        answers.addListener(DEVICE, PROVIDER, heard::add);
        assertEquals(Optional.empty(), answers.answer(DEVICE, MastershipRole.NONE));
        assertTrue(heard.isEmpty());
    }

    @Test
    public void aRemovedListenerHearsNothing() {
        answers.addListener(DEVICE, PROVIDER, heard::add);
        answers.removeListener(DEVICE, PROVIDER);
        answers.answer(DEVICE, MastershipRole.MASTER);
        assertTrue(heard.isEmpty());
    }
}
