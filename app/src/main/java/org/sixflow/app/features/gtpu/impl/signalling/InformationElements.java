// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.sixflow.app.packet.gtpu.GtpuFormatException;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The information elements of a received GTP-U signalling message (3GPP TS 29.281 section 8):
 * types below 128 are TV with a length fixed by the type (only the ones GTP-U uses are known:
 * Recovery, 14, one octet; Tunnel Endpoint Identifier Data I, 16, four), the Extension Header Type
 * List (141) has a one-octet length, every other type from 128 a two-octet one. The first element
 * of each type is kept; an unknown TV type, or an element cut short, makes the rest unreadable.
 */
final class InformationElements {

    static final int IE_RECOVERY = 14;
    static final int IE_EXTENSION_HEADER_TYPE_LIST = 141;
    private static final int FIRST_TLV = 128;

    private final Map<Integer, byte[]> values;

    private InformationElements(Map<Integer, byte[]> values) {
        this.values = values;
    }

    /**
     * Reads the elements after a message's header.
     *
     * @param body the octets after the GTP-U header
     * @return the elements
     * @throws GtpuFormatException naming the element cut short, or a TV type whose length is unknown
     */
    static InformationElements read(byte[] body) throws GtpuFormatException {
        Map<Integer, byte[]> values = new LinkedHashMap<>();
        int offset = 0;
        while (offset < body.length) {
            int type = Byte.toUnsignedInt(body[offset]);
            int start;
            int length;
            if (type < FIRST_TLV) {
                length = tvLength(type);
                start = offset + 1;
            } else if (type == IE_EXTENSION_HEADER_TYPE_LIST) {
                if (offset + 2 > body.length) {
                    throw new GtpuFormatException("information element " + type + " cut short");
                }
                length = Byte.toUnsignedInt(body[offset + 1]);
                start = offset + 2;
            } else {
                if (offset + 3 > body.length) {
                    throw new GtpuFormatException("information element " + type + " cut short");
                }
                length = (Byte.toUnsignedInt(body[offset + 1]) << 8) | Byte.toUnsignedInt(body[offset + 2]);
                start = offset + 3;
            }
            if (start + length > body.length) {
                throw new GtpuFormatException("information element " + type + " cut short");
            }
            values.putIfAbsent(type, Arrays.copyOfRange(body, start, start + length));
            offset = start + length;
        }
        return new InformationElements(values);
    }

    private static int tvLength(int type) throws GtpuFormatException {
        switch (type) {
            case IE_RECOVERY:
                return 1;
            case ErrorIndicationMessage.IE_TEID_DATA_I:
                return 4;
            default:
                throw new GtpuFormatException("TV information element " + type + " is not one GTP-U uses");
        }
    }

    /**
     * Returns the value of the first element of a type.
     *
     * @param type the IE type
     * @return its value octets (after the type and length), if the message has one
     */
    Optional<byte[]> value(int type) {
        byte[] v = values.get(type);
        return v == null ? Optional.empty() : Optional.of(v.clone());
    }
}
