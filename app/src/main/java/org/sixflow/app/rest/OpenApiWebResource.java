// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.rest.features.FeatureCatalog;
import org.sixflow.app.rest.openapi.OpenApiDocument;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * The API's OpenAPI 3.1 description.
 */
@Path("openapi.json")
public class OpenApiWebResource extends AbstractWebResource {

    /** The document and the catalog version it describes; rebuilt when features come or go. */
    private static volatile Described described;

    private static final class Described {
        final long version;
        final ObjectNode document;

        Described(long version, ObjectNode document) {
            this.version = version;
            this.document = document;
        }
    }

    /**
     * Returns the OpenAPI 3.1 description of this API, with its request limits.
     *
     * @return 200 OK with the OpenAPI document
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response openApi() {
        FeatureCatalog catalog = FeatureCatalog.shared();
        Described now = described;
        long version = catalog.version();
        if (now == null || now.version != version) {
            now = new Described(version, describe(catalog.features()));
            described = now;
        }
        return Response.ok(now.document.toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /**
     * Describes the core's API with the given features'.
     *
     * @param features the features
     * @return the OpenAPI document
     */
    public static ObjectNode describe(List<SixflowFeature> features) {
        List<Class<?>> resources = new ArrayList<>(SixflowWebApplication.CORE_RESOURCES);
        List<String> schemas = new ArrayList<>();
        for (SixflowFeature feature : features) {
            resources.addAll(feature.resources());
            schemas.addAll(feature.schemas());
        }
        return OpenApiDocument.build(resources, schemas);
    }
}
