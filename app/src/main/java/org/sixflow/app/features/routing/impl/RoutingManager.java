// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.FlowRuleStoreException;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupProgrammable;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.intf.InterfaceListener;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.LocalAddressListener;
import org.sixflow.app.api.LocalAddressService;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingEvent;
import org.sixflow.app.features.routing.api.RoutingListener;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.impl.Masters;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.impl.Retries;
import org.sixflow.app.lifecycle.AddThenRemove;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
import org.sixflow.pipeconf.Feature;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.slf4j.Logger;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps routing_v6 on every available device that runs a Sixflow pipeconf in line with the
 * network: routes for hosts, interface subnets and locators along shortest paths
 * ({@link RouteComputer} says which), each router's my_station entry (its netcfg
 * myStationMac: the data plane routes only frames addressed to it or to a group address), and
 * its host-facing ports (interfaces and attached hosts, not links: packets from them are outside
 * the SR domain, so an MRH from there for one of the router's SIDs is dropped), and its ports'
 * MTUs (netcfg mtu, portMtu: a packet the router grows past one is dropped). A route over several
 * equal-cost next hops on a device whose profile has ECMP goes to a SELECT group ({@link EcmpGroups})
 * once the device holds it ({@link EcmpWrites}), and its ecmp entry is in; until then it has its
 * first next hop. On a router whose pipeline has routing_v4 (the BNG profiles), each IPv4 address of a
 * host attached to it gets a /32 there, and the IPv4 hosts and interface subnets of the other
 * such routers a route towards them when the path's next router routes IPv4 too
 * ({@link Ipv4Routes}), so that subscribers' IPv4 reaches the network's hosts, across a split
 * BNG's two switches too; IPv6-only routers route no IPv4.
 * Any change of devices, links, hosts, interfaces, sixflow
 * netcfg or mastership recomputes every route and applies the difference: new and changed
 * entries first, stale ones removed only once those are confirmed ({@link AddThenRemove}), so
 * nothing is withdrawn before its replacement is in. A device that refuses its writes gets them
 * again after a backoff, without waiting for the next change ({@link RefusedWrites}).
 *
 * <p>There is no store of its own: routes follow from ONOS's shared view (topology, hosts,
 * netcfg), so every instance computes the same ones; the instance that masters a device (or,
 * while it has none, the one whose work partition it is in) writes them, and compares against
 * the flow-rule store, which holds what was written whichever instance wrote it. Deactivation
 * leaves the entries in place; activation adopts those the store holds (same app id) and writes
 * only what differs.
 */
