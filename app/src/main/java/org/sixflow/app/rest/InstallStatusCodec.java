// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.InstallStatus;

/**
 * JSON of a policy's or a tunnel's status: {"state": "REQUESTED" | "INSTALLED" | "FAILED"}, and
 * for a failed one "failure": {"deviceId", "reason"}. Policy and tunnel answers carry these two
 * fields beside their own.
 */
public final class InstallStatusCodec extends JsonCodec<InstallStatus> {

    @Override
    public ObjectNode encode(InstallStatus status, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("state", status.state().name());
        status.failure().ifPresent(f -> json.putObject("failure").put("deviceId", f.deviceId().toString())
                .put("reason", f.reason()));
        return json;
    }
}
