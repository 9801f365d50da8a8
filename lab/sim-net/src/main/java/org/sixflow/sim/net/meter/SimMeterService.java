// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.meter;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.meter.MeterState;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiMeterModel;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.onosproject.net.pi.service.PiPipeconfService;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's meter service over simulated switches that confirm every write at once. A request
 * names its cell as ONOS's MeterManager does: with an index only in user-defined index mode
 * ({@link #setUserDefinedIndex}, off by default as in ONOS), without one only outside it (the
 * lowest free index is taken); a P4 meter's scope and index make a PiMeterCellId, the global
 * scope a MeterId. As ONOS's store, it refuses (IllegalArgumentException "Meter index is not
 * valid") a cell outside the device's meter features, which a P4Runtime switch reports from its
 * pipeline: indexes 0..size-1 of each meter of its pipeconf; simulated switches have no global
 * meters. On a connected device a submitted meter is at once ADDED (METER_ADD_REQ, METER_ADDED;
 * a meter already in the cell is replaced) and a withdrawn one gone (METER_REM_REQ,
 * METER_REMOVED); on a disconnected one they wait as PENDING_ADD and PENDING_REMOVE until it
 * reconnects. A request's context hears onSuccess when its switch confirms it. Meters count no
 * packets or bytes; their life is the seconds since they were stored.
 *
 * <p>{@link #deviceAvailabilityChanged} and {@link #deviceRemoved} are the simulation's.
 */
public final class SimMeterService extends AbstractListenerManager<MeterEvent, MeterListener>
        implements MeterService {

    private final DeviceService devices;
    private final PiPipeconfService pipeconfs;
    // All guarded by this.
    private boolean userDefinedIndex;
    private final Map<DeviceId, Map<MeterCellId, StoredMeter>> store = new LinkedHashMap<>();

    /** A meter as the store holds it, with the request that wrote it. */
    private static final class StoredMeter {
        private final MeterRequest request;
        private final MeterCellId cellId;
        private final long stored = System.currentTimeMillis();
        private MeterState state;

        private StoredMeter(MeterRequest request, MeterCellId cellId, MeterState state) {
            this.request = request;
            this.cellId = cellId;
            this.state = state;
        }

        private Meter meter() {
            DefaultMeter meter = meter(request, cellId);
            meter.setState(state);
            meter.setLife(TimeUnit.MILLISECONDS.toSeconds(System.currentTimeMillis() - stored));
            return meter;
        }

        private static DefaultMeter meter(MeterRequest request, MeterCellId cellId) {
            Meter.Builder builder = DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                    .withBands(request.bands()).withCellId(cellId).withUnit(request.unit());
            if (request.isBurst()) {
                builder.burst();
            }
            return (DefaultMeter) builder.build();
        }
    }

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service, which says which devices are connected
     * @param pipeconfs  the pipeconf service, whose pipelines say which P4 meters a device has
     */
    public SimMeterService(EventDeliveryService dispatcher, DeviceService devices, PiPipeconfService pipeconfs) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        this.pipeconfs = checkNotNull(pipeconfs, "Pipeconf service cannot be null");
        dispatcher.addSink(MeterEvent.class, listenerRegistry);
    }

    /**
     * Sets MeterManager's userDefinedIndex property: whether requests name their meter's index.
     * As ONOS's store, the mode changes only while no meter is stored.
     *
     * @param enable true for user-defined indexes
     * @return the mode now
     */
    public synchronized boolean setUserDefinedIndex(boolean enable) {
        if (store.values().stream().allMatch(Map::isEmpty)) {
            userDefinedIndex = enable;
        }
        return userDefinedIndex;
    }

    @Override
    public Meter submit(MeterRequest request) {
        checkNotNull(request, "Request cannot be null");
        Meter meter;
        boolean confirmed;
        synchronized (this) {
            MeterCellId cellId = cellOf(request);
            checkArgument(valid(request.deviceId(), cellId), "Meter index is not valid");
            confirmed = devices.isAvailable(request.deviceId());
            StoredMeter stored = new StoredMeter(request, cellId,
                                                 confirmed ? MeterState.ADDED : MeterState.PENDING_ADD);
            store.computeIfAbsent(request.deviceId(), d -> new LinkedHashMap<>()).put(cellId, stored);
            post(new MeterEvent(MeterEvent.Type.METER_ADD_REQ, stored.meter()));
            if (confirmed) {
                post(new MeterEvent(MeterEvent.Type.METER_ADDED, stored.meter()));
            }
            // As MeterManager answers: the meter as requested, before the switch confirms it.
            meter = StoredMeter.meter(request, cellId);
            ((DefaultMeter) meter).setState(MeterState.PENDING_ADD);
        }
        if (confirmed) {
            request.context().ifPresent(c -> c.onSuccess(request));
        }
        return meter;
    }

    /** The cell a request writes, as MeterManager names it. */
    private MeterCellId cellOf(MeterRequest request) {
        MeterScope scope = request.scope();
        if (request.index().isPresent()) {
            checkArgument(userDefinedIndex, "Index cannot be provided when userDefinedIndex mode is disabled");
            return cell(scope, request.index().get());
        }
        checkArgument(!userDefinedIndex, "Index cannot be allocated when userDefinedIndex mode is enabled");
        Map<MeterCellId, StoredMeter> held = store.getOrDefault(request.deviceId(), Map.of());
        long size = size(request.deviceId(), scope);
        for (long index = 0; index < size; index++) {
            if (!held.containsKey(cell(scope, index))) {
                return cell(scope, index);
            }
        }
        throw new IllegalArgumentException("No free meter index in scope " + scope + " of " + request.deviceId());
    }

    private static MeterCellId cell(MeterScope scope, long index) {
        return scope.isGlobal() ? MeterId.meterId(index) : PiMeterCellId.ofIndirect(PiMeterId.of(scope.id()), index);
    }

    /** Whether a cell is within the device's meter features. */
    private boolean valid(DeviceId deviceId, MeterCellId cellId) {
        if (!(cellId instanceof PiMeterCellId)) {
            return false;
        }
        PiMeterCellId cell = (PiMeterCellId) cellId;
        return cell.index() >= 0 && cell.index() < size(deviceId, MeterScope.of(cell.meterId().id()));
    }

    /** How many cells the device has in a scope: its P4 meter's size; 0 for the global scope. */
    private long size(DeviceId deviceId, MeterScope scope) {
        if (scope.isGlobal()) {
            return 0;
        }
        return pipeconfs.getPipeconf(deviceId)
                .flatMap(p -> p.pipelineModel().meter(PiMeterId.of(scope.id())))
                .map(PiMeterModel::size).orElse(0L);
    }

    /**
     * Withdraws a meter by its id: see {@link #withdraw(MeterRequest, MeterCellId)}.
     *
     * @param request the request
     * @param meterId the meter
     */
    @Override
    @Deprecated
    public void withdraw(MeterRequest request, MeterId meterId) {
        withdraw(request, (MeterCellId) meterId);
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId meterCellId) {
        checkNotNull(request, "Request cannot be null");
        checkNotNull(meterCellId, "Meter cell id cannot be null");
        boolean confirmed;
        synchronized (this) {
            StoredMeter stored = store.getOrDefault(request.deviceId(), Map.of()).get(meterCellId);
            if (stored == null) {
                return;
            }
            stored.state = MeterState.PENDING_REMOVE;
            post(new MeterEvent(MeterEvent.Type.METER_REM_REQ, stored.meter()));
            confirmed = devices.isAvailable(request.deviceId());
            if (confirmed) {
                remove(request.deviceId(), stored);
            }
        }
        if (confirmed) {
            request.context().ifPresent(c -> c.onSuccess(request));
        }
    }

    private void remove(DeviceId deviceId, StoredMeter stored) {
        store.get(deviceId).remove(stored.cellId);
        post(new MeterEvent(MeterEvent.Type.METER_REMOVED, stored.meter()));
    }

    /**
     * Returns a meter by its id: see {@link #getMeter(DeviceId, MeterCellId)}.
     *
     * @param deviceId the device
     * @param id       the meter
     * @return the meter, or null
     */
    @Override
    @Deprecated
    public Meter getMeter(DeviceId deviceId, MeterId id) {
        return getMeter(deviceId, (MeterCellId) id);
    }

    @Override
    public synchronized Meter getMeter(DeviceId deviceId, MeterCellId id) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(id, "Meter cell id cannot be null");
        StoredMeter stored = store.getOrDefault(deviceId, Map.of()).get(id);
        return stored == null ? null : stored.meter();
    }

    @Override
    public synchronized Collection<Meter> getAllMeters() {
        ImmutableList.Builder<Meter> all = ImmutableList.builder();
        store.values().forEach(held -> held.values().forEach(m -> all.add(m.meter())));
        return all.build();
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId) {
        return meters(deviceId, m -> true);
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId, MeterScope scope) {
        checkNotNull(scope, "Scope cannot be null");
        return meters(deviceId, m -> scopeOf(m.cellId).equals(scope));
    }

    private static MeterScope scopeOf(MeterCellId cellId) {
        return cellId instanceof PiMeterCellId ? MeterScope.of(((PiMeterCellId) cellId).meterId().id())
                : MeterScope.globalScope();
    }

    private synchronized List<Meter> meters(DeviceId deviceId, Predicate<StoredMeter> which) {
        checkNotNull(deviceId, "Device id cannot be null");
        ImmutableList.Builder<Meter> meters = ImmutableList.builder();
        store.getOrDefault(deviceId, Map.of()).values().stream().filter(which).forEach(m -> meters.add(m.meter()));
        return meters.build();
    }

    /**
     * Not simulated: submit a request without an index instead.
     *
     * @param deviceId the device
     * @return never
     * @throws UnsupportedOperationException always
     */
    @Override
    @Deprecated
    public MeterId allocateMeterId(DeviceId deviceId) {
        throw new UnsupportedOperationException("MeterService.allocateMeterId is not simulated");
    }

    /**
     * Not simulated: withdraw the meter instead.
     *
     * @param deviceId the device
     * @param meterId  the meter
     * @throws UnsupportedOperationException always
     */
    @Override
    @Deprecated
    public void freeMeterId(DeviceId deviceId, MeterId meterId) {
        throw new UnsupportedOperationException("MeterService.freeMeterId is not simulated");
    }

    @Override
    public void purgeMeters(DeviceId deviceId) {
        purge(deviceId, m -> true);
    }

    @Override
    public void purgeMeters(DeviceId deviceId, ApplicationId appId) {
        checkNotNull(appId, "Application id cannot be null");
        purge(deviceId, m -> appId.equals(m.request.appId()));
    }

    /** Drops meters from the store (METER_REMOVED), as ONOS purges them without writing the switch. */
    private synchronized void purge(DeviceId deviceId, Predicate<StoredMeter> which) {
        checkNotNull(deviceId, "Device id cannot be null");
        for (StoredMeter stored : new ArrayList<>(store.getOrDefault(deviceId, Map.of()).values())) {
            if (which.test(stored)) {
                remove(deviceId, stored);
            }
        }
    }

    /**
     * Brings a reconnected device's meters in step: pending adds are confirmed (METER_ADDED) and
     * pending removals done (METER_REMOVED). Nothing happens while it is disconnected.
     *
     * @param deviceId the device
     */
    public void deviceAvailabilityChanged(DeviceId deviceId) {
        List<MeterRequest> confirmed = new ArrayList<>();
        synchronized (this) {
            if (!devices.isAvailable(deviceId)) {
                return;
            }
            for (StoredMeter stored : new ArrayList<>(store.getOrDefault(deviceId, Map.of()).values())) {
                if (stored.state == MeterState.PENDING_ADD) {
                    stored.state = MeterState.ADDED;
                    post(new MeterEvent(MeterEvent.Type.METER_ADDED, stored.meter()));
                    confirmed.add(stored.request);
                } else if (stored.state == MeterState.PENDING_REMOVE) {
                    remove(deviceId, stored);
                }
            }
        }
        confirmed.forEach(r -> r.context().ifPresent(c -> c.onSuccess(r)));
    }

    /**
     * Forgets a removed device's meters, without events.
     *
     * @param deviceId the device
     */
    public synchronized void deviceRemoved(DeviceId deviceId) {
        store.remove(deviceId);
    }
}
