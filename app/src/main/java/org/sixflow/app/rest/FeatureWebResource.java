// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.rest.features.FeatureCatalog;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The features running in this instance: what the dashboard shows in its menu.
 */
@Path("features")
public class FeatureWebResource extends AbstractWebResource {

    /**
     * Lists the features running in this instance, by name, each with its REST paths and its
     * dashboard page. A feature whose service has stopped is not listed and its paths answer 404.
     *
     * @return 200 OK with {"features": [{"name", "title", "paths", "dashboardPage"}]}
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response features() {
        ObjectNode json = mapper().createObjectNode();
        ArrayNode features = json.putArray("features");
        FeatureCatalog.shared().features().forEach(f -> features.add(encode(f)));
        return ok(json).build();
    }

    private ObjectNode encode(SixflowFeature feature) {
        ObjectNode json = mapper().createObjectNode().put("name", feature.name()).put("title", feature.title());
        ArrayNode paths = json.putArray("paths");
        feature.resources().stream().map(r -> r.getAnnotation(Path.class)).filter(p -> p != null)
                .map(p -> "/" + p.value().replaceAll("^/+|/+$", "")).sorted().forEach(paths::add);
        feature.dashboardPage().ifPresentOrElse(page -> json.put("dashboardPage", page),
                                                () -> json.putNull("dashboardPage"));
        return json;
    }
}
