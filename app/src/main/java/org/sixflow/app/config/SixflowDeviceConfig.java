// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.InvalidFieldException;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigService;
import org.sixflow.app.api.DeviceRole;
import org.sixflow.app.packet.Ipv6Prefixes;
import org.sixflow.app.packet.msr6.Msid;
import org.sixflow.pipeconf.EgressMsidLimits;
import org.sixflow.pipeconf.P4Defines;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Per-device Sixflow settings, under the {@code sixflow} key of a device's netcfg:
 * <pre>
 * "sixflow": {
 *   "role": "EDGE",                     // EDGE or TRANSIT
 *   "locator": "fd00:1:1::/64",         // IPv6 /64 locator of the device's SIDs
 *   "myStationMac": "00:aa:00:00:00:01",
 *   "rlbBits": {"1": 0, "2": 1},        // port -> RLB local bit position (0..15)
 *   "gnmiAddress": "mininet:50001",     // optional: where to read port counters
 *   "endRlFunction": 256,               // optional SID behaviour codes, 16 bits (defaults 0x100, 0x200)
 *   "endRlbXFunction": 512,
 *   "mtu": 1500,                        // optional IPv6 MTU of every port (octets, 1280..65535)
 *   "portMtu": {"3": 9000},             // optional MTU of single ports, over "mtu"
 *   "aggregates": ["2001:db8::/32"],    // optional: prefixes this router originates beside its
 *                                       //   locator (a provider's address block): the others
 *                                       //   route them here
 *   "delegations": {"2001:db8:100::/48": "device:sbr"}  // optional: prefixes this router delegates
 *                                       //   to a customer router (a multihomed site's border):
 *                                       //   routed towards it here and on the way, nowhere else
 * }
 * </pre>
 */
public final class SixflowDeviceConfig extends Config<DeviceId> {

    /**
     * Whether a netcfg event adds, changes or removes a device's Sixflow config: what the features
     * whose entries carry its values (locator, SIDs, router MAC) must recheck.
     *
     * @param event the event
     * @return true for CONFIG_ADDED, CONFIG_UPDATED and CONFIG_REMOVED of this config class
     */
    public static boolean changedBy(NetworkConfigEvent event) {
        return SixflowDeviceConfig.class.equals(event.configClass())
                && (event.type() == NetworkConfigEvent.Type.CONFIG_ADDED
                || event.type() == NetworkConfigEvent.Type.CONFIG_UPDATED
                || event.type() == NetworkConfigEvent.Type.CONFIG_REMOVED);
    }

    public static final String KEY = "sixflow";
    public static final String ROLE = "role";
    public static final String LOCATOR = "locator";
    public static final String MY_STATION_MAC = "myStationMac";
    public static final String RLB_BITS = "rlbBits";
    public static final String GNMI_ADDRESS = "gnmiAddress";
    public static final String END_RL_FUNCTION = "endRlFunction";
    public static final String END_RLB_X_FUNCTION = "endRlbXFunction";
    public static final String MTU = "mtu";
    public static final String PORT_MTU = "portMtu";
    public static final String AGGREGATES = "aggregates";
    public static final String DELEGATIONS = "delegations";
    public static final String EGRESS_MSIDS = "egressMsids";
    /**
     * IPv6 links carry at least 1280 octets (RFC 8200 section 5), IPV6_MIN_MTU in define.p4, above
     * which bmv2 looks packets up; the payload length is 16 bits.
     */
    public static final int MIN_MTU = P4Defines.IPV6_MIN_MTU;
    public static final int MAX_MTU = 65_535;
    /**
     * Default behaviour codes of the SIDs (docs/features/msr6.md#m-sids: the operator's choice). A SID's
     * 32-bit Function is the code in its upper 16 bits and the tree number in its lower 16, so that
     * no two trees share a SID on a device.
     */
    public static final long DEFAULT_END_RL_FUNCTION = 0x100;
    public static final long DEFAULT_END_RLB_X_FUNCTION = 0x200;
    /** Largest behaviour code: the upper 16 bits of the Function. */
    public static final long MAX_FUNCTION_CODE = 0xFFFF;

    private static final Ip6Prefix LINK_LOCAL = Ip6Prefix.valueOf("fe80::/10");
    private static final Ip6Prefix MULTICAST = Ip6Prefix.valueOf("ff00::/8");

