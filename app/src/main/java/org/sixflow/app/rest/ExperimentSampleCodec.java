// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.ExperimentSample;

/**
 * A run's sample in JSON: the probe (class index, sequence, cell, repetition, warm-up), where it
 * was measured and how (device, latency class, copy, ports), its ingress timestamp and latency
 * in nanoseconds, and its arrival order.
 */
public final class ExperimentSampleCodec extends JsonCodec<ExperimentSample> {

    @Override
    public ObjectNode encode(ExperimentSample s, CodecContext context) {
        return context.mapper().createObjectNode().put("runId", s.runId()).put("classIndex", s.classIndex())
                .put("sequence", s.sequence()).put("cellIndex", s.cellIndex()).put("repetition", s.repetition())
                .put("warmup", s.warmup()).put("device", s.device()).put("latencyClass", s.latencyClass().label())
                .put("replica", s.replica()).put("ingressPort", s.ingressPort()).put("egressPort", s.egressPort())
                .put("ingressTimestampNanos", s.ingressTimestampNanos()).put("deltaNanos", s.deltaNanos())
                .put("arrival", s.arrival());
    }
}
