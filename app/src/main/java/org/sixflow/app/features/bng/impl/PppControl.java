// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One PPP control packet from a PPPoE session frame's information field: LCP (RFC 1661), PAP
 * (RFC 1334), CHAP (RFC 1994), IPCP (RFC 1332), IPv6CP (RFC 5072). All have code (1), identifier
 * (1), length (2, the whole packet), data; octets past the length are padding (RFC 1661 5).
 * Decoding checks the length, the options of the Configure packets and the options this code
 * reads (Authentication-Protocol, IP-Address, Interface-Identifier), the magic number of echo
 * packets, and PAP's and CHAP's own fields.
 */
final class PppControl {

    static final int LCP = 0xc021;
    static final int PAP = 0xc023;
    static final int CHAP = 0xc223;
    static final int IPCP = 0x8021;
    static final int IPV6CP = 0x8057;

    /** LCP's codes (RFC 1661 5); IPCP and IPv6CP use 1-7. */
    static final int CONFIGURE_REQUEST = 1;
    static final int CONFIGURE_ACK = 2;
    static final int CONFIGURE_NAK = 3;
    static final int CONFIGURE_REJECT = 4;
    static final int TERMINATE_REQUEST = 5;
    static final int TERMINATE_ACK = 6;
    static final int CODE_REJECT = 7;
    static final int PROTOCOL_REJECT = 8;
    static final int ECHO_REQUEST = 9;
    static final int ECHO_REPLY = 10;
    static final int DISCARD_REQUEST = 11;

    /** PAP's codes (RFC 1334 2.2). */
    static final int PAP_REQUEST = 1;
    static final int PAP_ACK = 2;
    static final int PAP_NAK = 3;
    /** CHAP's codes (RFC 1994 4). */
    static final int CHAP_CHALLENGE = 1;
    static final int CHAP_RESPONSE = 2;
    static final int CHAP_SUCCESS = 3;
    static final int CHAP_FAILURE = 4;

    /** Options read here. */
    static final int LCP_AUTHENTICATION_PROTOCOL = 3;
    static final int LCP_MAGIC_NUMBER = 5;
    static final int IPCP_IP_ADDRESS = 3;
    static final int IPV6CP_INTERFACE_IDENTIFIER = 1;

    private static final int HEADER = 4;

    /** A Configure packet's option: type and value (without type and length). */
    static final class Option {
        final int type;
        final byte[] value;

        Option(int type, byte[] value) {
            this.type = type;
            this.value = value.clone();
        }
    }

    private final int protocol;
    private final int code;
    private final int identifier;
    private final byte[] data;
    private final List<Option> options;
    private final String peerName;

    private PppControl(int protocol, int code, int identifier, byte[] data, List<Option> options, String peerName) {
        this.protocol = protocol;
        this.code = code;
        this.identifier = identifier;
        this.data = data;
        this.options = options;
        this.peerName = peerName;
    }

    /** Whether this code decodes a PPP protocol (the others are relayed as they are). */
    static boolean known(int protocol) {
        return protocol == LCP || protocol == PAP || protocol == CHAP || protocol == IPCP || protocol == IPV6CP;
    }

    /**
     * Decodes a control packet.
     *
     * @param protocol    the PPP protocol it came in
     * @param information the PPP information field
     * @return the packet
     * @throws MalformedFrameException naming what is wrong
     */
    static PppControl decode(int protocol, byte[] information) throws MalformedFrameException {
        String what = name(protocol);
        if (information.length < HEADER) {
            throw new MalformedFrameException(what + " packet of " + information.length + " octets: shorter than "
                                                      + HEADER);
        }
        int code = information[0] & 0xff;
        int identifier = information[1] & 0xff;
        int length = (information[2] & 0xff) << 8 | information[3] & 0xff;
        if (length < HEADER || length > information.length) {
            throw new MalformedFrameException(what + " length " + length + " outside " + HEADER + ".."
                                                      + information.length);
        }
        byte[] data = Arrays.copyOfRange(information, HEADER, length);
        List<Option> options = List.of();
        String peerName = null;
        switch (protocol) {
            case LCP:
            case IPCP:
            case IPV6CP:
                if (code < CONFIGURE_REQUEST || code > (protocol == LCP ? DISCARD_REQUEST : CODE_REJECT)) {
                    throw new MalformedFrameException(what + " code " + code + " is unknown");
                }
                if (code <= CONFIGURE_REJECT) {
                    options = options(what, data);
                    checkOptions(protocol, options);
                } else if (protocol == LCP && code >= ECHO_REQUEST && data.length < 4) {
                    throw new MalformedFrameException("LCP code " + code + " without its magic number");
                }
                break;
            case PAP:
                peerName = pap(code, data);
                break;
            case CHAP:
                peerName = chap(code, data);
                break;
            default:
                throw new MalformedFrameException(String.format("PPP protocol 0x%04x is not decoded here", protocol));
        }
        return new PppControl(protocol, code, identifier, data, options, peerName);
    }