    /** Locators are /64: the SID's function, arguments and pointer fill the other 64 bits. */
    public static final int LOCATOR_LENGTH = 64;
    /** Bits of the End.RLB.X Local Bitstring (the SID's 16-bit Argument) a port may take: 0..15. */
    public static final int RLB_BITS_USABLE = Msid.ARGUMENT_BITS;

    @Override
    public boolean isValid() {
        if (!hasOnlyFields(ROLE, LOCATOR, MY_STATION_MAC, RLB_BITS, GNMI_ADDRESS, END_RL_FUNCTION,
                           END_RLB_X_FUNCTION, MTU, PORT_MTU, AGGREGATES, DELEGATIONS, EGRESS_MSIDS)) {
            return false;
        }
        if (!isString(ROLE, FieldPresence.MANDATORY) || !isIpPrefix(LOCATOR, FieldPresence.MANDATORY)
                || !isMacAddress(MY_STATION_MAC, FieldPresence.MANDATORY)
                || !isString(GNMI_ADDRESS, FieldPresence.OPTIONAL)) {
            return false;
        }
        deviceRole();
        if (locator().isIp4() || locator().prefixLength() != LOCATOR_LENGTH) {
            throw new InvalidFieldException(LOCATOR, "must be an IPv6 /" + LOCATOR_LENGTH + " prefix");
        }
        rlbBits();
        gnmiAddress();
        mtu();
        portMtu();
        aggregates();
        delegations();
        egressMsids();
        if (endRlFunction() == endRlbXFunction()) {
            throw new InvalidFieldException(END_RLB_X_FUNCTION, "must differ from " + END_RL_FUNCTION);
        }
        return true;
    }

