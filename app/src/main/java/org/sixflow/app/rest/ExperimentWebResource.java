// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentValidationException;
import org.sixflow.app.api.ExperimentsUnavailableException;
import org.sixflow.app.api.RunComparison;
import org.sixflow.app.rest.errors.JsonErrors;
import org.sixflow.app.rest.http.JsonBodies;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.DefaultValue;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Experiments: define, run, follow, cancel, and read the studies' tables of a run, export them,
 * compare runs. A field that is wrong is a 400 whose "fields" names each ({"code", "message",
 * "fields": {"classes[1].packet.destination": "…"}}); without the history database every call but
 * validate and presets is a 503 saying so.
 */
@Path("experiments")
public class ExperimentWebResource extends AbstractWebResource {

    /**
     * Lists the experiments with their newest run, a page at a time.
     *
     * @param limit  experiments per page, 1..1000 (default 100)
     * @param offset experiments to skip (default 0)
     * @return 200 OK with {"experiments": [...], "total", "next": offset of the next page or
     *         null}, each with "lastRun" (or null)
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        Paging page = Paging.of(limit, offset);
        return answer(() -> {
            ExperimentService service = get(ExperimentService.class);
            List<Experiment> all = service.experiments();
            ObjectNode json = mapper().createObjectNode();
            ArrayNode array = json.putArray("experiments");
            for (Experiment e : page.slice(all)) {
                ObjectNode node = codec(Experiment.class).encode(e, this);
                List<ExperimentRun> runs = service.runs(e.id());
                if (runs.isEmpty()) {
                    node.putNull("lastRun");
                } else {
                    node.set("lastRun", codec(ExperimentRun.class).encode(runs.get(0), this));
                }
                array.add(node);
            }
            return ok(page.describe(json, all.size())).build();
        });
    }

    /**
     * Returns ready-made experiments after the studies, for a form to start from.
     *
     * @return 200 OK with {"presets": [...]}
     */
    @GET
    @Path("presets")
    @Produces(MediaType.APPLICATION_JSON)
    public Response presets() {
        return ok(encodeArray(Experiment.class, "presets", get(ExperimentService.class).presets())).build();
    }

    /**
     * Checks an experiment without storing it.
     *
     * @onos.rsModel Experiment
     * @param body the experiment
     * @return 200 OK with {"valid": true|false, "fields": {path: message}}
     */
    @POST
    @Path("validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response validate(InputStream body) {
        Map<String, String> problems;
        try {
            problems = new TreeMap<>(get(ExperimentService.class).validate(read(body)));
        } catch (ExperimentValidationException e) {
            problems = e.fields();
        }
        ObjectNode json = mapper().createObjectNode().put("valid", problems.isEmpty());
        ObjectNode fields = json.putObject("fields");
        problems.forEach(fields::put);
        return ok(json).build();
    }

