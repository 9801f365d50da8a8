// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.google.common.collect.ImmutableSet;
import org.onlab.rest.AbstractWebApplication;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.JsonBodyWriter;
import org.sixflow.app.features.apn6.rest.Apn6PolicyWebResource;
import org.sixflow.app.features.bng.rest.BngWebResource;
import org.sixflow.app.features.gtpu.rest.GtpuTunnelWebResource;
import org.sixflow.app.features.ilnp.rest.IlnpSiteWebResource;
import org.sixflow.app.features.msr6.rest.Msr6TreeWebResource;
import org.sixflow.app.features.multihoming.rest.MultihomingStudyWebResource;
import org.sixflow.app.features.nptv6.rest.Nptv6MappingWebResource;
import org.sixflow.app.features.routing.rest.RouteWebResource;
import org.sixflow.app.rest.errors.BadRequestMapper;
import org.sixflow.app.rest.errors.ConflictMapper;
import org.sixflow.app.rest.errors.HistoryUnavailableMapper;
import org.sixflow.app.rest.errors.IdInUseMapper;
import org.sixflow.app.rest.errors.InternalErrorMapper;
import org.sixflow.app.rest.errors.ItemNotFoundMapper;
import org.sixflow.app.rest.errors.ServiceUnavailableMapper;
import org.sixflow.app.rest.errors.UnreadableBodyMapper;
import org.sixflow.app.rest.errors.WebErrorMapper;
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
 * the JSON content-type check first.
 */
public class SixflowWebApplication extends AbstractWebApplication {

    /**
     * Jersey's servlet container (how ONOS mounts REST apps) holds back the first 8 KB of every
     * response to compute its length, ignoring flushes; the telemetry stream's events must leave
     * as they are written, so Sixflow's responses are not held (they go out chunked instead).
     */
    static final String OUTBOUND_CONTENT_LENGTH_BUFFER = "jersey.config.server.contentLength.buffer";

    /** The API's resources; the OpenAPI description is built from these. */
    public static final List<Class<?>> RESOURCES = List.of(
            PipeconfWebResource.class, DeviceWebResource.class, HealthWebResource.class,
            EventWebResource.class, Msr6TreeWebResource.class, Apn6PolicyWebResource.class,
            GtpuTunnelWebResource.class, Nptv6MappingWebResource.class, BngWebResource.class,
            IlnpSiteWebResource.class, MultihomingStudyWebResource.class, TelemetryWebResource.class,
            TopologyWebResource.class, ResourceWebResource.class,
            RouteWebResource.class, HostWebResource.class, ExperimentWebResource.class, OpenApiWebResource.class);

    /** Filters, writers and exception mappers (ONOS's authorization filter and JSON writer among them). */
    static final List<Class<?>> PROVIDERS = List.of(
            AuthorizationFilter.class, JsonBodyWriter.class, ExactPathFilter.class, RequestLimitsFilter.class,
            JsonContentTypeFilter.class, BadRequestMapper.class, IdInUseMapper.class, ConflictMapper.class,
            ItemNotFoundMapper.class, HistoryUnavailableMapper.class, ServiceUnavailableMapper.class,
            UnreadableBodyMapper.class, WebErrorMapper.class, InternalErrorMapper.class);

    @Override
    public Map<String, Object> getProperties() {
        return Map.of(OUTBOUND_CONTENT_LENGTH_BUFFER, 0);
    }

    @Override
    public Set<Class<?>> getClasses() {
        return ImmutableSet.<Class<?>>builder().addAll(PROVIDERS).addAll(RESOURCES).build();
    }
}
