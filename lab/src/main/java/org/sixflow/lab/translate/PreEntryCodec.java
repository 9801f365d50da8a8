// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onosproject.net.PortNumber;
import org.onosproject.net.pi.runtime.PiCloneSessionEntry;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import p4.v1.P4RuntimeOuterClass.CloneSessionEntry;
import p4.v1.P4RuntimeOuterClass.MulticastGroupEntry;
import p4.v1.P4RuntimeOuterClass.PacketReplicationEngineEntry;
import p4.v1.P4RuntimeOuterClass.Replica;

import java.util.ArrayList;
import java.util.List;

/**
 * Packet replication engine entries to and from P4Runtime, after ONOS 2.7's
 * MulticastGroupEntryCodec, CloneSessionEntryCodec and PreReplicaCodec (replicas by egress port
 * and instance; clone sessions with class of service and truncation length). They need no P4Info.
 */
public final class PreEntryCodec {

    private PreEntryCodec() {
    }

    /**
     * Encodes a whole entry (for INSERT and MODIFY).
     *
     * @param entry a multicast group or clone session
     * @return the message
     * @throws TranslationException if a port does not fit 32 bits
     */
    public static PacketReplicationEngineEntry encode(PiPreEntry entry) throws TranslationException {
        switch (entry.preEntryType()) {
            case MULTICAST_GROUP:
                PiMulticastGroupEntry group = (PiMulticastGroupEntry) entry;
                return PacketReplicationEngineEntry.newBuilder().setMulticastGroupEntry(
                        MulticastGroupEntry.newBuilder().setMulticastGroupId(group.groupId())
                                .addAllReplicas(replicas(group.replicas()))).build();
            case CLONE_SESSION:
                PiCloneSessionEntry session = (PiCloneSessionEntry) entry;
                return PacketReplicationEngineEntry.newBuilder().setCloneSessionEntry(
                        CloneSessionEntry.newBuilder().setSessionId(session.sessionId())
                                .addAllReplicas(replicas(session.replicas()))
                                .setClassOfService(session.classOfService())
                                .setPacketLengthBytes(session.maxPacketLengthBytes())).build();
            default:
                throw new TranslationException("PRE entry type " + entry.preEntryType() + " is not supported");
        }
    }

    /**
     * Encodes an entry's key only (its id), for DELETE.
     *
     * @param entry a multicast group or clone session
     * @return the message
     * @throws TranslationException for an unknown entry type
     */
    public static PacketReplicationEngineEntry encodeKey(PiPreEntry entry) throws TranslationException {
        switch (entry.preEntryType()) {
            case MULTICAST_GROUP:
                return PacketReplicationEngineEntry.newBuilder().setMulticastGroupEntry(
                        MulticastGroupEntry.newBuilder()
                                .setMulticastGroupId(((PiMulticastGroupEntry) entry).groupId())).build();
            case CLONE_SESSION:
                return PacketReplicationEngineEntry.newBuilder().setCloneSessionEntry(
                        CloneSessionEntry.newBuilder()
                                .setSessionId(((PiCloneSessionEntry) entry).sessionId())).build();
            default:
                throw new TranslationException("PRE entry type " + entry.preEntryType() + " is not supported");
        }
    }

    /**
     * Decodes an entry read from a device.
     *
     * @param message the message
     * @return a PiMulticastGroupEntry or PiCloneSessionEntry
     * @throws TranslationException if the message holds neither
     */
    public static PiPreEntry decode(PacketReplicationEngineEntry message) throws TranslationException {
        switch (message.getTypeCase()) {
            case MULTICAST_GROUP_ENTRY:
                MulticastGroupEntry group = message.getMulticastGroupEntry();
                return PiMulticastGroupEntry.builder().withGroupId(group.getMulticastGroupId())
                        .addReplicas(decode(group.getReplicasList())).build();
            case CLONE_SESSION_ENTRY:
                CloneSessionEntry session = message.getCloneSessionEntry();
                return PiCloneSessionEntry.builder().withSessionId(session.getSessionId())
                        .addReplicas(decode(session.getReplicasList()))
                        .withClassOfService(session.getClassOfService())
                        .withMaxPacketLengthBytes(session.getPacketLengthBytes()).build();
            default:
                throw new TranslationException("PRE entry of type " + message.getTypeCase() + " is not supported");
        }
    }

    private static List<Replica> replicas(Iterable<PiPreReplica> replicas) throws TranslationException {
        List<Replica> messages = new ArrayList<>();
        for (PiPreReplica replica : replicas) {
            long port = replica.egressPort().toLong();
            if (port < 0 || port > 0xFFFF_FFFFL) {
                throw new TranslationException("Replica port " + replica.egressPort() + " does not fit 32 bits");
            }
            messages.add(Replica.newBuilder().setEgressPort((int) port).setInstance(replica.instanceId()).build());
        }
        return messages;
    }

    private static List<PiPreReplica> decode(List<Replica> replicas) {
        List<PiPreReplica> decoded = new ArrayList<>();
        for (Replica replica : replicas) {
            decoded.add(new PiPreReplica(PortNumber.portNumber(Integer.toUnsignedLong(replica.getEgressPort())),
                                         replica.getInstance()));
        }
        return decoded;
    }
}
