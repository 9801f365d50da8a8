// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiActionProfileGroupId;
import org.onosproject.net.pi.runtime.PiGroupKey;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.pipeconf.GroupIds;
import org.sixflow.pipeconf.P4Defines;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_GROUP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_GROUP_ID_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP_SELECTOR;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * ECMP's groups and entries (pipeconf/p4src/common/control/routing.p4, WITH_ECMP): a route over
 * several equal-cost next hops becomes a SELECT group of set_next_hop buckets, which ONOS 2.7's
 * P4Runtime driver writes as an action profile group of the ecmp selector (PiGroupTranslatorImpl:
 * the group key is a {@link PiGroupKey} naming the ecmp table and its action profile; each
 * bucket's treatment is one PiAction), an ecmp table entry from the group id to that group, and a
 * routing_v6 entry with set_ecmp_group. Routes of a device with the same next hops share a group.
 *
 * <p>Group ids come from the set of next hops (a stable hash into the ECMP range of
 * {@link GroupIds}, the next free one on a collision, sets taken in a fixed order), so every
 * instance computes the same ids from the same routes, with no store, and a group keeps its id
 * while its next hops stay the same.
 */
final class EcmpGroups {

    private final ApplicationId appId;

    EcmpGroups(ApplicationId appId) {
        this.appId = appId;
    }

    /** A group's members: the router's source MAC and the next hops. */
    static final class Members {
        final MacAddress sourceMac;
        final List<Ipv6Route.NextHop> nextHops;

        Members(MacAddress sourceMac, List<Ipv6Route.NextHop> nextHops) {
            this.sourceMac = sourceMac;
            this.nextHops = List.copyOf(nextHops);
        }

        static Members of(Ipv6Route route) {
            return new Members(route.sourceMac(), route.nextHops());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Members && sourceMac.equals(((Members) o).sourceMac)
                    && nextHops.equals(((Members) o).nextHops);
        }

        @Override
        public int hashCode() {
            return sourceMac.hashCode() * 31 + nextHops.hashCode();
        }

        @Override
        public String toString() {
            return sourceMac + " " + nextHops;
        }

        /** The same on every JVM (no identity or enum hash codes): ports and MACs as numbers. */
        long stableHash() {
            long h = sourceMac.toLong();
            for (Ipv6Route.NextHop hop : nextHops) {
                h = h * 1_000_003L + hop.port().toLong();
                h = h * 1_000_003L + hop.mac().toLong();
            }
            return h ^ (h >>> 29);
        }
    }

    /**
     * Gives each set of members its group id: its stable hash's slot in the ECMP range, or the
     * next free one. Sets are placed in a fixed order (by text), so the answer depends only on
     * the sets. More sets than the range holds: those past it get none (their routes keep one
     * next hop).
     *
     * @param sets the member sets of a device's ECMP routes
     * @return set to group id
     */
    static Map<Members, Integer> allocate(Collection<Members> sets) {
        List<Members> ordered = sets.stream().distinct()
                .sorted(Comparator.comparing(Members::toString)).collect(Collectors.toList());
        Map<Members, Integer> ids = new LinkedHashMap<>();
        Set<Integer> taken = new HashSet<>();
        for (Members members : ordered) {
            if (taken.size() == P4Defines.ECMP_GROUPS) {
                break;
            }
            int index = (int) Math.floorMod(members.stableHash(), (long) P4Defines.ECMP_GROUPS);
            while (taken.contains(index)) {
                index = (index + 1) % P4Defines.ECMP_GROUPS;
            }
            taken.add(index);
            ids.put(members, GroupIds.ecmpGroup(index));
        }
        return ids;
    }

    /**
     * The key ONOS keeps a group under, which tells its P4Runtime driver the table and action
     * profile.
     *
     * @param groupId the group id
     * @return the key
     */
    static PiGroupKey key(int groupId) {
        return new PiGroupKey(SIXFLOW_INGRESS_ROUTING_ECMP, SIXFLOW_INGRESS_ROUTING_ECMP_SELECTOR, groupId);
    }

    /**
     * Tells whether a group is one of ECMP's (any app's key on the ecmp selector).
     *
     * @param group a group
     * @return true for an ECMP group
     */
    static boolean isEcmpGroup(Group group) {
        return group.appCookie() instanceof PiGroupKey
                && SIXFLOW_INGRESS_ROUTING_ECMP_SELECTOR.equals(((PiGroupKey) group.appCookie()).actionProfileId());
    }

    /**
     * Builds a group: one SELECT bucket per next hop, set_next_hop with its port and MACs.
     *
     * @param deviceId the router
     * @param groupId  its id
     * @param members  source MAC and next hops
     * @return the group description
     * @throws IllegalArgumentException if a port does not fit the pipeline's port width
     */
    GroupDescription group(DeviceId deviceId, int groupId, Members members) {
        List<GroupBucket> buckets = new ArrayList<>();
        for (Ipv6Route.NextHop hop : members.nextHops) {
            PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                    .withParameter(new PiActionParam(PORT, fit(hop.port().toLong(), PORT_BITWIDTH,
                                                               "port " + hop.port() + " of " + deviceId)))
                    .withParameter(new PiActionParam(SMAC, members.sourceMac.toBytes()))
                    .withParameter(new PiActionParam(DMAC, hop.mac().toBytes()))
                    .build();
            buckets.add(DefaultGroupBucket.createSelectGroupBucket(
                    DefaultTrafficTreatment.builder().piTableAction(action).build()));
        }
        return new DefaultGroupDescription(deviceId, GroupDescription.Type.SELECT, new GroupBuckets(buckets),
                                           key(groupId), groupId, appId);
    }

    /**
     * Builds the ecmp table entry of a group: its id to the action profile group.
     *
     * @param deviceId the router
     * @param groupId  the group
     * @return the flow rule
     */
    FlowRule entry(DeviceId deviceId, int groupId) {
        PiCriterion match = PiCriterion.builder()
                .matchExact(HDR_GROUP_ID, fit(groupId, HDR_GROUP_ID_BITWIDTH, "group " + groupId)).build();
        return DefaultFlowRule.builder().forDevice(deviceId).forTable(SIXFLOW_INGRESS_ROUTING_ECMP)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder()
                                       .piTableAction(PiActionProfileGroupId.of(groupId)).build())
                .withPriority(RouteRules.PRIORITY).fromApp(appId).makePermanent().build();
    }

    /**
     * Builds a route's routing_v6 entry that hands it to its group.
     *
     * @param route   the route
     * @param groupId its group
     * @return the flow rule
     */
    FlowRule route(Ipv6Route route, int groupId) {
        PiCriterion match = PiCriterion.builder()
                .matchLpm(HDR_IPV6_DST, route.prefix().address().toOctets(), route.prefix().prefixLength())
                .build();
        PiAction action = PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP)
                .withParameter(new PiActionParam(GROUP_ID, fit(groupId, HDR_GROUP_ID_BITWIDTH, "group " + groupId)))
                .build();
        return DefaultFlowRule.builder().forDevice(route.deviceId()).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(RouteRules.PRIORITY).fromApp(appId).makePermanent().build();
    }

    /**
     * Tells whether a rule is one of this app's ecmp table entries.
     *
     * @param rule a rule
     * @return true for an ecmp entry of this app
     */
    boolean isEcmpRule(FlowRule rule) {
        return rule.appId() == appId.id() && SIXFLOW_INGRESS_ROUTING_ECMP.equals(rule.table());
    }

    private static byte[] fit(long value, int bits, String what) {
        try {
            return ImmutableByteSequence.copyFrom(value).fit(bits).asArray();
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException(what + " does not fit " + bits + " bits", e);
        }
    }
}
