// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;

/**
 * JSON of a tree: its request, its state ("REQUESTED", "INSTALLED", "FAILED", "WITHDRAWN") and,
 * when FAILED, why ("failure": {"deviceId" or null, "reason"}), then the tree last built for it:
 * number (0 until built), links, MRH and what each device holds.
 */
public final class Msr6TreeCodec extends JsonCodec<Msr6Tree> {

    @Override
    public ObjectNode encode(Msr6Tree tree, CodecContext context) {
        ObjectNode json = context.codec(Msr6TreeRequest.class).encode(tree.request(), context);
        json.put("state", tree.state().name());
        tree.failure().ifPresentOrElse(f -> json.putObject("failure")
                .put("deviceId", f.deviceId().map(Object::toString).orElse(null)).put("reason", f.reason()),
                                       () -> json.putNull("failure"));
        json.put("number", tree.number()).put("replicationPoints", tree.replicationPoints());
        ArrayNode links = json.putArray("links");
        tree.links().forEach(l -> links.addObject().put("src", l.src().toString()).put("dst", l.dst().toString()));
        ArrayNode msids = json.putArray("msids");
        tree.msids().forEach(m -> msids.add(m.toString()));
        ObjectNode entries = json.putObject("entries");
        tree.entries().entrySet().stream().sorted((a, b) -> a.getKey().toString().compareTo(b.getKey().toString()))
                .forEach(e -> entries.put(e.getKey().toString(), e.getValue()));
        ObjectNode details = json.putObject("deviceEntries");
        tree.details().entrySet().stream().sorted((a, b) -> a.getKey().toString().compareTo(b.getKey().toString()))
                .forEach(e -> {
                    ArrayNode list = details.putArray(e.getKey().toString());
                    e.getValue().forEach(list::add);
                });
        return json;
    }
}