    /**
     * Returns a device's Sixflow netcfg if it is there and valid.
     *
     * @param configService ONOS's netcfg
     * @param device        the device
     * @return its valid config; empty when it has none, it is invalid, or the config class is not
     *         registered yet (then it is not a Sixflow device for now)
     */
    public static Optional<SixflowDeviceConfig> validOf(NetworkConfigService configService, DeviceId device) {
        try {
            SixflowDeviceConfig config = configService.getConfig(device, SixflowDeviceConfig.class);
            return config != null && config.isValid() ? Optional.of(config) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Returns where a device's port counters are read over gNMI: the one place that decides which
     * devices the gNMI collector reads (the others' counters come from ONOS's port statistics).
     *
     * @param configService ONOS's netcfg
     * @param device        the device
     * @return its gnmiAddress; empty when it has no Sixflow netcfg or names none
     * @throws InvalidFieldException if it names one that is not host:port
     */
    public static Optional<String> gnmiAddressOf(NetworkConfigService configService, DeviceId device) {
        SixflowDeviceConfig config = configService.getConfig(device, SixflowDeviceConfig.class);
        return config == null ? Optional.empty() : config.gnmiAddress();
    }

    /**
     * Returns the device's role.
     *
     * @return the role
     * @throws InvalidFieldException if the role is not EDGE or TRANSIT
     */
    public DeviceRole deviceRole() {
        String value = get(ROLE, "");
        try {
            return DeviceRole.valueOf(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(ROLE, "must be EDGE or TRANSIT, not \"" + value + "\"");
        }
    }

    /**
     * Returns the device's locator.
     *
     * @return the /64 locator
     */
    public IpPrefix locator() {
        return IpPrefix.valueOf(get(LOCATOR, null));
    }

    /**
     * Returns the MAC the device answers to as a router.
     *
     * @return the MAC address
     */
    public MacAddress myStationMac() {
        return MacAddress.valueOf(get(MY_STATION_MAC, null));
    }

    /**
     * Returns the RLB bit position of each switch-to-switch port.
     *
     * @return port to bit position (0..15), distinct bits
     * @throws InvalidFieldException if a port or bit is out of range or a bit repeats
     */
    public Map<PortNumber, Integer> rlbBits() {
        Set<Integer> used = new HashSet<>();
        return portMap(RLB_BITS, "bit position", (port, bit) -> {
            if (!bit.isInt() || bit.asInt() < 0 || bit.asInt() >= RLB_BITS_USABLE) {
                throw new InvalidFieldException(RLB_BITS, "port " + port + " needs a bit position 0.."
                        + (RLB_BITS_USABLE - 1) + ", got " + bit);
            }
            if (!used.add(bit.asInt())) {
                throw new InvalidFieldException(RLB_BITS, "bit " + bit.asInt() + " is used by two ports");
            }
            return bit.asInt();
        });
    }

    /**
     * Returns the behaviour code of this device's End.RL SIDs (upper half of their Function).
     *
     * @return 16-bit code
     */
    public long endRlFunction() {
        return function(END_RL_FUNCTION, DEFAULT_END_RL_FUNCTION);
    }

    /**
     * Returns the behaviour code of this device's End.RLB.X SIDs (upper half of their Function).
     *
     * @return 16-bit code
     */
    public long endRlbXFunction() {
        return function(END_RLB_X_FUNCTION, DEFAULT_END_RLB_X_FUNCTION);
    }

    private long function(String field, long fallback) {
        JsonNode node = object.path(field);
        if (node.isMissingNode() || node.isNull()) {
            return fallback;
        }
        if (!node.canConvertToLong() || node.asLong() < 0 || node.asLong() > MAX_FUNCTION_CODE) {
            throw new InvalidFieldException(field, "must be a behaviour code 0.." + MAX_FUNCTION_CODE
                    + " (the SID's Function is code << 16 | tree number), got " + node);
        }
        return node.asLong();
    }

    /**
     * Returns the MTU of every port, if configured.
     *
     * @return IPv6 MTU in octets
     * @throws InvalidFieldException if it is not 1280..65535
     */
    public Optional<Integer> mtu() {
        JsonNode node = object.path(MTU);
        if (node.isMissingNode() || node.isNull()) {
            return Optional.empty();
        }
        return Optional.of(checkMtu(MTU, "mtu", node));
    }

    /**
     * Returns the MTUs of single ports, which override {@link #mtu()}.
     *
     * @return port to IPv6 MTU in octets
     * @throws InvalidFieldException if a port is not a number or an MTU not 1280..65535
     */
    public Map<PortNumber, Integer> portMtu() {
        return portMap(PORT_MTU, "MTU", (port, mtu) -> checkMtu(PORT_MTU, "port " + port + "'s MTU", mtu));
    }

    /**
     * Reads an object of port number -> value.
     *
     * @param key   the field
     * @param what  what each value is, for the message
     * @param value reads one port's value (the port, its JSON), throwing InvalidFieldException
     * @return port to value; empty when the field is absent or null
     * @throws InvalidFieldException if the field is no object or a port no positive number
     */
    private Map<PortNumber, Integer> portMap(String key, String what, BiFunction<Long, JsonNode, Integer> value) {
        JsonNode ports = object.path(key);
        if (ports.isMissingNode() || ports.isNull()) {
            return ImmutableMap.of();
        }
        if (!ports.isObject()) {
            throw new InvalidFieldException(key, "must be an object of port -> " + what);
        }
        ImmutableMap.Builder<PortNumber, Integer> result = ImmutableMap.builder();
        Iterator<Map.Entry<String, JsonNode>> fields = ports.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> entry = fields.next();
            long port;
            try {
                port = Long.parseLong(entry.getKey());
            } catch (NumberFormatException e) {
                throw new InvalidFieldException(key, "port \"" + entry.getKey() + "\" is not a number");
            }
            if (port <= 0) {
                throw new InvalidFieldException(key, "port " + entry.getKey() + " is not a port number");
            }
            result.put(PortNumber.portNumber(port), value.apply(port, entry.getValue()));
        }
        return result.build();
    }

    /**
     * Returns the prefixes this router originates beside its locator (a provider's address
     * block): the other routers route them to it; inside them it routes by its more specific
     * routes (its delegations, its hosts).
     *
     * @return the prefixes, in the order given
     * @throws InvalidFieldException if the field is no array or an item no routable IPv6 prefix
     */
    public List<Ip6Prefix> aggregates() {
        JsonNode list = object.path(AGGREGATES);
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new InvalidFieldException(AGGREGATES, "must be an array of IPv6 prefixes");
        }
        List<Ip6Prefix> result = new ArrayList<>();
        for (JsonNode item : list) {
            Ip6Prefix prefix = routablePrefix(AGGREGATES, item.isTextual() ? item.asText() : item.toString());
            if (result.contains(prefix)) {
                throw new InvalidFieldException(AGGREGATES, prefix + " is given twice");
            }
            result.add(prefix);
        }
        return List.copyOf(result);
    }

    /**
     * Returns the prefixes this router delegates to customer routers (RFC 8415's delegating
     * router, statically): each is routed towards its customer on this router and on the routers
     * between them, and nowhere else (the rest of the network reaches it through this router's
     * aggregate).
     *
     * @return prefix to the customer router's device id
     * @throws InvalidFieldException if the field is no object, a key no routable IPv6 prefix or a
     *                               value no device id
     */
    public Map<Ip6Prefix, DeviceId> delegations() {
        JsonNode map = object.path(DELEGATIONS);
        if (map.isMissingNode() || map.isNull()) {
            return Map.of();
        }
        if (!map.isObject()) {
            throw new InvalidFieldException(DELEGATIONS, "must be an object of IPv6 prefix -> device id");
        }
        Map<Ip6Prefix, DeviceId> result = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = map.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> entry = fields.next();
            Ip6Prefix prefix = routablePrefix(DELEGATIONS, entry.getKey());
            JsonNode to = entry.getValue();
            if (!to.isTextual() || !to.asText().matches("[a-z][a-z0-9]*:\\S+")) {
                throw new InvalidFieldException(DELEGATIONS, prefix + " must be delegated to a device id"
                        + " such as \"device:sbr\", not " + to);
            }
            if (result.put(prefix, DeviceId.deviceId(to.asText())) != null) {
                throw new InvalidFieldException(DELEGATIONS, prefix + " is given twice");
            }
        }
        return Collections.unmodifiableMap(result);
    }

