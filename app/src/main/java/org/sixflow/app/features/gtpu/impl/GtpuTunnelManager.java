// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.host.HostService;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LocalAddressProvider;
import org.sixflow.app.api.LocalAddressService;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelAdminService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.app.features.gtpu.api.GtpuTunnelEvent;
import org.sixflow.app.features.gtpu.api.GtpuTunnelListener;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStore;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStoreDelegate;
import org.sixflow.app.features.gtpu.api.GtpuTunnelValidation;
import org.sixflow.app.impl.EntryText;
import org.sixflow.app.lifecycle.OwnedFeature;
import org.sixflow.app.lifecycle.OwnedLifecycle;
import org.sixflow.app.lifecycle.OwnedObjectManager;
import org.sixflow.app.telemetry.aggregate.CounterCells;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER;

/**
 * GTP-U tunnels across the cluster. Any instance accepts a change: it checks it against the
 * network and the tunnels in the store, and writes the store, which gives the tunnel a counter
 * index no other tunnel of the cluster has (0 .. the tunnel counters' size in the pipeline model
 * - 1). The rest is the owned-object lifecycle every feature shares ({@link OwnedLifecycle}):
 * each tunnel's owner installs or removes its entries and records the outcome as its status,
 * reinstalls its tunnels when it starts or takes over a partition and writes them again on a
 * device that comes back; this manager adds a check of its tunnels when a device's sixflow
 * netcfg changes ({@link TunnelRecheck}).
 *
 * <p>Table room: a tunnel is refused (TableFullException, 409) when its entries would not fit a
 * P4 table of a device (gtpu_encap, gtpu_decap, gtpu_n3), counting what the devices hold and what
 * stored tunnels not yet installed compile to; the gtpu_n3 entry of an N3 address another tunnel
 * has already is one entry, needs no room, and stays while a stored tunnel has the address. The
 * owner checks again before it installs, so that of two tunnels accepted at once for the last
 * room one fails with the reason.
 */
