// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.link.LinkEvent;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.InvalidFieldsException.FieldError;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteListener;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.api.IlnpSiteStore;
import org.sixflow.app.features.ilnp.api.IlnpSiteStoreDelegate;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.ilnp.api.IlnpUplinkCounters;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.impl.EntryText;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.lifecycle.OwnedLifecycle;
import org.sixflow.app.lifecycle.OwnedObjectManager;
import org.sixflow.app.telemetry.aggregate.CounterCells;
import org.sixflow.pipeconf.Feature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * ILNP sites across the cluster, as the NPTv6 mappings are: any instance accepts a change,
 * checking it against the network ({@link #deviceProblems}: the border router exists, has the
 * ports, runs a Sixflow profile with ILNP), the stored sites and NPTv6 mappings
 * ({@link IlnpSiteValidator}) and the room in the device's tables ({@link TableBudget}), and
 * writes the store. The rest is the owned-object lifecycle every feature shares
 * ({@link OwnedLifecycle}): the site's owner installs, replaces (new weights, make before break)
 * or removes its entries ({@link IlnpSites}) and records the outcome as its status. The owner also
 * follows the site's uplinks ({@link UplinkStates}) and installs the weights the live ones serve.
 */
@Component(immediate = true, service = IlnpSiteService.class)
public class IlnpSiteManager
        extends OwnedObjectManager<IlnpSite, IlnpSiteEvent, IlnpSiteListener, IlnpSiteStoreDelegate>
        implements IlnpSiteService {

    private final IlnpSiteStoreDelegate delegate = this::storeEvent;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IlnpSiteStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingService nptv6;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected P4RuntimeController p4RuntimeController;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    /** Reads the uplink counters; ONOS's P4Runtime clients unless set (tests set one). */
    protected CounterCells counterReader;

    private IlnpEntryCompiler compiler;
    private UplinkStates uplinks;
    /** The uplink ports the owner last found down (touched on the owner's thread only). */
    private final Set<ConnectPoint> downSeen = new HashSet<>();
    private final LinkListener linkListener = new InternalLinkListener();

    /** A manager, as OSGi makes it. */
    public IlnpSiteManager() {
        super(IlnpSiteEvent.class);
    }

    @Activate
    protected void activate() {
        compiler = new IlnpEntryCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        if (counterReader == null) {
            counterReader = CounterCells.onos(p4RuntimeController, configService, pipeconfService);
        }
        uplinks = new UplinkStates(deviceService, linkService.getLinks());
        open("ILNP site", "this site", "sixflow/ilnp",
             new IlnpSites(store, compiler, pipeconfService, flowRuleService, this::serving));
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    protected void listen() {
        linkService.addListener(linkListener);
    }

    @Override
    protected void unlisten() {
        linkService.removeListener(linkListener);
    }

    @Override
    protected IlnpSiteStore store() {
        return store;
    }

    @Override
    protected IlnpSiteStoreDelegate delegate() {
        return delegate;
    }

    @Override
    public List<IlnpSite> sites() {
        return listed(Comparator.comparing(IlnpSite::name));
    }

    @Override
    public Optional<IlnpSite> site(String name) {
        return store.get(name);
    }

    @Override
    public Optional<IlnpSite> serving(String name) {
        return store.get(name).map(this::serving);
    }

    @Override
    public Set<PortNumber> downUplinks(String name) {
        return store.get(name).map(site -> site.uplinks().stream().map(IlnpUplink::port)
                .filter(port -> uplinks.isDown(new ConnectPoint(site.device(), port)))
                .collect(Collectors.toUnmodifiableSet())).orElse(Set.of());
    }

    @Override
    public List<String> entries(String name) {
        return store.get(name).map(s -> compiler.compile(serving(s)).stream().map(EntryText::describe)
                .collect(Collectors.toList())).orElse(List.of());
    }

    @Override
    public IlnpSite add(IlnpSite site) {
        return adding(site.name(), "ILNP site " + site.name() + " exists already", () -> {
            List<FieldError> problems = new ArrayList<>(deviceProblems(site));
            problems.addAll(IlnpSiteValidator.problems(site, store.all(), nptv6.mappings()));
            if (!problems.isEmpty()) {
                throw new InvalidFieldsException(problems);
            }
            lifecycle.requireRoom(site.name(), compiler.compile(site));
            return store.add(site) ? Optional.of(site) : Optional.empty();
        });
    }

    @Override
    public IlnpSite setWeights(String name, Map<PortNumber, Integer> weights) {
        synchronized (changes) {
            IlnpSite before = store.get(name).orElseThrow(() -> new ItemNotFoundException("No ILNP site " + name));
            IlnpSite after = before.withWeights(weights);
            // The new ranges are written beside the old ones before those go: both must fit.
            List<TableShortfall> full = lifecycle.shortfalls(name, compiler.ranges(after));
            if (!full.isEmpty()) {
                throw full.get(0).refusal("this weight change");
            }
            if (!store.replace(before, after)) {
                throw new IllegalStateException("ILNP site " + name + " changed meanwhile; try again");
            }
            return after;
        }
    }

    @Override
    public Optional<List<IlnpUplinkCounters>> counters(String name) {
        Optional<IlnpSite> site = store.get(name);
        if (site.isEmpty()) {
            return Optional.empty();
        }
        DeviceId device = site.get().device();
        Map<Integer, PiCounterCellData> in = counterReader.cells(device, IlnpPipeline.UPLINK_IN);
        Map<Integer, PiCounterCellData> out = counterReader.cells(device, IlnpPipeline.UPLINK_OUT);
        List<IlnpUplinkCounters> counters = new ArrayList<>();
        for (IlnpUplink uplink : site.get().uplinks()) {
            int index = (int) uplink.port().toLong();
            PiCounterCellData i = in.get(index);
            PiCounterCellData o = out.get(index);
            counters.add(new IlnpUplinkCounters(uplink.port(), i == null ? 0 : i.packets(), i == null ? 0 : i.bytes(),
                                                o == null ? 0 : o.packets(), o == null ? 0 : o.bytes()));
        }
        return Optional.of(counters);
    }

    /**
     * What is wrong with a site's border router: unknown, without one of the uplink ports, no
     * Sixflow pipeconf, a profile without ILNP (naming the device and its profile).
     */
    private List<FieldError> deviceProblems(IlnpSite site) {
        DeviceId device = site.device();
        if (deviceService.getDevice(device) == null) {
            return List.of(new FieldError("device", device + " is not a device ONOS knows"));
        }
        List<FieldError> problems = new ArrayList<>();
        ProfileFeatures.unfit(pipeconfService, device, Feature.ILNP)
                .ifPresent(why -> problems.add(new FieldError("device", why)));
        for (int i = 0; i < site.uplinks().size(); i++) {
            PortNumber port = site.uplinks().get(i).port();
            if (deviceService.getPort(device, port) == null) {
                problems.add(new FieldError("uplinks[" + i + "].port", device + " has no port " + port));
            }
        }
        return problems;
    }

    /** The site as installed: the weights its live uplinks serve while some are down. */
    private IlnpSite serving(IlnpSite site) {
        Set<ConnectPoint> down = new HashSet<>();
        for (IlnpUplink uplink : site.uplinks()) {
            ConnectPoint port = new ConnectPoint(site.device(), uplink.port());
            if (uplinks.isDown(port)) {
                down.add(port);
            }
        }
        return ServingWeights.of(site, down);
    }

    /**
     * An uplink port went down or came back: the owner of each site on it stores the site one
     * revision on, same weights, so that the serving weights are installed in a new priority band,
     * make before break, as a weight change is.
     */
    private void uplinkChanged(ConnectPoint port) {
        boolean down = uplinks.isDown(port);
        if (down == downSeen.contains(port)) {
            return;   // a port update that changed something else, or the other end of a link
        }
        if (down) {
            downSeen.add(port);
        } else {
            downSeen.remove(port);
        }
        for (IlnpSite site : store.all()) {
            boolean onIt = site.device().equals(port.deviceId())
                    && site.uplinks().stream().anyMatch(u -> u.port().equals(port.port()));
            if (onIt && lifecycle.isMine(site.name())) {
                IlnpSite next = site.withWeights(site.weights());
                log.info("ILNP site {}: uplink {} is {}; serving weights {}", site.name(), port,
                         down ? "down" : "up", serving(next).weights());
                if (!store.replace(site, next)) {
                    // Changed meanwhile: that change's install reads the uplinks' states too.
                    log.debug("ILNP site {} changed while its uplink {} did", site.name(), port);
                }
            }
        }
    }

    /** A link on an uplink port that comes or goes changes what the site's uplinks serve. */
    private class InternalLinkListener implements LinkListener {
        @Override
        public void event(LinkEvent event) {
            Link link = event.subject();
            boolean changed = event.type() == LinkEvent.Type.LINK_REMOVED ? uplinks.removed(link)
                    : event.type() == LinkEvent.Type.LINK_ADDED && uplinks.added(link);
            if (changed) {
                lifecycle.submit(() -> {
                    uplinkChanged(link.src());
                    uplinkChanged(link.dst());
                });
            }
        }
    }

    /** A device that comes back gets its sites' entries again; a port disabled or enabled is an uplink change. */
    @Override
    protected void deviceEvent(DeviceEvent event) {
        if (event.type() == DeviceEvent.Type.PORT_UPDATED && event.port() != null) {
            ConnectPoint port = new ConnectPoint(event.subject().id(), event.port().number());
            lifecycle.submit(() -> uplinkChanged(port));
            return;
        }
        super.deviceEvent(event);
    }
}
