// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.DeviceId;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.EventStreamService;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyHistogram;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.ReplicaLatency;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.api.TimeWindow;

import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.sixflow.app.rest.DeviceParameters.device;
import static org.sixflow.app.rest.DeviceParameters.optionalDevice;
import static org.sixflow.app.rest.TelemetryParameters.integer;
import static org.sixflow.app.rest.TelemetryParameters.latencyClass;
import static org.sixflow.app.rest.TelemetryParameters.optionalClass;
import static org.sixflow.app.rest.TelemetryParameters.optionalInteger;
import static org.sixflow.app.rest.TelemetryParameters.required;
import static org.sixflow.app.rest.TelemetryParameters.source;
import static org.sixflow.app.rest.TelemetryParameters.thresholds;
import static org.sixflow.app.rest.TelemetryParameters.window;

/**
 * Stored telemetry (latency series, samples, histograms, statistics, replicas, port counters)
 * and a live event stream. Times are ISO-8601 instants; from defaults to an hour before to, to
 * to now.
 */
@Path("telemetry")
public class TelemetryWebResource extends AbstractWebResource {

    static final String EVENT_STREAM = "text/event-stream";
    /** Seconds a client refused for want of a stream slot is asked to wait. */
    static final int STREAM_RETRY_AFTER_SECONDS = 5;
    /** Too Many Requests (RFC 6585), which JAX-RS 2.0's statuses lack. */
    static final int TOO_MANY_REQUESTS = 429;

    /** The servlet request, for the client's address; null outside a servlet container. */
    @Context
    private HttpServletRequest request;
    /** Heartbeat, history polling and close probes of event streams (tests shorten them). */
    static volatile Duration streamHeartbeat = Duration.ofSeconds(15);
    static volatile Duration streamHistoryPoll = Duration.ofSeconds(2);
    static volatile Duration streamProbe = Duration.ofMillis(500);

    private static final SharedJson SHARED = new SharedJson();

    private final Clock clock = Clock.systemUTC();

    /**
     * A latency series: per step, the count, mean, min and max latency; steps without packets
     * are left out. From the samples every figure is the step's own; from the aggregates count
     * and mean are (deltas between readouts) but min and max are the data plane registers'
     * running extremes since the pipeline started: a difference of two readouts says nothing of
     * a step's own extremes, and the switches cannot reset them atomically with a read. The answer's
     * "extremes" says which: "per-step" or "since-registers-started".
     *
     * @param device device id
     * @param cls    latency class label or code
     * @param port   only this egress port (optional)
     * @param from   window start
     * @param to     window end
     * @param step   ISO-8601 duration or seconds, at least 1 s, at most 10,000 points (default a
     *               minute, or wider when the window needs it)
     * @param source samples (default) or aggregates
     * @return 200 OK with the series; 400 naming a bad parameter
     */
    @GET
    @Path("latency")
    @Produces(MediaType.APPLICATION_JSON)
    public Response latency(@QueryParam("device") String device, @QueryParam("class") String cls,
                            @QueryParam("port") String port, @QueryParam("from") String from,
                            @QueryParam("to") String to, @QueryParam("step") String step,
                            @QueryParam("source") String source) {
        DeviceId deviceId = device(device);
        LatencyClass latencyClass = latencyClass("class", cls);
        Optional<Integer> egressPort = optionalInteger("port", port);
        TimeWindow window = window(from, to, clock);
        Duration stepDuration = window.step(step);
        LatencySource latencySource = source(source);
        List<LatencyPoint> points = get(TelemetryService.class).latencySeries(
                deviceId, latencyClass, egressPort, window.from(), window.to(), stepDuration, latencySource);
        List<Object> parameters = List.of(deviceId, latencyClass, egressPort, window.from(), window.to(),
                                          stepDuration, latencySource);
        return SHARED.ok(points, parameters, () -> {
            ObjectNode root = windowed(deviceId, window).put("class", latencyClass.label());
            if (egressPort.isPresent()) {
                root.put("port", egressPort.get());
            } else {
                root.putNull("port");
            }
            root.put("stepSeconds", stepDuration.toMillis() / 1000.0).put("source", latencySource.label())
                    .put("extremes", latencySource == LatencySource.AGGREGATES ? "since-registers-started" : "per-step");
            root.set("points", encodeArray(LatencyPoint.class, "points", points).get("points"));
            return root;
        }, mapper());
    }