@Component(immediate = true, service = RoutingService.class)
public class RoutingManager extends AbstractListenerManager<RoutingEvent, RoutingListener>
        implements RoutingService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected InterfaceService interfaceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    /** Which instance writes a device that has no master (exactly one: its work partition's). */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    /** ECMP's SELECT groups (action profile groups of the ecmp selector). */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GroupService groupService;

    /** Reads a device's groups through its driver, which knows them before ONOS's 30 s poll. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DriverService driverService;

    /** Where operators see a device refusing its routes. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryService historyService;

    /** Addresses features end on a router (GTP-U's N3 addresses): its own for every other packet. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LocalAddressService localAddresses;

    /** Where recomputations run, one at a time; tests run them on the caller's thread. */
    Supplier<ExecutorService> executors =
            () -> Executors.newSingleThreadExecutor(groupedThreads("sixflow/routing", "recompute", log));
    /** Runs the retries of refused writes: a test's, set before activation; when null, a timer thread. */
    Retries.Timer retryTimer;
    Clock clock = Clock.systemUTC();
    /** What a device's driver holds now; a test's, set before activation; when null, the driver's. */
    Function<DeviceId, Optional<Collection<Group>>> driverGroups;
    /** First and longest wait before looking again for ECMP groups a device does not hold yet. */
    static final long GROUP_CHECK_FIRST_MILLIS = 250;
    static final long GROUP_CHECK_MAX_MILLIS = 30_000;

    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final LinkListener linkListener = event -> schedule();
    private final HostListener hostListener = event -> schedule();
    private final InterfaceListener interfaceListener = event -> schedule();
    private final NetworkConfigListener configListener = new InternalConfigListener();
    private final MastershipListener mastershipListener = new InternalMastershipListener();
    private final GroupListener groupListener = new InternalGroupListener();
    private final LocalAddressListener localAddressListener = device -> schedule();

    private ApplicationId appId;
    private RouteRules rules;
    private EcmpGroups ecmpGroups;
    private EcmpWrites ecmpWrites;
    /** Devices with ECMP groups not yet held: looked at again with backoff. */
    private Retries<DeviceId> groupChecks;
    /** The entries last wanted per device, by id: a route's state compares its entry with them. */
    private volatile Map<DeviceId, Map<FlowId, FlowRule>> lastWanted = ImmutableMap.of();
    private ExecutorService executor;
    private ScheduledExecutorService retryThread;
    private RefusedWrites refused;
    /** Cleared on deactivation, so a recomputation still queued writes nothing. */
    private volatile boolean active;
    /** Set while a recomputation is queued: a burst of events makes one. */
    private final AtomicBoolean queued = new AtomicBoolean();
    /** Devices that came back: their entries are written again even if the store lists them. */
    private final Set<DeviceId> reconnected = ConcurrentHashMap.newKeySet();
    /** The routes last computed, every router's, state REQUESTED. */
    private volatile Map<DeviceId, List<Ipv6Route>> computed = ImmutableMap.of();
    private volatile List<String> conflicts = List.of();

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        rules = new RouteRules(appId);
        ecmpGroups = new EcmpGroups(appId);
        Function<DeviceId, Optional<Collection<Group>>> held = driverGroups != null ? driverGroups
                : this::heldByDriver;
        ecmpWrites = new EcmpWrites(groupService, held, ecmpGroups, appId);
        eventDispatcher.addSink(RoutingEvent.class, listenerRegistry);
        executor = executors.get();
        Retries.Timer timer = retryTimer;
        if (timer == null) {
            retryThread = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/routing", "retries",
                                                                                   log));
            timer = (task, delay) -> retryThread.schedule(task, delay, TimeUnit.MILLISECONDS);
        }
        refused = new RefusedWrites(timer, historyService, clock);
        groupChecks = new Retries<>(timer, GROUP_CHECK_FIRST_MILLIS, GROUP_CHECK_MAX_MILLIS);
        active = true;
        deviceService.addListener(deviceListener);
        linkService.addListener(linkListener);
        hostService.addListener(hostListener);
        interfaceService.addListener(interfaceListener);
        configService.addListener(configListener);
        mastershipService.addListener(mastershipListener);
        groupService.addListener(groupListener);
        localAddresses.addListener(localAddressListener);
        schedule();
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        localAddresses.removeListener(localAddressListener);
        groupService.removeListener(groupListener);
        mastershipService.removeListener(mastershipListener);
        configService.removeListener(configListener);
        interfaceService.removeListener(interfaceListener);
        hostService.removeListener(hostListener);
        linkService.removeListener(linkListener);
        deviceService.removeListener(deviceListener);
        executor.shutdown();
        synchronized (this) {
            // The entries stay on the devices (and in ONOS's flow rule store): an app upgrade or
            // restart must not black-hole routed traffic; the next activation adopts them.
            active = false;
            computed = ImmutableMap.of();
            lastWanted = ImmutableMap.of();
            refused.clear();
            groupChecks.clear();
        }
        if (retryThread != null) {
            retryThread.shutdownNow();
            retryThread = null;
        }
        eventDispatcher.removeSink(RoutingEvent.class);
        log.info("Stopped");
    }

    @Override
    public List<Ipv6Route> routes() {
        Map<DeviceId, List<Ipv6Route>> now = computed;
        return now.keySet().stream().flatMap(d -> withState(d, now.get(d)).stream())
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public List<Ipv6Route> routes(DeviceId deviceId) {
        if (deviceService.getDevice(deviceId) == null) {
            throw new IllegalArgumentException("device " + deviceId + " is not known to ONOS");
        }
        return withState(deviceId, computed.getOrDefault(deviceId, List.of()));
    }

    /**
     * The routes with the state of their entries in the flow-rule store; REQUESTED (not
     * confirmed) when the store cannot say: an instance that does not master the device asks
     * its master, which fails while a stopped master is replaced.
     */
    private List<Ipv6Route> withState(DeviceId deviceId, List<Ipv6Route> routes) {
        if (routes.isEmpty()) {
            return routes;
        }
        Map<FlowId, FlowEntry> entries;
        try {
            entries = entries(deviceId);
        } catch (FlowRuleStoreException e) {
            log.debug("Entries of {} unreadable here ({}): its routes listed as not confirmed", deviceId, e.toString());
            return routes;
        }
        Map<FlowId, FlowRule> wanted = lastWanted.getOrDefault(deviceId, Map.of());
        return routes.stream().map(route -> {
            FlowEntry entry;
            FlowRule rule;
            try {
                rule = rules.rule(route);
                entry = entries.get(rule.id());
                // Its entry as last written: its first next hop, or (ECMP) its group.
                rule = wanted.getOrDefault(rule.id(), rule);
            } catch (IllegalArgumentException e) {
                return route;   // never written (logged when it was not)
            }
            if (refused.isRefused(deviceId, rule.id())) {
                return route.withState(Ipv6Route.State.FAILED);
            }
            if (entry == null || !entry.treatment().equals(rule.treatment())) {
                return route;
            }
            switch (entry.state()) {
                case ADDED:
                    return route.withState(Ipv6Route.State.INSTALLED);
                case FAILED:
                    return route.withState(Ipv6Route.State.FAILED);
                default:
                    return route;
            }
        }).collect(ImmutableList.toImmutableList());
    }

    /** This app's routing and my_station entries on a device, by id, except those on their way out. */
    private Map<FlowId, FlowEntry> entries(DeviceId deviceId) {
        return StreamSupport.stream(flowRuleService.getFlowEntries(deviceId).spliterator(), false)
                .filter(rules::isRoutingRule)
                .filter(e -> e.state() != FlowEntry.FlowEntryState.PENDING_REMOVE
                        && e.state() != FlowEntry.FlowEntryState.REMOVED)
                .collect(Collectors.toMap(FlowEntry::id, Function.identity(), (a, b) -> a));
    }

    /** A refused write's retry: a recomputation of the network as it is now. */
    private void retry() {
        if (!active) {
            return;
        }
        try {
            schedule();
        } catch (RejectedExecutionException e) {
            log.debug("Routing retry after deactivation dropped");
        }
    }

    private void schedule() {
        if (queued.compareAndSet(false, true)) {
            executor.execute(() -> {
                queued.set(false);
                try {
                    recompute();
                } catch (RuntimeException e) {
                    log.error("Routing recomputation failed", e);
                }
            });
        }
    }

    /**
     * The conflicts the last computation found (each also logged once, as a warning).
     *
     * @return one sentence per conflicting prefix or address
     */
    List<String> conflicts() {
        return conflicts;
    }

    /** Computes every route on the current network, writes the difference, and tells listeners. */
    private synchronized void recompute() {
        if (!active) {
            return;
        }
        RoutingNetwork network = network();
        RouteComputer computer = new RouteComputer(network, interfaceService.getInterfaces(),
                                                   hostService.getHosts());
        Ipv4Routes ipv4 = new Ipv4Routes(hostService.getHosts(), interfaceService.getInterfaces(),
                                         ipv4Routers(network), network);
        List<String> now = ImmutableList.<String>builder().addAll(computer.conflicts())
                .addAll(ipv4.conflicts()).build();
        if (!now.equals(conflicts)) {
            conflicts = now;
            conflicts.forEach(c -> log.warn("Routing conflict: {}", c));
        }
        Map<DeviceId, List<Ipv6Route>> routes = ImmutableMap.copyOf(computer.routes());
        program(routes, network, ipv4);
        Map<DeviceId, List<Ipv6Route>> before = computed;
        computed = routes;
        announce(before, routes);
    }

    /** Routers now: available devices with a Sixflow pipeconf and a valid sixflow netcfg. */
    private RoutingNetwork network() {
        List<RoutingNetwork.Router> routers = new ArrayList<>();
        for (Device device : deviceService.getAvailableDevices()) {
            boolean sixflow = pipeconfService.ofDevice(device.id())
                    .map(id -> SixflowPipeconfs.ALL.contains(id)).orElse(false);
            SixflowDeviceConfig config = sixflow ? configService.getConfig(device.id(), SixflowDeviceConfig.class)
                    : null;
            if (config == null) {
                continue;
            }
            try {
                if (config.isValid()) {
                    routers.add(new RoutingNetwork.Router(device.id(), config.myStationMac(),
                                                          config.locator().getIp6Prefix(), config.aggregates(),
                                                          config.delegations()));
                }
            } catch (RuntimeException e) {
                log.debug("{} has an invalid sixflow netcfg, not routed: {}", device.id(), e.getMessage());
            }
        }
        return new RoutingNetwork(routers, linkService.getActiveLinks());
    }

    /**
     * The routers whose pipeline routes IPv4 (routing_v4: the BNG profiles); others get no IPv4
     * host routes, and nothing is logged for them: they are simply IPv6-only.
     */
    private Set<DeviceId> ipv4Routers(RoutingNetwork network) {
        return network.routers().stream().map(r -> r.id)
                .filter(id -> Ipv4Routes.routesIpv4(pipeconfService.getPipeconf(id)))
                .collect(Collectors.toSet());
    }

    /**
     * Writes the routes of the devices this instance masters, and each router's my_station,
     * host_port, port_mtu and IPv4 host entries: adds and changes first, then, once they are confirmed, removes
     * this app's routing entries that nothing wants any more.
     */
    private void program(Map<DeviceId, List<Ipv6Route>> routes, RoutingNetwork network, Ipv4Routes ipv4) {
        List<FlowRuleOperation> writes = new ArrayList<>();
        List<FlowRule> stale = new ArrayList<>();
        List<Group> staleGroups = new ArrayList<>();
        Map<DeviceId, Map<FlowId, FlowRule>> allWanted = new HashMap<>(lastWanted);
        // Routes whose ecmp entry is written now: they move to their groups once it is in.
        List<FlowRuleOperation> toGroups = new ArrayList<>();
        Set<ConnectPoint> hostPorts = hostPorts(network);
        Set<DeviceId> devices = new HashSet<>(routes.keySet());
        for (Device device : deviceService.getAvailableDevices()) {
            devices.add(device.id());
        }
        Set<DeviceId> touched = new HashSet<>();
        for (DeviceId deviceId : devices) {
            if (!deviceService.isAvailable(deviceId)
                    || !Masters.readsHere(mastershipService, workPartitionService, deviceId)) {
                // Gone, or another instance's to write: no retry of it here.
                refused.forget(deviceId);
                groupChecks.reset(deviceId);
                allWanted.remove(deviceId);
                continue;
            }
            Map<FlowId, FlowEntry> present = new HashMap<>(entries(deviceId));
            boolean rewrite = reconnected.remove(deviceId);
            int before = writes.size() + stale.size();
            List<Ipv6Route> deviceRoutes = routes.getOrDefault(deviceId, List.of());
            EcmpWrites.Plan plan = ProfileFeatures.refusal(deviceId, pipeconfService.ofDevice(deviceId), Feature.ECMP)
                    .isEmpty() ? ecmpWrites.plan(deviceId, deviceRoutes) : ecmpWrites.none(deviceId);
            if (plan.waiting()) {
                groupChecks.failed(deviceId, this::retry);
            } else {
                groupChecks.reset(deviceId);
            }
            Set<FlowId> ready = new HashSet<>();
            present.forEach((id, entry) -> {
                if (!rewrite && !refused.isRefused(deviceId, id)) {
                    ready.add(id);
                }
            });
            List<FlowRule> later = new ArrayList<>();
            List<FlowRule> deviceWanted = wanted(deviceId, deviceRoutes, network, hostPorts, plan, ready, later);
            deviceWanted.addAll(ipv4Wanted(deviceId, network, ipv4));
            Map<FlowId, FlowRule> byId = new LinkedHashMap<>();
            deviceWanted.forEach(rule -> byId.put(rule.id(), rule));
            Map<FlowId, FlowRule> finalRules = new LinkedHashMap<>(byId);
            later.forEach(rule -> {
                finalRules.put(rule.id(), rule);
                toGroups.add(new FlowRuleOperation(rule, FlowRuleOperation.Type.MODIFY));
            });
            allWanted.put(deviceId, finalRules);
            staleGroups.addAll(plan.stale());
            for (FlowRule rule : byId.values()) {
                FlowEntry entry = present.remove(rule.id());
                if (entry == null || rewrite || refused.isRefused(deviceId, rule.id())) {
                    // A refused entry stays in ONOS's store (PENDING_ADD): it is written again.
                    writes.add(new FlowRuleOperation(rule, FlowRuleOperation.Type.ADD));
                } else if (!entry.treatment().equals(rule.treatment())) {
                    // Same match, new next hop: the device changes the entry in place, no gap.
                    writes.add(new FlowRuleOperation(rule, FlowRuleOperation.Type.MODIFY));
                }
            }
            stale.addAll(present.values());
            if (writes.size() + stale.size() > before) {
                touched.add(deviceId);
                refused.writing(deviceId);
            } else {
                refused.accepted(deviceId);
            }
        }
        lastWanted = ImmutableMap.copyOf(allWanted);
        if (writes.isEmpty() && stale.isEmpty()) {
            ecmpWrites.remove(staleGroups);
            return;
        }
        int added = writes.size();
        // Stale entries go only once every write is confirmed: a refused new route keeps the old.
        AddThenRemove.apply(flowRuleService, writes, stale, new AddThenRemove.Outcome() {
            @Override
            public void succeeded() {
                log.debug("Routing: {} entries written, {} removed", added, stale.size());
                touched.forEach(refused::accepted);
                // Groups go once the ecmp entries that pointed at them are out.
                ecmpWrites.remove(staleGroups);
                moveToGroups(toGroups);
            }

            @Override
            public void failed(FlowRuleOperations ops) {
                deviceOf(ops).ifPresent(deviceId -> refused.refused(deviceId, ops, RoutingManager.this::retry));
            }
        });
    }

    /**
     * Hands routes to their ECMP groups once the groups' ecmp entries are confirmed: routing_v6
     * changes in place from the first next hop to set_ecmp_group, so no packet meets a group id
     * the ecmp table does not know yet.
     */
    private void moveToGroups(List<FlowRuleOperation> moves) {
        if (moves.isEmpty()) {
            return;
        }
        AddThenRemove.apply(flowRuleService, moves, List.of(), new AddThenRemove.Outcome() {
            @Override
            public void succeeded() {
                log.debug("Routing: {} routes moved to their ECMP groups", moves.size());
            }

            @Override
            public void failed(FlowRuleOperations ops) {
                deviceOf(ops).ifPresent(deviceId -> refused.refused(deviceId, ops, RoutingManager.this::retry));
            }
        });
    }

    /** The device a refusal is from: AddThenRemove reports each refusing device on its own. */
    private static Optional<DeviceId> deviceOf(FlowRuleOperations ops) {
        return ops.stages().stream().flatMap(Set::stream).map(op -> op.rule().deviceId()).findFirst();
    }

    /** A router's own addresses, routing's and those features end on it. */
    private Set<Ip6Address> ownAddresses(DeviceId deviceId, MacAddress mac, Ip6Prefix locator) {
        Set<Ip6Address> own = new LinkedHashSet<>(new RouterAddresses(interfaceService).of(deviceId, mac, locator));
        own.addAll(localAddresses.addresses(deviceId));
        return own;
    }

    /**
     * The entries a device should hold: its routes' and, for a router, a punt_to_router /128 per
     * address of its own, its my_station entry, a host_port entry per host-facing port and a
     * port_mtu entry per port netcfg gives an MTU.
     */
    private List<FlowRule> wanted(DeviceId deviceId, List<Ipv6Route> routes, RoutingNetwork network,
                                  Set<ConnectPoint> hostPorts, EcmpWrites.Plan plan, Set<FlowId> ready,
                                  List<FlowRule> later) {
        List<FlowRule> wanted = new ArrayList<>();
        // The router's own addresses go to the controller (pings to them are answered there); a
        // route to the same /128 (a host claiming a router's address) gives way. So do the
        // addresses features end on it, for what the feature does not take (a ping to an N3
        // address: GTP-U takes only its G-PDUs and signalling before routing).
        Set<Ip6Address> own = network.router(deviceId)
                .map(router -> ownAddresses(deviceId, router.mac, router.locator))
                .orElse(Set.of());
        own.forEach(address -> wanted.add(rules.routerAddress(deviceId, address)));
        for (Ipv6Route route : routes) {
            if (route.prefix().prefixLength() == Ip6Address.BIT_LENGTH && own.contains(route.prefix().address())) {
                log.warn("Route {} not installed: {} is the router's own address", route, route.prefix().address());
                continue;
            }
            try {
                wanted.add(ecmpRule(deviceId, route, plan, ready, later, wanted).orElse(rules.rule(route)));
            } catch (IllegalArgumentException e) {
                log.warn("Route {} not installed: {}", route, e.getMessage());
            }
        }
        network.router(deviceId).ifPresent(router -> wanted.add(rules.station(router.id, router.mac)));
        // host_port marks where the SR domain ends, for MSR6: a profile without MSR6 has no such table.
        boolean msr6 = ProfileFeatures.refusal(deviceId, pipeconfService.ofDevice(deviceId), Feature.MSR6).isEmpty();
        for (ConnectPoint point : hostPorts) {
            if (msr6 && point.deviceId().equals(deviceId) && network.router(deviceId).isPresent()) {
                try {
                    wanted.add(rules.hostPort(deviceId, point.port()));
                } catch (IllegalArgumentException e) {
                    log.warn("Host port {} not marked: {}", point, e.getMessage());
                }
            }
        }
        SixflowDeviceConfig config = network.router(deviceId).isPresent()
                ? configService.getConfig(deviceId, SixflowDeviceConfig.class) : null;
        if (config != null) {
            for (Port port : deviceService.getPorts(deviceId)) {
                if (port.number().isLogical()) {
                    continue;
                }
                try {
                    config.mtuOf(port.number()).ifPresent(mtu -> wanted.add(rules.portMtu(deviceId, port.number(),
                                                                                          mtu)));
                } catch (IllegalArgumentException e) {
                    log.warn("MTU of {}/{} not written: {}", deviceId, port.number(), e.getMessage());
                }
            }
        }
        return wanted;
    }

    /**
     * The routing_v4 entries a router should hold ({@link Ipv4Routes}: none unless its pipeline
     * has routing_v4), from its router MAC as IPv6 routes are.
     */
    private List<FlowRule> ipv4Wanted(DeviceId deviceId, RoutingNetwork network, Ipv4Routes ipv4) {
        Optional<RoutingNetwork.Router> router = network.router(deviceId);
        if (router.isEmpty()) {
            return List.of();
        }
        List<FlowRule> wanted = new ArrayList<>();
        for (Ipv4Routes.Route route : ipv4.at(deviceId)) {
            try {
                wanted.add(rules.ipv4(route, router.get().mac));
            } catch (IllegalArgumentException e) {
                log.warn("IPv4 route {} not installed: {}", route, e.getMessage());
            }
        }
        return wanted;
    }

    /**
     * A route's entry through its ECMP group, when the device holds the group and the group's
     * ecmp entry is in; else empty (the route keeps its first next hop). Once the group is held,
     * its ecmp entry is wanted too, and a route whose entry is not in yet goes to {@code later}:
     * it moves to the group when the entry is confirmed.
     */
    private Optional<FlowRule> ecmpRule(DeviceId deviceId, Ipv6Route route, EcmpWrites.Plan plan, Set<FlowId> ready,
                                        List<FlowRule> later, List<FlowRule> wanted) {
        Optional<Integer> group = route.nextHops().size() > 1 ? plan.groupOf(route) : Optional.empty();
        if (group.isEmpty() || !plan.held(group.get())) {
            return Optional.empty();
        }
        FlowRule entry = ecmpGroups.entry(deviceId, group.get());
        if (wanted.stream().noneMatch(r -> r.id().equals(entry.id()))) {
            wanted.add(entry);
        }
        if (!ready.contains(entry.id())) {
            later.add(ecmpGroups.route(route, group.get()));
            return Optional.empty();
        }
        return Optional.of(ecmpGroups.route(route, group.get()));
    }

    /** The groups a device's driver holds now (its P4Runtime client reads the device). */
    private Optional<Collection<Group>> heldByDriver(DeviceId deviceId) {
        try {
            return Optional.of(driverService.createHandler(deviceId).behaviour(GroupProgrammable.class).getGroups());
        } catch (RuntimeException e) {
            // No driver for the device, or none with groups.
            log.debug("Cannot read the groups of {}: {}", deviceId, e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Ports that face hosts: those of configured interfaces and those hosts are attached to,
     * except the ends of links between routers (the SR domain ends at the others).
     */
    private Set<ConnectPoint> hostPorts(RoutingNetwork network) {
        Set<ConnectPoint> ports = new HashSet<>();
        interfaceService.getInterfaces().forEach(i -> ports.add(i.connectPoint()));
        hostService.getHosts().forEach(h -> h.locations()
                .forEach(l -> ports.add(new ConnectPoint(l.deviceId(), l.port()))));
        ports.removeIf(p -> p.port().isLogical() || network.isLinkPort(p));
        return ports;
    }

    private void announce(Map<DeviceId, List<Ipv6Route>> before, Map<DeviceId, List<Ipv6Route>> after) {
        Set<DeviceId> devices = new HashSet<>(before.keySet());
        devices.addAll(after.keySet());
        for (DeviceId deviceId : devices) {
            Map<Ip6Prefix, Ipv6Route> old = byPrefix(before.getOrDefault(deviceId, List.of()));
            Map<Ip6Prefix, Ipv6Route> now = byPrefix(after.getOrDefault(deviceId, List.of()));
            now.forEach((prefix, route) -> {
                Ipv6Route was = old.remove(prefix);
                if (was == null) {
                    post(new RoutingEvent(RoutingEvent.Type.ROUTE_ADDED, route));
                } else if (!was.equals(route)) {
                    post(new RoutingEvent(RoutingEvent.Type.ROUTE_UPDATED, route));
                }
            });
            old.values().forEach(route -> post(new RoutingEvent(RoutingEvent.Type.ROUTE_REMOVED, route)));
        }
    }

    private static Map<Ip6Prefix, Ipv6Route> byPrefix(List<Ipv6Route> routes) {
        Map<Ip6Prefix, Ipv6Route> result = new HashMap<>();
        routes.forEach(r -> result.put(r.prefix(), r));
        return result;
    }

    /** Every device change matters except the frequent port statistics. */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return event.type() != DeviceEvent.Type.PORT_STATS_UPDATED;
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId deviceId = event.subject().id();
            if ((event.type() == DeviceEvent.Type.DEVICE_ADDED
                    || event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED)
                    && deviceService.isAvailable(deviceId)) {
                // It may have lost its entries while away.
                reconnected.add(deviceId);
            } else if (event.type() == DeviceEvent.Type.DEVICE_REMOVED || !deviceService.isAvailable(deviceId)) {
                // Nothing to retry on a device that is gone; it is written afresh when it is back.
                refused.forget(deviceId);
            }
            schedule();
        }
    }

    /** Locators and router MACs live in the sixflow netcfg; interfaces come through InterfaceService. */
    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return SixflowDeviceConfig.class.equals(event.configClass());
        }

        @Override
        public void event(NetworkConfigEvent event) {
            schedule();
        }
    }

    /**
     * An ECMP group of this app confirmed or gone: its routes move to it, or it may be asked for
     * again. A refusal waits for the backed-off check instead (a device that keeps refusing must
     * not be asked in a loop).
     */
    private class InternalGroupListener implements GroupListener {
        @Override
        public boolean isRelevant(GroupEvent event) {
            return event.subject().appId().equals(appId) && EcmpGroups.isEcmpGroup(event.subject());
        }

        @Override
        public void event(GroupEvent event) {
            switch (event.type()) {
                case GROUP_ADDED:
                case GROUP_UPDATED:
                case GROUP_REMOVED:
                    schedule();
                    break;
                default:
                    break;
            }
        }
    }

    /** A new master compares the device's entries with the routes and writes what is missing. */
    private class InternalMastershipListener implements MastershipListener {
        @Override
        public boolean isRelevant(MastershipEvent event) {
            return event.type() == MastershipEvent.Type.MASTER_CHANGED;
        }

        @Override
        public void event(MastershipEvent event) {
            schedule();
        }
    }
}
