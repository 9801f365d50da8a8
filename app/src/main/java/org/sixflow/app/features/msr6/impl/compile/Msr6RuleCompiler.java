// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import com.google.common.collect.ArrayListMultimap;
import com.google.common.collect.ListMultimap;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.impl.encoding.EncodedTree;
import org.sixflow.app.features.msr6.impl.tree.Graph;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;
import org.sixflow.app.packet.msr6.Msid;
import org.sixflow.pipeconf.GroupIds;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static org.sixflow.app.impl.PiParams.param;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_SRC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_RID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_TREE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.INDEX;
import static org.sixflow.pipeconf.P4InfoConstants.INDEX_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.PORT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SEGMENTS_LEFT;
import static org.sixflow.pipeconf.P4InfoConstants.SEGMENTS_LEFT_BITWIDTH;
import static org.sixflow.pipeconf.P4InfoConstants.SID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_DELIVER_LOCALLY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_SET_ADJACENCY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_HI;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;
import static org.sixflow.pipeconf.P4InfoConstants.SRC;
import static org.sixflow.pipeconf.P4InfoConstants.TREE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.TREE_ID_BITWIDTH;

/**
 * Turns an encoded tree into per-device table entries and ALL groups for the Sixflow pipeline
 * (pipeconf/p4src/common/control/msr6.p4): encapsulation at the ingress edge, local SIDs, SID to
 * group, copies per (group, port) with their Segments Left and destination, adjacency MACs, leaf
 * delivery. Nodes the encoder left out (EncodedTree#routed) get nothing: routing forwards the
 * tree's packets there.
 * <p>
 * What keeps trees apart on a device: their SIDs carry the tree number (MrhEncoder), so local SID
 * and SID-to-group entries are the tree's own, in both modes; every replicating node of a tree uses
 * the tree's own group id (GroupIds#treeGroup; a split node's leaf SID its delivery group,
 * GroupIds#splitDeliveryGroup; a leaf SID with one receiver port delivers by unicast, without a
 * group), and copies (by group, egress port and replication id) and
 * adjacencies (by group and egress port) are the tree's own too: two trees whose receivers share a port each give
 * it their own multicast MAC, and two RLB trees with one Local Bitstring on a node each have their
 * own group there (with their own local receivers). TreeEntryConflicts guards this.
 * <p>
 * A copy's destination comes with its entry rather than from the packet's list, so that a target
 * whose egress parses few M-SIDs (Tofino: EgressMsidLimits) finishes copies of any list.
 */
public final class Msr6RuleCompiler {

    /** Highest tree number (GroupIds). */
    public static final int MAX_TREE_ID = GroupIds.MAX_TREE_NUMBER;
    /** Entries of one tree; an (S,G) encapsulation outranks a (*,G) one of the same group. */
    static final int PRIORITY = 100;
    static final int SOURCE_SPECIFIC_PRIORITY = 200;

    private final ApplicationId appId;

    public Msr6RuleCompiler(ApplicationId appId) {
        this.appId = appId;
    }

