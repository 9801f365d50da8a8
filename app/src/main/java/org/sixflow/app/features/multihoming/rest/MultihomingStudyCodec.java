// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;

/** JSON of a study: {@link MultihomingStudyJson} (every wrong field named on decode). */
public final class MultihomingStudyCodec extends JsonCodec<MultihomingStudy> {

    @Override
    public ObjectNode encode(MultihomingStudy study, CodecContext context) {
        return MultihomingStudyJson.write(study, context.mapper());
    }

    @Override
    public MultihomingStudy decode(ObjectNode json, CodecContext context) {
        return MultihomingStudyJson.read(json);
    }
}
