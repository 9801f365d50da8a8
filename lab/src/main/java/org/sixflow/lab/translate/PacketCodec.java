// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import com.google.protobuf.ByteString;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.pi.model.PiPacketMetadataId;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import p4.config.v1.P4InfoOuterClass.ControllerPacketMetadata;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.PacketMetadata;
import p4.v1.P4RuntimeOuterClass.PacketOut;

import java.util.HashSet;
import java.util.Set;

/**
 * Packet-outs and packet-ins, after ONOS 2.7's PacketOutCodec, PacketInCodec and
 * PacketMetadataCodec: metadata ids from the P4Info's packet_out / packet_in controller headers.
 *
 * <p>Difference: a packet-out carries every field of the packet_out header, those the interpreter
 * did not set (such as padding) as zero, because the P4Runtime specification asks for all of them
 * (ONOS sends only the interpreter's; PI on bmv2 zero-fills the rest, other servers may refuse).
 */
public final class PacketCodec {

    private final P4InfoIndex p4Info;

    /**
     * Creates a codec for one pipeline.
     *
     * @param p4Info the pipeline's P4Info
     */
    public PacketCodec(P4InfoIndex p4Info) {
        this.p4Info = p4Info;
    }

    /**
     * Encodes a packet-out.
     *
     * @param packet a PACKET_OUT operation
     * @return the message
     * @throws TranslationException naming metadata the header lacks or a value too wide
     */
    public PacketOut encode(PiPacketOperation packet) throws TranslationException {
        ControllerPacketMetadata header = p4Info.controllerHeader(P4InfoIndex.PACKET_OUT);
        PacketOut.Builder message = PacketOut.newBuilder().setPayload(ByteString.copyFrom(packet.data().asArray()));
        Set<Integer> set = new HashSet<>();
        for (PiPacketMetadata metadata : packet.metadatas()) {
            ControllerPacketMetadata.Metadata info = p4Info.metadata(header, metadata.id().id());
            message.addMetadata(PacketMetadata.newBuilder().setMetadataId(info.getId()).setValue(
                    ByteStrings.canonical(metadata.value(), info.getBitwidth(), "packet-out metadata "
                            + info.getName())));
            set.add(info.getId());
        }
        for (ControllerPacketMetadata.Metadata info : header.getMetadataList()) {
            if (!set.contains(info.getId())) {
                message.addMetadata(PacketMetadata.newBuilder().setMetadataId(info.getId())
                                            .setValue(ByteString.copyFrom(new byte[1])));
            }
        }
        return message.build();
    }

    /**
     * Decodes a packet-in.
     *
     * @param message the message
     * @return a PACKET_IN operation, metadata at their full byte width
     * @throws TranslationException naming metadata the header lacks or a value too wide
     */
    public PiPacketOperation decode(PacketIn message) throws TranslationException {
        ControllerPacketMetadata header = p4Info.controllerHeader(P4InfoIndex.PACKET_IN);
        PiPacketOperation.Builder packet = PiPacketOperation.builder()
                .withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(message.getPayload().toByteArray()));
        for (PacketMetadata metadata : message.getMetadataList()) {
            ControllerPacketMetadata.Metadata info = p4Info.metadata(header, metadata.getMetadataId());
            packet.withMetadata(PiPacketMetadata.builder().withId(PiPacketMetadataId.of(info.getName()))
                                        .withValue(ByteStrings.fixedWidth(metadata.getValue(), info.getBitwidth(),
                                                                          "packet-in metadata " + info.getName()))
                                        .build());
        }
        return packet.build();
    }
}