    /**
     * An IPv6 prefix as written (no bits past its length), /1 or longer, sharing no address with
     * fe80::/10 or ff00::/8: a route that covered a group would take its packets where only a tree
     * may (the data plane drops a link-local or link-scoped one it routes, but not a wider group).
     */
    private static Ip6Prefix routablePrefix(String field, String text) {
        Ip6Prefix prefix;
        try {
            prefix = Ipv6Prefixes.parseExact(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(field, e.getMessage());
        }
        if (prefix.prefixLength() == 0 || overlaps(prefix, LINK_LOCAL) || overlaps(prefix, MULTICAST)) {
            throw new InvalidFieldException(field, prefix + " cannot be routed (a /0, or it shares addresses with"
                    + " link-local fe80::/10 or multicast ff00::/8)");
        }
        return prefix;
    }

    private static boolean overlaps(Ip6Prefix a, Ip6Prefix b) {
        return a.contains(b) || b.contains(a);
    }

    /**
     * Returns the MTU of a port: its own, else the device's, else none.
     *
     * @param port a port of the device
     * @return IPv6 MTU in octets, or empty when netcfg sets none
     */
    public Optional<Integer> mtuOf(PortNumber port) {
        Integer own = portMtu().get(port);
        return own != null ? Optional.of(own) : mtu();
    }

    private static int checkMtu(String field, String what, JsonNode node) {
        if (!node.isInt() || node.asInt() < MIN_MTU || node.asInt() > MAX_MTU) {
            throw new InvalidFieldException(field, what + " must be " + MIN_MTU + ".." + MAX_MTU
                    + " octets (an IPv6 MTU), got " + node);
        }
        return node.asInt();
    }

    /**
     * Returns the most M-SIDs the trees may ask this device's egress to remove, if configured:
     * lower than its pipeconf's (EgressMsidLimits), the trees are planned as for a device with a
     * shallower egress, so that a replicating node with receivers of its own is split (a Tofino
     * switch's trees tried on bmv2, as the lab does). It can only lower the pipeconf's limit.
     *
     * @return the limit, 1..8 (every M-SID bmv2's egress removes)
     * @throws InvalidFieldException if it is not a whole number 1..8
     */
    public Optional<Integer> egressMsids() {
        JsonNode node = object.path(EGRESS_MSIDS);
        if (node.isMissingNode() || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isIntegralNumber() || node.asLong() < 1 || node.asLong() > EgressMsidLimits.BMV2) {
            throw new InvalidFieldException(EGRESS_MSIDS, "must be a whole number 1.." + EgressMsidLimits.BMV2
                    + " (M-SIDs the device's egress removes), got " + node);
        }
        return Optional.of(node.asInt());
    }

    /**
     * Returns the gNMI endpoint for port counters, if configured.
     *
     * @return host:port
     * @throws InvalidFieldException if the value is not host:port
     */
    public Optional<String> gnmiAddress() {
        String value = get(GNMI_ADDRESS, null);
        if (value == null) {
            return Optional.empty();
        }
        int colon = value.lastIndexOf(':');
        String port = colon < 0 ? "" : value.substring(colon + 1);
        if (colon <= 0 || port.isEmpty() || port.length() > 5 || !port.chars().allMatch(Character::isDigit)
                || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65_535) {
            throw new InvalidFieldException(GNMI_ADDRESS, "must be host:port with a port 1..65535, not \""
                    + value + "\"");
        }
        return Optional.of(value);
    }
}