    /**
     * Stored samples, newest first, a page at a time.
     *
     * @param device device id
     * @param cls    only this class (optional)
     * @param from   window start
     * @param to     window end
     * @param limit  1..10000, default 1000
     * @param offset how many of the newest to skip, 0..1000000 (default 0)
     * @return 200 OK with {"samples": [...], "next": offset of the next page or null}
     */
    @GET
    @Path("samples")
    @Produces(MediaType.APPLICATION_JSON)
    public Response samples(@QueryParam("device") String device, @QueryParam("class") String cls,
                            @QueryParam("from") String from, @QueryParam("to") String to,
                            @QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        DeviceId deviceId = device(device);
        Optional<LatencyClass> latencyClass = optionalClass("class", cls);
        TimeWindow window = window(from, to, clock);
        Paging page = Paging.of(limit, offset, 1000, TelemetryService.MAX_SAMPLES);
        TelemetryService telemetry = get(TelemetryService.class);
        // One more than the page says whether another follows (a second read at the largest page).
        int fetch = Math.min(page.limit() + 1, TelemetryService.MAX_SAMPLES);
        List<LatencySample> read = telemetry.samples(deviceId, latencyClass, window.from(), window.to(),
                                                     page.offset(), fetch);
        boolean more = read.size() > page.limit();
        List<LatencySample> samples = more ? read.subList(0, page.limit()) : read;
        if (!more && fetch == page.limit() && read.size() == fetch && page.offset() + fetch
                <= TelemetryService.MAX_SAMPLE_OFFSET) {
            more = !telemetry.samples(deviceId, latencyClass, window.from(), window.to(), page.offset() + fetch, 1)
                    .isEmpty();
        }
        boolean another = more;
        List<Object> parameters = List.of(deviceId, latencyClass, window.from(), window.to(), page.offset(),
                                          page.limit(), another);
        return SHARED.ok(read, parameters,
                         () -> page.next(encodeArray(LatencySample.class, "samples", samples), another), mapper());
    }

    /**
     * A class's latencies in equal buckets from the smallest to the largest.
     *
     * @param device  device id
     * @param cls     latency class
     * @param from    window start
     * @param to      window end
     * @param buckets 1..200, default 20
     * @return 200 OK with count, edgesNs and counts
     */
    @GET
    @Path("histogram")
    @Produces(MediaType.APPLICATION_JSON)
    public Response histogram(@QueryParam("device") String device, @QueryParam("class") String cls,
                              @QueryParam("from") String from, @QueryParam("to") String to,
                              @QueryParam("buckets") String buckets) {
        DeviceId deviceId = device(device);
        LatencyClass latencyClass = latencyClass("class", cls);
        TimeWindow window = window(from, to, clock);
        int count = integer("buckets", buckets, 20);
        LatencyHistogram histogram = get(TelemetryService.class)
                .histogram(deviceId, latencyClass, window.from(), window.to(), count);
        return SHARED.ok(histogram, List.of(deviceId, latencyClass), () -> {
            ObjectNode root = mapper().createObjectNode().put("device", deviceId.toString())
                    .put("class", latencyClass.label());
            root.setAll(codec(LatencyHistogram.class).encode(histogram, this));
            return root;
        }, mapper());
    }

    /**
     * A feature class against a baseline: statistics and KS normality test of each, overhead
     * K with its Z-test probabilities, and the feature's inter-arrival stability. Read from the
     * per-minute aggregates (and the samples of the part-minutes at the window's edges): every
     * figure exact but p50/p90/p99, within 1/256 of the exact ones, and the KS statistic, taken
     * at histogram bucket edges (at most one bucket's normal probability below the exact one).
     *
     * @param device     device id
     * @param feature    the feature's class
     * @param baseline   the baseline's class (default ipv6)
     * @param from       window start
     * @param to         window end
     * @param thresholds comma-separated overhead thresholds (default 0.01,0.05,0.1)
     * @return 200 OK; 400 when a class has fewer than 2 samples in the window
     */
    @GET
    @Path("statistics")
    @Produces(MediaType.APPLICATION_JSON)
    public Response statistics(@QueryParam("device") String device, @QueryParam("feature") String feature,
                               @QueryParam("baseline") String baseline, @QueryParam("from") String from,
                               @QueryParam("to") String to, @QueryParam("thresholds") String thresholds) {
        DeviceId deviceId = device(device);
        LatencyClass featureClass = latencyClass("feature", feature);
        LatencyClass baselineClass = latencyClass("baseline", baseline, LatencyClass.BASELINE);
        TimeWindow window = window(from, to, clock);
        LatencyComparison comparison = get(TelemetryService.class).statistics(
                deviceId, featureClass, baselineClass, window.from(), window.to(), thresholds(thresholds));
        return SHARED.ok(comparison, List.of(deviceId, window.from(), window.to()), () -> {
            ObjectNode root = windowed(deviceId, window);
            root.setAll(codec(LatencyComparison.class).encode(comparison, this));
            return root;
        }, mapper());
    }

