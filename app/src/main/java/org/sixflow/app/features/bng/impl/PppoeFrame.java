// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One PPPoE frame as the BNG punts it (RFC 2516; IEEE 802.1ad S-tag and 802.1Q C-tag in front,
 * either may be absent): Ethernet addresses, VLAN ids, the PPPoE header, and for discovery its
 * tags, for the session stage the PPP protocol and what follows it. Decoding checks every
 * length; the frame's bytes are kept so that the relay sends exactly what came, only with the
 * Ethernet addresses it rewrites.
 */
final class PppoeFrame {

    static final int ETHERTYPE_QINQ = 0x88a8;
    static final int ETHERTYPE_VLAN = 0x8100;
    static final int ETHERTYPE_DISCOVERY = 0x8863;
    static final int ETHERTYPE_SESSION = 0x8864;

    /** Discovery codes (RFC 2516 section 5). */
    static final int PADI = 0x09;
    static final int PADO = 0x07;
    static final int PADR = 0x19;
    static final int PADS = 0x65;
    static final int PADT = 0xa7;
    /** The session stage's code. */
    static final int SESSION = 0x00;

    /** Discovery tag types this code reads (RFC 2516 appendix A). */
    static final int TAG_END_OF_LIST = 0x0000;
    static final int TAG_AC_NAME = 0x0102;
    static final int TAG_GENERIC_ERROR = 0x0203;

    private static final int MAC_BYTES = 6;
    private static final int PPPOE_HEADER = 6;
    private static final int TAG_HEADER = 4;
    private static final int VID_MASK = 0x0fff;

    /** A discovery tag: type and value. */
    static final class Tag {
        final int type;
        final byte[] value;

        Tag(int type, byte[] value) {
            this.type = type;
            this.value = value.clone();
        }
    }

    private final byte[] bytes;
    private final int sVid;
    private final int cVid;
    private final int etherType;
    private final int code;
    private final int sessionId;
    private final int pppoeOffset;
    private final int length;
    private final List<Tag> tags;

    private PppoeFrame(byte[] bytes, int sVid, int cVid, int etherType, int code, int sessionId, int pppoeOffset,
                       int length, List<Tag> tags) {
        this.bytes = bytes;
        this.sVid = sVid;
        this.cVid = cVid;
        this.etherType = etherType;
        this.code = code;
        this.sessionId = sessionId;
        this.pppoeOffset = pppoeOffset;
        this.length = length;
        this.tags = tags;
    }

    /**
     * Decodes a frame.
     *
     * @param frame the Ethernet frame as punted (Ethernet padding after PPPoE's length allowed)
     * @return the frame
     * @throws MalformedFrameException naming what is wrong
     */
    static PppoeFrame decode(byte[] frame) throws MalformedFrameException {
        if (frame == null || frame.length < 2 * MAC_BYTES + 2) {
            throw new MalformedFrameException("shorter than an Ethernet header");
        }
        byte[] bytes = frame.clone();
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        int offset = 2 * MAC_BYTES;
        int type = buffer.getShort(offset) & 0xffff;
        int sVid = 0;
        int cVid = 0;
        if (type == ETHERTYPE_QINQ) {
            need(bytes, offset + 4 + 2, "the S-tag");
            sVid = buffer.getShort(offset + 2) & VID_MASK;
            offset += 4;
            type = buffer.getShort(offset) & 0xffff;
        }
        if (type == ETHERTYPE_VLAN) {
            need(bytes, offset + 4 + 2, "the C-tag");
            cVid = buffer.getShort(offset + 2) & VID_MASK;
            offset += 4;
            type = buffer.getShort(offset) & 0xffff;
        }
        if (type != ETHERTYPE_DISCOVERY && type != ETHERTYPE_SESSION) {
            throw new MalformedFrameException(String.format("EtherType 0x%04x is not PPPoE", type));
        }
        int pppoe = offset + 2;
        need(bytes, pppoe + PPPOE_HEADER, "the PPPoE header");
        int versionType = bytes[pppoe] & 0xff;
        if (versionType != 0x11) {
            throw new MalformedFrameException(String.format("PPPoE version/type 0x%02x is not 1/1", versionType));
        }
        int code = bytes[pppoe + 1] & 0xff;
        int sessionId = buffer.getShort(pppoe + 2) & 0xffff;
        int length = buffer.getShort(pppoe + 4) & 0xffff;
        if (pppoe + PPPOE_HEADER + length > bytes.length) {
            throw new MalformedFrameException("PPPoE length " + length + " runs past the frame's "
                                                      + (bytes.length - pppoe - PPPOE_HEADER) + " octets");
        }
        List<Tag> tags = List.of();
        if (type == ETHERTYPE_DISCOVERY) {
            checkDiscovery(code, sessionId);
            tags = tags(bytes, pppoe + PPPOE_HEADER, length);
        } else {
            if (code != SESSION) {
                throw new MalformedFrameException(String.format("session-stage code 0x%02x is not 0", code));
            }
            if (sessionId == 0 || sessionId == 0xffff) {
                throw new MalformedFrameException("session id " + sessionId + " is reserved");
            }
            if (length < 2) {
                throw new MalformedFrameException("session frame of " + length + " octets has no PPP protocol");
            }
        }
        return new PppoeFrame(bytes, sVid, cVid, type, code, sessionId, pppoe, length, tags);
    }

