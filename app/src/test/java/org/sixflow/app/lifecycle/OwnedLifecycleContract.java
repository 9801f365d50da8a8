// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.junit.After;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What every feature's objects get from the owned-object lifecycle, run against each feature
 * (APN6 policies, GTP-U tunnels, NPTv6 mappings, ILNP sites) through its own manager, store and
 * REST-facing service on test clusters of one and two instances: installed by their owner and
 * nobody else, removed with their entries, an id in use refused losing nothing, a device's
 * refusal reported and retried when it comes back, entries written again on a device that lost
 * them, nothing removed by an instance that stops, everything taken over by a new owner.
 *
 * <p>A feature's test extends it with how to run its manager ({@link #instance}) and a valid
 * object ({@link #object}).
 *
 * @param <T> the feature's objects
 */
public abstract class OwnedLifecycleContract<T> {

    /** One instance of a test cluster running a feature's manager, as the contract drives it. */
    protected static final class Instance<T> {
        private final Consumer<T> create;
        private final Predicate<String> remove;
        private final Function<String, Optional<InstallStatus>> status;
        private final Runnable activate;
        private final Runnable deactivate;
        private final Consumer<DeviceId> deviceBack;

        /**
         * Drives an instance through its feature's service and fixture.
         *
         * @param create     creates an object through the feature's service, as REST does
         * @param remove     removes an object by id through the service
         * @param status     an object's status through the service
         * @param activate   activates the store and the manager, as OSGi would
         * @param deactivate deactivates the manager and the store
         * @param deviceBack tells the manager a device is available again, as ONOS would
         */
        public Instance(Consumer<T> create, Predicate<String> remove, Function<String, Optional<InstallStatus>> status,
                        Runnable activate, Runnable deactivate, Consumer<DeviceId> deviceBack) {
            this.create = create;
            this.remove = remove;
            this.status = status;
            this.activate = activate;
            this.deactivate = deactivate;
            this.deviceBack = deviceBack;
        }

        void create(T object) {
            create.accept(object);
        }

        boolean remove(String id) {
            return remove.test(id);
        }

        Optional<InstallStatus> status(String id) {
            return status.apply(id);
        }

        void activate() {
            activate.run();
        }

        void deactivate() {
            deactivate.run();
        }

        void deviceAvailable(DeviceId device) {
            deviceBack.accept(device);
        }
    }

    private final List<ClusterStorageService> clusters = new ArrayList<>();

    /**
     * Starts one instance of a test cluster: the feature's store over the given storage, its
     * manager over the given flow rules and partitions, on the lab network with every device
     * able to take the feature; owner work runs at once.
     *
     * @param storage    this instance's storage
     * @param flows      this instance's flow-rule service
     * @param partitions which objects this instance owns
     * @param start      whether to activate it now
     * @return the instance
     */
    protected abstract Instance<T> instance(ClusterStorageService storage, PolicyFlowRules flows,
                                            PredicatePartitions partitions, boolean start);

    /**
     * A valid object with entries; objects of different numbers can be stored side by side.
     *
     * @param id     its id
     * @param number which one (1, 2, ...)
     * @return the object
     */
    protected abstract T object(String id, int number);

    @After
    public void shutDownClusters() {
        clusters.forEach(ClusterStorageService::shutdown);
    }

    private ClusterStorageService cluster() {
        ClusterStorageService storage = new ClusterStorageService();
        clusters.add(storage);
        return storage;
    }

    private static <T> void created(Instance<T> instance, ClusterStorageService storage, T object) {
        instance.create(object);
        storage.awaitEvents();
    }

    @Test
    public void anObjectIsInstalledByItsOwnerAndRemovedWithEveryEntry() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Instance<T> one = instance(storage, flows, PredicatePartitions.alone(), true);
        created(one, storage, object("a", 1));
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
        assertFalse("it has entries", flows.rules().isEmpty());

        assertTrue(one.remove("a"));
        storage.awaitEvents();
        assertEquals(Optional.empty(), one.status("a"));
        assertEquals("every entry it had is gone", List.of(), flows.rules());
        assertFalse("a second removal finds nothing", one.remove("a"));
    }

    @Test
    public void anIdInUseIsRefusedAndLosesNothing() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Instance<T> one = instance(storage, flows, PredicatePartitions.alone(), true);
        created(one, storage, object("a", 1));
        List<FlowRule> before = flows.rules();
        try {
            one.create(object("a", 2));
            fail("a second object with the id was accepted");
        } catch (IdInUseException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("a"));
        }
        storage.awaitEvents();
        assertEquals(before, flows.rules());
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
    }

    @Test
    public void aDeviceThatRefusesMakesItFailedNamingTheDeviceAndItIsRetriedWhenTheDeviceComesBack() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Instance<T> one = instance(storage, flows, PredicatePartitions.alone(), true);
        created(one, storage, object("probe", 1));
        Set<DeviceId> devices = flows.rules().stream().map(FlowRule::deviceId).collect(Collectors.toSet());
        assertTrue(one.remove("probe"));
        storage.awaitEvents();

        flows.refusing.addAll(devices);
        created(one, storage, object("a", 1));
        InstallStatus failed = one.status("a").orElseThrow();
        assertEquals(InstallStatus.State.FAILED, failed.state());
        DeviceId named = failed.failure().orElseThrow().deviceId();
        assertTrue(named + " is one of " + devices, devices.contains(named));
        assertTrue(failed.failure().orElseThrow().reason(), failed.failure().orElseThrow().reason().contains("refused"));

        flows.refusing.clear();
        devices.forEach(one::deviceAvailable);
        storage.awaitEvents();
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
        assertEquals(devices, flows.rules().stream().map(FlowRule::deviceId).collect(Collectors.toSet()));
    }

    @Test
    public void aDeviceThatComesBackGetsItsEntriesAgain() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Instance<T> one = instance(storage, flows, PredicatePartitions.alone(), true);
        created(one, storage, object("a", 1));
        List<FlowRule> installed = flows.rules();
        DeviceId device = installed.get(0).deviceId();
        List<FlowRule> lost = flows.on(device);
        lost.forEach(r -> flows.entries.remove(r.id()));

        one.deviceAvailable(device);
        storage.awaitEvents();
        assertTrue("the device has its entries again", flows.rules().containsAll(lost));
        assertEquals(installed.size(), flows.rules().size());
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
    }

    @Test
    public void anInstanceThatStopsRemovesNothingAndOneThatStartsInstallsWhatItOwns() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Instance<T> one = instance(storage, flows, PredicatePartitions.alone(), true);
        created(one, storage, object("a", 1));
        List<FlowRule> installed = flows.rules();
        one.deactivate();
        storage.awaitEvents();
        assertEquals(installed, flows.rules());
        assertEquals(List.of(), flows.writes("remove"));

        // The devices lost them meanwhile: the instance that starts owns the object and writes them.
        installed.forEach(r -> flows.entries.remove(r.id()));
        one.activate();
        storage.awaitEvents();
        assertEquals(installed.size(), flows.rules().size());
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
    }

    @Test
    public void onlyTheOwnerInstallsWhicheverInstanceTookTheRequestAndANewOwnerTakesOver() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Predicate<String> twoOwns = Set.of("a")::contains;
        PredicatePartitions oneParts = new PredicatePartitions(twoOwns.negate());
        PredicatePartitions twoParts = new PredicatePartitions(twoOwns);
        Instance<T> one = instance(storage, flows, oneParts, true);
        PolicyFlowRules twoFlows = flows.instance();
        Instance<T> two = instance(storage.instance(), twoFlows, twoParts, true);

        created(one, storage, object("a", 1));
        assertEquals("the instance asked wrote nothing", List.of(), flows.writes("add"));
        assertNotEquals("the owner wrote its entries", List.of(), twoFlows.writes("add"));
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
        assertEquals(Optional.of(InstallStatus.INSTALLED), two.status("a"));

        // The partition moves to instance one: it takes the object over and carries out its removal.
        twoParts.move(id -> false);
        oneParts.move(id -> true);
        storage.awaitEvents();
        int twoWrites = twoFlows.log.size();
        assertTrue(two.remove("a"));
        storage.awaitEvents();
        assertEquals("the old owner did nothing more", twoWrites, twoFlows.log.size());
        assertEquals("the new owner removed every entry", List.of(), flows.rules());
    }

    @Test
    public void objectsOfDifferentIdsAreInstalledSideBySideAndOneRemovedLeavesTheOther() {
        ClusterStorageService storage = cluster();
        PolicyFlowRules flows = new PolicyFlowRules();
        Instance<T> one = instance(storage, flows, PredicatePartitions.alone(), true);
        created(one, storage, object("a", 1));
        List<FlowRule> first = flows.rules();
        created(one, storage, object("b", 2));
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("b"));
        assertTrue(flows.rules().containsAll(first));

        assertTrue(one.remove("b"));
        storage.awaitEvents();
        assertEquals(Set.copyOf(first), Set.copyOf(flows.rules()));
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("a"));
    }
}
