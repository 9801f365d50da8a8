// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.pipeconf.Feature;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * A feature's request is refused on a device whose profile lacks it, naming both; devices
 * without a Sixflow pipeconf are their callers' business.
 */
public class ProfileFeaturesTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");

    @Test
    public void aProfileWithoutTheFeatureIsRefusedByName() {
        Optional<PiPipeconfId> gtpu = Optional.of(SixflowPipeconfs.id("gtpu", PipeconfTarget.TOFINO));
        assertEquals(Optional.of("device:s1 runs profile gtpu, which has no MSR6"),
                     ProfileFeatures.refusal(S1, gtpu, Feature.MSR6));
        try {
            ProfileFeatures.require(S1, gtpu, Feature.APN6);
            fail("gtpu has no APN6");
        } catch (IllegalArgumentException expected) {
            assertEquals("device:s1 runs profile gtpu, which has no APN6", expected.getMessage());
        }
    }

    @Test
    public void aProfileWithTheFeatureOrNoSixflowPipeconfPasses() {
        ProfileFeatures.require(S1, Optional.of(SixflowPipeconfs.FULL_BMV2), Feature.GTPU);
        ProfileFeatures.require(S1, Optional.of(SixflowPipeconfs.id("core", PipeconfTarget.BMV2)), Feature.MSR6);
        assertTrue(ProfileFeatures.refusal(S1, Optional.empty(), Feature.MSR6).isEmpty());
        assertTrue(ProfileFeatures.refusal(S1, Optional.of(new PiPipeconfId("org.example")), Feature.MSR6).isEmpty());
    }
}
