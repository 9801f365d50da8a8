// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import java.util.Optional;

/**
 * How runs look GTP-U tunnels up: through the GTP-U tunnel service ({@link TunnelServiceDirectory}),
 * or {@link #UNAVAILABLE} on a controller without one, where a class naming a tunnel gets a
 * problem that says so rather than a guess that the tunnel exists or not.
 */
interface TunnelDirectory {

    /** No tunnel service: every lookup is refused with the reason. */
    TunnelDirectory UNAVAILABLE = new TunnelDirectory() {
        @Override
        public Optional<String> unavailable() {
            return Optional.of("GTP-U tunnels unavailable: this controller has no GTP-U tunnel service to look "
                                       + "the tunnel up in");
        }

        @Override
        public Optional<ProbeTunnel> tunnel(String id) {
            return Optional.empty();
        }
    };

    /**
     * Tells why tunnels cannot be looked up.
     *
     * @return the reason, or empty when {@link #tunnel} answers
     */
    Optional<String> unavailable();

    /**
     * Looks a tunnel up.
     *
     * @param id the tunnel id
     * @return the tunnel, or empty when there is none of that id
     */
    Optional<ProbeTunnel> tunnel(String id);
}
