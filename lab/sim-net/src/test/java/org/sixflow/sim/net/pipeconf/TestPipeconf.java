// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.pipeconf;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiMeterModel;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineModel;

import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A pipeconf for tests: the behaviours it is given, and a pipeline of nothing but indirect meters
 * of given sizes (its model fails on anything else it is asked).
 */
public final class TestPipeconf implements PiPipeconf {

    private final PiPipeconfId id;
    private final Map<Class<? extends Behaviour>, Class<? extends Behaviour>> behaviours;
    private final Map<PiMeterId, Long> meters;

    /**
     * Creates a pipeconf.
     *
     * @param id         its id
     * @param behaviours implementation by behaviour
     * @param meters     the pipeline's meters and their sizes
     */
    public TestPipeconf(PiPipeconfId id, Map<Class<? extends Behaviour>, Class<? extends Behaviour>> behaviours,
                        Map<PiMeterId, Long> meters) {
        this.id = id;
        this.behaviours = ImmutableMap.copyOf(behaviours);
        this.meters = ImmutableMap.copyOf(meters);
    }

    /**
     * Creates a pipeconf with behaviours and no meters.
     *
     * @param id         its id
     * @param behaviours implementation by behaviour
     */
    public TestPipeconf(PiPipeconfId id, Map<Class<? extends Behaviour>, Class<? extends Behaviour>> behaviours) {
        this(id, behaviours, Map.of());
    }

    @Override
    public PiPipeconfId id() {
        return id;
    }

    @Override
    public PiPipelineModel pipelineModel() {
        return (PiPipelineModel) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {PiPipelineModel.class}, (proxy, method, args) -> {
                    if (method.getName().equals("meter")) {
                        PiMeterId meterId = (PiMeterId) args[0];
                        return Optional.ofNullable(meters.get(meterId)).map(size -> meter(meterId, size));
                    }
                    if (method.getName().equals("meters")) {
                        return meters.entrySet().stream().map(e -> meter(e.getKey(), e.getValue()))
                                .collect(Collectors.toList());
                    }
                    throw new UnsupportedOperationException("the test pipeline has no " + method.getName());
                });
    }

    private PiMeterModel meter(PiMeterId meterId, long size) {
        return (PiMeterModel) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {PiMeterModel.class}, (proxy, method, args) -> {
                    if (method.getName().equals("id")) {
                        return meterId;
                    }
                    if (method.getName().equals("size")) {
                        return size;
                    }
                    throw new UnsupportedOperationException("the test meter has no " + method.getName());
                });
    }

    @Override
    public long fingerprint() {
        return 0;
    }

    @Override
    public Collection<Class<? extends Behaviour>> behaviours() {
        return List.copyOf(behaviours.keySet());
    }

    @Override
    public Optional<Class<? extends Behaviour>> implementation(Class<? extends Behaviour> behaviour) {
        return Optional.ofNullable(behaviours.get(behaviour));
    }

    @Override
    public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
        return behaviours.containsKey(behaviourClass);
    }

    @Override
    public Optional<InputStream> extension(ExtensionType type) {
        return Optional.empty();
    }
}
