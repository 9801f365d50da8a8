// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;
import org.sixflow.app.features.msr6.api.Msr6TreeState;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** A tree's install confirms its groups without reading every group of its devices. */
public class GroupConfirmationReadsTest {

    private final Msr6TreeManagerFixture fixture = new Msr6TreeManagerFixture();

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    @Test
    public void aCreateAsksTheDriversOnlyAboutItsOwnGroups() {
        for (int i = 1; i <= 40; i++) {
            assertEquals(Msr6TreeState.INSTALLED,
                         fixture.manager.create(TreeInstallConcurrencyTest.request("t" + i, i)).state());
        }
        int onDevices = fixture.groups.size();
        fixture.fullGroupReads.set(0);
        fixture.mirrorLookups.set(0);
        assertEquals(Msr6TreeState.INSTALLED,
                     fixture.manager.create(TreeInstallConcurrencyTest.request("t41", 41)).state());
        int own = fixture.record("t41").installed().orElseThrow().allGroups().size();
        assertEquals("no device's every group read", 0, fixture.fullGroupReads.get());
        // The fixture's driver holds a group as soon as it is written: one round of lookups.
        assertEquals(own, fixture.mirrorLookups.get());
        assertTrue(onDevices + " groups on the devices", onDevices > 10 * own);
    }
}
