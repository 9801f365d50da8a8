// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.routing;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.sixflow.app.api.Ipv6Route;

import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * Turns routes into entries of routing_v6 (pipeconf/p4src/common/control/routing.p4): LPM on
 * the destination, action set_next_hop(port, smac, dmac). Within the app only routing writes
 * this table, so the app's entries in it are routing's own.
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
     * @return true for this app's routing_v6 entries
     */
    boolean isRoutingRule(FlowRule rule) {
        return rule.appId() == appId.id() && SIXFLOW_INGRESS_ROUTING_ROUTING_V6.equals(rule.table());
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

    private static ImmutableByteSequence port(Ipv6Route route) {
        try {
            return ImmutableByteSequence.copyFrom(route.port().toLong()).fit(PORT_BITWIDTH);
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException("port " + route.port() + " of " + route.deviceId() + " does not fit "
                                                       + PORT_BITWIDTH + " bits", e);
        }
    }
}
