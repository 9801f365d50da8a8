// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onlab.util.ItemNotFoundException;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.MultihomingStudyStore;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.api.StudyRunState;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.routing.api.RoutingService;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.HOST_COMMANDS;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.HOST_COMMANDS_DEFAULT;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.ILNP_ENDPOINTS;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.ILNP_ENDPOINTS_DEFAULT;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.LINK_COMMANDS;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.LINK_COMMANDS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Multihoming studies: stores them, runs them one at a time on this instance, and reads their
 * results back with the limits and the grid derived. Configure the lab's commands with {@code cfg
 * set org.sixflow.app.features.multihoming.impl.MultihomingStudyManager hostCommands
 * "h_site=ip netns exec sfh-h_site;h_cn=ip netns exec sfh-h_cn"} (and linkCommands,
 * ilnpEndpoints); a bad value is refused whole, in the log, and the commands in force stay.
 */
@Component(immediate = true, service = MultihomingStudyService.class, property = {
        HOST_COMMANDS + "=" + HOST_COMMANDS_DEFAULT,
        LINK_COMMANDS + "=" + LINK_COMMANDS_DEFAULT,
        ILNP_ENDPOINTS + "=" + ILNP_ENDPOINTS_DEFAULT,
})
public class MultihomingStudyManager implements MultihomingStudyService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MultihomingStudyStore store;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingService nptv6Service;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IlnpSiteService ilnpService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RoutingService routingService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TelemetryService telemetryService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DriverService driverService;

    private final Clock clock;
    private final CommandRunner commandRunner;
    private volatile StudyCommands commands = StudyCommands.NONE;
    /** HOST=PREFIX entries separated by ';': how a command runs in each host (e.g. h_site=ip netns exec NS). */
    private volatile String hostCommands = HOST_COMMANDS_DEFAULT;
    /** DEVICE/PORT=COMMAND entries separated by ';': takes the link down or up ("down"/"up" added). */
    private volatile String linkCommands = LINK_COMMANDS_DEFAULT;
    /** HOST=COMMAND entries separated by ';': the host's ILNP endpoint, run during ILNP's trials. */
    private volatile String ilnpEndpoints = ILNP_ENDPOINTS_DEFAULT;
    private ExecutorService executor;
    private String localNode = "";
    private StudyNetwork network;
    /** How long a run waits for the routing state to hold still before a protocol's trials (tests shorten it). */
    Duration routingSteady = StudyRunner.ROUTING_STEADY;
    /** How long a trial waits, before and after it, for ONOS's view of the routing (tests shorten it). */
    Duration trialRoutingTimeout = StudyRunner.TRIAL_ROUTING_TIMEOUT;

    /** A manager with the real clock and processes. */
    public MultihomingStudyManager() {
        this(Clock.systemUTC(), new ProcessCommandRunner());
    }

    /**
     * A manager for tests.
     *
     * @param clock         the clock
     * @param commandRunner runs the commands
     */
    MultihomingStudyManager(Clock clock, CommandRunner commandRunner) {
        this.clock = clock;
        this.commandRunner = commandRunner;
    }

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        localNode = clusterService.getLocalNode().id().toString();
        if (network == null) {
            network = new OnosStudyNetwork(nptv6Service, ilnpService, routingService, deviceService, telemetryService,
                                           new UplinkPortCounters(driverService));
        }
        executor = Executors.newSingleThreadExecutor(groupedThreads("sixflow/multihoming", "study-%d", log));
        failLeftovers();
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
    }

    @Deactivate
    protected void deactivate() {
        // The running trial is interrupted; the runner removes what it installed on the way out.
        executor.shutdownNow();
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    /** For tests: the network the runs use. */
    void setNetwork(StudyNetwork network) {
        this.network = network;
    }

    /**
     * Applies the properties; a bad value keeps what is in force.
     *
     * @param context the component context, or null
     */
    void readProperties(ComponentContext context) {
        Predicate<String> hostNames = n -> MultihomingStudy.HOST.matcher(n).matches();
        Predicate<String> ports = n -> {
            try {
                return n.matches(".+/[0-9]{1,10}") && ConnectPoint.deviceConnectPoint(n) != null;
            } catch (IllegalArgumentException e) {
                return false;
            }
        };
        NamedCommands hosts = read(context, HOST_COMMANDS, hostNames, "h_site", commands.hosts, hostCommands);
        NamedCommands links = read(context, LINK_COMMANDS, ports, "device:sbr/2", commands.links, linkCommands);
        NamedCommands endpoints = read(context, ILNP_ENDPOINTS, hostNames, "h_site", commands.endpoints,
                                       ilnpEndpoints);
        hostCommands = hosts == commands.hosts ? hostCommands : text(context, HOST_COMMANDS);
        linkCommands = links == commands.links ? linkCommands : text(context, LINK_COMMANDS);
        ilnpEndpoints = endpoints == commands.endpoints ? ilnpEndpoints : text(context, ILNP_ENDPOINTS);
        commands = new StudyCommands(hosts, links, endpoints);
    }

    private static String text(ComponentContext context, String property) {
        return ComponentProperties.text(context, property).orElse("");
    }

    /** One property's commands; when refused, those in force (the log says why). */
    private NamedCommands read(ComponentContext context, String property, Predicate<String> names, String example,
                               NamedCommands inForce, String inForceText) {
        try {
            return NamedCommands.parse(text(context, property), property, names, example);
        } catch (IllegalArgumentException e) {
            log.warn("{} refused, keeping '{}': {}", property, inForceText, e.getMessage());
            return inForce;
        }
    }

    /** Runs an earlier life of this instance left queued or running cannot go on. */
    private void failLeftovers() {
        try {
            for (StudyRunState state : List.of(StudyRunState.QUEUED, StudyRunState.RUNNING)) {
                for (StudyRun run : store.runs(localNode, state)) {
                    store.transition(run.id(), state, StudyRunState.FAILED,
                                     "ONOS restarted during the run; the trials done are kept", clock.instant());
                }
            }
        } catch (IllegalStateException e) {
            log.info("Study runs not checked at start: {}", e.getMessage());
        }
    }

    @Override
    public List<MultihomingStudy> studies() {
        return store.studies();
    }

    @Override
    public Optional<MultihomingStudy> study(String id) {
        return store.study(id);
    }

    @Override
    public MultihomingStudy add(MultihomingStudy study) {
        MultihomingStudy stored = study.toBuilder().createdAt(clock.instant()).build();
        if (!store.createStudy(stored)) {
            throw new IdInUseException("A study with id " + study.id() + " exists");
        }
        return stored;
    }

    @Override
    public boolean remove(String id) {
        if (store.runs(id).stream().anyMatch(r -> !r.state().finished())) {
            throw new IllegalStateException("A run of study " + id + " is queued or running; cancel it first");
        }
        return store.removeStudy(id);
    }

    @Override
    public List<MultihomingStudy> presets() {
        return StudyPresets.all();
    }

    @Override
    public StudyRun start(String studyId) {
        MultihomingStudy study = store.study(studyId)
                .orElseThrow(() -> new ItemNotFoundException("No multihoming study " + studyId));
        List<String> missing = commands.missing(study);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("Study " + studyId + " cannot run on this instance: "
                                                    + String.join("; ", missing) + " (component properties of "
                                                    + getClass().getName() + ")");
        }
        StudyRun run = store.createRun(studyId, localNode, study.plan().size(), clock.instant())
                .orElseThrow(() -> new IllegalStateException("A run of study " + studyId + " is queued or running"));
        executor.execute(() -> execute(study, run));
        return run;
    }

    private void execute(MultihomingStudy study, StudyRun run) {
        if (!store.transition(run.id(), StudyRunState.QUEUED, StudyRunState.RUNNING, null, clock.instant())) {
            return; // cancelled while queued
        }
        log.info("Study {} run {}: {} trials", study.id(), run.id(), run.cellsTotal());
        StudyRunState end;
        String reason;
        try {
            StudyRunner runner = new StudyRunner(store, network, new HostTraffic(commandRunner, commands), clock);
            runner.routingSteady = routingSteady;
            runner.trialRoutingTimeout = trialRoutingTimeout;
            StudyRunner.Ending ending = runner.run(study, run.id());
            end = ending.cancelled ? StudyRunState.CANCELLED : ending.failure != null ? StudyRunState.FAILED
                    : StudyRunState.DONE;
            reason = ending.cancelled ? "cancelled on request" : ending.failure;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end = StudyRunState.FAILED;
            reason = "Sixflow stopped during the run; the trials done are kept";
        } catch (RuntimeException e) {
            log.warn("Study {} run {} failed", study.id(), run.id(), e);
            end = StudyRunState.FAILED;
            reason = "the run failed: " + e.getMessage() + " (ONOS's log has the details)";
        }
        try {
            store.transition(run.id(), StudyRunState.RUNNING, end, reason, clock.instant());
        } catch (IllegalStateException e) {
            log.warn("Study {} run {} ended {} but could not be recorded: {}", study.id(), run.id(), end,
                     e.getMessage());
        }
        log.info("Study {} run {}: {}{}", study.id(), run.id(), end, reason == null ? "" : " (" + reason + ")");
    }

    @Override
    public List<StudyRun> runs(String studyId) {
        if (store.study(studyId).isEmpty()) {
            throw new ItemNotFoundException("No multihoming study " + studyId);
        }
        return store.runs(studyId);
    }

    @Override
    public Optional<StudyRunDetail> run(long runId) {
        return store.studyRun(runId).map(run -> {
            List<TrialCell> cells = CellLimits.apply(store.cells(runId));
            return new StudyRunDetail(run, cells, StudyGrid.rows(cells), store.failovers(runId),
                                      store.siteRoutes(runId));
        });
    }

    @Override
    public StudyRun cancel(long runId) {
        StudyRun run = store.studyRun(runId).orElseThrow(() -> new ItemNotFoundException("No study run " + runId));
        if (!store.requestCancel(runId)) {
            throw new IllegalStateException("Study run " + runId + " has ended (" + run.state() + ")");
        }
        // A run still queued never starts; a running one stops after its trial.
        store.transition(runId, StudyRunState.QUEUED, StudyRunState.CANCELLED, "cancelled on request",
                         clock.instant());
        return store.studyRun(runId).orElse(run);
    }
}
