// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.sixflow.app.features.routing.api.Ipv6Route;

import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.MTU;
import static org.sixflow.pipeconf.P4InfoConstants.MTU_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MTU_PORT_MTU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MTU_SET_MTU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_HOST_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_MY_STATION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_SET_HOST_FACING;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_SET_MY_STATION;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * Turns routes into entries of routing_v6 (pipeconf/p4src/common/control/routing.p4): LPM on
 * the destination, action set_next_hop(port, smac, dmac), and a /128 with punt_to_router for
 * each of a router's own addresses; a router's MAC into its my_station
 * entry, without which the router routes no unicast frame; its host-facing ports into
 * host_port entries, where the SR domain ends; and its ports' netcfg MTUs into port_mtu entries,
 * past which a packet the router grows is not sent; and, where the pipeline routes IPv4 (the
 * BNG profiles), an attached host's IPv4 address into a /32 of routing_v4 (bng.p4), action
 * set_next_hop(port, smac, dmac). Within the app only routing writes these tables (the BNG's
 * own entries are in its bng_* tables), so the app's entries in them are routing's own.
 */
final class RouteRules {

    /**
     * ONOS wants a priority on every rule; for an LPM table the PI translation drops it (the
     * prefix length orders the entries), so one value serves all.
     */
    static final int PRIORITY = 10;

    private final ApplicationId appId;

    RouteRules(ApplicationId appId) {
        this.appId = appId;
    }

    /**
     * Tells whether a rule is one of routing's.
     *
     * @param rule a rule of any app and table
     * @return true for this app's routing_v6, ecmp, my_station, host_port, port_mtu and routing_v4
     *         entries
     */
    boolean isRoutingRule(FlowRule rule) {
        return rule.appId() == appId.id() && (SIXFLOW_INGRESS_ROUTING_ROUTING_V6.equals(rule.table())
                || SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4.equals(rule.table())
                || SIXFLOW_INGRESS_ROUTING_ECMP.equals(rule.table())
                || SIXFLOW_INGRESS_STATION_MY_STATION.equals(rule.table())
                || SIXFLOW_INGRESS_STATION_HOST_PORT.equals(rule.table())
                || SIXFLOW_EGRESS_MTU_PORT_MTU.equals(rule.table()));
    }

