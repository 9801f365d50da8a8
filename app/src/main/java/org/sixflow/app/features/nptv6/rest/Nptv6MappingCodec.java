// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * JSON of an NPTv6 mapping: {"id", "internalPrefix", "externalPrefix", "uplink": "device/port"}.
 * Decoding takes exactly these fields and names every one that is wrong (400 with "errors"):
 * missing, of the wrong type, too long, not a prefix, bits set past a prefix's length, prefixes
 * the data plane cannot translate (Nptv6Mapping's checks), or a field it does not know.
 */
public final class Nptv6MappingCodec extends JsonCodec<NamedNptv6Mapping> {

    /** The fields a request has. */
    static final Set<String> FIELDS = Set.of("id", "internalPrefix", "externalPrefix", "uplink");
    /** Longest id (NamedNptv6Mapping.ID). */
    static final int MAX_ID_CHARS = 64;
    /** Longest text of a prefix taken (the longest IPv6 prefix written out is 43 characters). */
    static final int MAX_PREFIX_CHARS = 64;
    /** Longest uplink taken. */
    static final int MAX_UPLINK_CHARS = 256;
    /** How much of a refused text a message repeats. */
    private static final int ECHO_CHARS = 64;

    @Override
    public ObjectNode encode(NamedNptv6Mapping mapping, CodecContext context) {
        return context.mapper().createObjectNode().put("id", mapping.id())
                .put("internalPrefix", mapping.internalPrefix().toString())
                .put("externalPrefix", mapping.externalPrefix().toString())
                .put("uplink", mapping.uplink().toString());
    }

    @Override
    public NamedNptv6Mapping decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("request body must be a JSON object");
        }
        List<InvalidFieldsException.FieldError> errors = new ArrayList<>();
        Iterator<String> names = json.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                errors.add(new InvalidFieldsException.FieldError(
                        echo(name), "unknown field; a mapping has " + String.join(", ", new TreeSet<>(FIELDS))));
            }
        }
        String id = text(json, "id", MAX_ID_CHARS, "mapping-1", errors);
        if (id != null) {
            try {
                NamedNptv6Mapping.checkId(id);
            } catch (IllegalArgumentException e) {
                errors.add(new InvalidFieldsException.FieldError("id", e.getMessage()));
            }
        }
        Ip6Prefix internal = prefix(json, "internalPrefix", "fd01:203:405::/48", errors);
        Ip6Prefix external = prefix(json, "externalPrefix", "2001:db8:1::/48", errors);
        ConnectPoint uplink = null;
        String uplinkText = text(json, "uplink", MAX_UPLINK_CHARS, "device:sbr/2", errors);
        if (uplinkText != null) {
            try {
                uplink = NamedNptv6Mapping.uplink(uplinkText);
            } catch (IllegalArgumentException e) {
                errors.add(new InvalidFieldsException.FieldError("uplink", e.getMessage()));
            }
        }
        Nptv6Mapping mapping = null;
        if (internal != null && external != null && uplink != null) {
            try {
                mapping = Nptv6Mapping.of(internal, external, uplink);
            } catch (IllegalArgumentException e) {
                // Nptv6Mapping's checks are about the two prefixes together; the external one is the one to fix.
                errors.add(new InvalidFieldsException.FieldError("externalPrefix", e.getMessage()));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
        return NamedNptv6Mapping.of(id, mapping);
    }

    /** A required string of at most {@code max} characters, or null with its problem recorded. */
    private static String text(ObjectNode json, String field, int max, String example,
                               List<InvalidFieldsException.FieldError> errors) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            errors.add(new InvalidFieldsException.FieldError(field, "is required (a string such as " + example + ")"));
            return null;
        }
        if (!node.isTextual()) {
            errors.add(new InvalidFieldsException.FieldError(field, "must be a string such as " + example
                    + ", not " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
            return null;
        }
        String text = node.asText();
        if (text.length() > max) {
            errors.add(new InvalidFieldsException.FieldError(field, "is " + text.length()
                    + " characters long; at most " + max));
            return null;
        }
        return text;
    }

    private static Ip6Prefix prefix(ObjectNode json, String field, String example,
                                    List<InvalidFieldsException.FieldError> errors) {
        String text = text(json, field, MAX_PREFIX_CHARS, example, errors);
        if (text == null) {
            return null;
        }
        try {
            return Nptv6Mapping.prefix(text);
        } catch (IllegalArgumentException e) {
            errors.add(new InvalidFieldsException.FieldError(field, e.getMessage()));
            return null;
        }
    }

    private static String echo(String text) {
        return text.length() <= ECHO_CHARS ? text : text.substring(0, ECHO_CHARS) + "…";
    }
}