    /**
     * Compiles a tree.
     *
     * @param treeId  tree number, 1..MAX_TREE_ID (its groups are GroupIds#treeGroup of it)
     * @param group   the multicast group address
     * @param source  the source address, or null for any source
     * @param graph   the graph the tree was computed on
     * @param tree    the tree
     * @param encoded its encoding
     * @param network the devices behind the vertices
     * @return entries and groups per device
     */
    public Msr6TreeEntries compile(int treeId, Ip6Address group, Ip6Address source, Graph graph, MulticastTree tree,
                                EncodedTree encoded, TreeNetwork network) {
        checkArgument(treeId >= 1 && treeId <= MAX_TREE_ID, "tree id %s outside 1..%s", treeId, MAX_TREE_ID);
        ListMultimap<DeviceId, FlowRule> rules = ArrayListMultimap.create();
        ListMultimap<DeviceId, GroupDescription> groups = ArrayListMultimap.create();

        // Ingress edge: encapsulate, and make the first copies itself, one per child: even a single
        // child's copy leaves by the tree's link, which routing on M-SID[0] might not take. Its own
        // receivers get copies too, decapsulated in egress as a replicating node's are.
        int root = tree.root();
        DeviceId ingress = network.device(root);
        List<Ip6Address> msids = encoded.msids();
        int treeGroup = GroupIds.treeGroup(treeId);
        PiCriterion.Builder encapMatch = PiCriterion.builder()
                .matchExact(HDR_IPV6_DST, group.toOctets());
        if (source != null) {
            encapMatch.matchTernary(HDR_IPV6_SRC, source.toOctets(), ones(16));
        }
        rules.put(ingress, rule(ingress, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP, encapMatch.build(),
                                source != null ? SOURCE_SPECIFIC_PRIORITY : PRIORITY,
                                action(Msr6EncapActions.encap(encoded.mode(), msids.size()),
                                       param(TREE_ID, treeId, TREE_ID_BITWIDTH),
                                       new PiActionParam(SRC, addressOf(network.locator(root), 1)),
                                       param(GROUP, treeGroup, GROUP_BITWIDTH))));
        int lower = Math.min(msids.size(), Msr6EncapActions.LOWER_HALF);
        rules.put(ingress, sidsRule(ingress, treeId, msids, 0, lower, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO,
                                    Msr6EncapActions.lowerHalf(msids.size())));
        if (msids.size() > lower) {
            rules.put(ingress, sidsRule(ingress, treeId, msids, lower, msids.size(),
                                        SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_HI,
                                        Msr6EncapActions.upperHalf(msids.size())));
        }
        replication(rules, groups, graph, network, root, treeGroup, encoded.copyEdges().get(root), 0, msids,
                    !network.receiverPorts(root).isEmpty(), group);

        // Split nodes' leaf SIDs: decapsulated in ingress like a leaf's, delivered by the tree's
        // delivery group (its replicating SID has the tree group). The local SID is the
        // replicating SID's in TE mode (one behaviour code, one /96): written once.
        int deliveryGroup = GroupIds.splitDeliveryGroup(treeId);
        for (Map.Entry<Integer, Ip6Address> entry : encoded.splitLeafSids().entrySet()) {
            int v = entry.getKey();
            Ip6Address sid = entry.getValue();
            DeviceId device = network.device(v);
            FlowRule localSid = localSid(device, sid, false);
            if (!rules.get(device).contains(localSid)) {
                rules.put(device, localSid);
            }
            leafDelivery(rules, groups, network, v, sid, deliveryGroup, group);
        }

        // Every other tree node: its SID behaviour, its group, copies and adjacencies.
        for (Map.Entry<Integer, Ip6Address> entry : encoded.sids().entrySet()) {
            int v = entry.getKey();
            Ip6Address sid = entry.getValue();
            DeviceId device = network.device(v);
            List<Integer> children = encoded.children().get(v);
            // Leaves are End.RL SIDs in both modes (Replication Number 0, Pointer 0: decapsulate).
            boolean rlb = encoded.mode() == Msr6Mode.RLB && children != null;
            FlowRule localSid = localSid(device, sid, rlb);
            if (!rules.get(device).contains(localSid)) {
                rules.put(device, localSid);
            }
            if (children == null) {
                leafDelivery(rules, groups, network, v, sid, treeGroup, group);
            } else {
                rules.put(device, sidGroup(device, sid, treeGroup));
                replication(rules, groups, graph, network, v, treeGroup, encoded.copyEdges().get(v),
                            Msid.pointer(sid), msids, encoded.localDelivery().contains(v), group);
            }
        }
        return Msr6TreeEntries.of(treeId, rules.values(), groups.values());
    }

    /** A SID's local SID entry: its /96 (locator and Function) and its behaviour. */
    private FlowRule localSid(DeviceId device, Ip6Address sid, boolean rlb) {
        return rule(device, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID,
                    PiCriterion.builder().matchLpm(HDR_IPV6_DST, sidPrefix(sid).address().toOctets(), 96).build(),
                    action(rlb ? SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X : SIXFLOW_INGRESS_MSR6_INGRESS_END_RL));
    }

