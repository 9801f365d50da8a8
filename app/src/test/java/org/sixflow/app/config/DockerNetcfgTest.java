// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;

import java.io.File;
import java.util.Iterator;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The lab's docker/netcfg.json must be accepted by Sixflow's own config classes.
 */
public class DockerNetcfgTest {

    private static final File NETCFG = new File("../docker/netcfg.json");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    public void everyDeviceBlockIsValid() throws Exception {
        JsonNode devices = MAPPER.readTree(NETCFG).path("devices");
        int seen = 0;
        Iterator<Map.Entry<String, JsonNode>> entries = devices.fields();
        while (entries.hasNext()) {
            Map.Entry<String, JsonNode> entry = entries.next();
            JsonNode block = entry.getValue().path(SixflowDeviceConfig.KEY);
            assertTrue(entry.getKey() + " has a sixflow block", block.isObject());
            SixflowDeviceConfig config = new SixflowDeviceConfig();
            config.init(DeviceId.deviceId(entry.getKey()), SixflowDeviceConfig.KEY, (ObjectNode) block, MAPPER, null);
            assertTrue(entry.getKey() + " sixflow config is valid", config.isValid());
            assertEquals("org.sixflow.full.bmv2", entry.getValue().path("basic").path("pipeconf").asText());
            seen++;
        }
        assertEquals("the lab has five switches", 5, seen);
    }

    @Test
    public void appBlockIsValid() throws Exception {
        JsonNode block = MAPPER.readTree(NETCFG).path("apps").path(SixflowConfigRegistrar.APP_NAME)
                .path(SixflowAppConfig.KEY);
        SixflowAppConfig config = new SixflowAppConfig();
        config.init(TestApplicationId.create(SixflowConfigRegistrar.APP_NAME), SixflowAppConfig.KEY,
                    (ObjectNode) block, MAPPER, null);
        assertTrue(config.isValid());
        assertTrue(config.database().orElseThrow().url().startsWith("jdbc:postgresql://postgres:5432/"));
        assertEquals(30, config.database().orElseThrow().retentionDays());
    }
}
