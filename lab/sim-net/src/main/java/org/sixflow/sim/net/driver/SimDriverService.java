// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdminService;
import org.onosproject.net.driver.DriverEvent;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.driver.DriverListener;
import org.onosproject.net.driver.DriverProvider;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.group.GroupProgrammable;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.sim.net.SimIdentities;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's driver service and driver admin service for simulated switches. Each driver name a
 * device uses is a simulated driver whose only behaviour is GroupProgrammable; drivers of
 * registered providers (e.g. a pipeconf's driver extending one of them, or a pipeconf-merged
 * driver) are listed too, and win over a simulated one of the same name. As in ONOS, a device
 * bound to a pipeconf has the driver the pipeconf service merges from its own driver and the
 * pipeconf's behaviours ({@link PiPipeconfService#getMergedDriver}), and no other. A handler for a
 * device ({@link SimDriverHandler}) gives its driver's behaviours and finds the simulation's
 * services; any other behaviour is refused with IllegalArgumentException.
 */
public final class SimDriverService extends AbstractListenerManager<DriverEvent, DriverListener>
        implements DriverService, DriverAdminService {

    private final DeviceService devices;
    // Guarded by this.
    private final Map<String, Driver> simulated = new LinkedHashMap<>();
    private final Set<DriverProvider> providers = new LinkedHashSet<>();
    private final HandlerServices services = new HandlerServices();
    private volatile PiPipeconfService pipeconfs;

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service, which says which driver each device has
     */
    public SimDriverService(EventDeliveryService dispatcher, DeviceService devices) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        dispatcher.addSink(DriverEvent.class, listenerRegistry);
    }

    /**
     * Makes a service available to handlers ({@link DriverHandler#get}).
     *
     * @param serviceClass the class handlers ask for
     * @param service      the service
     * @param <T>          its type
     */
    public <T> void addHandlerService(Class<T> serviceClass, T service) {
        services.add(serviceClass, service);
    }

    /**
     * Returns the services handlers find, those {@link #addHandlerService} added.
     *
     * @return the services
     */
    public ServiceDirectory handlerServices() {
        return services;
    }

    /**
     * Gives the pipeconf service that merges the drivers of devices bound to pipeconfs (ONOS's
     * driver manager and pipeconf manager refer to each other; the network links them).
     *
     * @param pipeconfService the pipeconf service
     */
    public void setPipeconfService(PiPipeconfService pipeconfService) {
        this.pipeconfs = checkNotNull(pipeconfService, "Pipeconf service cannot be null");
    }

    /**
     * Adds a simulated driver unless one of the name exists: DRIVER_ENHANCED.
     *
     * @param name the driver name, e.g. stratum-bmv2
     * @return the driver of that name
     */
    public synchronized Driver addSimulatedDriver(String name) {
        checkNotNull(name, "Driver name cannot be null");
        Driver existing = simulated.get(name);
        if (existing != null) {
            return existing;
        }
        Driver driver = new DefaultDriver(name, List.of(), SimIdentities.MANUFACTURER, SimIdentities.HW_VERSION,
                                          SimIdentities.SW_VERSION,
                                          ImmutableMap.of(GroupProgrammable.class, SimGroupProgrammable.class),
                                          ImmutableMap.of());
        simulated.put(name, driver);
        post(new DriverEvent(DriverEvent.Type.DRIVER_ENHANCED, driver));
        return driver;
    }

    private Optional<Driver> find(String name) {
        for (DriverProvider provider : providers) {
            for (Driver driver : provider.getDrivers()) {
                if (driver.name().equals(name)) {
                    return Optional.of(driver);
                }
            }
        }
        return Optional.ofNullable(simulated.get(name));
    }

    @Override
    public synchronized Set<Driver> getDrivers() {
        Map<String, Driver> all = new LinkedHashMap<>(simulated);
        providers.forEach(p -> p.getDrivers().forEach(d -> all.put(d.name(), d)));
        return ImmutableSet.copyOf(all.values());
    }

    @Override
    public Set<Driver> getDrivers(Class<? extends Behaviour> withBehaviour) {
        checkNotNull(withBehaviour, "Behaviour class cannot be null");
        return getDrivers().stream().filter(d -> d.hasBehaviour(withBehaviour)).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public synchronized Driver getDriver(String driverName) {
        checkNotNull(driverName, "Driver name cannot be null");
        return find(driverName).orElseThrow(() -> new ItemNotFoundException("Driver not found: " + driverName));
    }

    @Override
    public Driver getDriver(String mfr, String hw, String sw) {
        checkNotNull(mfr, "Manufacturer cannot be null");
        checkNotNull(hw, "Hardware version cannot be null");
        checkNotNull(sw, "Software version cannot be null");
        Set<Driver> all = getDrivers();
        // A literal match first, then the drivers' strings as regular expressions, as ONOS looks.
        Optional<Driver> found = all.stream().filter(d -> mfr.equals(d.manufacturer()) && hw.equals(d.hwVersion())
                && sw.equals(d.swVersion())).findFirst();
        if (found.isEmpty()) {
            found = all.stream().filter(d -> matches(mfr, d.manufacturer()) && matches(hw, d.hwVersion())
                    && matches(sw, d.swVersion())).findFirst();
        }
        return found.orElseThrow(() -> new ItemNotFoundException(
                "Driver not found for " + mfr + " / " + hw + " / " + sw));
    }

    private static boolean matches(String value, String expression) {
        try {
            return expression != null && value.matches(expression);
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    /**
     * Returns a device's driver: for a device bound to a pipeconf the merged driver, else the
     * driver its annotation names, else one matching its manufacturer and versions.
     *
     * @param deviceId the device
     * @return its driver
     * @throws ItemNotFoundException if the device is unknown, or no driver is found (for a device
     *                               bound to a pipeconf: none could be merged, as when the pipeconf
     *                               is not registered)
     */
    @Override
    public Driver getDriver(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        Device device = devices.getDevice(deviceId);
        if (device == null) {
            throw new ItemNotFoundException("Device not found: " + deviceId);
        }
        // Not under this's lock: the pipeconf service locks itself, then registers with this.
        PiPipeconfService pi = pipeconfs;
        Optional<PiPipeconfId> pipeconf = pi == null ? Optional.empty() : pi.ofDevice(deviceId);
        if (pipeconf.isPresent()) {
            String merged = pi.getMergedDriver(deviceId, pipeconf.get());
            if (merged == null) {
                throw new ItemNotFoundException("Device " + deviceId + " is bound to pipeconf " + pipeconf.get()
                                                        + " but a pipeconf-merged driver was not found");
            }
            return getDriver(merged);
        }
        String name = device.annotations().value(AnnotationKeys.DRIVER);
        if (name == null) {
            return getDriver(device.manufacturer(), device.hwVersion(), device.swVersion());
        }
        return getDriver(name);
    }

    /**
     * Returns the name of each device's driver ({@link #getDriver(DeviceId)}); a device without
     * one is left out.
     *
     * @return driver names by device
     */
    @Override
    public Map<DeviceId, String> getDeviceDrivers() {
        ImmutableMap.Builder<DeviceId, String> drivers = ImmutableMap.builder();
        for (Device device : devices.getDevices()) {
            try {
                drivers.put(device.id(), getDriver(device.id()).name());
            } catch (ItemNotFoundException e) {
                // A device ONOS would list without a driver: it cannot be shown with one.
            }
        }
        return drivers.build();
    }

    /**
     * Returns a handler for a device's switch; credentials are not needed.
     *
     * @param deviceId    the device
     * @param credentials ignored
     * @return the handler
     * @throws ItemNotFoundException if the device or its driver is unknown
     */
    @Override
    public DriverHandler createHandler(DeviceId deviceId, String... credentials) {
        return new SimDriverHandler(getDriver(deviceId), deviceId, services);
    }

    @Override
    public synchronized Set<DriverProvider> getProviders() {
        return ImmutableSet.copyOf(providers);
    }

    @Override
    public synchronized void registerProvider(DriverProvider provider) {
        checkNotNull(provider, "Driver provider cannot be null");
        if (providers.add(provider)) {
            provider.getDrivers().forEach(d -> post(new DriverEvent(DriverEvent.Type.DRIVER_ENHANCED, d)));
        }
    }

    @Override
    public synchronized void unregisterProvider(DriverProvider provider) {
        checkNotNull(provider, "Driver provider cannot be null");
        if (providers.remove(provider)) {
            provider.getDrivers().forEach(d -> post(new DriverEvent(DriverEvent.Type.DRIVER_REDUCED, d)));
        }
    }

    /**
     * Returns a behaviour class some known driver has, by name.
     *
     * @param className the class name
     * @return the class, or null if no known driver has it
     */
    @Override
    public Class<? extends Behaviour> getBehaviourClass(String className) {
        checkNotNull(className, "Class name cannot be null");
        for (Driver driver : getDrivers()) {
            for (Class<? extends Behaviour> behaviour : driver.behaviours()) {
                if (behaviour.getName().equals(className)) {
                    return behaviour;
                }
            }
        }
        return null;
    }
}
