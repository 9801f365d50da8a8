// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to an NPTv6 mapping. Every instance of the cluster hears every event.
 */
public class Nptv6MappingEvent extends OwnedObjectEvent<Nptv6MappingEvent.Type, NamedNptv6Mapping> {

    /** What happened. */
    public enum Type {
        /** A mapping was validated and stored; its owner installs it. */
        MAPPING_ADDED,
        /** A mapping was removed; its owner removes its entries. */
        MAPPING_REMOVED,
        /** Its device confirmed the mapping's entries. */
        MAPPING_INSTALLED,
        /** Its device refused an entry, or cannot take the mapping. */
        MAPPING_FAILED,
        /** A mapping is waiting again. */
        MAPPING_REQUESTED
    }

    /**
     * Creates an event.
     *
     * @param type    what happened
     * @param mapping the mapping (for removals, as it was)
     * @param status  its status (for removals, as it was)
     */
    public Nptv6MappingEvent(Type type, NamedNptv6Mapping mapping, InstallStatus status) {
        super(type, mapping, status, mapping.id());
    }
}
