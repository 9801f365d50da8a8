// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.InvalidFieldException;
import org.sixflow.app.api.DeviceRole;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Device netcfg: what is accepted, and what is rejected with which message.
 */
public class SixflowDeviceConfigTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    static SixflowDeviceConfig config(String json) throws Exception {
        SixflowDeviceConfig config = new SixflowDeviceConfig();
        config.init(BEIJING, SixflowDeviceConfig.KEY, (ObjectNode) MAPPER.readTree(json), MAPPER, null);
        return config;
    }

    private static String withField(String field) {
        return "{\"role\": \"EDGE\", \"locator\": \"fd00:1:1::/64\", \"myStationMac\": \"00:aa:00:00:00:01\""
                + (field.isEmpty() ? "" : ", " + field) + "}";
    }

    private static void assertRejected(String json, String messagePart) throws Exception {
        try {
            boolean valid = config(json).isValid();
            assertFalse("accepted " + json, valid);
        } catch (InvalidFieldException e) {
            assertTrue(e.getMessage() + " should mention " + messagePart, e.getMessage().contains(messagePart));
        }
    }

    @Test
    public void readsAValidConfig() throws Exception {
        SixflowDeviceConfig config = config(withField(
                "\"rlbBits\": {\"1\": 0, \"2\": 12}, \"gnmiAddress\": \"mininet:50001\""));
        assertTrue(config.isValid());
        assertEquals(DeviceRole.EDGE, config.deviceRole());
        assertEquals(IpPrefix.valueOf("fd00:1:1::/64"), config.locator());
        assertEquals(MacAddress.valueOf("00:aa:00:00:00:01"), config.myStationMac());
        assertEquals(Map.of(PortNumber.portNumber(1), 0, PortNumber.portNumber(2), 12), config.rlbBits());
        assertEquals("mininet:50001", config.gnmiAddress().orElse(null));
    }

    @Test
    public void optionalFieldsMayBeAbsent() throws Exception {
        SixflowDeviceConfig config = config(withField(""));
        assertTrue(config.isValid());
        assertTrue(config.rlbBits().isEmpty());
        assertFalse(config.gnmiAddress().isPresent());
    }

    @Test
    public void readsAggregatesAndDelegations() throws Exception {
        SixflowDeviceConfig config = config(withField(
                "\"aggregates\": [\"2001:db8::/32\"], \"delegations\": {\"2001:db8:1::/48\": \"device:sbr\"}"));
        assertTrue(config.isValid());
        assertEquals(List.of(Ip6Prefix.valueOf("2001:db8::/32")), config.aggregates());
        assertEquals(Map.of(Ip6Prefix.valueOf("2001:db8:1::/48"), DeviceId.deviceId("device:sbr")),
                     config.delegations());
        assertTrue(config(withField("")).aggregates().isEmpty());
        assertTrue(config(withField("")).delegations().isEmpty());
    }

    @Test
    public void rejectsAggregatesAndDelegationsThatCannotBeRouted() throws Exception {
        assertRejected(withField("\"aggregates\": \"2001:db8::/32\""), "array of IPv6 prefixes");
        assertRejected(withField("\"aggregates\": [\"2001:db8::1/32\"]"), "bits set past its length");
        assertRejected(withField("\"aggregates\": [\"10.0.0.0/8\"]"), "no IPv6 prefix");
        assertRejected(withField("\"aggregates\": [\"::/0\"]"), "cannot be routed");
        assertRejected(withField("\"aggregates\": [\"fe80::/64\"]"), "cannot be routed");
        assertRejected(withField("\"aggregates\": [\"2001:db8::/32\", \"2001:db8::/32\"]"), "given twice");
        assertRejected(withField("\"delegations\": [\"2001:db8:1::/48\"]"), "object of IPv6 prefix -> device id");
        assertRejected(withField("\"delegations\": {\"2001:db8:1::/48\": 7}"), "delegated to a device id");
        assertRejected(withField("\"delegations\": {\"2001:db8:1::/48\": \"sbr\"}"), "delegated to a device id");
        assertRejected(withField("\"delegations\": {\"ff02::/16\": \"device:sbr\"}"), "cannot be routed");
        // A prefix that covers a group or a link-local address would route them too.
        assertRejected(withField("\"aggregates\": [\"8000::/1\"]"), "cannot be routed");
        assertRejected(withField("\"aggregates\": [\"f000::/4\"]"), "shares addresses with");
        assertRejected(withField("\"delegations\": {\"fe00::/7\": \"device:sbr\"}"), "cannot be routed");
        assertTrue("fc00::/7 (unique local) is routed",
                   config(withField("\"aggregates\": [\"fc00::/7\", \"2000::/3\"]")).aggregates().size() == 2);
    }

    @Test
    public void rejectsUnknownRole() throws Exception {
        assertRejected("{\"role\": \"CORE\", \"locator\": \"fd00:1:1::/64\", \"myStationMac\": \"00:aa:00:00:00:01\"}",
                       "EDGE or TRANSIT");
    }

    @Test
    public void rejectsLocatorThatIsNotAnIpv6Slash64() throws Exception {
        assertRejected("{\"role\": \"EDGE\", \"locator\": \"fd00:1::/48\", \"myStationMac\": \"00:aa:00:00:00:01\"}",
                       "/64");
        assertRejected("{\"role\": \"EDGE\", \"locator\": \"10.0.0.0/24\", \"myStationMac\": \"00:aa:00:00:00:01\"}",
                       "IPv6");
    }

    @Test
    public void rejectsBadRlbBits() throws Exception {
        assertRejected(withField("\"rlbBits\": {\"1\": 16}"), "0..15");
        assertRejected(withField("\"rlbBits\": {\"1\": 3, \"2\": 3}"), "used by two ports");
        assertRejected(withField("\"rlbBits\": {\"eth0\": 1}"), "not a number");
        assertRejected(withField("\"rlbBits\": [1, 2]"), "object");
    }

    @Test
    public void sidBehaviourCodesAreSixteenBits() throws Exception {
        assertEquals(0xFFFF, config(withField("\"endRlFunction\": 65535")).endRlFunction());
        // The lower half of a SID's Function is the tree number.
        assertRejected(withField("\"endRlFunction\": 65536"), "0..65535");
        assertRejected(withField("\"endRlbXFunction\": -1"), "behaviour code");
    }

    @Test
    public void portMtusOverrideTheDevicesMtu() throws Exception {
        SixflowDeviceConfig config = config(withField("\"mtu\": 1500, \"portMtu\": {\"3\": 9000}"));
        assertTrue(config.isValid());
        assertEquals(Optional.of(9000), config.mtuOf(PortNumber.portNumber(3)));
        assertEquals(Optional.of(1500), config.mtuOf(PortNumber.portNumber(1)));
        assertEquals(Optional.empty(), config(withField("")).mtuOf(PortNumber.portNumber(1)));
        assertEquals(Optional.of(1280), config(withField("\"portMtu\": {\"2\": 1280}")).mtuOf(PortNumber.portNumber(2)));
    }

    @Test
    public void egressMsidsIsAWholeNumberUpToWhatBmv2Removes() throws Exception {
        assertEquals(Optional.empty(), config(withField("")).egressMsids());
        SixflowDeviceConfig config = config(withField("\"egressMsids\": 3"));
        assertTrue(config.isValid());
        assertEquals(Optional.of(3), config.egressMsids());
        assertTrue(config(withField("\"egressMsids\": 8")).isValid());
        assertRejected(withField("\"egressMsids\": 0"), "\"egressMsids\" is invalid: must be a whole number 1..8");
        assertRejected(withField("\"egressMsids\": 9"), "1..8");
        assertRejected(withField("\"egressMsids\": 2.5"), "1..8");
        assertRejected(withField("\"egressMsids\": \"3\""), "1..8");
    }

    @Test
    public void mtusAreIpv6Mtus() throws Exception {
        assertRejected(withField("\"mtu\": 1279"), "1280..65535");
        assertRejected(withField("\"mtu\": 65536"), "1280..65535");
        assertRejected(withField("\"mtu\": \"1500\""), "mtu");
        assertRejected(withField("\"portMtu\": {\"eth0\": 1500}"), "not a number");
        assertRejected(withField("\"portMtu\": {\"2\": 100}"), "port 2's MTU");
        assertRejected(withField("\"portMtu\": [1500]"), "object");
    }

    @Test
    public void rejectsBadGnmiAddressAndUnknownFields() throws Exception {
        assertRejected(withField("\"gnmiAddress\": \"mininet\""), "host:port");
        assertRejected(withField("\"gnmiAddress\": \"mininet:0\""), "port 1..65535");
        assertRejected(withField("\"gnmiAddress\": \"mininet:65536\""), "port 1..65535");
        assertRejected(withField("\"gnmiAddress\": \"mininet:\""), "host:port");
        assertRejected(withField("\"gnmiAddress\": 50001"), "gnmiAddress");
        try {
            assertFalse(config(withField("\"colour\": \"blue\"")).isValid());
        } catch (InvalidFieldException e) {
            assertTrue(e.getMessage().contains("colour"));
        }
    }

    @Test
    public void missingMandatoryFieldIsInvalid() throws Exception {
        try {
            assertFalse(config("{\"role\": \"EDGE\"}").isValid());
        } catch (InvalidFieldException e) {
            return;
        }
        fail("unreachable");
    }
}
