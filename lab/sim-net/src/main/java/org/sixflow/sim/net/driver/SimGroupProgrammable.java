// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupOperations;
import org.onosproject.net.group.GroupProgrammable;
import org.sixflow.sim.net.group.SimGroupService;

import java.util.Collection;

/**
 * A simulated switch's group behaviour: it reads back the groups the switch holds, as ONOS's
 * P4Runtime drivers read them from their devices. Groups are written through the group service,
 * never through this behaviour.
 */
public final class SimGroupProgrammable extends AbstractHandlerBehaviour implements GroupProgrammable {

    /**
     * Throws: the simulated group service writes groups to the simulated switches itself.
     *
     * @param deviceId   the device
     * @param operations the operations
     * @throws UnsupportedOperationException always
     */
    @Override
    public void performGroupOperation(DeviceId deviceId, GroupOperations operations) {
        throw new UnsupportedOperationException("GroupProgrammable.performGroupOperation is not simulated: "
                                                        + "write groups through the GroupService");
    }

    /**
     * Returns the groups the switch holds, each ADDED.
     *
     * @return its groups
     */
    @Override
    public Collection<Group> getGroups() {
        return handler().get(SimGroupService.class).heldBy(handler().data().deviceId());
    }
}
