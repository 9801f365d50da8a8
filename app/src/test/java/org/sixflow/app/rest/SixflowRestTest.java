// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.sixflow.app.testing.AllFeatures;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.test.JerseyTest;
import org.glassfish.jersey.test.TestProperties;
import org.glassfish.jersey.test.jetty.JettyTestContainerFactory;
import org.glassfish.jersey.test.spi.TestContainerFactory;
import org.junit.Before;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.BaseResource;
import org.onosproject.codec.CodecService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.api.EventStreamService;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.features.apn6.api.Apn6PolicyAdminService;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.impl.Apn6PolicyManagerFixture;
import org.sixflow.app.features.msr6.api.Msr6TreeAdminService;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.features.msr6.impl.Msr6TreeManagerFixture;
import org.sixflow.app.impl.EventStreamManagerFixture;
import org.sixflow.app.impl.InventoryManagerFixture;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.RestTestSupport;
import org.sixflow.app.testing.TestHistoryService;
import org.sixflow.app.testing.TestHostService;

/**
 * Base of the REST tests: the real Sixflow web application in Jetty over the real inventory
 * manager, fed by in-memory ONOS services holding the real bmv2 pipeconf. (ONOS's own
 * ResourceTest needs classes that onos-rest 2.7.0 only ships inside its web archive.)
 */
public abstract class SixflowRestTest extends JerseyTest {

    protected InventoryManagerFixture inventory;
    protected Msr6TreeManagerFixture trees;
    protected Apn6PolicyManagerFixture policies;
    /** The lab's hosts (docker/netcfg.json), h_gz 00:00:00:00:05:10 on device:guangzhou/3 among them. */
    protected final TestHostService hosts = TestHostService.lab();
    protected TestHistoryService history;
    protected TelemetryManagerFixture telemetry;
    protected EventStreamManagerFixture streams;

    protected SixflowRestTest() {
        super(AllFeatures.application());
        set(TestProperties.CONTAINER_PORT, 0);
        AuthorizationFilter.disableForTests();
    }

    @Override
    protected TestContainerFactory getTestContainerFactory() {
        return new JettyTestContainerFactory();
    }

    private static void setServiceDirectory(ServiceDirectory directory) {
        try {
            TestUtils.setField(BaseResource.class, "services", directory);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException(e);
        }
    }

    @Before
    public void setUpServices() {
        inventory = new InventoryManagerFixture();
        SixflowConfigRegistrar.FACTORIES.forEach(inventory.netcfg::registerConfigFactory);
        history = new TestHistoryService();
        trees = new Msr6TreeManagerFixture();
        policies = new Apn6PolicyManagerFixture();
        telemetry = new TelemetryManagerFixture();
        streams = new EventStreamManagerFixture();
        TestServiceDirectory directory = new TestServiceDirectory()
                .add(InventoryService.class, inventory.manager)
                .add(DeviceService.class, inventory.devices)
                .add(PiPipeconfService.class, inventory.pipeconfs)
                .add(HistoryService.class, history)
                .add(Msr6TreeService.class, trees.manager)
                .add(Msr6TreeAdminService.class, trees.manager)
                .add(HostService.class, hosts)
                .add(LinkService.class, trees.lab.linkService)
                .add(Apn6PolicyService.class, policies.manager)
                .add(Apn6PolicyAdminService.class, policies.manager)
                .add(TelemetryService.class, telemetry.manager)
                .add(TelemetryAdminService.class, telemetry.manager)
                .add(EventStreamService.class, streams.manager)
                .add(CodecService.class, RestTestSupport.codecService());
        addServices(directory);
        setServiceDirectory(directory);
    }

    /**
     * Adds what a test class needs beyond the common services; called before each test.
     *
     * @param directory the services the REST layer looks up
     */
    protected void addServices(TestServiceDirectory directory) {
    }
}
