// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.onosproject.drivers.p4runtime.mirror;

import org.onosproject.net.pi.runtime.PiEntity;

/** Mirror entries for tests' stand-ins of the P4Runtime drivers' mirrors (TimedEntry's constructor is package-private). */
public final class MirrorEntries {

    private MirrorEntries() {
    }

    /**
     * An entry as a mirror holds it, written now.
     *
     * @param entity the entity written
     * @param <E>    its type
     * @return the timed entry
     */
    public static <E extends PiEntity> TimedEntry<E> now(E entity) {
        return new TimedEntry<>(System.currentTimeMillis(), entity);
    }
}
