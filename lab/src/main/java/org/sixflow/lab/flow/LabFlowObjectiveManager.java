// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import org.apache.commons.lang3.tuple.Pair;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.NextGroup;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.FlowObjectiveService;
import org.onosproject.net.flowobjective.FlowObjectiveStore;
import org.onosproject.net.flowobjective.FlowObjectiveStoreDelegate;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.NextObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.lab.device.LabDriverHandler;
import org.slf4j.Logger;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Flow objectives through each device's Pipeliner, as ONOS's FlowObjectiveManager runs them: the
 * Pipeliner behaviour of the device's pipeconf, created once per device with a driver handler and
 * initialised with a context whose directory holds the lab's services. A device whose pipeconf
 * has no Pipeliner cannot take objectives (nor packet requests, which become objectives): each is
 * refused with NOPIPELINER and logged, once per device, saying so. Objectives are not queued or
 * retried.
 */
public final class LabFlowObjectiveManager implements FlowObjectiveService {

    private final Logger log = getLogger(getClass());
    private final PiPipeconfService pipeconfs;
    private final ServiceDirectory services;
    private final Map<DeviceId, Optional<Pipeliner>> pipeliners = new ConcurrentHashMap<>();
    private final Set<DeviceId> warned = ConcurrentHashMap.newKeySet();
    private final Store store = new Store();

    /**
     * Creates the service.
     *
     * @param pipeconfs which pipeconf each device runs
     * @param services  the directory Pipeliners get services from
     */
    public LabFlowObjectiveManager(PiPipeconfService pipeconfs, ServiceDirectory services) {
        this.pipeconfs = pipeconfs;
        this.services = services;
    }

    @Override
    public void filter(DeviceId deviceId, FilteringObjective objective) {
        pipeliner(deviceId, objective).ifPresent(p -> p.filter(objective));
    }

    @Override
    public void forward(DeviceId deviceId, ForwardingObjective objective) {
        pipeliner(deviceId, objective).ifPresent(p -> p.forward(objective));
    }

    @Override
    public void next(DeviceId deviceId, NextObjective objective) {
        pipeliner(deviceId, objective).ifPresent(p -> p.next(objective));
    }

    @Override
    public void apply(DeviceId deviceId, Objective objective) {
        if (objective instanceof ForwardingObjective) {
            forward(deviceId, (ForwardingObjective) objective);
        } else if (objective instanceof FilteringObjective) {
            filter(deviceId, (FilteringObjective) objective);
        } else if (objective instanceof NextObjective) {
            next(deviceId, (NextObjective) objective);
        }
    }

    private Optional<Pipeliner> pipeliner(DeviceId deviceId, Objective objective) {
        Optional<PiPipeconf> pipeconf = pipeconfs.getPipeconf(deviceId);
        if (pipeconf.isEmpty()) {
            log.debug("{} has no pipeconf (any more): {} refused", deviceId, objective);
            objective.context().ifPresent(c -> c.onError(objective, ObjectiveError.DEVICEMISSING));
            return Optional.empty();
        }
        Optional<Pipeliner> pipeliner = pipeliners.computeIfAbsent(deviceId, id -> create(id, pipeconf.get()));
        if (pipeliner.isEmpty()) {
            if (warned.add(deviceId)) {
                log.error("{} runs pipeconf {}, which has no Pipeliner: flow objectives (and the packet requests "
                                  + "of link discovery and host learning) cannot be installed there. First refused: "
                                  + "{} from {}", deviceId,
                          pipeconfs.ofDevice(deviceId).map(Object::toString).orElse("(none)"), objective,
                          objective.appId().name());
            }
            objective.context().ifPresent(c -> c.onError(objective, ObjectiveError.NOPIPELINER));
        }
        return pipeliner;
    }

    private Optional<Pipeliner> create(DeviceId deviceId, PiPipeconf pipeconf) {
        if (!pipeconf.hasBehaviour(Pipeliner.class)) {
            return Optional.empty();
        }
        Pipeliner pipeliner = new LabDriverHandler(deviceId, pipeconf, services).behaviour(Pipeliner.class);
        pipeliner.init(deviceId, new PipelinerContext() {
            @Override
            public ServiceDirectory directory() {
                return services;
            }

            @Override
            public FlowObjectiveStore store() {
                return store;
            }
        });
        log.info("Pipeliner {} runs for {}", pipeliner.getClass().getSimpleName(), deviceId);
        return Optional.of(pipeliner);
    }

    @Override
    public int allocateNextId() {
        return store.allocateNextId();
    }

    @Override
    public void initPolicy(String policy) {
        // No policies in the lab.
    }

    @Override
    public Map<Pair<Integer, DeviceId>, List<String>> getNextMappingsChain() {
        return Map.of();
    }

    @Override
    public List<String> getNextMappings() {
        return List.of();
    }

    @Override
    public List<String> getPendingFlowObjectives() {
        return List.of();
    }

    @Override
    public void purgeAll(DeviceId deviceId, ApplicationId appId) {
        pipeliners.getOrDefault(deviceId, Optional.empty()).ifPresent(p -> p.purgeAll(appId));
    }

    /** Next groups in memory (the Pipeliners' store). */
    private static final class Store implements FlowObjectiveStore {
        private final Map<Integer, NextGroup> groups = new ConcurrentHashMap<>();
        private final AtomicInteger nextId = new AtomicInteger(1);

        @Override
        public void putNextGroup(Integer nextId, NextGroup group) {
            groups.put(nextId, group);
        }

        @Override
        public NextGroup getNextGroup(Integer nextId) {
            return groups.get(nextId);
        }

        @Override
        public NextGroup removeNextGroup(Integer nextId) {
            return groups.remove(nextId);
        }

        @Override
        public Map<Integer, NextGroup> getAllGroups() {
            return Map.copyOf(groups);
        }

        @Override
        public int allocateNextId() {
            return nextId.getAndIncrement();
        }

        @Override
        public void setDelegate(FlowObjectiveStoreDelegate delegate) {
            // No store events in the lab.
        }

        @Override
        public void unsetDelegate(FlowObjectiveStoreDelegate delegate) {
            // See setDelegate.
        }

        @Override
        public boolean hasDelegate() {
            return false;
        }
    }
}