    private static List<Option> options(String what, byte[] data) throws MalformedFrameException {
        List<Option> options = new ArrayList<>();
        int offset = 0;
        while (offset < data.length) {
            if (offset + 2 > data.length) {
                throw new MalformedFrameException(what + " option cut at octet " + offset);
            }
            int type = data[offset] & 0xff;
            int length = data[offset + 1] & 0xff;
            if (length < 2 || offset + length > data.length) {
                throw new MalformedFrameException(what + " option " + type + " of length " + length
                                                          + " does not fit");
            }
            options.add(new Option(type, Arrays.copyOfRange(data, offset + 2, offset + length)));
            offset += length;
        }
        return List.copyOf(options);
    }

    private static void checkOptions(int protocol, List<Option> options) throws MalformedFrameException {
        for (Option option : options) {
            int size = option.value.length;
            if (protocol == LCP && option.type == LCP_AUTHENTICATION_PROTOCOL && size < 2) {
                throw new MalformedFrameException("LCP Authentication-Protocol of " + size + " octets");
            }
            if (protocol == LCP && option.type == LCP_MAGIC_NUMBER && size != 4) {
                throw new MalformedFrameException("LCP Magic-Number of " + size + " octets");
            }
            if (protocol == IPCP && option.type == IPCP_IP_ADDRESS && size != 4) {
                throw new MalformedFrameException("IPCP IP-Address of " + size + " octets");
            }
            if (protocol == IPV6CP && option.type == IPV6CP_INTERFACE_IDENTIFIER && size != 8) {
                throw new MalformedFrameException("IPv6CP Interface-Identifier of " + size + " octets");
            }
        }
    }

    /** PAP's fields; the peer id of a request (the password is never kept). */
    private static String pap(int code, byte[] data) throws MalformedFrameException {
        if (code == PAP_REQUEST) {
            if (data.length < 1 || 1 + (data[0] & 0xff) + 1 > data.length) {
                throw new MalformedFrameException("PAP Authenticate-Request's peer id does not fit");
            }
            int idLength = data[0] & 0xff;
            int passwordLength = data[1 + idLength] & 0xff;
            if (2 + idLength + passwordLength > data.length) {
                throw new MalformedFrameException("PAP Authenticate-Request's password does not fit");
            }
            return new String(data, 1, idLength, StandardCharsets.UTF_8);
        }
        if (code == PAP_ACK || code == PAP_NAK) {
            if (data.length < 1 || 1 + (data[0] & 0xff) > data.length) {
                throw new MalformedFrameException("PAP message does not fit");
            }
            return null;
        }
        throw new MalformedFrameException("PAP code " + code + " is unknown");
    }

    /** CHAP's fields; the name of a response. */
    private static String chap(int code, byte[] data) throws MalformedFrameException {
        if (code == CHAP_CHALLENGE || code == CHAP_RESPONSE) {
            if (data.length < 1 || (data[0] & 0xff) == 0 || 1 + (data[0] & 0xff) > data.length) {
                throw new MalformedFrameException("CHAP value does not fit");
            }
            int valueSize = data[0] & 0xff;
            return code == CHAP_RESPONSE
                    ? new String(data, 1 + valueSize, data.length - 1 - valueSize, StandardCharsets.UTF_8) : null;
        }
        if (code == CHAP_SUCCESS || code == CHAP_FAILURE) {
            return null;
        }
        throw new MalformedFrameException("CHAP code " + code + " is unknown");
    }

    /** A protocol's name. */
    static String name(int protocol) {
        switch (protocol) {
            case LCP:
                return "LCP";
            case PAP:
                return "PAP";
            case CHAP:
                return "CHAP";
            case IPCP:
                return "IPCP";
            case IPV6CP:
                return "IPv6CP";
            default:
                return String.format("0x%04x", protocol);
        }
    }

    int protocol() {
        return protocol;
    }

    int code() {
        return code;
    }

    int identifier() {
        return identifier;
    }

    /** The data after the header, up to the packet's length. */
    byte[] data() {
        return data.clone();
    }

    /** The options of a Configure packet. */
    List<Option> options() {
        return options;
    }

    /** The first option of a type. */
    Optional<Option> option(int type) {
        return options.stream().filter(o -> o.type == type).findFirst();
    }

    /** The peer's name of a PAP request or CHAP response. */
    Optional<String> peerName() {
        return Optional.ofNullable(peerName);
    }

    @Override
    public String toString() {
        return name(protocol) + " code " + code + " id " + identifier;
    }
}
