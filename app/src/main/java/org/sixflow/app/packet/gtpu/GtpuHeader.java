// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.gtpu;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalInt;

/**
 * A GTP-U message's header (3GPP TS 29.281 section 5): the mandatory 8 octets, the optional 4
 * (sequence number, N-PDU number, next extension header type) when E, S or PN is set, and the
 * chain of extension headers; the message's information elements (or a G-PDU's T-PDU) follow.
 * Read from a UDP payload, and written for the one message the controller sends, the Echo
 * Response. ONOS's org.onlab.packet has no GTP, hence this.
 */
public final class GtpuHeader {

    /** The registered UDP port of GTP-U (TS 29.281 section 4.4.2), the data plane's GTPU_UDP_PORT. */
    public static final int UDP_PORT = 2152;
    /** Largest TEID: the field has 32 bits. */
    public static final long MAX_TEID = 0xFFFF_FFFFL;
    /** GTP version 1; PT 1 is GTP (0 would be GTP'). */
    public static final int VERSION = 1;
    /** The mandatory part, which the Length field does not count. */
    public static final int MANDATORY_BYTES = 8;
    /** The optional fields, present when any of E, S, PN is set. */
    public static final int OPTIONAL_BYTES = 4;
    /** Message types (TS 29.281 section 6.1). */
    public static final int ECHO_REQUEST = 1;
    public static final int ECHO_RESPONSE = 2;
    public static final int ERROR_INDICATION = 26;
    public static final int SUPPORTED_EXTENSION_HEADERS_NOTIFICATION = 31;
    public static final int END_MARKER = 254;
    public static final int G_PDU = 0xff;
    /** The Recovery information element (TS 29.281 section 8.2): type 14, TV, one octet of restart counter. */
    public static final int IE_RECOVERY = 14;
    /** The PDU Session Container (TS 38.415): the one extension header Sixflow comprehends. */
    public static final int PDU_SESSION_CONTAINER = 0x85;
    /** The extension header types Sixflow's GTP-U ends comprehend, as its notifications list them. */
    public static final List<Integer> SUPPORTED_EXTENSIONS = List.of(PDU_SESSION_CONTAINER);

    private static final int FLAG_PT = 0x10;
    private static final int FLAG_E = 0x04;
    private static final int FLAG_S = 0x02;
    private static final int FLAG_PN = 0x01;
    private static final int NO_MORE_EXTENSIONS = 0;
    /** An extension header's length counts 4-octet units. */
    private static final int EXTENSION_UNIT = 4;
    /** Next extension header types with this bit set must be understood by the endpoint (section 5.2.1). */
    private static final int COMPREHENSION_REQUIRED = 0x80;
    private static final int RECOVERY_IE_BYTES = 2;

    private final int messageType;
    private final long teid;
    private final OptionalInt sequenceNumber;
    private final List<Integer> extensionTypes;
    private final int headerBytes;

    private GtpuHeader(int messageType, long teid, OptionalInt sequenceNumber, List<Integer> extensionTypes,
                       int headerBytes) {
        this.messageType = messageType;
        this.teid = teid;
        this.sequenceNumber = sequenceNumber;
        this.extensionTypes = ImmutableList.copyOf(extensionTypes);
        this.headerBytes = headerBytes;
    }

    /**
     * Reads the header of the GTP-U message a UDP datagram carries. The Length field must account
     * for the whole payload (one message per datagram, as the data plane checks), and the
     * extension headers must fit in it.
     *
     * @param message the UDP payload
     * @return the header
     * @throws GtpuFormatException naming what is wrong: too short, not GTP version 1, a length
     *                             that disagrees, a truncated or empty extension header
     */
    public static GtpuHeader parse(byte[] message) throws GtpuFormatException {
        if (message.length < MANDATORY_BYTES) {
            throw new GtpuFormatException("truncated: " + message.length + " octets, the mandatory header has "
                                                  + MANDATORY_BYTES);
        }
        ByteBuffer b = ByteBuffer.wrap(message);
        int flags = Byte.toUnsignedInt(b.get(0));
        if (flags >>> 5 != VERSION || (flags & FLAG_PT) == 0) {
            throw new GtpuFormatException("not GTP version 1 (version " + (flags >>> 5) + ", PT "
                                                  + ((flags & FLAG_PT) >>> 4) + ")");
        }
        int messageType = Byte.toUnsignedInt(b.get(1));
        int length = Short.toUnsignedInt(b.getShort(2));
        long teid = Integer.toUnsignedLong(b.getInt(4));
        if (MANDATORY_BYTES + length != message.length) {
            throw new GtpuFormatException("the Length field counts " + length + " octets after the header, the "
                                                  + "datagram carries " + (message.length - MANDATORY_BYTES));
        }
        if ((flags & (FLAG_E | FLAG_S | FLAG_PN)) == 0) {
            return new GtpuHeader(messageType, teid, OptionalInt.empty(), List.of(), MANDATORY_BYTES);
        }
        int offset = MANDATORY_BYTES + OPTIONAL_BYTES;
        if (offset > message.length) {
            throw new GtpuFormatException("truncated in the optional fields");
        }
        // The sequence number and the next extension type mean something only with their flags set.
        OptionalInt sequence = (flags & FLAG_S) != 0
                ? OptionalInt.of(Short.toUnsignedInt(b.getShort(MANDATORY_BYTES))) : OptionalInt.empty();
        int next = (flags & FLAG_E) != 0 ? Byte.toUnsignedInt(b.get(offset - 1)) : NO_MORE_EXTENSIONS;
        ImmutableList.Builder<Integer> types = ImmutableList.builder();
        while (next != NO_MORE_EXTENSIONS) {
            if (offset >= message.length) {
                throw new GtpuFormatException(String.format("truncated before extension header 0x%02x", next));
            }
            int units = Byte.toUnsignedInt(b.get(offset));
            if (units == 0) {
                throw new GtpuFormatException(String.format("extension header 0x%02x has length 0", next));
            }
            int end = offset + units * EXTENSION_UNIT;
            if (end > message.length) {
                throw new GtpuFormatException(String.format("truncated in extension header 0x%02x", next));
            }
            types.add(next);
            next = Byte.toUnsignedInt(b.get(end - 1));
            offset = end;
        }
        return new GtpuHeader(messageType, teid, sequence, types.build(), offset);
    }

