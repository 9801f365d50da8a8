// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.behaviour.BngProgrammable;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngConfigJson;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.lifecycle.OwnerWork;
import org.sixflow.pipeconf.PuntReason;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Sixflow's PPPoE control plane on ONOS: a packet processor takes the PPPoE frames the BNG
 * devices punt (with the line's id in the packet's cookie, {@link PuntReason#line}) and hands
 * them to the {@link BngRelay} on the owner's work thread, with a tick each second for echo
 * loss. Packet-outs go through the packet service; entries through each device's
 * BngProgrammable behaviour. The configuration is the network config's (registered here,
 * {@link BngNetConfig}). Sessions live in the instance that receives its device's packet-ins
 * (the device's master): they are not replicated.
 */
@Component(immediate = true, service = BngService.class)
public class BngSessionManager implements BngService {

    /** Octets that hold an EtherType behind two VLAN tags (BngRelay#isPppoe). */
    private static final int PPPOE_TEST_OCTETS = 22;

    /** Where the relay sits among packet processors: before the router's (which punts ask for). */
    private static final int PROCESSOR_PRIORITY = 1;
    /** The annotation with the MAC a BNG device answers discovery with (as SixflowBngProgrammable reads it). */
    static final String BNG_MAC = "bngMac";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry netcfg;

    private final ConfigFactory<ApplicationId, BngNetConfig> factory = new ConfigFactory<>(
            SubjectFactories.APP_SUBJECT_FACTORY, BngNetConfig.class, BngNetConfig.KEY) {
        @Override
        public BngNetConfig createConfig() {
            return new BngNetConfig();
        }
    };
    private final NetworkConfigListener configListener = this::configChanged;
    private final PacketProcessor processor = this::process;
    private final OwnerWork work = new OwnerWork("BNG relay", "sixflow/bng", log);
    private ScheduledExecutorService timer;
    private ApplicationId appId;
    private BngRelay relay;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        relay = new BngRelay(appId, dataPlane(), System::currentTimeMillis);
        netcfg.registerConfigFactory(factory);
        netcfg.addListener(configListener);
        readConfig();
        work.start(null);
        packetService.addProcessor(processor, PacketProcessor.director(PROCESSOR_PRIORITY));
        timer = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/bng", "tick", log));
        timer.scheduleAtFixedRate(() -> work.submit(this::tick), 1, 1, TimeUnit.SECONDS);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        packetService.removeProcessor(processor);
        timer.shutdownNow();
        work.stop();
        netcfg.removeListener(configListener);
        netcfg.unregisterConfigFactory(factory);
        // Entries stay: a restarted relay does not know the sessions, their subscribers' echoes or
        // PADTs end them at the server, and SixflowBngProgrammable.cleanUp removes them all.
        log.info("Stopped");
    }

    private void process(PacketContext context) {
        if (context.isHandled()) {
            return;
        }
        InboundPacket in = context.inPacket();
        ByteBuffer buffer = in.unparsed();
        if (buffer == null) {
            return;
        }
        // Every packet-in passes here (telemetry reports, LLDP, ...): its EtherType, behind at
        // most two tags, is read from its first octets before the frame is copied.
        byte[] head = new byte[Math.min(buffer.remaining(), PPPOE_TEST_OCTETS)];
        buffer.duplicate().get(head);
        if (!BngRelay.isPppoe(head)) {
            return;
        }
        byte[] frame = new byte[buffer.remaining()];
        buffer.duplicate().get(frame);
        context.block();
        receive(in.receivedFrom(), PuntReason.line(in), frame);
    }

    /**
     * Hands a PPPoE frame to the relay on its work thread.
     *
     * @param from  where it came in
     * @param line  the data plane's line id, 0 for none
     * @param frame the frame
     */
    void receive(ConnectPoint from, int line, byte[] frame) {
        work.submit(() -> {
            synchronized (relay) {
                relay.receive(from, line, frame);
            }
        });
    }

    /** The network as the relay acts on it: ONOS's services (the dashboard harness gives its own). */
    BngDataPlane dataPlane() {
        return new OnosDataPlane();
    }

    private void tick() {
        synchronized (relay) {
            relay.tick();
        }
    }

    private void configChanged(NetworkConfigEvent event) {
        if (event.configClass() == BngNetConfig.class) {
            readConfig();
        }
    }

    private void readConfig() {
        BngNetConfig stored = netcfg.getConfig(appId, BngNetConfig.class);
        BngConfig config = BngConfig.NONE;
        if (stored != null) {
            try {
                config = stored.config();
            } catch (IllegalArgumentException e) {
                log.warn("BNG configuration refused: {}", e.getMessage());
                return;
            }
        }
        synchronized (relay) {
            relay.configure(config);
        }
        log.info("BNG relay configuration: {}", config);
    }

    @Override
    public List<BngLine> lines() {
        synchronized (relay) {
            return relay.lines();
        }
    }

    @Override
    public List<BngSession> sessions() {
        synchronized (relay) {
            return relay.sessions();
        }
    }

    @Override
    public Optional<BngSession> session(long id) {
        synchronized (relay) {
            return relay.session(id);
        }
    }

    @Override
    public Map<BngCounterType, PiCounterCellData> counters(long id) {
        synchronized (relay) {
            return relay.counters(id);
        }
    }

    @Override
    public Optional<MacAddress> accessMac(DeviceId device) {
        return dataPlane().bngMac(device);
    }

    @Override
    public boolean cut(long id) {
        synchronized (relay) {
            return relay.cut(id);
        }
    }

    @Override
    public Map<String, Long> dropped() {
        synchronized (relay) {
            return relay.dropped();
        }
    }

    @Override
    public BngConfig config() {
        synchronized (relay) {
            return relay.config();
        }
    }

    @Override
    public void configure(BngConfig config) {
        // The network config is where it is kept; its event brings it to the relay.
        netcfg.applyConfig(appId, BngNetConfig.class,
                           BngConfigJson.write(config, new com.fasterxml.jackson.databind.ObjectMapper()));
        synchronized (relay) {
            relay.configure(config);
        }
    }

    /** ONOS's services as the relay needs them. */
    private final class OnosDataPlane implements BngDataPlane {

        @Override
        public void send(ConnectPoint port, byte[] frame) {
            packetService.emit(new DefaultOutboundPacket(
                    port.deviceId(), DefaultTrafficTreatment.builder().setOutput(port.port()).build(),
                    ByteBuffer.wrap(frame)));
        }

        @Override
        public Optional<MacAddress> bngMac(DeviceId device) {
            Device d = deviceService.getDevice(device);
            String text = d == null ? null : d.annotations().value(BNG_MAC);
            if (text == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(MacAddress.valueOf(text.trim()));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }

        @Override
        public Optional<Link> link(DeviceId from, DeviceId to) {
            return linkService.getDeviceEgressLinks(from).stream()
                    .filter(link -> link.dst().deviceId().equals(to))
                    .min(Comparator.comparingLong(link -> link.src().port().toLong()));
        }

        @Override
        public void setup(DeviceId device, Attachment attachment) throws BngProgrammableException {
            bng(device).setupAttachment(attachment);
        }

        @Override
        public void remove(DeviceId device, Attachment attachment) throws BngProgrammableException {
            bng(device).removeAttachment(attachment);
        }

        @Override
        public Map<BngCounterType, PiCounterCellData> counters(DeviceId device, Attachment attachment)
                throws BngProgrammableException {
            return bng(device).readCounters(attachment);
        }

        private BngProgrammable bng(DeviceId device) throws BngProgrammableException {
            Device d = deviceService.getDevice(device);
            if (d == null || !d.is(BngProgrammable.class)) {
                throw new BngProgrammableException(device + " has no BngProgrammable behaviour (a Sixflow BNG"
                                                           + " profile: bng, bng-access, bng-forward)");
            }
            return d.as(BngProgrammable.class);
        }
    }
}
