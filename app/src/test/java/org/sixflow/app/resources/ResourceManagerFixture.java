// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.store.service.TestStorageService;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.pipeconf.PipeconfLoader;

import java.time.Duration;
import java.util.List;

/**
 * The resource manager as OSGi would wire it: over the pipeconf bundle's real loader (which
 * registers the bmv2 pipeconf, and the Tofino one when its compiler output is committed, and
 * serves that output) and the real occupancy collector, on ONOS services a test provides. No
 * instance masters the devices, so this one reads them all.
 */
public final class ResourceManagerFixture {

    public final ResourceManager manager = new ResourceManager();
    public final TableOccupancyCollector collector = new TableOccupancyCollector();
    private final Loader loader;

    /**
     * Wires and activates the loader, the collector and the manager.
     *
     * @param devices      the devices
     * @param pipeconfs    the pipeconf registry the loader registers into
     * @param flowRules    the devices' flow entries
     * @param telemetry    where readings are posted
     * @param history      where readings are stored
     * @param firstRound   when the collector counts on its own first (tests that count by hand: hours)
     * @param everySeconds the collector's interval afterwards
     */
    public ResourceManagerFixture(DeviceService devices, PiPipeconfService pipeconfs, FlowRuleService flowRules,
                                  TelemetryAdminService telemetry, HistoryDatabaseService history,
                                  Duration firstRound, int everySeconds) {
        loader = new Loader(pipeconfs);
        loader.start();
        collector.deviceService = devices;
        collector.pipeconfService = pipeconfs;
        collector.flowRuleService = flowRules;
        collector.workPartitionService = new WorkPartitionServiceAdapter();
        collector.mastershipService = new MastershipServiceAdapter();
        collector.storageService = new TestStorageService();
        collector.telemetryService = telemetry;
        collector.historyDatabase = history;
        collector.componentConfigService = new ComponentConfigAdapter();
        collector.firstRound = firstRound;
        collector.activate(ComponentContexts.of(OsgiPropertyConstants.OCCUPANCY_INTERVAL,
                                                String.valueOf(everySeconds)));
        manager.pipeconfService = pipeconfs;
        manager.compilerOutput = loader;
        manager.occupancy = collector;
        manager.activate();
    }

    /**
     * Counts every device's tables now, as one of the collector's rounds does.
     *
     * @return the readings
     */
    public List<TableOccupancy> collect() {
        return collector.collect();
    }

    /** Deactivates what the constructor activated. */
    public void stop() {
        manager.deactivate();
        collector.deactivate();
        loader.stop();
    }

    /** The pipeconf bundle's loader; its services are fields OSGi sets, so a subclass sets them here. */
    private static final class Loader extends PipeconfLoader {
        Loader(PiPipeconfService pipeconfs) {
            pipeconfService = pipeconfs;
            cfgService = new ComponentConfigAdapter();
        }

        void start() {
            activate(null);
        }

        void stop() {
            deactivate();
        }
    }
}
