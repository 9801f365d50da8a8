// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Maps;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventListener;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.store.StoreDelegate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedObjectEvent;
import org.sixflow.app.api.OwnedStore;
import org.slf4j.Logger;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The manager's half of the lifecycle, for every feature whose users ask it to install objects:
 * the ONOS services the lifecycle needs, starting and stopping it with the store's delegate and
 * the device listener, the reads every such service offers (list, get, status), adding an
 * object under the lock that keeps an id unique, removing one, and handing the store's events
 * to the lifecycle. A feature's manager extends it, calls {@link #open} and {@link #close} from
 * its own activate and deactivate, and adds what is its own: validation, its compiler
 * ({@link OwnedFeature}), other listeners ({@link #listen}).
 *
 * @param <T> the objects
 * @param <E> the feature's events
 * @param <L> the feature's listeners
 * @param <D> the feature's store delegate
 */
public abstract class OwnedObjectManager<T, E extends OwnedObjectEvent<?, T>, L extends EventListener<E>,
        D extends StoreDelegate<E>> extends AbstractListenerManager<E, L> {

    protected final Logger log = getLogger(getClass());
    /** Serialises check-and-write of changes made through this instance. */
    protected final Object changes = new Object();
    private final Class<E> eventClass;
    private final DeviceListener deviceListener = this::deviceEvent;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    /**
     * Where the owner's work runs, one task at a time: store events, network changes, outcomes.
     * A single thread of the lifecycle's own unless set (tests set one that runs tasks at once).
     */
    protected Executor work;

    /** The lifecycle, from {@link #open} on. */
    protected OwnedLifecycle<T> lifecycle;

    /**
     * A manager of a feature's objects.
     *
     * @param eventClass the feature's event class, as ONOS's event dispatcher routes it
     */
    protected OwnedObjectManager(Class<E> eventClass) {
        this.eventClass = eventClass;
    }

    /**
     * Returns the feature's store.
     *
     * @return the store
     */
    protected abstract OwnedStore<T, E, D> store();

    /**
     * Returns the delegate the store tells its changes: {@code this::storeEvent}, as the store's
     * own delegate type.
     *
     * @return the delegate (the same one every time)
     */
    protected abstract D delegate();

    /**
     * Starts the lifecycle: events reach listeners, the store's changes and devices that come
     * back reach the lifecycle, {@link #listen} adds the feature's listeners, then the owner
     * installs what it owns.
     *
     * @param kind       the objects in messages, e.g. "NPTv6 mapping"
     * @param what       what needs an object's entries, in a table shortfall's words ("this mapping")
     * @param partitions the owner's threads' group name, e.g. "sixflow/nptv6"
     * @param feature    what is particular to the feature
     */
    protected void open(String kind, String what, String partitions, OwnedFeature<T> feature) {
        lifecycle = new OwnedLifecycle<>(kind, what, partitions, log, feature, flowRuleService,
                                         new TableBudget(pipeconfService, flowRuleService), workPartitionService);
        eventDispatcher.addSink(eventClass, listenerRegistry);
        store().setDelegate(delegate());
        deviceService.addListener(deviceListener);
        listen();
        lifecycle.start(work);
        log.info("Started");
    }

    /**
     * Stops the lifecycle. Nothing is removed: the entries and the stored objects are the
     * cluster's, and the owner that takes over (or this instance, when it starts again)
     * reinstalls them.
     */
    protected void close() {
        lifecycle.stop();
        unlisten();
        deviceService.removeListener(deviceListener);
        store().unsetDelegate(delegate());
        eventDispatcher.removeSink(eventClass);
        log.info("Stopped");
    }

    /** Adds the feature's own listeners (of links, netcfg, ...); none unless overridden. */
    protected void listen() {
    }

    /** Removes what {@link #listen} added. */
    protected void unlisten() {
    }

    /**
     * Returns every object, in the given order.
     *
     * @param order the order
     * @return the objects as this instance last heard them
     */
    protected List<T> listed(Comparator<T> order) {
        return store().listed().values().stream().map(Map.Entry::getKey).sorted(order)
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Returns every object's status, by id.
     *
     * @return the statuses
     */
    public Map<String, InstallStatus> statuses() {
        return Maps.transformValues(store().listed(), Map.Entry::getValue);
    }

    /**
     * Returns an object's status.
     *
     * @param id its id
     * @return its status, if the object is stored
     */
    public Optional<InstallStatus> status(String id) {
        return store().status(id);
    }

    /**
     * Removes an object; its owner removes its entries.
     *
     * @param id its id
     * @return whether there was one
     */
    public boolean remove(String id) {
        synchronized (changes) {
            return store().remove(id).isPresent();
        }
    }

    /**
     * Adds an object, its id unique among the changes made through this instance and in the
     * cluster's map.
     *
     * @param id           the new object's id
     * @param inUse        the refusal's words when the id is taken
     * @param checkAndStore checks the object (throwing what refuses it) and stores it; empty if
     *                     the store already had the id
     * @param <R>          what the caller answers
     * @return what checkAndStore gave
     * @throws IdInUseException if the id is taken
     */
    protected <R> R adding(String id, String inUse, Supplier<Optional<R>> checkAndStore) {
        synchronized (changes) {
            if (store().get(id).isPresent()) {
                throw new IdInUseException(inUse);
            }
            return checkAndStore.get().orElseThrow(() -> new IdInUseException(inUse));
        }
    }

    /**
     * Hears the store: every instance tells its listeners; the owner acts on additions,
     * replacements and removals (status changes it wrote itself).
     *
     * @param event the store's event
     */
    protected void storeEvent(E event) {
        post(event);
        switch (event.change()) {
            case ADDED:
                lifecycle.added(event.subject());
                break;
            case UPDATED:
                lifecycle.replaced(event.subject(), event.previous());
                break;
            case REMOVED:
                lifecycle.removed(event.subject());
                break;
            default:
                break;
        }
    }

    /**
     * Hears devices: one that comes, or comes back, gets its objects' entries again. A feature
     * that hears more overrides it and calls it.
     *
     * @param event the device event
     */
    protected void deviceEvent(DeviceEvent event) {
        DeviceId device = event.subject().id();
        if ((event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                || event.type() == DeviceEvent.Type.DEVICE_ADDED) && deviceService.isAvailable(device)) {
            lifecycle.deviceAvailable(device);
        }
    }
}
