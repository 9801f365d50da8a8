// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.eclipsesource.json.Json;
import com.eclipsesource.json.JsonArray;
import com.eclipsesource.json.JsonObject;
import org.junit.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuPathService;
import org.sixflow.app.rest.SixflowRestTest;
import org.sixflow.app.testing.TestGtpuPathService;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * /gtpu/paths: what the path supervisor says of each path, as JSON.
 */
public class GtpuPathWebResourceTest extends SixflowRestTest {

    private static final List<GtpuPath> PATHS = List.of(
            GtpuPath.builder(DeviceId.deviceId("device:beijing"), Ip6Address.valueOf("fd00:1:1::2152:1"),
                             Ip6Address.valueOf("fd00:1:5::50")).state(GtpuPath.State.UP).requestsSent(7)
                    .responses(6).lastRequest(Instant.parse("2026-12-05T12:00:00Z"))
                    .lastResponse(Instant.parse("2026-12-05T12:00:00.004Z"))
                    .nextRequest(Instant.parse("2026-12-05T12:01:00Z")).build(),
            GtpuPath.builder(DeviceId.deviceId("device:beijing"), Ip6Address.valueOf("fd00:1:1::2152:2"),
                             Ip6Address.valueOf("fd00:1:5::50"))
                    .notEchoed("no installed route from device:beijing to fd00:1:5::50").build());

    @Override
    protected void addServices(TestServiceDirectory directory) {
        directory.add(GtpuPathService.class,
                      new TestGtpuPathService(PATHS, Optional.of(Instant.parse("2026-12-05T12:01:00Z"))));
    }

    @Test
    public void listsEachPathWithWhatItsEchoesSay() {
        JsonObject answer = Json.parse(target().path("gtpu/paths").request().get(String.class)).asObject();
        assertEquals(60, answer.getInt("echoIntervalSeconds", -1));
        assertEquals(3, answer.getInt("echoMisses", -1));
        assertEquals("2026-12-05T12:01:00Z", answer.getString("nextRound", null));
        JsonArray paths = answer.get("paths").asArray();
        assertEquals(2, paths.size());
        JsonObject up = paths.get(0).asObject();
        assertEquals("device:beijing", up.getString("device", null));
        assertEquals("fd00:1:1::2152:1", up.getString("n3Address", null));
        assertEquals("fd00:1:5::50", up.getString("peerAddress", null));
        assertEquals("UP", up.getString("state", null));
        assertEquals(7, up.getInt("requestsSent", -1));
        assertEquals(6, up.getInt("responses", -1));
        assertEquals(0, up.getInt("missed", -1));
        assertEquals("2026-12-05T12:00:00Z", up.getString("lastRequest", null));
        assertEquals("2026-12-05T12:00:00.004Z", up.getString("lastResponse", null));
        assertTrue(up.get("notEchoed").isNull());
        assertEquals("2026-12-05T12:01:00Z", up.getString("nextRequest", null));
        JsonObject unknown = paths.get(1).asObject();
        assertEquals("UNKNOWN", unknown.getString("state", null));
        assertTrue(unknown.get("lastRequest").isNull());
        assertTrue(unknown.get("lastResponse").isNull());
        assertEquals("no installed route from device:beijing to fd00:1:5::50", unknown.getString("notEchoed", null));
        assertTrue(unknown.get("nextRequest").isNull());
    }
}
