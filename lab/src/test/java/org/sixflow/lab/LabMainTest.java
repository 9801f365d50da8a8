// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.lab.testing.Await;
import org.sixflow.lab.testing.FakeP4RuntimeSwitch;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * LabMain's wiring end to end, against a fake P4Runtime switch: state and netcfg files read, a
 * throwaway PostgreSQL, every Sixflow component activated over the lab's services, the switch
 * connected, and the REST API answering from the real managers.
 */
public class LabMainTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    public void startsEverythingAndServesRestFromTheRealManagers() throws Exception {
        try (FakeP4RuntimeSwitch fake = new FakeP4RuntimeSwitch(); LabMain.Running running = new LabMain.Running()) {
            File dir = Files.createTempDirectory("sixflow-labmain").toFile();
            File state = new File(dir, "state.json");
            Files.writeString(state.toPath(), "{\"switches\": [{\"name\": \"beijing\", \"deviceId\": \"device:beijing\", "
                    + "\"p4rtDeviceId\": 1, \"grpcAddress\": \"127.0.0.1:" + fake.port() + "\", \"cpuPort\": 255, "
                    + "\"ports\": {\"1\": \"sfx-none1\", \"3\": \"sfx-none3\"}}], \"hosts\": []}");
            ObjectNode beijing = (ObjectNode) MAPPER.readTree(new File("../docker/netcfg.json"))
                    .path("devices").path("device:beijing");
            ((ObjectNode) beijing.path("basic")).put("managementAddress",
                                                     "grpc://127.0.0.1:" + fake.port() + "?device_id=1");
            ((ObjectNode) beijing.path("sixflow")).remove("gnmiAddress");
            ObjectNode netcfg = MAPPER.createObjectNode();
            netcfg.putObject("devices").set("device:beijing", beijing);
            File netcfgFile = new File(dir, "netcfg.json");
            MAPPER.writeValue(netcfgFile, netcfg);

            LabMain.start(Map.of("state", state.getPath(), "netcfg", netcfgFile.getPath(), "http-port", "0"),
                          running);
            DeviceId id = DeviceId.deviceId("device:beijing");
            Await.until("beijing connected", () -> running.southbound.devices().isAvailable(id));
            String base = "http://127.0.0.1:" + running.web.port() + LabWebServer.CONTEXT + "/v1/";

            JsonNode devices = get(base + "devices");
            assertTrue(devices.toString(), devices.toString().contains("device:beijing"));
            Await.until("history database up", () -> {
                try {
                    return get(base + "health").toString().contains("UP");
                } catch (IOException e) {
                    return false;
                }
            });
            assertEquals(0, get(base + "trees").path("trees").size());
            assertEquals(1, fake.pipelinePushes);
        }
    }

    private static JsonNode get(String url) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL(url).openConnection();
        connection.setRequestProperty("Authorization", "Basic b25vczpyb2Nrcw==");   // onos:rocks
        assertEquals(url, 200, connection.getResponseCode());
        try (InputStream in = connection.getInputStream()) {
            return MAPPER.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
