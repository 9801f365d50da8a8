// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InvalidFieldsException;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The configuration's JSON: read and written back the same; every wrong field named at once.
 */
public class BngConfigJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** How a configuration without meters is written. */
    static final String UNMETERED = "\"defaultMeter\":{\"upstream\":null,\"downstream\":null},\"lineMeters\":[]";

    @Test
    public void readsAndWritesTheSame() throws Exception {
        String text = "{\"server\":\"device:bng/2\",\"echoIntervalSeconds\":10,\"echoMisses\":3,"
                + "\"linePrefixes\":[{\"sTag\":100,\"cTag\":10,\"prefix\":\"fd33:0:0:1::/64\"}],"
                + "\"prefixPool\":\"fd33:1::/48\",\"delegatedPool\":null,\"delegatedLength\":56,\"forwardDevice\":null,"
                + UNMETERED + "}";
        BngConfig config = BngConfigJson.read(MAPPER.readTree(text));
        assertEquals(ConnectPoint.deviceConnectPoint("device:bng/2"), config.server().get());
        assertEquals(10, config.echoIntervalSeconds());
        assertEquals(3, config.echoMisses());
        assertEquals(Ip6Prefix.valueOf("fd33:0:0:1::/64"), config.linePrefixes().get(BngConfig.lineKey(100, 10)));
        assertEquals(MAPPER.readTree(text), BngConfigJson.write(config, MAPPER));
        String delegating = "{\"server\":\"device:bng/2\",\"echoIntervalSeconds\":30,\"echoMisses\":4,"
                + "\"linePrefixes\":[{\"sTag\":100,\"cTag\":10,\"prefix\":\"fd33:0:0:1::/64\","
                + "\"delegated\":\"fd33:100:0:100::/56\"}],"
                + "\"prefixPool\":null,\"delegatedPool\":\"fd33:200::/40\",\"delegatedLength\":60,"
                + "\"forwardDevice\":null," + UNMETERED + "}";
        BngConfig withDelegation = BngConfigJson.read(MAPPER.readTree(delegating));
        assertEquals(Ip6Prefix.valueOf("fd33:100:0:100::/56"),
                     withDelegation.lineDelegated().get(BngConfig.lineKey(100, 10)));
        assertEquals(Ip6Prefix.valueOf("fd33:200::/40"), withDelegation.delegatedPool().get());
        assertEquals(60, withDelegation.delegatedLength());
        assertEquals(MAPPER.readTree(delegating), BngConfigJson.write(withDelegation, MAPPER));
        BngConfig defaults = BngConfigJson.read(MAPPER.readTree("{\"server\":\"device:bng/2\"}"));
        assertEquals(BngConfig.DEFAULT_DELEGATED_LENGTH, defaults.delegatedLength());
        assertEquals(java.util.Optional.empty(), defaults.delegatedPool());
        assertEquals(BngConfig.DEFAULT_ECHO_INTERVAL_SECONDS, defaults.echoIntervalSeconds());
        assertEquals(BngConfig.DEFAULT_ECHO_MISSES, defaults.echoMisses());
        assertEquals("not split unless told", java.util.Optional.empty(), defaults.forwardDevice());
    }

    @Test
    public void readsAndWritesTheSplitsForwardingDevice() throws Exception {
        String text = "{\"server\":\"device:bng-access/2\",\"echoIntervalSeconds\":30,\"echoMisses\":4,"
                + "\"linePrefixes\":[],\"prefixPool\":\"fd33:1::/48\",\"delegatedPool\":null,"
                + "\"delegatedLength\":56,\"forwardDevice\":\"device:bng-forward\","
                + UNMETERED + "}";
        BngConfig config = BngConfigJson.read(MAPPER.readTree(text));
        assertEquals(DeviceId.deviceId("device:bng-forward"), config.forwardDevice().get());
        assertEquals(MAPPER.readTree(text), BngConfigJson.write(config, MAPPER));
        assertTrue(config.toString().contains("split: forwarding on device:bng-forward"));
    }

    @Test
    public void refusesAForwardingDeviceThatIsNoDeviceId() throws Exception {
        for (String bad : new String[]{"7", "\"\"", "\"bng-forward\"", "\"device:\"", "\"device:bng forward\"",
                "{\"id\":\"device:bng-forward\"}"}) {
            try {
                BngConfigJson.read(MAPPER.readTree("{\"server\":\"device:bng-access/2\",\"forwardDevice\":" + bad + "}"));
                fail("accepted forwardDevice " + bad);
            } catch (InvalidFieldsException e) {
                assertEquals(bad, List.of("forwardDevice"), e.errors().stream()
                        .map(InvalidFieldsException.FieldError::field).collect(Collectors.toList()));
                assertTrue(e.getMessage(), e.getMessage().contains("a device id such as device:bng-forward"));
            }
        }
    }

    @Test
    public void namesEveryWrongField() throws Exception {
        String text = "{\"echoIntervalSeconds\":0,\"echoMisses\":\"4\",\"colour\":1,"
                + "\"linePrefixes\":[{\"sTag\":4095,\"prefix\":\"fd33::/48\"},{\"cTag\":1},"
                + "{\"prefix\":\"fd33:0:0:1::1/64\"},{\"prefix\":\"fd33:0:0:2::/64\"},7],"
                + "\"prefixPool\":\"fd33::/16\"}";
        try {
            BngConfigJson.read(MAPPER.readTree(text));
            fail("read");
        } catch (InvalidFieldsException e) {
            List<String> fields = e.errors().stream().map(InvalidFieldsException.FieldError::field)
                    .collect(Collectors.toList());
            assertEquals(List.of("colour", "server", "echoIntervalSeconds", "echoMisses", "linePrefixes[0].sTag",
                                 "linePrefixes[0].prefix", "linePrefixes[1].prefix", "linePrefixes[2].prefix",
                                 "linePrefixes[4]", "prefixPool"), fields);
            String message = e.getMessage();
            for (String part : new String[]{"unknown field", "is required", "must be an integer 1..3600, not 0",
                    "must be an integer 1..100, not string", "must be a /64", "has bits set past its length",
                    "must be /32 to /64"}) {
                assertEquals(part + " in " + message, true, message.contains(part));
            }
        }
        try {
            BngConfigJson.read(MAPPER.readTree("{\"server\":\"bng\",\"linePrefixes\":[{\"prefix\":\"fd33::/64\"},"
                                                       + "{\"sTag\":0,\"prefix\":\"fd34::/64\"}]}"));
            fail("read");
        } catch (InvalidFieldsException e) {
            assertEquals(List.of("server", "linePrefixes[1]"), e.errors().stream()
                    .map(InvalidFieldsException.FieldError::field).collect(Collectors.toList()));
        }
    }

    @Test
    public void namesEveryWrongDelegationField() throws Exception {
        String text = "{\"server\":\"device:bng/2\",\"linePrefixes\":["
                + "{\"sTag\":1,\"prefix\":\"fd33:0:0:1::/64\",\"delegated\":\"fd33::/48\"},"
                + "{\"sTag\":2,\"prefix\":\"fd33:0:0:2::/64\",\"delegated\":\"fd34::/72\"},"
                + "{\"sTag\":3,\"prefix\":\"fd33:0:0:3::/64\",\"delegated\":7}],"
                + "\"delegatedPool\":\"fd35::/48\",\"delegatedLength\":40}";
        try {
            BngConfigJson.read(MAPPER.readTree(text));
            fail("read");
        } catch (InvalidFieldsException e) {
            assertEquals(List.of("linePrefixes[0].delegated", "linePrefixes[1].delegated", "linePrefixes[2].delegated",
                                 "delegatedPool"),
                         e.errors().stream().map(InvalidFieldsException.FieldError::field)
                                 .collect(Collectors.toList()));
            for (String part : new String[]{"overlaps the line's /64", "must be /32 to /64",
                    "must be an IPv6 prefix string", "longer than delegatedLength /40"}) {
                assertTrue(part + " in " + e.getMessage(), e.getMessage().contains(part));
            }
        }
        try {
            BngConfigJson.read(MAPPER.readTree("{\"server\":\"device:bng/2\",\"delegatedLength\":65}"));
            fail("read");
        } catch (InvalidFieldsException e) {
            assertEquals("delegatedLength", e.errors().get(0).field());
        }
    }
}
