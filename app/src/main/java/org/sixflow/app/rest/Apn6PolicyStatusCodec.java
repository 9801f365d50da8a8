// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.Apn6PolicyStatus;

/**
 * JSON of a policy's status: {"state": "REQUESTED" | "INSTALLED" | "FAILED"}, and for a failed
 * policy "failure": {"deviceId", "reason"}. Policy answers carry these two fields beside the
 * policy's own.
 */
public final class Apn6PolicyStatusCodec extends JsonCodec<Apn6PolicyStatus> {

    @Override
    public ObjectNode encode(Apn6PolicyStatus status, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("state", status.state().name());
        status.failure().ifPresent(f -> json.putObject("failure").put("deviceId", f.deviceId().toString())
                .put("reason", f.reason()));
        return json;
    }
}
