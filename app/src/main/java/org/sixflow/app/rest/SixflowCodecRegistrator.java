// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyHistogram;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.PipeconfInfo;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.ReplicaLatency;
import org.sixflow.app.api.RunComparison;
import org.sixflow.app.api.SixflowDevice;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.pipeconf.PipeconfCapabilities;

import java.util.Map;

/**
 * Registers the core's JSON codecs with ONOS's codec service; each feature's come with it
 * (FeatureRegistrar).
 */
@Component(immediate = true)
public class SixflowCodecRegistrator {

    /** The core's codecs, by the class each encodes. */
    public static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(PipeconfInfo.class, new PipeconfInfoCodec())
            .put(PipeconfCapabilities.class, new PipeconfCapabilitiesCodec())
            .put(SixflowDevice.class, new SixflowDeviceCodec())
            .put(DatabaseHealth.class, new DatabaseHealthCodec())
            .put(HistoryEvent.class, new HistoryEventCodec())
            .put(InstallStatus.class, new InstallStatusCodec())
            .put(LatencyPoint.class, new LatencyPointCodec())
            .put(LatencySample.class, new LatencySampleCodec())
            .put(LatencyHistogram.class, new LatencyHistogramCodec())
            .put(LatencyComparison.class, new LatencyComparisonCodec())
            .put(ReplicaLatency.class, new ReplicaLatencyCodec())
            .put(PortStatistics.class, new PortStatisticsCodec())
            .put(PortRates.class, new PortRatesCodec())
            .put(LatencyBatch.class, new LatencyBatchCodec())
            .put(TableOccupancy.class, new TableOccupancyCodec())
            .put(MauReport.class, new MauReportCodec())
            .put(NetworkTopology.class, new NetworkTopologyCodec())
            .put(Experiment.class, new ExperimentCodec())
            .put(ExperimentRun.class, new ExperimentRunCodec())
            .put(ExperimentResults.class, new ExperimentResultsCodec())
            .put(ExperimentSample.class, new ExperimentSampleCodec())
            .put(RunComparison.class, new RunComparisonCodec())
            .build();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    @Activate
    protected void activate() {
        CODECS.forEach(this::register);
    }

    @Deactivate
    protected void deactivate() {
        CODECS.keySet().forEach(codecService::unregisterCodec);
    }

    @SuppressWarnings("unchecked")
    private <T> void register(Class<T> type, JsonCodec<?> codec) {
        codecService.registerCodec(type, (JsonCodec<T>) codec);
    }
}