    private static void checkDiscovery(int code, int sessionId) throws MalformedFrameException {
        switch (code) {
            case PADI:
            case PADO:
            case PADR:
                if (sessionId != 0) {
                    throw new MalformedFrameException(name(ETHERTYPE_DISCOVERY, code) + " with session id "
                                                              + sessionId + " (must be 0)");
                }
                return;
            case PADS:
                return; // 0 is a refusal (with an error tag), anything else the session
            case PADT:
                if (sessionId == 0) {
                    throw new MalformedFrameException("PADT without a session id");
                }
                return;
            default:
                throw new MalformedFrameException(String.format("discovery code 0x%02x is none of RFC 2516's", code));
        }
    }

    private static List<Tag> tags(byte[] bytes, int start, int length) throws MalformedFrameException {
        List<Tag> tags = new ArrayList<>();
        int offset = start;
        int end = start + length;
        while (offset < end) {
            if (offset + TAG_HEADER > end) {
                throw new MalformedFrameException("a discovery tag header is cut at octet " + (offset - start));
            }
            int type = (bytes[offset] & 0xff) << 8 | bytes[offset + 1] & 0xff;
            int tagLength = (bytes[offset + 2] & 0xff) << 8 | bytes[offset + 3] & 0xff;
            if (offset + TAG_HEADER + tagLength > end) {
                throw new MalformedFrameException(String.format("discovery tag 0x%04x of %d octets runs past PPPoE's"
                                                                        + " length", type, tagLength));
            }
            if (type == TAG_END_OF_LIST) {
                break;
            }
            tags.add(new Tag(type, Arrays.copyOfRange(bytes, offset + TAG_HEADER, offset + TAG_HEADER + tagLength)));
            offset += TAG_HEADER + tagLength;
        }
        return List.copyOf(tags);
    }

    private static void need(byte[] bytes, int octets, String what) throws MalformedFrameException {
        if (bytes.length < octets) {
            throw new MalformedFrameException("cut inside " + what);
        }
    }

    /**
     * Builds a PADT (RFC 2516 5.5) in a line's tags, with a Generic-Error tag saying why.
     *
     * @param dst       to
     * @param src       from
     * @param sVid      S-tag VLAN id, 0 for none
     * @param cVid      C-tag VLAN id, 0 for none
     * @param sessionId the session ended
     * @param why       the Generic-Error text (UTF-8)
     * @return the frame's bytes
     */
    static byte[] padt(MacAddress dst, MacAddress src, int sVid, int cVid, int sessionId, String why) {
        byte[] text = why.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int tagsLength = TAG_HEADER + text.length;
        ByteBuffer out = ByteBuffer.allocate(2 * MAC_BYTES + (sVid != 0 ? 4 : 0) + (cVid != 0 ? 4 : 0) + 2
                                                     + PPPOE_HEADER + tagsLength);
        out.put(dst.toBytes()).put(src.toBytes());
        if (sVid != 0) {
            out.putShort((short) ETHERTYPE_QINQ).putShort((short) sVid);
        }
        if (cVid != 0) {
            out.putShort((short) ETHERTYPE_VLAN).putShort((short) cVid);
        }
        out.putShort((short) ETHERTYPE_DISCOVERY).put((byte) 0x11).put((byte) PADT).putShort((short) sessionId)
                .putShort((short) tagsLength).putShort((short) TAG_GENERIC_ERROR).putShort((short) text.length)
                .put(text);
        return out.array();
    }

