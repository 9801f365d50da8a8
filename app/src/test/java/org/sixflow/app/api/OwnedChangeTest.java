// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;
import org.sixflow.app.features.apn6.api.Apn6PolicyEvent;
import org.sixflow.app.features.gtpu.api.GtpuTunnelEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.testing.Thrown;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

/**
 * Each feature's event kinds name the lifecycle's changes one for one (the shared manager acts on
 * them by change), and a change finds its feature's kind; a feature whose objects are never
 * replaced has no UPDATED kind, and asking for one says so.
 */
public class OwnedChangeTest {

    private static final Set<OwnedChange> ALL = EnumSet.allOf(OwnedChange.class);
    private static final Set<OwnedChange> NEVER_REPLACED = EnumSet.complementOf(EnumSet.of(OwnedChange.UPDATED));

    @Test
    public void everyFeatureNamesEachChangeOnce() {
        check(Apn6PolicyEvent.Type.class, ALL);
        check(IlnpSiteEvent.Type.class, ALL);
        check(GtpuTunnelEvent.Type.class, NEVER_REPLACED);
        check(Nptv6MappingEvent.Type.class, NEVER_REPLACED);
    }

    @Test
    public void aChangeFindsItsKindAndAnEventTellsIt() {
        assertSame(Apn6PolicyEvent.Type.POLICY_UPDATED, OwnedChange.UPDATED.kindOf(Apn6PolicyEvent.Type.class));
        assertSame(GtpuTunnelEvent.Type.TUNNEL_FAILED, OwnedChange.FAILED.kindOf(GtpuTunnelEvent.Type.class));
        IllegalArgumentException e = Thrown.by(IllegalArgumentException.class,
                                               () -> OwnedChange.UPDATED.kindOf(Nptv6MappingEvent.Type.class));
        assertEquals(Nptv6MappingEvent.Type.class.getName() + " has no kind for UPDATED", e.getMessage());
    }

    private static <K extends Enum<K> & OwnedChange.Kind> void check(Class<K> kinds, Set<OwnedChange> expected) {
        List<K> all = List.of(kinds.getEnumConstants());
        Set<OwnedChange> named = EnumSet.noneOf(OwnedChange.class);
        for (K kind : all) {
            named.add(kind.change());
            assertSame(kind, kind.change().kindOf(kinds));
        }
        assertEquals(kinds.getSimpleName(), expected, named);
        assertEquals(kinds.getSimpleName() + ": one kind per change", expected.size(), all.size());
    }
}
