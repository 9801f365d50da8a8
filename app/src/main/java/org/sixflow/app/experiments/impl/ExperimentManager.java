// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.ExperimentValidationException;
import org.sixflow.app.api.FeatureComparison;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.ReportSamplingService;
import org.sixflow.app.api.RunComparison;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.experiments.ExperimentValidator;
import org.sixflow.app.experiments.Pacer;
import org.sixflow.app.experiments.RealtimeThread;
import org.sixflow.app.experiments.results.RunComparisons;
import org.sixflow.app.experiments.results.PacketCountTables;
import org.sixflow.app.experiments.results.StudyTables;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.MAX_CATCH_UP;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.MAX_CATCH_UP_DEFAULT;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.MIN_PROBE_INTERVAL_MICROS;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.MIN_PROBE_INTERVAL_MICROS_DEFAULT;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.PACER_REALTIME_PRIORITY;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.PACER_REALTIME_PRIORITY_DEFAULT;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.REPORT_DRAIN_MILLIS;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.REPORT_DRAIN_MILLIS_DEFAULT;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.SPIN_MICROS;
import static org.sixflow.app.experiments.impl.OsgiPropertyConstants.SPIN_MICROS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Experiments: stores them and their runs, validates them against the network, and on the
 * instance that leads experiments ({@link #LEADERSHIP_TOPIC}) runs them one per network scope at
 * a time (see {@link RunScheduler}), reading the probes' telemetry reports ({@link ProbeCollector}).
 * The trees, policies and tunnels classes exercise are their features' to check: each feature
 * offers an {@link ExperimentTarget} service, bound here as it comes and goes.
 */
@Component(immediate = true, service = ExperimentService.class, property = {
        MIN_PROBE_INTERVAL_MICROS + ":Integer=" + MIN_PROBE_INTERVAL_MICROS_DEFAULT,
        SPIN_MICROS + ":Integer=" + SPIN_MICROS_DEFAULT,
        REPORT_DRAIN_MILLIS + ":Integer=" + REPORT_DRAIN_MILLIS_DEFAULT,
        MAX_CATCH_UP + ":Integer=" + MAX_CATCH_UP_DEFAULT,
        PACER_REALTIME_PRIORITY + ":Integer=" + PACER_REALTIME_PRIORITY_DEFAULT,
})
public class ExperimentManager implements ExperimentService {

    static final String LEADERSHIP_TOPIC = "org.sixflow.app.experiments";
    /** How often the leader looks at the queue, cancel requests and leadership. */
    static final Duration TICK = Duration.ofMillis(250);
    /**
     * Longest wait for the ingress device's sampling: past ONOS 2.7's default flow poll (30 s),
     * which repairs what its P4Runtime driver's mirror got wrong, with the collector's retries.
     */
    static final Duration SAMPLING_TIMEOUT = Duration.ofSeconds(40);
    static final Duration POLL = Duration.ofMillis(5);

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ExperimentStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService netcfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected P4RuntimeController p4RuntimeController;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile HostTrafficGenerator hostTrafficGenerator;

    /** Which sampling each device holds (ServiceNetwork.samplingInPlace). */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ReportSamplingService reportSamplingService;

    /** The targets bound, in the order they came; guarded by itself. */
    private final List<ExperimentTarget> boundTargets = new ArrayList<>();

    /** Ended runs' packet-count tables, laid out once. */
    private final EndedRunTables endedRunTables = new EndedRunTables();

    /** A snapshot of {@link #boundTargets}, replaced as they come and go. */
    private volatile ExperimentTargets targets = ExperimentTargets.NONE;

    /**
     * A feature's experiment target came: classes naming its objects are checked by it from now.
     *
     * @param target the target
     */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    protected void bindTarget(ExperimentTarget target) {
        synchronized (boundTargets) {
            boundTargets.add(target);
            targets = ExperimentTargets.of(boundTargets);
        }
        log.info("Experiment target for {} bound", target.field().kinds());
    }

    /**
     * A feature's experiment target went: classes naming its objects are refused, saying so.
     *
     * @param target the target
     */
    protected void unbindTarget(ExperimentTarget target) {
        synchronized (boundTargets) {
            boundTargets.remove(target);
            targets = ExperimentTargets.of(boundTargets);
        }
        log.info("Experiment target for {} unbound", target.field().kinds());
    }

    /** What the running features say of the trees, policies and tunnels classes exercise. */
    ExperimentTargets targets() {
        return targets;
    }

    /** Time of runs and records; tests set their own before activation. */
    Clock clock = Clock.systemUTC();

    /** Shortest interval between packet-out probes, in microseconds. */
    private int minProbeIntervalMicros = MIN_PROBE_INTERVAL_MICROS_DEFAULT;

    /** How long before each probe's time the pacer spins instead of parking, in microseconds. */
    private int spinMicros = SPIN_MICROS_DEFAULT;

    /** Longest wait for the last probes' reports, in milliseconds. */
    private int reportDrainMillis = REPORT_DRAIN_MILLIS_DEFAULT;

    /** Overdue probes sent back to back after a stall before the schedule starts again from now. */
    private int maxCatchUp = MAX_CATCH_UP_DEFAULT;

    /** SCHED_FIFO priority of the sending thread while it sends, 0 for the normal scheduler. */
    private int pacerRealtimePriority = PACER_REALTIME_PRIORITY_DEFAULT;

    /** How the sending thread is raised; tests give their own. */
    RealtimeThread realtime = RealtimeThread.system();

    private ApplicationId appId;
    private NodeId localNode;
    private ScheduledExecutorService scheduler;
    private ExecutorService runThreads;
    private ProbeCollector collector;
    private SamplingControl sampling;
    private ServiceNetwork network;
    private RunScheduler runs;

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        localNode = clusterService.getLocalNode().id();
        network = new ServiceNetwork(this);
        deviceService.addListener(network.parsers());
        collector = new ProbeCollector(network::reportParser, clock);
        packetService.addProcessor(collector, PacketProcessor.observer(1));
        sampling = new SamplingControl(componentConfigService);
        runThreads = Executors.newCachedThreadPool(groupedThreads("sixflow/experiments", "run-%d", log));
        runs = new RunScheduler(store, this::isLeader, localNode.toString(), clock, new Executions(this),
                                runThreads, sampling);
        leadershipService.runForLeadership(LEADERSHIP_TOPIC);
        scheduler = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/experiments", "scheduler",
                                                                              log));
        scheduler.scheduleWithFixedDelay(this::tick, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
    }

    @Deactivate
    protected void deactivate() {
        scheduler.shutdownNow();
        runs.abortAll("the experiments component stopped on " + localNode);
        runThreads.shutdown();
        try {
            runThreads.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        leadershipService.withdraw(LEADERSHIP_TOPIC);
        packetService.removeProcessor(collector);
        deviceService.removeListener(network.parsers());
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    private void readProperties(ComponentContext context) {
        minProbeIntervalMicros = positive(context, MIN_PROBE_INTERVAL_MICROS, minProbeIntervalMicros);
        spinMicros = positive(context, SPIN_MICROS, spinMicros);
        reportDrainMillis = positive(context, REPORT_DRAIN_MILLIS, reportDrainMillis);
        maxCatchUp = positive(context, MAX_CATCH_UP, maxCatchUp);
        int priority = positive(context, PACER_REALTIME_PRIORITY, pacerRealtimePriority);
        if (priority > RealtimeThread.MAX_PRIORITY) {
            log.warn("{} is a SCHED_FIFO priority, 1 to {} (0: normal scheduler), not {}; keeping {}",
                     PACER_REALTIME_PRIORITY, RealtimeThread.MAX_PRIORITY, priority, pacerRealtimePriority);
        } else {
            pacerRealtimePriority = priority;
        }
    }

    private int positive(ComponentContext context, String name, int current) {
        Optional<String> text = ComponentProperties.text(context, name);
        if (text.isEmpty()) {
            return current;
        }
        try {
            int value = Integer.parseInt(text.get().trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        log.warn("{} must be a whole number of at least 0, not \"{}\"; keeping {}", name, text.get(), current);
        return current;
    }

    private boolean isLeader() {
        return localNode.equals(leadershipService.getLeader(LEADERSHIP_TOPIC));
    }

    private void tick() {
        try {
            runs.tick();
        } catch (RuntimeException e) {
            // The database may be away: try again at the next tick.
            log.debug("Experiment scheduling skipped: {}", e.getMessage());
        }
    }

    /** The application id (sampling entries are Sixflow's). */
    ApplicationId appId() {
        return appId;
    }

    /** The environment a run on this instance uses. */
    RunEnvironment environment() {
        RunEnvironment env = new RunEnvironment(store, packetService, sampling, network::samplingInPlace,
                                  () -> hostTrafficGenerator, () -> Pacer.system(spinMicros * 1000L, maxCatchUp), clock,
                                  localNode.toString(), Duration.ofMillis(reportDrainMillis), SAMPLING_TIMEOUT, POLL,
                                  duration -> Thread.sleep(duration.toMillis(), (int) (duration.toNanos() % 1_000_000)));
        env.packetOuts = new DirectPacketOuts(p4RuntimeController, netcfgService, pipeconfService, deviceService,
                                              mastershipService, packetService)::open;
        env.collectorCounts = collector::counts;
        env.reportingDevices = network::reportingDevices;
        int priority = pacerRealtimePriority;
        RealtimeThread threads = realtime;
        env.pacerPriority = () -> threads.raise(priority);
        return env;
    }

    ProbeCollector collector() {
        return collector;
    }

    ServiceNetwork network() {
        return network;
    }

    /**
     * Returns the shortest interval a traffic source keeps here.
     *
     * @param traffic the source
     * @return nanoseconds
     */
    long minIntervalNanos(ExperimentTraffic traffic) {
        switch (traffic) {
            case PROBES:
                return minProbeIntervalMicros * 1000L;
            case HOSTS:
                HostTrafficGenerator generator = hostTrafficGenerator;
                return generator == null ? 0 : generator.minIntervalNanos();
            default:
                return 0;
        }
    }

    @Override
    public List<Experiment> experiments() {
        return store.experiments();
    }

    @Override
    public Optional<Experiment> experiment(String id) {
        return ExperimentValidator.isId(id) ? store.experiment(id) : Optional.empty();
    }

    @Override
    public Map<String, String> validate(Experiment experiment) {
        Map<String, String> problems = new LinkedHashMap<>(
                ExperimentValidator.problems(experiment, minIntervalNanos(experiment.traffic()), targets));
        if (experiment.ingress() != null && problems.keySet().stream().noneMatch(k -> k.startsWith("classes"))) {
            if (experiment.traffic() == ExperimentTraffic.EXTERNAL) {
                if (!network.hasDevice(experiment.scope())) {
                    problems.put("ingress", experiment.scope() + " is not a known device");
                }
            } else {
                ProbePlan.resolve(experiment, network, problems);
            }
        }
        return problems;
    }

    @Override
    public Experiment create(Experiment experiment) {
        Map<String, String> problems = validate(experiment);
        if (!problems.isEmpty()) {
            throw new ExperimentValidationException(problems);
        }
        if (!store.createExperiment(experiment)) {
            throw new IdInUseException("experiment id " + experiment.id() + " is in use");
        }
        log.info("Experiment {} created", experiment.id());
        return experiment;
    }

    @Override
    public boolean remove(String id) {
        if (!ExperimentValidator.isId(id)) {
            return false;
        }
        boolean active = store.runs(id).stream().anyMatch(r -> !r.state().isFinal());
        if (active) {
            throw new IllegalStateException("experiment " + id + " has a queued or running run: cancel it first");
        }
        return store.removeExperiment(id);
    }

    @Override
    public List<ExperimentRun> runs(String experimentId) {
        return ExperimentValidator.isId(experimentId) ? store.runs(experimentId) : List.of();
    }

    @Override
    public Optional<ExperimentRun> run(long runId) {
        return store.run(runId);
    }

    @Override
    public ExperimentRun start(String experimentId) {
        Experiment experiment = experiment(experimentId)
                .orElseThrow(() -> new NoSuchElementException("no experiment " + experimentId));
        Map<String, String> problems = validate(experiment);
        if (!problems.isEmpty()) {
            throw new ExperimentValidationException(problems);
        }
        long total = experiment.traffic() == ExperimentTraffic.EXTERNAL ? 0 : experiment.packetsInRun();
        ExperimentRun run = store.createRun(experimentId, total, clock.instant());
        log.info("Run {} of {} queued ({} packets)", run.id(), experimentId, total);
        scheduler.execute(this::tick);
        return run;
    }

    @Override
    public ExperimentRun cancel(long runId) {
        ExperimentRun run = store.run(runId).orElseThrow(() -> new NoSuchElementException("no run " + runId));
        if (run.state().isFinal()) {
            throw new IllegalStateException("run " + runId + " has ended (" + run.state() + ")");
        }
        store.requestCancel(runId);
        if (run.state() == ExperimentRunState.QUEUED) {
            store.transition(runId, ExperimentRunState.QUEUED, ExperimentRunState.CANCELLED, localNode.toString(),
                             "cancelled before it started", clock.instant());
        } else {
            runs.cancelLocal(runId, "cancelled");
        }
        return store.run(runId).orElse(run);
    }

    @Override
    public Optional<ExperimentResults> results(long runId) {
        Optional<ExperimentRun> run = store.run(runId);
        if (run.isEmpty()) {
            return Optional.empty();
        }
        List<ExperimentCellResult> cells = store.cellResults(runId);
        Optional<Experiment> experiment = store.experiment(run.get().experimentId());
        if (cells.isEmpty() || experiment.isEmpty()) {
            return Optional.empty();
        }
        List<FeatureComparison> comparisons = StudyTables.comparisons(experiment.get(), cells);
        List<ExperimentTable> tables = new ArrayList<>(StudyTables.of(experiment.get(), cells, comparisons,
                                                                      run.get().pacing().orElse(null), targets));
        tables.addAll(packetCountTables(run.get(), experiment.get()));
        return Optional.of(ExperimentResults.of(runId, experiment.get().id(), cells, comparisons, tables,
                                                run.get().pacing().orElse(null)));
    }

    /** The PPPoE study's tables by number of packets, from the samples of the classes that get them. */
    private List<ExperimentTable> packetCountTables(ExperimentRun run, Experiment e) {
        return endedRunTables.get(run.id(), run.state().isFinal(), () -> layPacketCountTables(run.id(), e));
    }

    private List<ExperimentTable> layPacketCountTables(long runId, Experiment e) {
        List<ExperimentTable> tables = new ArrayList<>();
        ExperimentTargets now = targets;
        for (int i = 0; i < e.classes().size(); i++) {
            if (PacketCountTables.applies(e.classes().get(i), now)) {
                tables.addAll(PacketCountTables.of(e, i, store.samples(runId, OptionalInt.of(i), Integer.MAX_VALUE)));
            }
        }
        return tables;
    }

    @Override
    public List<ExperimentSample> samples(long runId, Optional<String> className, int limit) {
        if (limit < 1 || limit > MAX_SAMPLES) {
            throw new IllegalArgumentException("limit must be 1.." + MAX_SAMPLES + ", got " + limit);
        }
        ExperimentRun run = store.run(runId).orElseThrow(() -> new NoSuchElementException("no run " + runId));
        OptionalInt index = OptionalInt.empty();
        if (className.isPresent()) {
            Experiment experiment = store.experiment(run.experimentId()).orElseThrow();
            int i = experiment.classIndex(className.get());
            if (i < 0) {
                throw new IllegalArgumentException("experiment " + experiment.id() + " has no class "
                                                           + className.get());
            }
            index = OptionalInt.of(i);
        }
        return store.samples(runId, index, limit);
    }

    @Override
    public RunComparison compare(long runA, long runB) {
        List<ExperimentCellResult> a = store.cellResults(runA);
        List<ExperimentCellResult> b = store.cellResults(runB);
        if (a.isEmpty() || b.isEmpty()) {
            throw new NoSuchElementException("run " + (a.isEmpty() ? runA : runB) + " has no results");
        }
        RunComparison rows = RunComparisons.of(runA, a, runB, b);
        return rows.withTables(PacketCountTables.compare(runA, packetCountTables(runA), runB, packetCountTables(runB)));
    }

    /** A run's packet-count tables only: what comparing two runs adds to their cells' rows. */
    private List<ExperimentTable> packetCountTables(long runId) {
        Optional<ExperimentRun> run = store.run(runId);
        Optional<Experiment> experiment = run.flatMap(r -> store.experiment(r.experimentId()));
        return experiment.isEmpty() ? List.of() : packetCountTables(run.get(), experiment.get());
    }

    /** The running features' presets: a preset naming a feature's objects is offered while it runs. */
    @Override
    public List<Experiment> presets() {
        return targets.presets();
    }

    /** The runs this instance runs now, for tests. */
    List<RunExecution> executions() {
        return runs.executions();
    }

    /** Runs the scheduler's tick now, for tests. */
    void tickNow() {
        runs.tick();
    }
}
