// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.grpc.utils.ChannelUrisForTests;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static java.util.concurrent.CompletableFuture.completedFuture;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The handshaker over ONOS's own P4Runtime one, with the client answering as bmv2 does: during a
 * pipeline set (or after a failed one) "any pipeline set" is true and the pipeconf's is not; the
 * probe asks the device one question, the pipeconf's.
 */
public class SixflowBmv2HandshakerTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:s1");
    private static final String ADDRESS = "grpc://127.0.0.1:50001?device_id=1";

    private final List<String> asked = new ArrayList<>();
    private final PiPipeconf pipeconf = stub(PiPipeconf.class, Map.of());
    private boolean sessionOpen = true;
    private boolean pipeconfBound = true;
    private boolean pipeconfSet = false;

    @Before
    public void setUp() {
        ChannelUrisForTests.put(DEVICE, URI.create(ADDRESS));
    }

    @After
    public void tearDown() {
        ChannelUrisForTests.remove(DEVICE);
    }

    @Test
    public void aPipelineBeingSetIsNotAvailable() {
        assertFalse(probe());
        assertEquals(List.of("isPipelineConfigSet 1"), asked);
    }

    @Test
    public void thePipeconfsPipelineSetIsAvailableAskingTheDeviceOnce() {
        pipeconfSet = true;
        assertTrue(probe());
        assertEquals(List.of("isPipelineConfigSet 1"), asked);
    }

    @Test
    public void noSessionIsNotAvailableAndNothingMoreIsAsked() {
        sessionOpen = false;
        pipeconfSet = true;
        assertFalse(probe());
        assertEquals(List.of(), asked);
    }

    @Test
    public void noPipelineAtAllIsNotAvailable() {
        assertFalse(probe());
        assertEquals(List.of("isPipelineConfigSet 1"), asked);
    }

    @Test
    public void noPipeconfBoundIsNotAvailableAndTheDeviceIsNotAsked() {
        pipeconfBound = false;
        pipeconfSet = true;
        assertFalse(probe());
        assertEquals(List.of(), asked);
    }

    private boolean probe() {
        // As ONOS's driver makes a behaviour for a handler: both set.
        DriverHandler handler = handler();
        SixflowBmv2Handshaker handshaker = new SixflowBmv2Handshaker();
        handshaker.setData(handler.data());
        handshaker.setHandler(handler);
        return handshaker.probeAvailability().join();
    }

    private DriverHandler handler() {
        Driver driver = new DefaultDriver("sixflow-bmv2", List.of(), "p4.org", "1", "1", Map.of(), Map.of());
        DriverData data = new DefaultDriverData(driver, DEVICE);
        P4RuntimeClient client = stub(P4RuntimeClient.class, Map.of(
                "isServerReachable", args -> true,
                "isSessionOpen", args -> sessionOpen,
                "isAnyPipelineConfigSet", args -> {
                    asked.add("isAnyPipelineConfigSet " + args[0]);
                    return completedFuture(true);
                },
                "isPipelineConfigSet", args -> {
                    asked.add("isPipelineConfigSet " + args[0]);
                    return completedFuture(args[1] == pipeconf && pipeconfSet);
                }));
        Map<Class<?>, Object> services = Map.of(
                DeviceService.class, stub(DeviceService.class, Map.of()),
                NetworkConfigService.class, stub(NetworkConfigService.class, Map.of("getConfig", args -> basic())),
                P4RuntimeController.class, stub(P4RuntimeController.class, Map.of("get", args -> client)),
                PiPipeconfService.class, stub(PiPipeconfService.class,
                                              Map.of("getPipeconf", args -> pipeconfBound ? Optional.of(pipeconf) : Optional.empty())));
        return new DriverHandler() {
            @Override
            public Driver driver() {
                return driver;
            }

            @Override
            public DriverData data() {
                return data;
            }

            @Override
            public <T extends Behaviour> T behaviour(Class<T> behaviourClass) {
                throw new UnsupportedOperationException();
            }

            @Override
            public <T> T get(Class<T> serviceClass) {
                return serviceClass.cast(services.get(serviceClass));
            }
        };
    }

    private static BasicDeviceConfig basic() {
        BasicDeviceConfig config = new BasicDeviceConfig();
        ObjectMapper mapper = new ObjectMapper();
        config.init(DEVICE, "basic", mapper.createObjectNode(), mapper, null);
        config.managementAddress(ADDRESS);
        return config;
    }

    /** An implementation answering the named methods; any other answers null (false for a boolean). */
    private static <T> T stub(Class<T> type, Map<String, Function<Object[], Object>> answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (proxy, method, args) -> {
            Function<Object[], Object> answer = answers.get(method.getName());
            if (answer != null) {
                return answer.apply(args);
            }
            if (method.getName().equals("equals")) {
                return proxy == args[0];
            }
            if (method.getName().equals("hashCode")) {
                return System.identityHashCode(proxy);
            }
            return method.getReturnType() == boolean.class ? false : null;
        }));
    }
}