    /**
     * Builds a router's my_station entry.
     *
     * @param deviceId the router
     * @param mac      its router MAC (netcfg myStationMac)
     * @return the flow rule
     */
    FlowRule station(DeviceId deviceId, MacAddress mac) {
        PiCriterion match = PiCriterion.builder().matchExact(HDR_ETH_DST, mac.toBytes()).build();
        PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_STATION_SET_MY_STATION).build();
        return DefaultFlowRule.builder().forDevice(deviceId).forTable(SIXFLOW_INGRESS_STATION_MY_STATION)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(PRIORITY).fromApp(appId).makePermanent().build();
    }

    /**
     * Builds a route's entry.
     *
     * @param route the route
     * @return the flow rule
     * @throws IllegalArgumentException if the port does not fit the pipeline's port width
     */
    FlowRule rule(Ipv6Route route) {
        PiCriterion match = PiCriterion.builder()
                .matchLpm(HDR_IPV6_DST, route.prefix().address().toOctets(), route.prefix().prefixLength())
                .build();
        PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                .withParameter(new PiActionParam(PORT, port(route)))
                .withParameter(new PiActionParam(SMAC, route.sourceMac().toBytes()))
                .withParameter(new PiActionParam(DMAC, route.nextHopMac().toBytes()))
                .build();
        return DefaultFlowRule.builder().forDevice(route.deviceId()).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(PRIORITY).fromApp(appId).makePermanent().build();
    }

    /**
     * Builds the routing_v6 entry that punts packets to one of a router's own addresses, for the
     * controller's Echo Reply: a /128 with punt_to_router.
     *
     * @param deviceId the router
     * @param address  one of its addresses
     * @return the flow rule
     */
    FlowRule routerAddress(DeviceId deviceId, Ip6Address address) {
        PiCriterion match = PiCriterion.builder()
                .matchLpm(HDR_IPV6_DST, address.toOctets(), Ip6Address.BIT_LENGTH).build();
        PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER).build();
        return rule(deviceId, SIXFLOW_INGRESS_ROUTING_ROUTING_V6, match, action);
    }

    /**
     * Builds an IPv4 route's routing_v4 entry: its prefix with set_next_hop (to the host's MAC, or
     * the next router's), which decrements the TTL as routing_v6's does the hop limit.
     *
     * @param route     the route
     * @param routerMac the router's MAC (netcfg myStationMac), the frame's new source
     * @return the flow rule
     * @throws IllegalArgumentException if the port does not fit the pipeline's port width
     */
    FlowRule ipv4(Ipv4Routes.Route route, MacAddress routerMac) {
        PiCriterion match = PiCriterion.builder()
                .matchLpm(HDR_IPV4_DST, route.prefix.address().toOctets(), route.prefix.prefixLength()).build();
        PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP)
                .withParameter(new PiActionParam(PORT, fit(route.port.toLong(), PORT_BITWIDTH,
                                                           "port " + route.port + " of " + route.deviceId)))
                .withParameter(new PiActionParam(SMAC, routerMac.toBytes()))
                .withParameter(new PiActionParam(DMAC, route.nextHopMac.toBytes()))
                .build();
        return rule(route.deviceId, SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4, match, action);
    }

    /**
     * Builds a host-facing port's host_port entry.
     *
     * @param deviceId the router
     * @param port     a port that faces hosts
     * @return the flow rule
     * @throws IllegalArgumentException if the port does not fit the pipeline's port width
     */
    FlowRule hostPort(DeviceId deviceId, PortNumber port) {
        PiCriterion match = PiCriterion.builder()
                .matchExact(HDR_IG_PORT, fit(port.toLong(), HDR_IG_PORT_BITWIDTH, "port " + port + " of " + deviceId))
                .build();
        PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_STATION_SET_HOST_FACING).build();
        return rule(deviceId, SIXFLOW_INGRESS_STATION_HOST_PORT, match, action);
    }

    /**
     * Builds a port's port_mtu entry.
     *
     * @param deviceId the router
     * @param port     a port
     * @param mtu      its IPv6 MTU, octets
     * @return the flow rule
     * @throws IllegalArgumentException if the port or MTU does not fit the pipeline's widths
     */
    FlowRule portMtu(DeviceId deviceId, PortNumber port, int mtu) {
        PiCriterion match = PiCriterion.builder()
                .matchExact(HDR_EG_PORT, fit(port.toLong(), HDR_EG_PORT_BITWIDTH, "port " + port + " of " + deviceId))
                .build();
        PiAction action = PiAction.builder().withId(SIXFLOW_EGRESS_MTU_SET_MTU)
                .withParameter(new PiActionParam(MTU, fit(mtu, MTU_BITWIDTH, "MTU " + mtu)))
                .build();
        return rule(deviceId, SIXFLOW_EGRESS_MTU_PORT_MTU, match, action);
    }

    private FlowRule rule(DeviceId deviceId, PiTableId table, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder().forDevice(deviceId).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(PRIORITY).fromApp(appId).makePermanent().build();
    }

    private static byte[] fit(long value, int bits, String what) {
        try {
            return ImmutableByteSequence.copyFrom(value).fit(bits).asArray();
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException(what + " does not fit " + bits + " bits", e);
        }
    }

    private static ImmutableByteSequence port(Ipv6Route route) {
        try {
            return ImmutableByteSequence.copyFrom(route.port().toLong()).fit(PORT_BITWIDTH);
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException("port " + route.port() + " of " + route.deviceId() + " does not fit "
                                                       + PORT_BITWIDTH + " bits", e);
        }
    }
}