@Component(immediate = true, service = {GtpuTunnelService.class, GtpuTunnelAdminService.class})
public class GtpuTunnelManager
        extends OwnedObjectManager<GtpuTunnel, GtpuTunnelEvent, GtpuTunnelListener, GtpuTunnelStoreDelegate>
        implements GtpuTunnelAdminService {

    private final GtpuTunnelStoreDelegate delegate = this::storeEvent;
    private final NetworkConfigListener configListener = new InternalConfigListener();
    /** Set while a recheck is queued: ONOS loading netcfg sends a burst of events, one recheck does. */
    private final AtomicBoolean recheckQueued = new AtomicBoolean();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected P4RuntimeController p4RuntimeController;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LocalAddressService localAddresses;

    /** The N3 addresses of the stored tunnels a device decapsulates: the router's own for the rest. */
    private final LocalAddressProvider n3Addresses = this::n3AddressesOf;

    /** What needs a tunnel's entries, in a table shortfall's words. */
    static final String WHAT = "this tunnel";

    /** Reads tunnel counters; ONOS's P4Runtime clients unless set (tests set one). */
    protected CounterCells counterReader;

    private GtpuTunnelCompiler compiler;

    /** A manager, as OSGi makes it. */
    public GtpuTunnelManager() {
        super(GtpuTunnelEvent.class);
    }

    @Activate
    protected void activate() {
        compiler = new GtpuTunnelCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        if (counterReader == null) {
            counterReader = CounterCells.onos(p4RuntimeController, configService, pipeconfService);
        }
        open("GTP-U tunnel", WHAT, "sixflow/gtpu", new Tunnels());
        localAddresses.addProvider(n3Addresses);
    }

    @Deactivate
    protected void deactivate() {
        localAddresses.removeProvider(n3Addresses);
        close();
    }

    /**
     * Hears the store as every feature does, and tells routing when a tunnel's N3 address may
     * have come or gone: a packet to it that GTP-U does not take is the router's own (a ping is
     * answered), not one to route.
     */
    @Override
    protected void storeEvent(GtpuTunnelEvent event) {
        super.storeEvent(event);
        switch (event.change()) {
            case ADDED:
            case REMOVED:
                localAddresses.changed(event.subject().decapDevice());
                break;
            case UPDATED:
                localAddresses.changed(event.subject().decapDevice());
                event.previous().map(GtpuTunnel::decapDevice)
                        .filter(device -> !device.equals(event.subject().decapDevice()))
                        .ifPresent(localAddresses::changed);
                break;
            default:
                break;
        }
    }

    private Set<Ip6Address> n3AddressesOf(DeviceId device) {
        return store.all().stream().filter(tunnel -> tunnel.decapDevice().equals(device))
                .map(GtpuTunnel::n3Address).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    protected void listen() {
        recheckQueued.set(false);
        configService.addListener(configListener);
    }

    @Override
    protected void unlisten() {
        configService.removeListener(configListener);
    }

    @Override
    protected GtpuTunnelStore store() {
        return store;
    }

    @Override
    protected GtpuTunnelStoreDelegate delegate() {
        return delegate;
    }

    @Override
    public List<GtpuTunnel> tunnels() {
        return listed(Comparator.comparing(GtpuTunnel::id));
    }

    @Override
    public Optional<GtpuTunnel> tunnel(String id) {
        return store.get(id);
    }

    @Override
    public GtpuTunnelValidation validate(GtpuTunnel tunnel) {
        return new GtpuTunnelValidation(problems(tunnel), shortfalls(tunnel).stream()
                .map(s -> s.describe(WHAT)).collect(Collectors.toList()));
    }

    @Override
    public GtpuTunnel create(GtpuTunnel tunnel) {
        GtpuTunnel request = tunnel.withoutCounterIndex();
        return adding(request.id(), "tunnel id " + request.id() + " is in use", () -> {
            List<String> problems = problems(request);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("tunnel " + request.id() + ": " + String.join("; ", problems));
            }
            List<TableShortfall> full = shortfalls(request);
            if (!full.isEmpty()) {
                throw full.get(0).refusal(WHAT);
            }
            return store.add(request, counterCells());
        });
    }

    @Override
    public Map<DeviceId, List<String>> entries(String id) {
        Map<DeviceId, List<String>> described = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        store.get(id).ifPresent(tunnel -> compiler.compile(tunnel).forEach(
                (device, rule) -> described.computeIfAbsent(device, d -> new ArrayList<>())
                        .add(EntryText.describe(rule))));
        return described;
    }

    @Override
    public Map<String, GtpuTunnelCounters> counters(Collection<String> ids) {
        Map<String, GtpuTunnelCounters> counters = new LinkedHashMap<>();
        CounterReads reads = new CounterReads();
        for (String id : ids) {
            store.get(id).ifPresent(tunnel -> counters.put(id, reads.of(tunnel)));
        }
        return counters;
    }

    private List<String> problems(GtpuTunnel tunnel) {
        return GtpuTunnelValidator.problems(tunnel, store.all(), network());
    }

    /**
     * The tables a tunnel's entries would overflow, counting what the devices hold and what the
     * stored tunnels not yet installed claim. A request has no counter index yet; it stands in as
     * 0, since the index is only an action parameter and an entry takes room by its key (device,
     * table, match, priority: its flow id), so the N3 address's entry it shares counts once.
     */
    private List<TableShortfall> shortfalls(GtpuTunnel tunnel) {
        GtpuTunnel numbered = tunnel.counterIndex().isPresent() ? tunnel : tunnel.withCounterIndex(0);
        return lifecycle.shortfalls(tunnel.id(), compiler.compile(numbered).values());
    }

    /**
     * The counters of one request: each device's counter is read once, however many tunnels'
     * cells it holds, and a device that cannot be read is tried once.
     */
    private final class CounterReads {
        private final Map<String, Map<Integer, PiCounterCellData>> read = new HashMap<>();
        private final Set<DeviceId> unreadable = new HashSet<>();

        GtpuTunnelCounters of(GtpuTunnel tunnel) {
            int index = tunnel.counterIndex().orElseThrow();
            Set<DeviceId> unread = new LinkedHashSet<>();
            long[] downlink = new long[2];
            for (DeviceId device : tunnel.encapDevices()) {
                add(downlink, device, SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER, index, unread);
            }
            long[] uplink = new long[2];
            add(uplink, tunnel.decapDevice(), SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER, index, unread);
            return new GtpuTunnelCounters(downlink[0], downlink[1], uplink[0], uplink[1], unread);
        }

        /** Adds a cell's packets and bytes to a sum, or lists its device as unread. */
        private void add(long[] sum, DeviceId device, PiCounterId counter, int index, Set<DeviceId> unread) {
            Map<Integer, PiCounterCellData> cells = cells(device, counter);
            if (cells == null) {
                unread.add(device);
                return;
            }
            PiCounterCellData cell = cells.get(index);
            if (cell != null) {
                sum[0] += cell.packets();
                sum[1] += cell.bytes();
            }
        }

        /** The counter's cells, read on first use; null when the device cannot be read. */
        private Map<Integer, PiCounterCellData> cells(DeviceId device, PiCounterId counter) {
            if (unreadable.contains(device)) {
                return null;
            }
            String key = device + " " + counter;
            Map<Integer, PiCounterCellData> cells = read.get(key);
            if (cells == null) {
                try {
                    cells = counterReader.cells(device, counter);
                } catch (RuntimeException e) {
                    log.debug("Cannot read {} of {}: {}", counter, device, e.getMessage());
                    unreadable.add(device);
                    return null;
                }
                read.put(key, cells);
            }
            return cells;
        }
    }

    /**
     * How many cells the tunnel counters have: the smallest size the pipeline models of the
     * registered Sixflow pipeconfs give gtpu_encap_counter and gtpu_decap_counter, so an index
     * fits every device.
     */
    private int counterCells() {
        OptionalInt size = SixflowPipeconfs.ALL.stream().map(pipeconfService::getPipeconf)
                .flatMap(Optional::stream)
                .flatMap(p -> List.of(SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER,
                                      SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER).stream()
                        .map(id -> p.pipelineModel().counter(id)).flatMap(Optional::stream))
                .mapToInt(counter -> (int) Math.min(Integer.MAX_VALUE, counter.size()))
                .min();
        if (size.isEmpty()) {
            throw new IllegalStateException("no Sixflow pipeconf with GTP-U counters is registered: the number of"
                                                    + " tunnel counter cells is unknown");
        }
        return size.getAsInt();
    }

    private GtpuNetwork network() {
        return GtpuNetworkReader.read(deviceService, configService, pipeconfService, hostService);
    }

    /** Checks the tunnels this instance owns against the network after a netcfg change ({@link TunnelRecheck}). */
    private void recheck() {
        recheckQueued.set(false);
        GtpuNetwork network = network();
        Collection<GtpuTunnel> stored = store.all();
        for (GtpuTunnel tunnel : stored) {
            InstallStatus status = store.status(tunnel.id()).orElse(null);
            if (!lifecycle.isMine(tunnel.id()) || status == null) {
                continue;
            }
            List<String> problems = GtpuTunnelValidator.problems(tunnel, stored, network);
            switch (TunnelRecheck.decide(tunnel, status, problems)) {
                case FAIL:
                    log.warn("Tunnel {} no longer fits the network: {}", tunnel.id(), problems);
                    store.setStatus(tunnel, TunnelRecheck.failure(tunnel, problems));
                    break;
                case INSTALL:
                    lifecycle.reinstall(tunnel);
                    break;
                default:
                    break;
            }
        }
    }

    /**
     * What the lifecycle needs to know of GTP-U tunnels: their entries go where the compiler puts
     * them, and an N3 address's gtpu_n3 entry is shared by the tunnels that have the address.
     */
    private final class Tunnels implements OwnedFeature<GtpuTunnel> {
        @Override
        public String id(GtpuTunnel tunnel) {
            return tunnel.id();
        }

        @Override
        public GtpuTunnelStore store() {
            return store;
        }

        @Override
        public Function<GtpuTunnel, Collection<FlowRule>> compiler() {
            return tunnel -> compiler.compile(tunnel).values();
        }

        /** The N3 entry of the address while another stored tunnel has it on the same device. */
        @Override
        public Set<FlowId> sharedWithOthers(String id, List<GtpuTunnel> versions,
                                            Function<GtpuTunnel, Collection<FlowRule>> compile) {
            Set<FlowId> shared = new HashSet<>();
            for (GtpuTunnel other : store.all()) {
                for (GtpuTunnel tunnel : versions) {
                    if (!other.id().equals(id) && other.decapDevice().equals(tunnel.decapDevice())
                            && other.n3Address().equals(tunnel.n3Address())) {
                        shared.add(compiler.n3Rule(other).id());
                    }
                }
            }
            return shared;
        }
    }

    /** A device's locator decides whether a tunnel's N3 address is still routed to it. */
    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return SixflowDeviceConfig.changedBy(event);
        }

        @Override
        public void event(NetworkConfigEvent event) {
            if (recheckQueued.compareAndSet(false, true)) {
                lifecycle.submit(GtpuTunnelManager.this::recheck);
            }
        }
    }
}
