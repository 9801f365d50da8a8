// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;

import java.nio.ByteBuffer;
import java.util.List;

import static org.sixflow.pipeconf.CloneSessions.TELEMETRY;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_LAT_CLASS;
import static org.sixflow.pipeconf.P4InfoConstants.MASK;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_SAMPLE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_TELEMETRY_SAMPLING;

/**
 * What a device needs to send telemetry reports: the clone session the egress clones reports
 * to, pointed at the controller and, where the target takes it, truncating its clones (a report
 * carries 128 bytes of the packet: copying more would only load the CPU port; bmv2 refuses it and
 * truncates in its egress), where the target mirrors them apart (Tofino) the session that takes
 * packets past their egress MTU whole to the controller, and one telemetry_sampling entry per
 * sampled class.
 */
public final class ReportRules {

    /** Sampling entries are exact matches on a 16-entry table: one priority does. */
    static final int PRIORITY = 10;
    /** Key of the telemetry clone session's group. */
    public static final GroupKey CLONE_KEY = sessionKey(TELEMETRY);

    private ReportRules() {
    }

    /**
     * Returns the clone session that takes reports to the controller, keeping only what a
     * report needs of each clone.
     *
     * @param device   the device
     * @param appId    the owning application
     * @param truncate bytes of a clone the session keeps (CloneSessions#telemetryTruncate), 0
     *                 for all of it (a target that truncates in its pipeline instead)
     * @return a CLONE group with id TELEMETRY_CLONE_SESSION
     */
    public static GroupDescription cloneSession(DeviceId device, ApplicationId appId, int truncate) {
        return toController(device, appId, TELEMETRY, truncate);
    }

    /**
     * Returns the session a target that mirrors packets past their egress MTU apart (Tofino:
     * CloneSessions#tooBigSession) sends them to the controller by, whole: the controller answers
     * their sources with an ICMPv6 Packet Too Big quoting them.
     *
     * @param device  the device
     * @param appId   the owning application
     * @param session the session's id
     * @return a CLONE group with that id, to the controller, not truncated
     */
    public static GroupDescription tooBigSession(DeviceId device, ApplicationId appId, int session) {
        return toController(device, appId, session, 0);
    }

    /** A clone session (CLONE group) of one bucket to the controller, truncated unless 0. */
    private static GroupDescription toController(DeviceId device, ApplicationId appId, int session, int truncate) {
        TrafficTreatment.Builder bucket = DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER);
        if (truncate > 0) {
            bucket.truncate(truncate);
        }
        return new DefaultGroupDescription(device, GroupDescription.Type.CLONE, new GroupBuckets(List.of(
                DefaultGroupBucket.createCloneGroupBucket(bucket.build()))), sessionKey(session), session, appId);
    }

    /**
     * Returns the key of a clone session's group.
     *
     * @param session the session's id
     * @return its group key
     */
    public static GroupKey sessionKey(int session) {
        return new DefaultGroupKey(ByteBuffer.allocate(4).putInt(session).array());
    }

    /**
     * Returns the sampling entries of a device.
     *
     * @param device   the device
     * @param sampling which classes, how often
     * @param appId    the owning application
     * @return one entry per class sampled on the device
     */
    public static List<FlowRule> sampling(DeviceId device, ReportSampling sampling, ApplicationId appId) {
        ImmutableList.Builder<FlowRule> rules = ImmutableList.builder();
        sampling.shiftsAt(device).forEach((latencyClass, shift) -> rules.add(DefaultFlowRule.builder()
                .forDevice(device)
                .forTable(SIXFLOW_EGRESS_TELEMETRY_SAMPLING)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchExact(HDR_LAT_CLASS, latencyClass.code()).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(PiAction.builder()
                        .withId(SIXFLOW_EGRESS_SAMPLE)
                        .withParameter(new PiActionParam(MASK, (int) ReportSampling.mask(shift)))
                        .build()).build())
                .withPriority(PRIORITY)
                .fromApp(appId)
                .makePermanent()
                .build()));
        return rules.build();
    }
}
