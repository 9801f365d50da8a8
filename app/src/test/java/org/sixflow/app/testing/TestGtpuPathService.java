// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuPathService;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Path supervision as a test sets it: the paths listed, the defaults' interval (60 s) and misses
 * (3), and the next round given.
 */
public final class TestGtpuPathService implements GtpuPathService {

    private final List<GtpuPath> paths;
    private final Optional<Instant> nextRound;

    public TestGtpuPathService(List<GtpuPath> paths, Optional<Instant> nextRound) {
        this.paths = paths;
        this.nextRound = nextRound;
    }

    @Override
    public List<GtpuPath> paths() {
        return paths;
    }

    @Override
    public Duration echoInterval() {
        return Duration.ofSeconds(60);
    }

    @Override
    public int echoMisses() {
        return 3;
    }

    @Override
    public Optional<Instant> nextRound() {
        return nextRound;
    }
}
