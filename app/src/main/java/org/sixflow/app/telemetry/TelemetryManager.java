// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.HistoryUnavailableException;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyHistogram;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.ReplicaLatency;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.api.TelemetryListener;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.history.QueryCache;
import org.sixflow.app.history.minutes.LatencyMinute;
import org.sixflow.app.telemetry.stats.LatencyStatistics;
import org.sixflow.app.telemetry.stats.MinuteStatistics;
import org.sixflow.app.telemetry.stats.OverheadComparison;
import org.slf4j.Logger;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Answers telemetry queries from the history database and hands collectors' events to listeners.
 */
@Component(immediate = true, service = {TelemetryService.class, TelemetryAdminService.class})
public class TelemetryManager extends AbstractListenerManager<TelemetryEvent, TelemetryListener>
        implements TelemetryAdminService {

    /**
     * Most samples per class that {@link #statistics} reads; a window holding more is analysed
     * through a uniform random subset of this size, and the result says so.
     */
    public static final int MAX_STATISTICS_SAMPLES = 200_000;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    /** {@link #MAX_STATISTICS_SAMPLES}, lowered by tests. */
    int statisticsSampleLimit = MAX_STATISTICS_SAMPLES;
    private final QueryCache queryCache = new QueryCache();

    @Activate
    protected void activate() {
        eventDispatcher.addSink(TelemetryEvent.class, listenerRegistry);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        eventDispatcher.removeSink(TelemetryEvent.class);
        log.info("Stopped");
    }

    @Override
    public void post(TelemetryEvent event) {
        super.post(checkNotNull(event));
    }

    @Override
    public List<LatencyPoint> latencySeries(DeviceId deviceId, LatencyClass latencyClass, Optional<Integer> port,
                                            Instant from, Instant to, Duration step, LatencySource source) {
        checkDeviceAndClass(deviceId, latencyClass);
        QueryArguments.checkSeries(from, to, step);
        checkNotNull(source, "source is required");
        return cached(List.of("latency", deviceId, latencyClass, port, from, to, step, source), db -> {
            if (source == LatencySource.SAMPLES && port.isEmpty()) {
                // Whole-minute bins from the minutes; others from the seconds, when few seconds are cut.
                MinuteQueries minutes = minutes(db);
                if (minutes.covers(from) && MinuteQueries.minuteAligned(from, step)) {
                    return minutes.series(deviceId.toString(), latencyClass, from, to, step);
                }
                SecondQueries seconds = new SecondQueries(db.dataSource(), db.secondsCompleteFrom());
                if (seconds.covers(from) && SecondQueries.worthIt(from, to, step)) {
                    return seconds.series(deviceId.toString(), latencyClass, from, to, step);
                }
            }
            return new LatencyQueries(db.dataSource())
                    .series(deviceId.toString(), latencyClass, port, from, to, step, source);
        });
    }

    @Override
    public List<LatencySample> samples(DeviceId deviceId, Optional<LatencyClass> latencyClass, Instant from,
                                       Instant to, int offset, int limit) {
        checkNotNull(deviceId, "device is required");
        QueryArguments.checkWindow(from, to);
        QueryArguments.checkRange("offset", offset, 0, MAX_SAMPLE_OFFSET);
        QueryArguments.checkRange("limit", limit, 1, MAX_SAMPLES);
        return cached(List.of("samples", deviceId, latencyClass, from, to, offset, limit),
                      db -> new LatencyQueries(db.dataSource())
                              .samples(deviceId.toString(), latencyClass, from, to, offset, limit));
    }

    @Override
    public LatencyHistogram histogram(DeviceId deviceId, LatencyClass latencyClass, Instant from, Instant to,
                                      int buckets) {
        checkDeviceAndClass(deviceId, latencyClass);
        QueryArguments.checkWindow(from, to);
        QueryArguments.checkRange("buckets", buckets, 1, MAX_BUCKETS);
        return cached(List.of("histogram", deviceId, latencyClass, from, to, buckets), db -> {
            LatencyQueries samples = new LatencyQueries(db.dataSource());
            SecondQueries seconds = new SecondQueries(db.dataSource(), db.secondsCompleteFrom());
            if (!seconds.covers(from)) {
                return samples.histogram(deviceId.toString(), latencyClass, from, to, buckets);
            }
            // The edges from the per-second counts, then one pass over the samples.
            Optional<long[]> extremes = seconds.extremes(deviceId.toString(), latencyClass, from, to);
            return extremes.isEmpty() ? LatencyHistogram.of(new double[buckets + 1], new long[buckets])
                    : samples.histogram(deviceId.toString(), latencyClass, from, to, buckets, extremes.get()[0],
                                        extremes.get()[1]);
        });
    }

    @Override
    public LatencyComparison statistics(DeviceId deviceId, LatencyClass feature, LatencyClass baseline,
                                        Instant from, Instant to, List<Double> thresholds) {
        checkDeviceAndClass(deviceId, feature);
        checkNotNull(baseline, "baseline is required");
        QueryArguments.checkWindow(from, to);
        QueryArguments.checkThresholds(thresholds);
        int sampleLimit = statisticsSampleLimit;
        return cached(List.of("statistics", deviceId, feature, baseline, from, to, thresholds, sampleLimit), db -> {
            if (minutes(db).covers(from)) {
                return statisticsFromMinutes(db, deviceId.toString(), feature, baseline, from, to, thresholds);
            }
            LatencyQueries queries = new LatencyQueries(db.dataSource());
            String device = deviceId.toString();
            LatencyQueries.Latencies featureLatencies = atLeastTwo(
                    "feature", feature, queries.latencies(device, feature, from, to, statisticsSampleLimit));
            LatencyQueries.Latencies baselineLatencies = atLeastTwo(
                    "baseline", baseline, queries.latencies(device, baseline, from, to, statisticsSampleLimit));
            LatencyStatistics baselineStatistics = LatencyStatistics.of(baselineLatencies.values());
            checkBaselineMean(baseline, baselineStatistics.mean());
            return LatencyComparison.builder()
                    .feature(feature, LatencyStatistics.of(featureLatencies.values()).summary())
                    .baseline(baseline, baselineStatistics.summary())
                    .overhead(OverheadComparison.of(featureLatencies.values(), baselineLatencies.values())
                                      .summary(thresholds))
                    .stability(queries.stability(device, feature, from, to).orElse(null))
                    .sampling(statisticsSampleLimit, featureLatencies.sampled() || baselineLatencies.sampled())
                    .build();
        });
    }

    // Every sample counts, through the per-minute aggregates: moments exact, percentiles and KS
    // from the log histograms; the stability joins each replica's minutes, or is read from the
    // samples when overlapping batches left a minute inexact.
    private LatencyComparison statisticsFromMinutes(HistoryDatabase db, String device, LatencyClass feature,
                                                    LatencyClass baseline, Instant from, Instant to,
                                                    List<Double> thresholds) throws SQLException {
        Map<LatencyClass, Map<Integer, LatencyMinute>> classes = minutes(db).byReplica(
                device, List.of(feature, baseline), from, to);
        Map<Integer, LatencyMinute> featureReplicas = classes.get(feature);
        MinuteStatistics featureStatistics = atLeastTwo("feature", feature, featureReplicas);
        MinuteStatistics baselineStatistics = atLeastTwo("baseline", baseline, classes.get(baseline));
        checkBaselineMean(baseline, baselineStatistics.mean());
        boolean exact = featureReplicas.values().stream().allMatch(m -> m.stability().exact());
        LatencyComparison.Stability stability = exact ? stability(featureReplicas.values()).orElse(null)
                : new LatencyQueries(db.dataSource()).stability(device, feature, from, to).orElse(null);
        return LatencyComparison.builder()
                .feature(feature, featureStatistics.summary())
                .baseline(baseline, baselineStatistics.summary())
                .overhead(OverheadComparison.ofMoments(featureStatistics.mean(), featureStatistics.stdev(),
                                                       baselineStatistics.mean()).summary(thresholds))
                .stability(stability)
                .sampling(statisticsSampleLimit, false)
                .build();
    }

    private static Optional<LatencyComparison.Stability> stability(Collection<LatencyMinute> replicas) {
        long pairs = 0;
        double sum = 0;
        double max = 0;
        for (LatencyMinute m : replicas) {
            pairs += m.stability().pairs();
            sum += m.stability().ratioSum();
            max = Math.max(max, m.stability().ratioMax());
        }
        return pairs == 0 ? Optional.empty() : Optional.of(LatencyComparison.Stability.of(pairs, sum / pairs, max));
    }

    private static MinuteStatistics atLeastTwo(String parameter, LatencyClass latencyClass,
                                               Map<Integer, LatencyMinute> replicas) {
        LatencyMinute total = null;
        for (LatencyMinute m : replicas.values()) {
            if (total == null) {
                total = LatencyMinute.empty(m.key());
            }
            total.merge(m);
        }
        long count = total == null ? 0 : total.packets();
        checkArgument(count >= 2, "%s class %s has %s samples in the window; statistics need at least 2: widen "
                + "from/to", parameter, latencyClass, count);
        return MinuteStatistics.of(total);
    }

    private static void checkBaselineMean(LatencyClass baseline, double mean) {
        checkArgument(mean > 0, "baseline class %s has a mean latency of 0 ns; no overhead can be taken against it",
                      baseline);
    }

    @Override
    public List<ReplicaLatency> replicas(DeviceId deviceId, LatencyClass latencyClass, Instant from, Instant to) {
        checkDeviceAndClass(deviceId, latencyClass);
        QueryArguments.checkWindow(from, to);
        return cached(List.of("replicas", deviceId, latencyClass, from, to), db -> {
            MinuteQueries minutes = minutes(db);
            if (!minutes.covers(from)) {
                return new LatencyQueries(db.dataSource()).replicas(deviceId.toString(), latencyClass, from, to);
            }
            ImmutableList.Builder<ReplicaLatency> replicas = ImmutableList.builder();
            for (LatencyMinute m : minutes.byReplica(deviceId.toString(), latencyClass, from, to).values()) {
                MinuteStatistics s = MinuteStatistics.of(m);
                // One sample has no sample deviation.
                replicas.add(ReplicaLatency.of(m.key().replica(), s.count(), s.mean(),
                                               s.count() < 2 ? Double.NaN : s.stdev(), m.min(), m.max()));
            }
            return replicas.build();
        });
    }

    @Override
    public List<PortStatistics> ports(Optional<DeviceId> deviceId) {
        checkNotNull(deviceId);
        return cached(List.of("ports", deviceId), db -> new PortCounterQueries(db.dataSource()).latest(deviceId));
    }

    @Override
    public List<PortRates> portHistory(DeviceId deviceId, String port, Instant from, Instant to, Duration step) {
        checkNotNull(deviceId, "device is required");
        checkArgument(port != null && !port.isEmpty(), "port is required");
        QueryArguments.checkSeries(from, to, step);
        return cached(List.of("portHistory", deviceId, port, from, to, step),
                      db -> new PortCounterQueries(db.dataSource()).history(deviceId, port, from, to, step));
    }

    private static void checkDeviceAndClass(DeviceId deviceId, LatencyClass latencyClass) {
        checkNotNull(deviceId, "device is required");
        checkNotNull(latencyClass, "class is required");
    }

    private static LatencyQueries.Latencies atLeastTwo(String parameter, LatencyClass latencyClass,
                                                       LatencyQueries.Latencies latencies) {
        checkArgument(latencies.values().length >= 2, "%s class %s has %s samples in the window; statistics need "
                + "at least 2: widen from/to", parameter, latencyClass, latencies.values().length);
        return latencies;
    }

    private static MinuteQueries minutes(HistoryDatabase db) {
        return new MinuteQueries(db.dataSource(), db.minutesCompleteFrom(), db.minuteCache());
    }

    // Identical queries within QueryCache.TIME_TO_LIVE share one answer, computed once; answers
    // of one database are not another's.
    private <T> T cached(List<Object> key, Query<T> query) {
        HistoryDatabase db = database();
        return queryCache.get(List.of(key, db), () -> run(db, query));
    }

    private HistoryDatabase database() {
        return historyDatabase.database()
                .orElseThrow(() -> new HistoryUnavailableException("History database is not connected"));
    }

    private <T> T run(HistoryDatabase db, Query<T> query) {
        try {
            return query.run(db);
        } catch (SQLException e) {
            // The database's own text stays in the cause, for the log, out of REST answers.
            throw new HistoryUnavailableException("History database query failed", e);
        }
    }

    @FunctionalInterface
    private interface Query<T> {
        T run(HistoryDatabase db) throws SQLException;
    }
}
