// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.core.CoreService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.store.service.StorageService;

import java.util.concurrent.Executor;

/**
 * Hands a feature's manager and store the services their shared halves ({@link OwnedObjectManager},
 * {@link DistributedOwnedStore}) take, as OSGi would: the fixtures live in the features'
 * packages, which cannot set the bases' fields.
 */
public final class OwnedWiring {

    private OwnedWiring() {
    }

    /**
     * Sets the device service.
     *
     * @param manager the manager
     * @param service the service
     */
    public static void deviceService(OwnedObjectManager<?, ?, ?, ?> manager, DeviceService service) {
        manager.deviceService = service;
    }

    /**
     * Sets the flow-rule service.
     *
     * @param manager the manager
     * @param service the service
     */
    public static void flowRuleService(OwnedObjectManager<?, ?, ?, ?> manager, FlowRuleService service) {
        manager.flowRuleService = service;
    }

    /**
     * Sets the core service.
     *
     * @param manager the manager
     * @param service the service
     */
    public static void coreService(OwnedObjectManager<?, ?, ?, ?> manager, CoreService service) {
        manager.coreService = service;
    }

    /**
     * Sets the work partitions.
     *
     * @param manager the manager
     * @param service the service
     */
    public static void workPartitionService(OwnedObjectManager<?, ?, ?, ?> manager, WorkPartitionService service) {
        manager.workPartitionService = service;
    }

    /**
     * Sets the pipeconf service.
     *
     * @param manager the manager
     * @param service the service
     */
    public static void pipeconfService(OwnedObjectManager<?, ?, ?, ?> manager, PiPipeconfService service) {
        manager.pipeconfService = service;
    }

    /**
     * Sets a store's storage service.
     *
     * @param store   the store
     * @param storage the storage
     */
    public static void storageService(DistributedOwnedStore<?, ?, ?> store, StorageService storage) {
        store.storageService = storage;
    }

    /**
     * Sets where the owner's work runs.
     *
     * @param manager the manager
     * @param work    the executor
     */
    public static void work(OwnedObjectManager<?, ?, ?, ?> manager, Executor work) {
        manager.work = work;
    }
}