    /**
     * Writes an Echo Request (TS 29.281 section 7.2.1): version 1, PT 1, S set with the given
     * sequence number, TEID 0, no extension header and no IE (the Private Extension is optional).
     *
     * @param sequenceNumber the sequence number, 0..65535, which the response copies
     * @return the GTP-U message, the UDP payload
     */
    public static byte[] echoRequest(int sequenceNumber) {
        ByteBuffer b = ByteBuffer.allocate(MANDATORY_BYTES + OPTIONAL_BYTES);
        b.put((byte) (VERSION << 5 | FLAG_PT | FLAG_S)).put((byte) ECHO_REQUEST).putShort((short) OPTIONAL_BYTES)
                .putInt(0);
        b.putShort((short) sequenceNumber).put((byte) 0).put((byte) NO_MORE_EXTENSIONS);
        return b.array();
    }

    /**
     * Writes an Echo Response (TS 29.281 section 7.2.2): version 1, PT 1, S set with the given
     * sequence number, TEID 0, no extension header, and the Recovery IE with restart counter 0
     * (the counter is not used in GTP-U: sent as 0, ignored on receipt).
     *
     * @param sequenceNumber the sequence number, 0..65535 (the request's)
     * @return the GTP-U message, the UDP payload
     */
    public static byte[] echoResponse(int sequenceNumber) {
        int length = OPTIONAL_BYTES + RECOVERY_IE_BYTES;
        ByteBuffer b = ByteBuffer.allocate(MANDATORY_BYTES + length);
        b.put((byte) (VERSION << 5 | FLAG_PT | FLAG_S)).put((byte) ECHO_RESPONSE).putShort((short) length).putInt(0);
        b.putShort((short) sequenceNumber).put((byte) 0).put((byte) NO_MORE_EXTENSIONS);
        b.put((byte) IE_RECOVERY).put((byte) 0);
        return b.array();
    }

    /**
     * Whether an extension header type must be understood by the endpoint that receives it: the
     * type's two high bits are 10 or 11 (TS 29.281 section 5.2.1).
     *
     * @param type a next extension header type
     * @return whether comprehension is required
     */
    public static boolean comprehensionRequired(int type) {
        return (type & COMPREHENSION_REQUIRED) != 0;
    }

    /**
     * Returns the first extension header that the receiving endpoint must comprehend (section
     * 5.2.1) and Sixflow does not: the one a Supported Extension Headers Notification answers.
     *
     * @return its type, if the message has one
     */
    public OptionalInt unsupportedRequiredExtension() {
        return extensionTypes.stream().mapToInt(Integer::intValue)
                .filter(t -> comprehensionRequired(t) && !SUPPORTED_EXTENSIONS.contains(t)).findFirst();
    }

    /**
     * Returns the message type.
     *
     * @return the message type, 0..255
     */
    public int messageType() {
        return messageType;
    }

    /**
     * Returns the tunnel endpoint identifier.
     *
     * @return the TEID, 0..4294967295
     */
    public long teid() {
        return teid;
    }

    /**
     * Returns the sequence number, if the S flag says there is one.
     *
     * @return the sequence number
     */
    public OptionalInt sequenceNumber() {
        return sequenceNumber;
    }

    /**
     * Returns the types of the extension headers, in order.
     *
     * @return the extension header types, empty for none
     */
    public List<Integer> extensionTypes() {
        return extensionTypes;
    }

    /**
     * Returns the header's length: where the information elements (or the T-PDU) start.
     *
     * @return octets from the start of the message
     */
    public int headerBytes() {
        return headerBytes;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("messageType", messageType).add("teid", teid)
                .add("sequenceNumber", sequenceNumber).add("extensionTypes", extensionTypes).toString();
    }
}
