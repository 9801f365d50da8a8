// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.AnnotationKeys;
import org.sixflow.app.api.SixflowDevice;

/**
 * JSON of a device with its pipeconf and Sixflow role.
 */
public final class SixflowDeviceCodec extends JsonCodec<SixflowDevice> {

    @Override
    public ObjectNode encode(SixflowDevice device, CodecContext context) {
        return context.mapper().createObjectNode()
                .put("id", device.id().toString())
                .put("available", device.available())
                .put("role", device.role().map(Enum::name).orElse(null))
                .put("pipeconf", device.pipeconf().map(id -> id.id()).orElse(null))
                .put("driver", device.device().annotations().value(AnnotationKeys.DRIVER))
                .put("manufacturer", device.device().manufacturer())
                .put("swVersion", device.device().swVersion())
                .put("locator", device.locator().map(Object::toString).orElse(null));
    }
}
