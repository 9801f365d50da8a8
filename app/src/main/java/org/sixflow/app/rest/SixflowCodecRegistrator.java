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
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.features.apn6.rest.Apn6PolicyCodec;
import org.sixflow.app.features.apn6.rest.Apn6ValidationCodec;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.rest.BngLineCodec;
import org.sixflow.app.features.bng.rest.BngSessionCodec;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.app.features.gtpu.rest.GtpuTunnelCodec;
import org.sixflow.app.features.gtpu.rest.GtpuTunnelCountersCodec;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.rest.IlnpSiteCodec;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.rest.Msr6TreeCodec;
import org.sixflow.app.features.msr6.rest.Msr6TreeRequestCodec;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.rest.MultihomingStudyCodec;
import org.sixflow.app.features.multihoming.rest.StudyRunCodec;
import org.sixflow.app.features.multihoming.rest.StudyRunDetailCodec;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.rest.Nptv6MappingCodec;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.rest.Ipv6RouteCodec;
import org.sixflow.pipeconf.PipeconfCapabilities;

import java.util.Map;

/**
 * Registers Sixflow's JSON codecs with ONOS's codec service.
 */
@Component(immediate = true)
public class SixflowCodecRegistrator {

    /** Every codec the REST API uses, by the class it encodes. */
    public static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(PipeconfInfo.class, new PipeconfInfoCodec())
            .put(PipeconfCapabilities.class, new PipeconfCapabilitiesCodec())
            .put(SixflowDevice.class, new SixflowDeviceCodec())
            .put(DatabaseHealth.class, new DatabaseHealthCodec())
            .put(HistoryEvent.class, new HistoryEventCodec())
            .put(Msr6TreeRequest.class, new Msr6TreeRequestCodec())
            .put(Msr6Tree.class, new Msr6TreeCodec())
            .put(Apn6Policy.class, new Apn6PolicyCodec())
            .put(Apn6Validation.class, new Apn6ValidationCodec())
            .put(GtpuTunnel.class, new GtpuTunnelCodec())
            .put(GtpuTunnelCounters.class, new GtpuTunnelCountersCodec())
            .put(InstallStatus.class, new InstallStatusCodec())
            .put(NamedNptv6Mapping.class, new Nptv6MappingCodec())
            .put(BngSession.class, new BngSessionCodec())
            .put(BngLine.class, new BngLineCodec())
            .put(IlnpSite.class, new IlnpSiteCodec())
            .put(MultihomingStudy.class, new MultihomingStudyCodec())
            .put(StudyRun.class, new StudyRunCodec())
            .put(StudyRunDetail.class, new StudyRunDetailCodec())
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
            .put(Ipv6Route.class, new Ipv6RouteCodec())
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
