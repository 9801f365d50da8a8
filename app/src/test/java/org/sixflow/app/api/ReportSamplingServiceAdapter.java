// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

import java.util.Optional;

/** A ReportSamplingService that confirms nothing and takes every requirement, for tests to override. */
public class ReportSamplingServiceAdapter implements ReportSamplingService {

    @Override
    public Optional<String> confirmedSampling(DeviceId deviceId) {
        return Optional.empty();
    }

    @Override
    public void require(String owner, DeviceId device, LatencyClass cls, int shift) {
    }

    @Override
    public void release(String owner, DeviceId device) {
    }
}
