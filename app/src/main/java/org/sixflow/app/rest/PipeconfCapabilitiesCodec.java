// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.pipeconf.Feature;
import org.sixflow.pipeconf.PipeconfCapabilities;

/**
 * A device's data-plane capabilities (definitions/DeviceCapabilities.json): its pipeconf's
 * profile and target, features, tables and limits.
 */
public final class PipeconfCapabilitiesCodec extends JsonCodec<PipeconfCapabilities> {

    @Override
    public ObjectNode encode(PipeconfCapabilities capabilities, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("pipeconf", capabilities.pipeconfId().id())
                .put("profile", capabilities.profile().name())
                .put("target", capabilities.target().id());
        ArrayNode features = json.putArray("features");
        for (Feature feature : Feature.values()) {
            if (capabilities.has(feature)) {
                features.add(feature.name());
            }
        }
        ArrayNode tables = json.putArray("tables");
        capabilities.tables().stream().map(PiTableId::id).sorted().forEach(tables::add);
        json.put("maxMsids", capabilities.maxMsids())
                .put("egressMaxMsids", capabilities.egressMaxMsids())
                .put("gtpuExtensionUnits", capabilities.gtpuExtensionUnits())
                .put("telemetryTruncateBytes", capabilities.telemetryTruncate())
                .put("nanosPerTick", capabilities.nanosPerTick());
        capabilities.recirculationPort().ifPresent(port -> json.put("recirculationPort", port));
        return json;
    }
}