    /**
     * Each MSR6 replica's latency.
     *
     * @param device device id
     * @param cls    latency class (default msr6-replicate)
     * @param from   window start
     * @param to     window end
     * @return 200 OK with {"device", "class", "replicas": [...]}
     */
    @GET
    @Path("replicas")
    @Produces(MediaType.APPLICATION_JSON)
    public Response replicas(@QueryParam("device") String device, @QueryParam("class") String cls,
                             @QueryParam("from") String from, @QueryParam("to") String to) {
        DeviceId deviceId = device(device);
        LatencyClass latencyClass = latencyClass("class", cls, LatencyClass.MSR6_REPLICATE);
        TimeWindow window = window(from, to, clock);
        List<ReplicaLatency> replicas = get(TelemetryService.class)
                .replicas(deviceId, latencyClass, window.from(), window.to());
        return SHARED.ok(replicas, List.of(deviceId, latencyClass), () -> {
            ObjectNode root = mapper().createObjectNode().put("device", deviceId.toString())
                    .put("class", latencyClass.label());
            root.set("replicas", encodeArray(ReplicaLatency.class, "replicas", replicas).get("replicas"));
            return root;
        }, mapper());
    }

    /**
     * Every port's latest counters with the rates since the reading before.
     *
     * @param device only this device (optional)
     * @return 200 OK with {"ports": [...]}
     */
    @GET
    @Path("ports")
    @Produces(MediaType.APPLICATION_JSON)
    public Response ports(@QueryParam("device") String device) {
        return ok(encodeArray(PortStatistics.class, "ports", get(TelemetryService.class)
                .ports(optionalDevice(device)))).build();
    }

    /**
     * A port's rates over time.
     *
     * @param device device id
     * @param port   interface name
     * @param from   window start
     * @param to     window end
     * @param step   ISO-8601 duration or seconds (default as for latency)
     * @return 200 OK with {"device", "port", "points": [...]}
     */
    @GET
    @Path("ports/history")
    @Produces(MediaType.APPLICATION_JSON)
    public Response portHistory(@QueryParam("device") String device, @QueryParam("port") String port,
                                @QueryParam("from") String from, @QueryParam("to") String to,
                                @QueryParam("step") String step) {
        DeviceId deviceId = device(device);
        String portName = required("port", port);
        TimeWindow window = window(from, to, clock);
        Duration stepDuration = window.step(step);
        ObjectNode root = mapper().createObjectNode().put("device", deviceId.toString()).put("port", portName);
        root.set("points", encodeArray(PortRates.class, "points", get(TelemetryService.class)
                .portHistory(deviceId, portName, window.from(), window.to(), stepDuration)).get("points"));
        return ok(root).build();
    }

    /**
     * Live telemetry as server-sent events: {@code latency}, {@code ports}, {@code occupancy}
     * and {@code event} (history), with a heartbeat comment every 15 s; {@code gap} ({"dropped":
     * n}) when a slow client missed events. At most maxEventStreams (a property of
     * org.sixflow.app.impl.EventStreamManager) are open at once.
     *
     * @return 200 OK text/event-stream; 503 with Retry-After when as many streams as the limit are open;
     *         429 when this client (remote address) holds maxEventStreamsPerClient already
     */
    @GET
    @Path("stream")
    @Produces(EVENT_STREAM)
    public Response stream() {
        TelemetryService telemetry = get(TelemetryService.class);
        HistoryService history = get(HistoryService.class);
        EventStreamService streams = get(EventStreamService.class);
        // Null where the container is no servlet container (no remote address): no per-client limit.
        String client = request == null ? null : request.getRemoteAddr();
        Optional<EventStreamService.Slot> slot = streams.open(client);
        if (slot.isEmpty()) {
            boolean clientFull = client != null && streams.openStreams(client) >= streams.clientLimit();
            int status = clientFull ? TOO_MANY_REQUESTS : Response.Status.SERVICE_UNAVAILABLE.getStatusCode();
            String message = clientFull
                    ? "This client (" + client + ") already holds " + streams.clientLimit() + " telemetry streams, "
                            + "the most one client may (maxEventStreamsPerClient): close one first"
                    : "Too many telemetry streams open (" + streams.limit() + "); try again later";
            ObjectNode error = mapper().createObjectNode().put("code", status).put("message", message);
            return Response.status(status).type(MediaType.APPLICATION_JSON)
                    .header("Retry-After", STREAM_RETRY_AFTER_SECONDS).entity(error.toString()).build();
        }
        TelemetryEventStream stream = new TelemetryEventStream(
                telemetry, history, this,
                new TelemetryEventStream.Timing(streamHeartbeat, streamHistoryPoll, streamProbe), clock,
                streams.queueBytes(), slot.get()::close);
        return Response.ok(stream, EVENT_STREAM)
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")      // nginx and the dashboard's proxy must not buffer
                .build();
    }

    private ObjectNode windowed(DeviceId deviceId, TimeWindow window) {
        return mapper().createObjectNode().put("device", deviceId.toString())
                .put("from", window.from().toString()).put("to", window.to().toString());
    }
}
