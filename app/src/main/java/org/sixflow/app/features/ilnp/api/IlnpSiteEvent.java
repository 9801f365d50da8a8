// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to an ILNP site. Every instance of the cluster hears every event.
 */
public class IlnpSiteEvent extends OwnedObjectEvent<IlnpSiteEvent.Type, IlnpSite> {

    /** What happened. */
    public enum Type implements OwnedChange.Kind {
        /** A site was validated and stored; its owner installs it. */
        SITE_ADDED(OwnedChange.ADDED),
        /** A site's weights changed (a new revision); its owner replaces its ranges, make before break. */
        SITE_UPDATED(OwnedChange.UPDATED),
        /** A site was removed; its owner removes its entries. */
        SITE_REMOVED(OwnedChange.REMOVED),
        /** Its device confirmed the site's entries. */
        SITE_INSTALLED(OwnedChange.INSTALLED),
        /** Its device refused an entry, or cannot take the site. */
        SITE_FAILED(OwnedChange.FAILED),
        /** A site is waiting again. */
        SITE_REQUESTED(OwnedChange.REQUESTED);

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
     * @param type   what happened
     * @param site   the site (for removals, as it was)
     * @param status its status (for removals, as it was)
     */
    public IlnpSiteEvent(Type type, IlnpSite site, InstallStatus status) {
        this(type, site, status, null);
    }

    /**
     * Creates an event about a replaced site.
     *
     * @param type     what happened
     * @param site     the site
     * @param status   its status
     * @param previous the version it replaced, or null
     */
    public IlnpSiteEvent(Type type, IlnpSite site, InstallStatus status, IlnpSite previous) {
        super(type, site, status, site.name(), previous);
    }
}