    private FlowRule sidGroup(DeviceId device, Ip6Address sid, int groupId) {
        return rule(device, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, sidMatch(sid),
                    action(SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, param(GROUP, groupId, GROUP_BITWIDTH)));
    }

    private static PiCriterion sidMatch(Ip6Address sid) {
        return PiCriterion.builder().matchExact(HDR_SID, sid.toOctets()).build();
    }

    /**
     * A replicating node's group, copies and adjacencies: copy i leaves by copyEdges[i], towards
     * the router at its head (which may route it on, when the encoder left that node out), with
     * Segments Left = pointer + i and the M-SID there as its destination. The group's buckets are
     * the copies in order, then the node's own receivers; a port's copies are told apart by their
     * replication ids, which ONOS numbers 0, 1, ... per port in bucket order
     * (ReplicationIds), as the copy entries are keyed.
     */
    private void replication(ListMultimap<DeviceId, FlowRule> rules, ListMultimap<DeviceId, GroupDescription> groups,
                             Graph graph, TreeNetwork network, int v, int groupId, List<Integer> copyEdges,
                             int pointer, List<Ip6Address> msids, boolean localDelivery, Ip6Address group) {
        DeviceId device = network.device(v);
        List<PortNumber> ports = new ArrayList<>();
        Set<PortNumber> adjacent = new HashSet<>();
        for (int i = 0; i < copyEdges.size(); i++) {
            int edge = copyEdges.get(i);
            PortNumber port = network.port(edge);
            if (adjacent.add(port)) {
                rules.put(device, adjacency(device, groupId, port, network.routerMac(v),
                                            network.routerMac(graph.target(edge))));
            }
            int segmentsLeft = pointer + i;
            rules.put(device, rule(device, SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY,
                                   copyMatch(groupId, port, ReplicationIds.next(ports, port)),
                                   action(SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY,
                                          param(INDEX, i, INDEX_BITWIDTH),
                                          param(SEGMENTS_LEFT, segmentsLeft, SEGMENTS_LEFT_BITWIDTH),
                                          new PiActionParam(SID, msids.get(segmentsLeft).toOctets()))));
            ports.add(port);
        }
        if (localDelivery) {
            // Receivers of a replicating node get the inner packet, addressed as a leaf's are.
            for (PortNumber port : network.receiverPorts(v)) {
                rules.put(device, rule(device, SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY,
                                       copyMatch(groupId, port, ReplicationIds.next(ports, port)),
                                       action(SIXFLOW_EGRESS_MSR6_EGRESS_DELIVER_LOCALLY)));
                rules.put(device, adjacency(device, groupId, port, network.routerMac(v), multicastMac(group)));
                ports.add(port);
            }
        }
        groups.put(device, allGroup(device, groupId, ports));
    }

    /**
     * A leaf SID's delivery, decapsulated in ingress: to its one receiver port by unicast, with
     * the MACs it leaves with in the same entry (no group, no copy); to several through the
     * group of their ports, each port's MACs by (group, port).
     */
    private void leafDelivery(ListMultimap<DeviceId, FlowRule> rules, ListMultimap<DeviceId, GroupDescription> groups,
                              TreeNetwork network, int v, Ip6Address sid, int groupId, Ip6Address group) {
        DeviceId device = network.device(v);
        List<PortNumber> ports = new ArrayList<>(network.receiverPorts(v));
        if (ports.size() == 1) {
            rules.put(device, rule(device, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, sidMatch(sid),
                                   action(SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER,
                                          param(PORT, ports.get(0).toLong(), PORT_BITWIDTH),
                                          new PiActionParam(SMAC, network.routerMac(v).toBytes()),
                                          new PiActionParam(DMAC, multicastMac(group).toBytes()))));
            return;
        }
        rules.put(device, sidGroup(device, sid, groupId));
        for (PortNumber port : ports) {
            rules.put(device, adjacency(device, groupId, port, network.routerMac(v), multicastMac(group)));
        }
        groups.put(device, allGroup(device, groupId, ports));
    }