    /**
     * Builds a session-stage frame (RFC 2516 6: code 0) carrying one PPP packet, in a line's tags.
     *
     * @param dst         to
     * @param src         from
     * @param sVid        S-tag VLAN id, 0 for none
     * @param cVid        C-tag VLAN id, 0 for none
     * @param sessionId   the session
     * @param protocol    the PPP protocol (0x0057 IPv6)
     * @param information the PPP information field
     * @return the frame's bytes
     */
    static byte[] session(MacAddress dst, MacAddress src, int sVid, int cVid, int sessionId, int protocol,
                          byte[] information) {
        ByteBuffer out = ByteBuffer.allocate(2 * MAC_BYTES + (sVid != 0 ? 4 : 0) + (cVid != 0 ? 4 : 0) + 2
                                                     + PPPOE_HEADER + 2 + information.length);
        out.put(dst.toBytes()).put(src.toBytes());
        if (sVid != 0) {
            out.putShort((short) ETHERTYPE_QINQ).putShort((short) sVid);
        }
        if (cVid != 0) {
            out.putShort((short) ETHERTYPE_VLAN).putShort((short) cVid);
        }
        out.putShort((short) ETHERTYPE_SESSION).put((byte) 0x11).put((byte) 0).putShort((short) sessionId)
                .putShort((short) (2 + information.length)).putShort((short) protocol).put(information);
        return out.array();
    }

    /** A name for a PPPoE code ("PADI", "session"). */
    static String name(int etherType, int code) {
        if (etherType == ETHERTYPE_SESSION) {
            return "session";
        }
        switch (code) {
            case PADI:
                return "PADI";
            case PADO:
                return "PADO";
            case PADR:
                return "PADR";
            case PADS:
                return "PADS";
            case PADT:
                return "PADT";
            default:
                return String.format("0x%02x", code);
        }
    }

    MacAddress dst() {
        return MacAddress.valueOf(Arrays.copyOfRange(bytes, 0, MAC_BYTES));
    }

    MacAddress src() {
        return MacAddress.valueOf(Arrays.copyOfRange(bytes, MAC_BYTES, 2 * MAC_BYTES));
    }

    /** The S-tag's VLAN id, 0 without one. */
    int sVid() {
        return sVid;
    }

    /** The C-tag's VLAN id, 0 without one. */
    int cVid() {
        return cVid;
    }

    boolean discovery() {
        return etherType == ETHERTYPE_DISCOVERY;
    }

    int code() {
        return code;
    }

    int sessionId() {
        return sessionId;
    }

    /** PPPoE's length: the octets after its header. */
    int length() {
        return length;
    }

    /** The discovery tags (End-Of-List and what follows it left out); none in the session stage. */
    List<Tag> tags() {
        return tags;
    }

    /** The first tag of a type. */
    Optional<Tag> tag(int type) {
        return tags.stream().filter(t -> t.type == type).findFirst();
    }

    /** The session stage's PPP protocol. */
    int pppProtocol() {
        int at = pppoeOffset + PPPOE_HEADER;
        return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
    }

    /** The session stage's PPP information field (after the protocol, up to PPPoE's length). */
    byte[] pppInformation() {
        int at = pppoeOffset + PPPOE_HEADER;
        return Arrays.copyOfRange(bytes, at + 2, at + length);
    }

    /** This frame's name, as "PADO" or "session". */
    String name() {
        return name(etherType, code);
    }

    /**
     * The frame as it came, with other Ethernet addresses.
     *
     * @param dst to
     * @param src from
     * @return the bytes to send
     */
    byte[] withAddresses(MacAddress dst, MacAddress src) {
        byte[] out = bytes.clone();
        System.arraycopy(dst.toBytes(), 0, out, 0, MAC_BYTES);
        System.arraycopy(src.toBytes(), 0, out, MAC_BYTES, MAC_BYTES);
        return out;
    }

    /** The frame's bytes as they came. */
    byte[] bytes() {
        return bytes.clone();
    }
}
