// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngConfigJson;

/**
 * The relay's configuration in ONOS's network config, {@code apps.org.sixflow.app.bng}
 * ({@link BngConfigJson}'s format): cluster-wide and kept across restarts, structured (a port,
 * a list of line prefixes), which component properties (flat strings per component) are not.
 */
public final class BngNetConfig extends Config<ApplicationId> {

    /** The key under the application. */
    public static final String KEY = "bng";

    @Override
    public boolean isValid() {
        try {
            config();
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The configuration.
     *
     * @return it
     * @throws org.sixflow.app.api.InvalidFieldsException naming what is wrong
     */
    public BngConfig config() {
        return BngConfigJson.read(object);
    }
}
