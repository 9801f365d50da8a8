// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.MauResourceType;
import org.sixflow.app.api.MauStage;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.rest.Msr6TreeRequestCodec;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.rest.Ipv6RouteCodec;
import org.sixflow.app.telemetry.stats.LatencyStatistics;
import org.sixflow.app.telemetry.stats.OverheadComparison;
import org.sixflow.app.testing.Definitions;
import org.sixflow.app.testing.PlainCodecContext;
import org.sixflow.pipeconf.Feature;
import org.sixflow.pipeconf.PipeconfCapabilities;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The REST JSON schemas describe what the codecs read and write.
 */
public class RestSchemasTest {

    private static final CodecContext CONTEXT = new PlainCodecContext();

    private static JsonNode schema(String name) {
        return Definitions.schema(name);
    }

    @Test
    public void treeRequestSchemaNamesWhatTheCodecWrites() throws Exception {
        JsonNode schema = schema("Msr6TreeRequest");
        assertEquals("Msr6TreeRequest", schema.path("title").asText());
        JsonNode encoded = new Msr6TreeRequestCodec().encode(Msr6TreeRequest.of(
                "video", ConnectPoint.deviceConnectPoint("device:beijing/3"), Ip6Address.valueOf("ff3e::1"),
                Set.of(ConnectPoint.deviceConnectPoint("device:wuhan/3")), Msr6Mode.TE,
                Msr6TreeRequest.Algorithm.STEINER).withSourceAddress(Ip6Address.valueOf("fd00:1:1::10")), CONTEXT);
        Iterator<String> names = schema.path("properties").fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            assertTrue("codec writes " + name, encoded.has(name));
        }
        Iterator<String> constraints = schema.path("properties").path("constraints").path("properties").fieldNames();
        while (constraints.hasNext()) {
            String name = constraints.next();
            assertTrue("codec writes constraints." + name, encoded.path("constraints").has(name));
        }
        assertEquals(4, schema.path("required").size());
        assertEquals("receivers", schema("Msr6TreeReceivers").path("required").get(0).asText());
    }

    private static void assertCodecWritesEveryProperty(JsonNode schema, JsonNode encoded, String where) {
        Iterator<String> names = schema.path("required").elements().hasNext()
                ? iterate(schema.path("required")) : schema.path("properties").fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            assertTrue("codec writes " + where + name, encoded.has(name));
        }
    }

    private static Iterator<String> iterate(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return names.iterator();
    }

    @Test
    public void telemetrySchemasNameWhatTheCodecsWrite() throws Exception {
        DeviceId leaf1 = DeviceId.deviceId("device:leaf1");
        Instant t = Instant.parse("2026-11-22T15:00:00Z");
        PortStatistics port = PortStatistics.of(PortCounters.builder(leaf1, "1", t.plusSeconds(1)).inPackets(9L).build(),
                                                Optional.of(PortCounters.builder(leaf1, "1", t).inPackets(1L).build()));
        assertCodecWritesEveryProperty(schema("TelemetryPort"), new PortStatisticsCodec().encode(port, CONTEXT), "");
        assertEquals(15, schema("TelemetryPort").path("properties").size());

        JsonNode point = schema("TelemetryLatencySeries").path("properties").path("points").path("items");
        assertCodecWritesEveryProperty(point, new LatencyPointCodec().encode(LatencyPoint.of(t, 3, 1.5, 1, 2), CONTEXT),
                                       "points[].");

        double[] feature = {110, 120, 115, 118};
        double[] baseline = {100, 101, 99, 100};
        LatencyComparison comparison = LatencyComparison.builder()
                .feature(LatencyClass.APN6_INSERT, LatencyStatistics.of(feature).summary())
                .baseline(LatencyClass.IPV6, LatencyStatistics.of(baseline).summary())
                .overhead(OverheadComparison.of(feature, baseline).summary(List.of(0.1)))
                .sampling(200_000, false).build();
        JsonNode statistics = schema("TelemetryStatistics");
        JsonNode encoded = new LatencyComparisonCodec().encode(comparison, CONTEXT);
        for (String name : new String[]{"feature", "baseline", "overhead", "stability", "sampleLimit", "sampled"}) {
            assertTrue("codec writes " + name, encoded.has(name));
        }
        assertCodecWritesEveryProperty(statistics.path("definitions").path("classStatistics"), encoded.path("feature"),
                                       "feature.");
        assertCodecWritesEveryProperty(statistics.path("properties").path("overhead"), encoded.path("overhead"),
                                       "overhead.");
    }

    @Test
    public void theCapabilitiesSchemaNamesWhatItsCodecWrites() throws Exception {
        PipeconfCapabilities capabilities = PipeconfCapabilities.of(BundledPipeconfs.bmv2()).orElseThrow();
        JsonNode schema = schema("DeviceCapabilities");
        JsonNode encoded = new PipeconfCapabilitiesCodec().encode(capabilities, CONTEXT);
        assertCodecWritesEveryProperty(schema, encoded, "");
        assertTrue("the full profile recirculates", encoded.has("recirculationPort"));
        encoded.fieldNames().forEachRemaining(name -> assertTrue("schema names " + name,
                                                                 schema.path("properties").has(name)));
        assertEquals(11, schema.path("properties").size());
        List<String> features = new ArrayList<>();
        schema.path("properties").path("features").path("items").path("enum").forEach(f -> features.add(f.asText()));
        assertEquals("every feature a profile may have",
                     Arrays.stream(Feature.values()).map(Feature::name).collect(Collectors.toList()), features);
    }

    @Test
    public void resourceSchemasNameWhatTheCodecsWrite() throws Exception {
        List<MauResource> resources = new ArrayList<>();
        for (MauResourceType type : MauResourceType.values()) {
            resources.add(MauResource.of(type, 1, 2));
        }
        MauReport report = MauReport.of(new PiPipeconfId("org.sixflow.core.tofino"), "9.13.4", 1,
                                        List.of(MauStage.of(0, resources)));
        JsonNode schema = schema("ResourcesMau");
        JsonNode encoded = new MauReportCodec().encode(report, CONTEXT);
        assertCodecWritesEveryProperty(schema, encoded, "");
        assertCodecWritesEveryProperty(schema.path("properties").path("stages").path("items"),
                                       encoded.path("stages").get(0), "stages[].");
        JsonNode resource = schema.path("definitions").path("resource");
        assertCodecWritesEveryProperty(resource, encoded.path("totals").get(0), "totals[].");
        // The schema lists every resource name the codec can write, in the codec's order.
        List<String> names = new ArrayList<>();
        resource.path("properties").path("name").path("enum").forEach(n -> names.add(n.asText()));
        List<String> written = new ArrayList<>();
        encoded.path("stages").get(0).path("resources").forEach(r -> written.add(r.path("name").asText()));
        assertEquals(names, written);

        TableOccupancy row = TableOccupancy.of(DeviceId.deviceId("device:beijing"), "SixflowIngress.acl.acl",
                                               Instant.parse("2026-11-22T15:00:00Z"), 3, 256);
        assertCodecWritesEveryProperty(schema("ResourcesTable"), new TableOccupancyCodec().encode(row, CONTEXT), "");
        assertEquals(5, schema("ResourcesTable").path("properties").size());
    }

    @Test
    public void routeSchemaNamesWhatTheCodecWrites() throws Exception {
        Ipv6Route route = Ipv6Route.of(DeviceId.deviceId("device:wuhan"), Ip6Prefix.valueOf("fd00:1:4::/64"),
                                       Ipv6Route.Kind.SUBNET, PortNumber.portNumber(2),
                                       MacAddress.valueOf("00:aa:00:00:00:02"), MacAddress.valueOf("00:aa:00:00:00:03"));
        JsonNode schema = schema("Route");
        JsonNode encoded = new Ipv6RouteCodec().encode(route, CONTEXT);
        assertCodecWritesEveryProperty(schema, encoded, "");
        assertEquals(schema.path("properties").size(), encoded.size());
        List<String> kinds = new ArrayList<>();
        schema.path("properties").path("kind").path("enum").forEach(k -> kinds.add(k.asText()));
        assertEquals(Arrays.stream(Ipv6Route.Kind.values()).map(Enum::name)
                             .collect(Collectors.toList()), kinds);
        List<String> states = new ArrayList<>();
        schema.path("properties").path("state").path("enum").forEach(k -> states.add(k.asText()));
        assertEquals(List.of("REQUESTED", "INSTALLED", "FAILED"), states);
    }
}
