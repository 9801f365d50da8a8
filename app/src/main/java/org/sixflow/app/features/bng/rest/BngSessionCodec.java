// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngSession;

import java.time.Instant;

/**
 * JSON of a PPPoE session: {"id", "line": {line}, "sessionId", "subscriberMac", "serverMac",
 * "state", "user"?, "ipv4"?, "ipv6"?, "ipv6Prefix"?, "delegatedPrefix"?, "endReason"?, "started",
 * "install": {"state", "failure"?}}. Answers only (sessions are made by subscribers).
 */
public final class BngSessionCodec extends JsonCodec<BngSession> {

    @Override
    public ObjectNode encode(BngSession s, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("id", s.id());
        json.set("line", context.codec(BngLine.class).encode(s.line(), context));
        json.put("sessionId", s.sessionId()).put("subscriberMac", s.subscriberMac().toString())
                .put("serverMac", s.serverMac().toString()).put("state", s.state().name());
        s.user().ifPresent(u -> json.put("user", u));
        s.ipv4().ifPresent(ip -> json.put("ipv4", ip.toString()));
        s.ipv6().ifPresent(ip -> json.put("ipv6", ip.toString()));
        s.ipv6Prefix().ifPresent(p -> json.put("ipv6Prefix", p.toString()));
        s.delegatedPrefix().ifPresent(p -> json.put("delegatedPrefix", p.toString()));
        s.endReason().ifPresent(r -> json.put("endReason", r));
        json.put("started", Instant.ofEpochMilli(s.startedMillis()).toString());
        json.set("install", context.codec(InstallStatus.class).encode(s.status(), context));
        return json;
    }
}