    /** The MACs a copy of a group leaves a port with: per (group, port), whichever copy it is. */
    private FlowRule adjacency(DeviceId device, int groupId, PortNumber port, MacAddress smac, MacAddress dmac) {
        return rule(device, SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY,
                    PiCriterion.builder().matchExact(HDR_GROUP, groupId).matchExact(HDR_EG_PORT, port.toLong()).build(),
                    action(SIXFLOW_EGRESS_MSR6_EGRESS_SET_ADJACENCY, new PiActionParam(SMAC, smac.toBytes()),
                           new PiActionParam(DMAC, dmac.toBytes())));
    }

    private static PiCriterion copyMatch(int groupId, PortNumber port, int replicationId) {
        return PiCriterion.builder().matchExact(HDR_GROUP, groupId).matchExact(HDR_EG_PORT, port.toLong())
                .matchExact(HDR_RID, replicationId).build();
    }

    /** M-SIDs first..last-1 of the list, by the tree's number. */
    private FlowRule sidsRule(DeviceId device, int treeId, List<Ip6Address> msids, int first, int last,
                              PiTableId table, PiActionId actionId) {
        PiAction.Builder action = PiAction.builder().withId(actionId);
        List<PiActionParamId> params = Msr6EncapActions.sidParams(first, last);
        for (int i = first; i < last; i++) {
            action.withParameter(new PiActionParam(params.get(i - first), msids.get(i).toOctets()));
        }
        return rule(device, table, PiCriterion.builder().matchExact(HDR_TREE_ID, treeId).build(), action.build());
    }

    private GroupDescription allGroup(DeviceId device, int groupId, List<PortNumber> ports) {
        List<GroupBucket> buckets = new ArrayList<>();
        for (PortNumber port : ports) {
            buckets.add(DefaultGroupBucket.createAllGroupBucket(
                    DefaultTrafficTreatment.builder().setOutput(port).build()));
        }
        return new DefaultGroupDescription(device, GroupDescription.Type.ALL, new GroupBuckets(buckets),
                                           groupKey(groupId), groupId, appId);
    }

    /**
     * Returns the key a tree's group has in ONOS's group store on every device.
     *
     * @param groupId the group's id (GroupIds#treeGroup of the tree number)
     * @return its key
     */
    public static GroupKey groupKey(int groupId) {
        return new DefaultGroupKey(ByteBuffer.allocate(4).putInt(groupId).array());
    }

    private FlowRule rule(DeviceId device, PiTableId table, PiCriterion match, PiAction action) {
        return rule(device, table, match, PRIORITY, action);
    }

    private FlowRule rule(DeviceId device, PiTableId table, PiCriterion match, int priority, PiAction action) {
        return DefaultFlowRule.builder()
                .forDevice(device)
                .forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(priority)
                .fromApp(appId)
                .makePermanent()
                .build();
    }

    private static PiAction action(PiActionId id, PiActionParam... params) {
        PiAction.Builder b = PiAction.builder().withId(id);
        for (PiActionParam p : params) {
            b.withParameter(p);
        }
        return b.build();
    }

    private static Ip6Prefix sidPrefix(Ip6Address sid) {
        return Ip6Prefix.valueOf(sid, 96);
    }

    /** The locator's address with the given interface id, e.g. fd00:0:2::1 for the source. */
    private static byte[] addressOf(Ip6Prefix locator, int interfaceId) {
        byte[] bytes = locator.address().toOctets();
        bytes[15] = (byte) interfaceId;
        return bytes;
    }

    /** 33:33 plus the low 32 bits of the group (RFC 2464). */
    static MacAddress multicastMac(Ip6Address group) {
        byte[] g = group.toOctets();
        return MacAddress.valueOf(new byte[]{0x33, 0x33, g[12], g[13], g[14], g[15]});
    }

    private static byte[] ones(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) 0xFF);
        return bytes;
    }

}
