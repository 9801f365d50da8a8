// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.rest.http.JsonBodies;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.List;

/**
 * Multihoming studies (the ILNP thesis's method) and their runs: docs/features/multihoming-study.md.
 */
@Path("multihoming")
public class MultihomingStudyWebResource extends AbstractWebResource {

    @Context
    private UriInfo uriInfo;

    /**
     * Lists the studies.
     *
     * @return 200 OK with {"studies": [...]}; 503 without the history database
     */
    @GET
    @Path("studies")
    @Produces(MediaType.APPLICATION_JSON)
    public Response studies() {
        return ok(studies("studies", get(MultihomingStudyService.class).studies())).build();
    }

    /**
     * Lists the studies ready to add for the lab's multihomed topology.
     *
     * @return 200 OK with {"presets": [...]}
     */
    @GET
    @Path("presets")
    @Produces(MediaType.APPLICATION_JSON)
    public Response presets() {
        return ok(studies("presets", get(MultihomingStudyService.class).presets())).build();
    }

    private ObjectNode studies(String field, List<MultihomingStudy> studies) {
        ObjectNode json = mapper().createObjectNode();
        ArrayNode list = json.putArray(field);
        studies.forEach(s -> list.add(codec(MultihomingStudy.class).encode(s, this)));
        return json;
    }

    /**
     * Stores a study.
     *
     * @onos.rsModel MultihomingStudy
     * @param body the study
     * @return 201 Created with the study and its Location; 400 naming every wrong field; 409 if the
     *         id is taken; 503 without the history database
     */
    @POST
    @Path("studies")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(InputStream body) {
        MultihomingStudy request = codec(MultihomingStudy.class).decode(JsonBodies.readObject(body, mapper()), this);
        MultihomingStudy stored = get(MultihomingStudyService.class).add(request);
        return Response.created(uriInfo.getAbsolutePathBuilder().path(stored.id()).build())
                .entity(codec(MultihomingStudy.class).encode(stored, this)).build();
    }

    /**
     * Shows a study.
     *
     * @param id the study
     * @return 200 OK; 404
     */
    @GET
    @Path("studies/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response study(@PathParam("id") String id) {
        MultihomingStudy study = get(MultihomingStudyService.class).study(id)
                .orElseThrow(() -> new ItemNotFoundException("No multihoming study " + id));
        return ok(codec(MultihomingStudy.class).encode(study, this)).build();
    }

    /**
     * Removes a study and its runs.
     *
     * @param id the study
     * @return 204; 404; 409 while a run of it is queued or running
     */
    @DELETE
    @Path("studies/{id}")
    public Response remove(@PathParam("id") String id) {
        if (!get(MultihomingStudyService.class).remove(id)) {
            throw new ItemNotFoundException("No multihoming study " + id);
        }
        return Response.noContent().build();
    }

    /**
     * Queues a run of a study on this instance (it installs what each protocol needs under names
     * of its own, runs the trials with the hosts' commands, and removes what it installed).
     *
     * @onos.rsModel NoArguments
     * @param id   the study
     * @param body none, or an empty JSON object
     * @return 201 Created with the run (QUEUED) and its Location; 404; 409 while a run of it is
     *         queued or running, or when this instance lacks a command the study needs
     */
    @POST
    @Path("studies/{id}/runs")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response start(@PathParam("id") String id, InputStream body) {
        JsonBodies.requireNoFields(body, mapper());
        StudyRun run = get(MultihomingStudyService.class).start(id);
        return Response.created(uriInfo.getBaseUriBuilder().path("multihoming/runs").path(String.valueOf(run.id()))
                                        .build()).entity(codec(StudyRun.class).encode(run, this)).build();
    }

    /**
     * Lists a study's runs, newest first.
     *
     * @param id the study
     * @return 200 OK with {"runs": [...]}; 404
     */
    @GET
    @Path("studies/{id}/runs")
    @Produces(MediaType.APPLICATION_JSON)
    public Response runs(@PathParam("id") String id) {
        ObjectNode json = mapper().createObjectNode();
        ArrayNode runs = json.putArray("runs");
        get(MultihomingStudyService.class).runs(id).forEach(r -> runs.add(codec(StudyRun.class).encode(r, this)));
        return ok(json).build();
    }

    /**
     * Shows a run with its cells, grid, failovers and routes to the site.
     *
     * @param runId the run
     * @return 200 OK; 404
     */
    @GET
    @Path("runs/{runId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response run(@PathParam("runId") String runId) {
        return ok(codec(StudyRunDetail.class).encode(detail(runId), this)).build();
    }

    /**
     * A run's cells as CSV, one line per trial.
     *
     * @param runId the run
     * @return 200 OK text/csv; 404
     */
    @GET
    @Path("runs/{runId}/cells.csv")
    @Produces("text/csv")
    public Response csv(@PathParam("runId") String runId) {
        StudyRunDetail detail = detail(runId);
        return Response.ok(StudyCsv.of(detail.cells()), "text/csv; charset=utf-8")
                .header("Content-Disposition", "attachment; filename=\"multihoming-run-" + detail.run().id()
                        + ".csv\"").build();
    }

    /**
     * Asks a run to stop after its current trial (a queued run never starts).
     *
     * @onos.rsModel NoArguments
     * @param runId the run
     * @param body  none, or an empty JSON object
     * @return 202 Accepted with the run; 404; 409 if it has ended
     */
    @POST
    @Path("runs/{runId}/cancel")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response cancel(@PathParam("runId") String runId, InputStream body) {
        JsonBodies.requireNoFields(body, mapper());
        StudyRun run = get(MultihomingStudyService.class).cancel(runNumber(runId));
        return Response.accepted(codec(StudyRun.class).encode(run, this)).build();
    }

    private StudyRunDetail detail(String runId) {
        return get(MultihomingStudyService.class).run(runNumber(runId))
                .orElseThrow(() -> new ItemNotFoundException("No study run " + runId));
    }

    /** A run's number; anything else names no run (404, as an unknown number does). */
    private static long runNumber(String text) {
        if (!text.matches("[0-9]{1,18}")) {
            throw new ItemNotFoundException("No study run " + text.substring(0, Math.min(text.length(), 40)));
        }
        return Long.parseLong(text);
    }
}
