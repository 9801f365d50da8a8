// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to an NPTv6 mapping. Every instance of the cluster hears every event.
 */
public class Nptv6MappingEvent extends OwnedObjectEvent<Nptv6MappingEvent.Type, NamedNptv6Mapping> {

    /** What happened. */
    public enum Type implements OwnedChange.Kind {
        /** A mapping was validated and stored; its owner installs it. */
        MAPPING_ADDED(OwnedChange.ADDED),
        /** A mapping was removed; its owner removes its entries. */
        MAPPING_REMOVED(OwnedChange.REMOVED),
        /** Its device confirmed the mapping's entries. */
        MAPPING_INSTALLED(OwnedChange.INSTALLED),
        /** Its device refused an entry, or cannot take the mapping. */
        MAPPING_FAILED(OwnedChange.FAILED),
        /** A mapping is waiting again. */
        MAPPING_REQUESTED(OwnedChange.REQUESTED);

        private final OwnedChange change;

        Type(OwnedChange change) {
            this.change = change;
        }

        @Override
        public OwnedChange change() {
            return change;
        }
    }

    /**
     * Creates an event.
     *
     * @param type    what happened
     * @param mapping the mapping (for removals, as it was)
     * @param status  its status (for removals, as it was)
     */
    public Nptv6MappingEvent(Type type, NamedNptv6Mapping mapping, InstallStatus status) {
        this(type, mapping, status, null);
    }

    /**
     * Creates an event about a replaced mapping.
     *
     * @param type     what happened
     * @param mapping  the mapping
     * @param status   its status
     * @param previous the version it replaced, or null
     */
    public Nptv6MappingEvent(Type type, NamedNptv6Mapping mapping, InstallStatus status, NamedNptv6Mapping previous) {
        super(type, mapping, status, mapping.id(), previous);
    }
}
