// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.event.AbstractEvent;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.store.StoreDelegate;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.sixflow.app.api.OwnedStore;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;
import org.sixflow.app.testing.TestPipeconfService;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * What the lifecycle asks of a feature, counted: a feature may read the network to compile
 * (APN6 does), so a task asks for the compiler once, however many objects it installs, and a
 * task that installs nothing here (another instance's object) does not ask at all.
 */
public class OwnedLifecycleTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:s1");

    private final Map<String, InstallStatus> stored = new ConcurrentHashMap<>();
    private final AtomicInteger compilers = new AtomicInteger();
    private final PolicyFlowRules flows = new PolicyFlowRules();
    private PredicatePartitions partitions;
    private OwnedLifecycle<String> lifecycle;

    /** Objects are their ids; each compiles to one entry of its own. */
    private final class Objects implements OwnedFeature<String> {
        @Override
        public String id(String object) {
            return object;
        }

        @Override
        public OwnedStore<String, ?, ?> store() {
            return new MapStore();
        }

        @Override
        public Function<String, Collection<FlowRule>> compiler() {
            compilers.incrementAndGet();
            return object -> List.of(DefaultFlowRule.builder().forDevice(DEVICE).forTable(0)
                    .withSelector(DefaultTrafficSelector.emptySelector())
                    .withTreatment(DefaultTrafficTreatment.emptyTreatment())
                    .withPriority(100 + Integer.parseInt(object.substring(1)))
                    .fromApp(TestApplicationId.create("test")).makePermanent().build());
        }
    }

    /** The stored objects in a map of this test. */
    private final class MapStore implements OwnedStore<String, Event, Delegate> {
        @Override
        public Optional<String> remove(String id) {
            return stored.remove(id) == null ? Optional.empty() : Optional.of(id);
        }

        @Override
        public Optional<String> get(String id) {
            return stored.containsKey(id) ? Optional.of(id) : Optional.empty();
        }

        @Override
        public Collection<String> all() {
            return List.copyOf(stored.keySet());
        }

        @Override
        public Optional<InstallStatus> status(String id) {
            return Optional.ofNullable(stored.get(id));
        }

        @Override
        public boolean setStatus(String object, InstallStatus status) {
            return stored.replace(object, status) != null;
        }

        @Override
        public Map<String, Map.Entry<String, InstallStatus>> listed() {
            return stored.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e));
        }

        @Override
        public void setDelegate(Delegate delegate) {
        }

        @Override
        public void unsetDelegate(Delegate delegate) {
        }

        @Override
        public boolean hasDelegate() {
            return false;
        }
    }

    private static final class Event extends AbstractEvent<OwnedChange, String> {
        Event(OwnedChange type, String subject) {
            super(type, subject);
        }
    }

    private interface Delegate extends StoreDelegate<Event> {
    }

    @Before
    public void setUp() {
        for (int i = 0; i < 50; i++) {
            stored.put("o" + i, InstallStatus.REQUESTED);
        }
        partitions = new PredicatePartitions(id -> !id.equals("o0"));
        lifecycle = new OwnedLifecycle<>("object", "this object", "test", getLogger(getClass()), new Objects(), flows,
                                         new TableBudget(new TestPipeconfService(), flows), partitions);
    }

    @After
    public void tearDown() {
        lifecycle.stop();
    }

    @Test
    public void takingOwnershipOfFiftyObjectsAsksForTheCompilerOnce() {
        lifecycle.start(Runnable::run);
        assertEquals(49, flows.rules().size());
        assertEquals(1, compilers.get());
        assertEquals(InstallStatus.INSTALLED, stored.get("o1"));
        assertEquals(InstallStatus.REQUESTED, stored.get("o0"));
    }

    @Test
    public void aNetworkChangeRecompilesEveryObjectWithOneCompiler() {
        lifecycle.start(Runnable::run);
        compilers.set(0);
        lifecycle.reinstallSoon();
        assertEquals(1, compilers.get());
        assertEquals(49, flows.rules().size());
    }

    @Test
    public void anotherInstancesObjectAsksForNoCompiler() {
        lifecycle.start(Runnable::run);
        compilers.set(0);
        lifecycle.added("o0");
        assertEquals(0, compilers.get());
        lifecycle.added("o1");
        assertEquals(1, compilers.get());
    }
}
