// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import java.io.ByteArrayOutputStream;
import org.onlab.packet.Ip6Prefix;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A DHCPv6 client/server message (RFC 8415 8: message type, transaction id, options as
 * code-length-value). Options stay opaque octets: a server echoes the client's DUID as it came
 * (DUIDs are opaque to servers, 11.1), so nothing here re-encodes what it read. (ONOS's DHCP6
 * re-parses DUIDs and needs each option's length set by hand, so it is not used.)
 */
final class Dhcpv6Message {

    static final int SOLICIT = 1;
    static final int ADVERTISE = 2;
    static final int REQUEST = 3;
    static final int CONFIRM = 4;
    static final int RENEW = 5;
    static final int REBIND = 6;
    static final int REPLY = 7;
    static final int RELEASE = 8;
    static final int DECLINE = 9;
    static final int INFORMATION_REQUEST = 11;

    static final int OPTION_CLIENTID = 1;
    static final int OPTION_SERVERID = 2;
    static final int OPTION_IA_NA = 3;
    static final int OPTION_STATUS_CODE = 13;
    static final int OPTION_RAPID_COMMIT = 14;
    static final int OPTION_IA_PD = 25;
    static final int OPTION_IAPREFIX = 26;

    static final int STATUS_SUCCESS = 0;
    static final int STATUS_NO_ADDRS_AVAIL = 2;
    static final int STATUS_NO_PREFIX_AVAIL = 6;

    private static final int HEADER = 4;
    private static final int OPTION_HEADER = 4;
    /** IA_PD's fixed part: IAID, T1, T2 (21.21). */
    private static final int IA_PD_FIXED = 12;

    /** One option. */
    static final class Option {
        final int code;
        final byte[] value;

        Option(int code, byte[] value) {
            this.code = code;
            this.value = value;
        }
    }

    final int type;
    final int transactionId;
    final List<Option> options;

    Dhcpv6Message(int type, int transactionId, List<Option> options) {
        this.type = type;
        this.transactionId = transactionId;
        this.options = List.copyOf(options);
    }

    /**
     * Reads a message (not a relay message: the session's client talks to the BNG directly).
     *
     * @param bytes the UDP payload
     * @return the message
     * @throws MalformedFrameException for a cut header or an option running past the message
     */
    static Dhcpv6Message read(byte[] bytes) throws MalformedFrameException {
        if (bytes.length < HEADER) {
            throw new MalformedFrameException("DHCPv6 message of " + bytes.length + " octets");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        int header = in.getInt();
        return new Dhcpv6Message(header >>> 24, header & 0xffffff, options(bytes, HEADER, bytes.length));
    }

    /** The options in bytes[from, to), each within it. */
    static List<Option> options(byte[] bytes, int from, int to) throws MalformedFrameException {
        List<Option> options = new ArrayList<>();
        int at = from;
        while (at < to) {
            if (to - at < OPTION_HEADER) {
                throw new MalformedFrameException("DHCPv6 option header cut at octet " + at);
            }
            int code = (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
            int length = (bytes[at + 2] & 0xff) << 8 | bytes[at + 3] & 0xff;
            if (at + OPTION_HEADER + length > to) {
                throw new MalformedFrameException("DHCPv6 option " + code + " of " + length + " octets runs past "
                                                          + "its message");
            }
            options.add(new Option(code, Arrays.copyOfRange(bytes, at + OPTION_HEADER, at + OPTION_HEADER + length)));
            at += OPTION_HEADER + length;
        }
        return options;
    }

    /** The first option of a code. */
    Optional<Option> option(int code) {
        return options.stream().filter(o -> o.code == code).findFirst();
    }

    /** Every option of a code, in order. */
    List<Option> all(int code) {
        return options.stream().filter(o -> o.code == code).collect(Collectors.toList());
    }

    /**
     * An IA_PD option's IAID.
     *
     * @param iaPd the option
     * @return its IAID
     * @throws MalformedFrameException when it is shorter than IAID, T1 and T2, or its options are cut
     */
    static int iaid(Option iaPd) throws MalformedFrameException {
        if (iaPd.value.length < IA_PD_FIXED) {
            throw new MalformedFrameException("IA_PD of " + iaPd.value.length + " octets (at least 12)");
        }
        options(iaPd.value, IA_PD_FIXED, iaPd.value.length);
        return ByteBuffer.wrap(iaPd.value).getInt();
    }

    /** The message's octets. */
    byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ByteBuffer.allocate(HEADER).putInt(type << 24 | transactionId & 0xffffff).array());
        options.forEach(o -> out.writeBytes(encode(o)));
        return out.toByteArray();
    }

    static byte[] encode(Option option) {
        return ByteBuffer.allocate(OPTION_HEADER + option.value.length).putShort((short) option.code)
                .putShort((short) option.value.length).put(option.value).array();
    }

    /** A Status Code option (21.13). */
    static Option status(int code, String message) {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        return new Option(OPTION_STATUS_CODE, ByteBuffer.allocate(2 + text.length).putShort((short) code)
                .put(text).array());
    }

    /**
     * An IA_PD option (21.21) holding one IA Prefix option (21.22), or a status instead.
     *
     * @param iaid      the client's IAID
     * @param t1        seconds
     * @param t2        seconds
     * @param inside    the options inside it
     * @return the option
     */
    static Option iaPd(int iaid, int t1, int t2, List<Option> inside) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ByteBuffer.allocate(IA_PD_FIXED).putInt(iaid).putInt(t1).putInt(t2).array());
        inside.forEach(o -> out.writeBytes(encode(o)));
        return new Option(OPTION_IA_PD, out.toByteArray());
    }

    /** An IA Prefix option (21.22). */
    static Option iaPrefix(int preferred, int valid, Ip6Prefix prefix) {
        return new Option(OPTION_IAPREFIX, ByteBuffer.allocate(25).putInt(preferred).putInt(valid)
                .put((byte) prefix.prefixLength()).put(prefix.address().toOctets()).array());
    }
}
