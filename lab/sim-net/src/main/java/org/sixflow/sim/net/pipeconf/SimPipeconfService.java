// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.pipeconf;

import com.google.common.collect.ImmutableList;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdminService;
import org.onosproject.net.driver.DriverProvider;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.onosproject.net.pi.service.PiPipeconfListener;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's pipeconf service: pipeconfs registered (REGISTERED) and unregistered (UNREGISTERED) in
 * memory, listed in registration order, and device bindings. No pipeline is deployed. A device's
 * merged driver is made as ONOS makes it: named {@code <its driver>:<pipeconf id>}, with the
 * pipeconf's behaviours and its own driver's (which win where both have one), and registered
 * with the driver service once; the device's own driver is the one its annotation names.
 */
public final class SimPipeconfService extends AbstractListenerManager<PiPipeconfEvent, PiPipeconfListener>
        implements PiPipeconfService {

    /** Between a merged driver's base driver and its pipeconf id, as ONOS names it. */
    public static final String MERGED_DRIVER_SEPARATOR = ":";

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final DeviceService devices;
    private final DriverAdminService drivers;
    // Guarded by this.
    private final Map<PiPipeconfId, PiPipeconf> pipeconfs = new LinkedHashMap<>();
    private final Map<DeviceId, PiPipeconfId> bindings = new LinkedHashMap<>();

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service, which says each device's driver
     * @param drivers    the driver service merged drivers are registered with
     */
    public SimPipeconfService(EventDeliveryService dispatcher, DeviceService devices, DriverAdminService drivers) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        this.drivers = checkNotNull(drivers, "Driver service cannot be null");
        dispatcher.addSink(PiPipeconfEvent.class, listenerRegistry);
    }

    @Override
    public synchronized void register(PiPipeconf pipeconf) {
        checkNotNull(pipeconf, "Pipeconf cannot be null");
        if (pipeconfs.containsKey(pipeconf.id())) {
            throw new IllegalStateException("Pipeconf " + pipeconf.id() + " is already registered");
        }
        pipeconfs.put(pipeconf.id(), pipeconf);
        log.info("New pipeconf registered: {}", pipeconf.id());
        post(new PiPipeconfEvent(PiPipeconfEvent.Type.REGISTERED, pipeconf));
    }

    @Override
    public synchronized void unregister(PiPipeconfId pipeconfId) {
        checkNotNull(pipeconfId, "Pipeconf id cannot be null");
        if (pipeconfs.remove(pipeconfId) == null) {
            throw new IllegalStateException("Pipeconf " + pipeconfId + " is not registered");
        }
        log.info("Unregistered pipeconf: {}", pipeconfId);
        post(new PiPipeconfEvent(PiPipeconfEvent.Type.UNREGISTERED, pipeconfId));
    }

    @Override
    public synchronized Iterable<PiPipeconf> getPipeconfs() {
        return ImmutableList.copyOf(pipeconfs.values());
    }

    @Override
    public synchronized Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
        checkNotNull(id, "Pipeconf id cannot be null");
        return Optional.ofNullable(pipeconfs.get(id));
    }

    @Override
    public synchronized Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
        return ofDevice(deviceId).flatMap(id -> Optional.ofNullable(pipeconfs.get(id)));
    }

    /**
     * Binds a device to a pipeconf, registered or not, as ONOS's mapping store does.
     *
     * @param pipeconfId the pipeconf
     * @param deviceId   the device
     */
    @Override
    public synchronized void bindToDevice(PiPipeconfId pipeconfId, DeviceId deviceId) {
        checkNotNull(pipeconfId, "Pipeconf id cannot be null");
        checkNotNull(deviceId, "Device id cannot be null");
        bindings.put(deviceId, pipeconfId);
    }

    /**
     * Returns the name of the driver that merges a device's own driver with a pipeconf's
     * behaviours, making and registering it the first time.
     *
     * @param deviceId   the device
     * @param pipeconfId the pipeconf
     * @return {@code <driver>:<pipeconf id>}; null if the device, its driver or the pipeconf is unknown
     */
    @Override
    public synchronized String getMergedDriver(DeviceId deviceId, PiPipeconfId pipeconfId) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(pipeconfId, "Pipeconf id cannot be null");
        Device device = devices.getDevice(deviceId);
        String base = device == null ? null : device.annotations().value(AnnotationKeys.DRIVER);
        if (base == null) {
            return null;
        }
        // A device configured with a merged driver's name is merged from that driver's base, as in ONOS.
        base = base.split(MERGED_DRIVER_SEPARATOR, 2)[0];
        String name = base + MERGED_DRIVER_SEPARATOR + pipeconfId.id();
        if (driver(name) != null) {
            return name;
        }
        Driver baseDriver = driver(base);
        PiPipeconf pipeconf = pipeconfs.get(pipeconfId);
        if (baseDriver == null || pipeconf == null) {
            log.warn("Cannot merge a driver for {}: driver {} or pipeconf {} is unknown", deviceId, base, pipeconfId);
            return null;
        }
        Map<Class<? extends Behaviour>, Class<? extends Behaviour>> behaviours = new HashMap<>();
        pipeconf.behaviours().forEach(b -> behaviours.put(b, pipeconf.implementation(b).orElseThrow()));
        Driver merged = new DefaultDriver(name, baseDriver.parents(), baseDriver.manufacturer(),
                                          baseDriver.hwVersion(), baseDriver.swVersion(), behaviours, Map.of())
                .merge(baseDriver);
        drivers.registerProvider(new MergedDriverProvider(merged));
        return name;
    }

    private Driver driver(String name) {
        try {
            return drivers.getDriver(name);
        } catch (ItemNotFoundException e) {
            return null;
        }
    }

    /** Provides one merged driver, as ONOS's pipeconf manager registers each. */
    private static final class MergedDriverProvider implements DriverProvider {
        private final Driver driver;

        private MergedDriverProvider(Driver driver) {
            this.driver = driver;
        }

        @Override
        public Set<Driver> getDrivers() {
            return Set.of(driver);
        }
    }

    @Override
    public synchronized Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return Optional.ofNullable(bindings.get(deviceId));
    }
}
