// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.TypedValue;

import java.io.IOException;
import java.math.BigInteger;

/**
 * Reads a counter from a gNMI TypedValue: uint_val and int_val as they are, json_val and
 * json_ietf_val as a JSON number or, as RFC 7951 writes 64-bit integers, a string of digits.
 * Counters are cumulative and never negative; anything else is a {@link BadValueException}.
 */
final class TypedValues {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private TypedValues() {
    }

    /**
     * Decodes a counter.
     *
     * @param value the value
     * @return the counter
     * @throws BadValueException if it is missing, negative, too large or not a number
     */
    static long counter(TypedValue value) throws BadValueException {
        switch (value.getValueCase()) {
            case UINT_VAL:
                if (value.getUintVal() < 0) {   // uint64 above 2^63 - 1 arrives negative in Java
                    throw new BadValueException("uint64 " + Long.toUnsignedString(value.getUintVal())
                                                        + " exceeds the largest storable counter");
                }
                return value.getUintVal();
            case INT_VAL:
                if (value.getIntVal() < 0) {
                    throw new BadValueException("negative counter " + value.getIntVal());
                }
                return value.getIntVal();
            case JSON_VAL:
                return json(value.getJsonVal().toStringUtf8());
            case JSON_IETF_VAL:
                return json(value.getJsonIetfVal().toStringUtf8());
            case VALUE_NOT_SET:
                throw new BadValueException("no value");
            default:
                throw new BadValueException(value.getValueCase() + " is not a counter");
        }
    }

    /**
     * Parses a JSON document that holds one counter.
     *
     * @param text JSON text
     * @return the counter
     * @throws BadValueException if it is not a counter
     */
    static long json(String text) throws BadValueException {
        try {
            return counter(MAPPER.readTree(text));
        } catch (IOException e) {
            throw new BadValueException("unreadable JSON " + abbreviate(text));
        }
    }

    /**
     * Reads a counter from a JSON node: an integral number or a string of digits.
     *
     * @param node the node
     * @return the counter
     * @throws BadValueException if it is not a counter
     */
    static long counter(JsonNode node) throws BadValueException {
        BigInteger value;
        if (node != null && node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else if (node != null && node.isTextual() && node.asText().matches("[0-9]{1,40}")) {
            value = new BigInteger(node.asText());
        } else {
            throw new BadValueException("not a counter: " + abbreviate(String.valueOf(node)));
        }
        if (value.signum() < 0) {
            throw new BadValueException("negative counter " + value);
        }
        if (value.compareTo(MAX) > 0) {
            throw new BadValueException(value + " exceeds the largest storable counter");
        }
        return value.longValue();
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    /** A value that cannot be a counter; the message says why. */
    static final class BadValueException extends Exception {
        private static final long serialVersionUID = 1L;

        BadValueException(String message) {
            super(message);
        }
    }
}
