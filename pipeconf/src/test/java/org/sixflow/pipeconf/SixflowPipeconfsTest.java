// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Pipeconf ids are org.sixflow.&lt;profile&gt;.&lt;target&gt; for every profile and target of
 * profiles.json, and read back into their profile and target.
 */
public class SixflowPipeconfsTest {

    @Test
    public void idsNameTheProfileAndTheTarget() {
        assertEquals("org.sixflow.full.bmv2", SixflowPipeconfs.FULL_BMV2.id());
        assertEquals("org.sixflow.core.tofino", SixflowPipeconfs.CORE_TOFINO.id());
        assertEquals("org.sixflow.gtpu.tofino", SixflowPipeconfs.id("gtpu", PipeconfTarget.TOFINO).id());
        assertEquals("/p4c-out/core/bmv2/", SixflowPipeconfs.bundleFolder("core", PipeconfTarget.BMV2));
    }

    @Test
    public void everyProfileAndTargetIsSixflows() {
        // Eight profiles, each on bmv2 and Tofino.
        assertEquals(16, SixflowPipeconfs.ALL.size());
        for (PipeconfProfile profile : PipeconfProfiles.all()) {
            for (PipeconfTarget target : profile.targets()) {
                PiPipeconfId id = SixflowPipeconfs.id(profile.name(), target);
                assertTrue(id.toString(), SixflowPipeconfs.isSixflow(id));
                assertEquals(Optional.of(profile), SixflowPipeconfs.profileOf(id));
                assertEquals(Optional.of(target), SixflowPipeconfs.targetOf(id));
            }
        }
    }

    @Test
    public void otherIdsAreNot() {
        for (String other : new String[]{"org.sixflow.bmv2", "org.sixflow.tofino", "org.sixflow.nosuch.bmv2",
                "org.sixflow.full.nosuch", "org.onosproject.pipelines.basic"}) {
            PiPipeconfId id = new PiPipeconfId(other);
            assertFalse(other, SixflowPipeconfs.isSixflow(id));
            assertTrue(other, SixflowPipeconfs.profileOf(id).isEmpty());
            assertTrue(other, SixflowPipeconfs.targetOf(id).isEmpty());
        }
    }
}
