// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.google.common.collect.ImmutableSet;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.onlab.rest.AbstractWebApplication;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.JsonBodyWriter;
import org.sixflow.app.rest.errors.BadRequestMapper;
import org.sixflow.app.rest.errors.ClusterStoreUnavailableMapper;
import org.sixflow.app.rest.errors.ConflictMapper;
import org.sixflow.app.rest.errors.HistoryUnavailableMapper;
import org.sixflow.app.rest.errors.IdInUseMapper;
import org.sixflow.app.rest.errors.InternalErrorMapper;
import org.sixflow.app.rest.errors.ItemNotFoundMapper;
import org.sixflow.app.rest.errors.ServiceUnavailableMapper;
import org.sixflow.app.rest.errors.UnreadableBodyMapper;
import org.sixflow.app.rest.errors.WebErrorMapper;
import org.sixflow.app.rest.features.FeatureCatalog;
import org.sixflow.app.rest.features.FeatureReloader;
import org.sixflow.app.rest.http.BodilessContentTypeFilter;
import org.sixflow.app.rest.http.ExactPathFilter;
import org.sixflow.app.rest.http.JsonContentTypeFilter;
import org.sixflow.app.rest.http.RequestLimitsFilter;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Sixflow REST API, mounted at /onos/sixflow/v1. Errors are JSON {@code {"code", "message"}}
 * through Sixflow's own exception mappers (ONOS's would answer database failures as 409 with the
 * database's text, and anything unmapped as an HTML page); requests pass the request limits and
 * the JSON content-type check first. The features' resources are those running now
 * ({@link FeatureCatalog}); the container reloads when that changes.
 */
public class SixflowWebApplication extends AbstractWebApplication {

    /**
     * Jersey's servlet container (how ONOS mounts REST apps) holds back the first 8 KB of every
     * response to compute its length, ignoring flushes; the telemetry stream's events must leave
     * as they are written, so Sixflow's responses are not held (they go out chunked instead).
     */
    static final String OUTBOUND_CONTENT_LENGTH_BUFFER = "jersey.config.server.contentLength.buffer";

    /** The core's resources; each feature brings its own (FeatureCatalog). */
    public static final List<Class<?>> CORE_RESOURCES = List.of(
            PipeconfWebResource.class, DeviceWebResource.class, HealthWebResource.class,
            EventWebResource.class, TelemetryWebResource.class, TopologyWebResource.class,
            ResourceWebResource.class, HostWebResource.class, ExperimentWebResource.class,
            FeatureWebResource.class, OpenApiWebResource.class);

    /** Filters, writers and exception mappers (ONOS's authorization filter and JSON writer among them). */
    static final List<Class<?>> PROVIDERS = List.of(
            AuthorizationFilter.class, JsonBodyWriter.class, ExactPathFilter.class, BodilessContentTypeFilter.class,
            RequestLimitsFilter.class, JsonContentTypeFilter.class, BadRequestMapper.class, IdInUseMapper.class,
            ConflictMapper.class, ItemNotFoundMapper.class, HistoryUnavailableMapper.class,
            ClusterStoreUnavailableMapper.class, ServiceUnavailableMapper.class, UnreadableBodyMapper.class,
            WebErrorMapper.class, InternalErrorMapper.class);

    /**
     * Jersey's own configuration of this application: responses not held back (above); no
     * providers found on the class path (inside ONOS none are: a test's class path held Jackson's
     * JSON reader, which made Jersey accept a Content-Type that ONOS's Jersey refuses with 415),
     * so the application runs with exactly {@link #PROVIDERS} everywhere; and no WADL document
     * (Jersey's answer to OPTIONS, XML describing the resources' Java names) where the API is
     * described by openapi.json.
     */
    public static final Map<String, Object> PROPERTIES = Map.of(
            OUTBOUND_CONTENT_LENGTH_BUFFER, 0,
            ServerProperties.FEATURE_AUTO_DISCOVERY_DISABLE, true,
            ServerProperties.METAINF_SERVICES_LOOKUP_DISABLE, true,
            ServerProperties.WADL_FEATURE_DISABLE, true);

    @Override
    public Map<String, Object> getProperties() {
        return PROPERTIES;
    }

    /** Reloads the container into a new instance of this application when features come or go. */
    private final FeatureReloader reloader =
            new FeatureReloader(() -> ResourceConfig.forApplication(new SixflowWebApplication()));

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> features = FeatureCatalog.shared().resources();
        reloader.serving(features);
        return ImmutableSet.<Class<?>>builder().addAll(PROVIDERS).addAll(CORE_RESOURCES).addAll(features).build();
    }

    @Override
    public Set<Object> getSingletons() {
        return Set.of(reloader);
    }
}
