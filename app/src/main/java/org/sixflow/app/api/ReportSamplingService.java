// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

import java.util.Optional;

/**
 * What the telemetry collector knows of each device's telemetry_sampling entries: the
 * reportSampling value whose entries the device last accepted. ONOS 2.7 marks a written entry
 * ADDED in its flow store only on its next poll of the device (seconds later), so a caller that
 * must know the entries are on the device now (an experiment about to send probes) asks here.
 * Shared by the cluster: the instance that masters a device writes, any instance reads.
 */
public interface ReportSamplingService {

    /**
     * The reportSampling value (the component property's text) whose entries the device accepted
     * in its latest write, or that the flow store shows ADDED; empty while a write is in flight,
     * after the device refused one, or when the device is away.
     *
     * @param deviceId the device
     * @return the sampling the device holds, if known
     */
    Optional<String> confirmedSampling(DeviceId deviceId);

    /**
     * Has a device report a class at least one packet in 2^k whatever the reportSampling
     * property says (which still decides everything else), until released: for a feature that
     * learns from reports (an ILNP site's border router learns its hosts' sessions). The
     * confirmed sampling of the device then names the part.
     *
     * @param owner  who needs it (one requirement per owner and device)
     * @param device the device
     * @param cls    the class
     * @param shift  k
     * @throws IllegalArgumentException for a k outside what the data plane can sample
     */
    void require(String owner, DeviceId device, LatencyClass cls, int shift);

    /**
     * Ends an owner's requirement on a device; nothing if it had none.
     *
     * @param owner  who needed it
     * @param device the device
     */
    void release(String owner, DeviceId device);
}
