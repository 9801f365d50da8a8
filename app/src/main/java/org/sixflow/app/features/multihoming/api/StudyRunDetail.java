// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.util.List;
import java.util.Objects;

/** A run with what it measured so far: its cells, their grid, the failovers and the routing state. */
public final class StudyRunDetail {

    private final StudyRun run;
    private final List<TrialCell> cells;
    private final List<GridRow> grid;
    private final List<FailoverResult> failovers;
    private final List<SiteRoutes> siteRoutes;

    /**
     * Creates one.
     *
     * @param run        the run
     * @param cells      its trials' results, in plan order
     * @param grid       the cells averaged over repetitions
     * @param failovers  the failover trials
     * @param siteRoutes per protocol, the routes to the site
     */
    public StudyRunDetail(StudyRun run, List<TrialCell> cells, List<GridRow> grid, List<FailoverResult> failovers,
                          List<SiteRoutes> siteRoutes) {
        this.run = Objects.requireNonNull(run);
        this.cells = List.copyOf(cells);
        this.grid = List.copyOf(grid);
        this.failovers = List.copyOf(failovers);
        this.siteRoutes = List.copyOf(siteRoutes);
    }

    public StudyRun run() {
        return run;
    }

    public List<TrialCell> cells() {
        return cells;
    }

    public List<GridRow> grid() {
        return grid;
    }

    public List<FailoverResult> failovers() {
        return failovers;
    }

    public List<SiteRoutes> siteRoutes() {
        return siteRoutes;
    }
}
