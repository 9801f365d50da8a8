// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.drivers.p4runtime.P4RuntimeGroupProgrammable;
import org.onosproject.drivers.p4runtime.P4RuntimeReplicationGroupProgrammable;
import org.onosproject.drivers.p4runtime.mirror.P4RuntimePreEntryMirror;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupProgrammable;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntryHandle;
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.onosproject.net.pi.service.PiReplicationGroupTranslator;
import org.onosproject.net.pi.service.PiTranslatedEntity;
import org.onosproject.net.pi.service.PiTranslationService;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * A device's groups from its driver. With ONOS 2.7's P4Runtime drivers, a replication (ALL)
 * group write is synchronous and, once the device accepted it, the driver puts the PRE entry in
 * its mirror and learns its translation (the group it came from); a delete takes both out.
 * GroupProgrammable#getGroups() returns every entry of the mirror so translated back (no device
 * read: P4Runtime 1.x cannot read multicast groups), which costs as much as the device has
 * groups; so for a P4Runtime driver the asked groups are looked up in that mirror and
 * translation store by handle, the same facts one by one. Other drivers' getGroups() answers.
 */
final class DriverDeviceGroups implements DeviceGroups {

    private final Logger log = getLogger(getClass());
    private final DriverService drivers;
    /** Set once a P4Runtime device's groups had to be read whole: said once, at warn. */
    private final AtomicBoolean saidReadWhole = new AtomicBoolean();

    DriverDeviceGroups(DriverService drivers) {
        this.drivers = drivers;
    }

    @Override
    public Optional<Collection<Group>> held(DeviceId deviceId, Collection<GroupDescription> asked) {
        GroupProgrammable programmable;
        DriverHandler handler;
        try {
            handler = drivers.createHandler(deviceId);
            programmable = handler.behaviour(GroupProgrammable.class);
        } catch (RuntimeException e) {
            // No driver for the device (ItemNotFoundException), or none with groups (IllegalArgumentException).
            log.debug("Cannot read the groups of {}: {}", deviceId, e.getMessage());
            return Optional.empty();
        }
        if (programmable instanceof P4RuntimeGroupProgrammable
                || programmable instanceof P4RuntimeReplicationGroupProgrammable) {
            Optional<Collection<Group>> mirrored = mirrored(handler, deviceId, asked);
            if (mirrored.isPresent()) {
                return mirrored;
            }
            if (saidReadWhole.compareAndSet(false, true)) {
                log.warn("No P4Runtime PRE entry mirror for {}: MSR6 group confirmations read every group of "
                                 + "a device (slower with many trees)", deviceId);
            }
        }
        try {
            Set<Integer> ids = asked.stream().map(GroupDescription::givenGroupId).filter(Objects::nonNull)
                    .collect(Collectors.toSet());
            return Optional.of(programmable.getGroups().stream().filter(g -> ids.contains(g.id().id()))
                                       .collect(Collectors.toList()));
        } catch (RuntimeException e) {
            log.debug("Cannot read the groups of {}: {}", deviceId, e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * The asked groups found in the P4Runtime driver's PRE entry mirror, as the driver's
     * getGroups() would report them; empty when the mirror or the translations cannot be had, or
     * a group is no replication group (then getGroups() answers).
     */
    private Optional<Collection<Group>> mirrored(DriverHandler handler, DeviceId deviceId,
                                                 Collection<GroupDescription> asked) {
        if (asked.stream().anyMatch(g -> g.type() != GroupDescription.Type.ALL)) {
            return Optional.empty();
        }
        P4RuntimePreEntryMirror mirror;
        PiReplicationGroupTranslator translator;
        try {
            mirror = handler.get(P4RuntimePreEntryMirror.class);
            translator = handler.get(PiTranslationService.class).replicationGroupTranslator();
        } catch (RuntimeException e) {
            log.debug("No PRE entry mirror for {}: {}", deviceId, e.getMessage());
            return Optional.empty();
        }
        if (mirror == null || translator == null) {
            return Optional.empty();
        }
        List<Group> held = new ArrayList<>();
        for (GroupDescription group : asked) {
            if (group.givenGroupId() == null) {
                continue;
            }
            PiMulticastGroupEntryHandle handle = PiMulticastGroupEntryHandle.of(deviceId, group.givenGroupId());
            if (mirror.get(handle) == null) {
                continue;
            }
            translator.lookup(handle).map(PiTranslatedEntity<Group, PiPreEntry>::original).ifPresent(held::add);
        }
        return Optional.of(held);
    }
}