    /**
     * Stores an experiment.
     *
     * @onos.rsModel Experiment
     * @param body the experiment
     * @return 201 Created with the experiment; 400 naming each wrong field
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        return answer(() -> Response.status(Response.Status.CREATED).entity(
                codec(Experiment.class).encode(get(ExperimentService.class).create(read(body)), this)).build());
    }

    /**
     * Shows an experiment with its runs, newest first.
     *
     * @param id the experiment
     * @return 200 OK; 404
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response experiment(@PathParam("id") String id) {
        return answer(() -> {
            ExperimentService service = get(ExperimentService.class);
            Experiment e = service.experiment(id).orElseThrow(() -> new ItemNotFoundException("No experiment " + id));
            ObjectNode json = codec(Experiment.class).encode(e, this);
            json.set("runs", encodeArray(ExperimentRun.class, "runs", service.runs(id)).get("runs"));
            return ok(json).build();
        });
    }

    /**
     * Removes an experiment with its runs, results and samples.
     *
     * @param id the experiment
     * @return 204 No Content; 404; 409 while a run of it is queued or running
     */
    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        return answer(() -> {
            if (!get(ExperimentService.class).remove(id)) {
                throw new ItemNotFoundException("No experiment " + id);
            }
            return Response.noContent().build();
        });
    }

    /**
     * Queues a run of an experiment; it starts once no other run measures at its ingress device.
     *
     * @onos.rsModel NoArguments
     * @param id   the experiment
     * @param body none, or an empty JSON object
     * @return 202 Accepted with the run (QUEUED); 404; 400 when the network no longer fits
     */
    @POST
    @Path("{id}/runs")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response start(@PathParam("id") String id, InputStream body) {
        // Declared as consuming JSON: ONOS's Jersey answers 415 to a body sent to a method without
        // @Consumes (found on real ONOS; the stand-in's let it through).
        JsonBodies.requireNoFields(body, mapper());
        return answer(() -> Response.status(Response.Status.ACCEPTED).entity(
                codec(ExperimentRun.class).encode(get(ExperimentService.class).start(id), this)).build());
    }

    /**
     * Lists an experiment's runs.
     *
     * @param id the experiment
     * @return 200 OK with {"runs": [...]}, newest first; 404 when there is no such experiment (as POST says)
     */
    @GET
    @Path("{id}/runs")
    @Produces(MediaType.APPLICATION_JSON)
    public Response runs(@PathParam("id") String id) {
        return answer(() -> {
            ExperimentService service = get(ExperimentService.class);
            if (service.experiment(id).isEmpty()) {
                throw new ItemNotFoundException("No experiment " + id);
            }
            return ok(encodeArray(ExperimentRun.class, "runs", service.runs(id))).build();
        });
    }

    /**
     * Shows a run with its state and progress (poll it to follow the run).
     *
     * @param id    the experiment
     * @param runId the run
     * @return 200 OK; 404
     */
    @GET
    @Path("{id}/runs/{runId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response run(@PathParam("id") String id, @PathParam("runId") long runId) {
        return answer(() -> ok(codec(ExperimentRun.class).encode(runOf(id, runId), this)).build());
    }

    /**
     * Cancels a queued or running run.
     *
     * @onos.rsModel NoArguments
     * @param id    the experiment
     * @param runId the run
     * @param body  none, or an empty JSON object
     * @return 200 OK with the run; 404; 409 when it has ended
     */
    @POST
    @Path("{id}/runs/{runId}/cancel")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response cancel(@PathParam("id") String id, @PathParam("runId") long runId, InputStream body) {
        JsonBodies.requireNoFields(body, mapper());
        return answer(() -> {
            runOf(id, runId);
            return ok(codec(ExperimentRun.class).encode(get(ExperimentService.class).cancel(runId), this)).build();
        });
    }

    /**
     * Returns a run's results: per cell and class, the comparisons and the studies' tables.
     *
     * @param id    the experiment
     * @param runId the run
     * @return 200 OK; 404 when the run is unknown or has no results (yet)
     */
    @GET
    @Path("{id}/runs/{runId}/results")
    @Produces(MediaType.APPLICATION_JSON)
    public Response results(@PathParam("id") String id, @PathParam("runId") long runId) {
        return answer(() -> ok(codec(ExperimentResults.class).encode(resultsOf(id, runId), this)).build());
    }

    /**
     * Exports a run's results as a file.
     *
     * @param id     the experiment
     * @param runId  the run
     * @param format csv (the tables) or json (everything results returns)
     * @return 200 OK with an attachment; 400 for another format; 404
     */
    @GET
    @Path("{id}/runs/{runId}/export")
    @Produces({"text/csv", MediaType.APPLICATION_JSON})
    public Response export(@PathParam("id") String id, @PathParam("runId") long runId,
                           @QueryParam("format") @DefaultValue("csv") String format) {
        if (!format.equals("csv") && !format.equals("json")) {
            throw new IllegalArgumentException("format must be csv or json, got " + format);
        }
        return answer(() -> {
            ExperimentResults results = resultsOf(id, runId);
            String name = id + "-run-" + runId + "." + format;
            Object entity = format.equals("csv") ? ExperimentCsv.of(results)
                    : codec(ExperimentResults.class).encode(results, this);
            return Response.ok(entity, format.equals("csv") ? "text/csv" : MediaType.APPLICATION_JSON)
                    .header("Content-Disposition", "attachment; filename=\"" + name + "\"").build();
        });
    }

    /**
     * Returns a run's raw samples: one per telemetry report of its probes.
     *
     * @param id        the experiment
     * @param runId     the run
     * @param className only this class
     * @param limit     at most this many (1..100,000, default 10,000)
     * @return 200 OK with {"samples": [...]} in arrival order; 400; 404
     */
    @GET
    @Path("{id}/runs/{runId}/samples")
    @Produces(MediaType.APPLICATION_JSON)
    public Response samples(@PathParam("id") String id, @PathParam("runId") long runId,
                            @QueryParam("class") String className,
                            @QueryParam("limit") @DefaultValue("10000") int limit) {
        return answer(() -> {
            runOf(id, runId);
            List<ExperimentSample> samples = get(ExperimentService.class).samples(runId,
                                                                                  Optional.ofNullable(className), limit);
            return ok(encodeArray(ExperimentSample.class, "samples", samples)).build();
        });
    }

    /**
     * Compares two runs class by class.
     *
     * @param a the first run ("before")
     * @param b the second run ("after")
     * @return 200 OK with {"runA", "runB", "rows"}; 400 without both; 404 when one has no results
     */
    @GET
    @Path("compare")
    @Produces(MediaType.APPLICATION_JSON)
    public Response compare(@QueryParam("a") Long a, @QueryParam("b") Long b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("compare needs two runs: ?a=RUN&b=RUN");
        }
        return answer(() -> {
            RunComparison comparison = get(ExperimentService.class).compare(a, b);
            return ok(codec(RunComparison.class).encode(comparison, this)).build();
        });
    }

    private ExperimentRun runOf(String id, long runId) {
        ExperimentRun run = get(ExperimentService.class).run(runId)
                .orElseThrow(() -> new ItemNotFoundException("No run " + runId));
        if (!run.experimentId().equals(id)) {
            throw new ItemNotFoundException("Run " + runId + " is not a run of " + id);
        }
        return run;
    }

    private ExperimentResults resultsOf(String id, long runId) {
        ExperimentRun run = runOf(id, runId);
        return get(ExperimentService.class).results(runId).orElseThrow(() -> new ItemNotFoundException(
                "Run " + runId + " has no results (it is " + run.state() + run.reason().map(r -> ": " + r).orElse("")
                        + ")"));
    }

    private Experiment read(InputStream body) {
        return codec(Experiment.class).decode(JsonBodies.readObject(body, mapper()), this);
    }

    /** Runs a request, answering the experiments' own errors with their status and body. */
    private Response answer(Supplier<Response> request) {
        try {
            return request.get();
        } catch (ExperimentValidationException e) {
            return fieldErrors(e);
        } catch (ExperimentsUnavailableException e) {
            return JsonErrors.unavailable(e.getMessage());
        } catch (NoSuchElementException e) {
            throw new ItemNotFoundException(e.getMessage());
        }
    }

    /** The common {"code", "message", "errors"} and, as experiments always had, "fields" by path. */
    private Response fieldErrors(ExperimentValidationException e) {
        ObjectNode json = JsonErrors.invalidFields(e);
        ObjectNode fields = json.putObject("fields");
        e.fields().forEach(fields::put);
        return Response.status(Response.Status.BAD_REQUEST).entity(json).type(MediaType.APPLICATION_JSON).build();
    }
}
