// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeLimits;
import org.sixflow.app.features.msr6.api.Msr6TreeListener;
import org.sixflow.app.features.msr6.api.Msr6TreeService;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The tree service for components that only look trees up by id: the trees are what
 * {@link #lookup} answers (none unless a test sets it, and it may change while a test runs); no
 * listing, limits or listeners.
 */
public class TestMsr6TreeService implements Msr6TreeService {

    /** How trees are looked up. */
    public volatile Function<String, Optional<Msr6Tree>> lookup = id -> Optional.empty();

    @Override
    public List<Msr6Tree> trees() {
        return List.of();
    }

    @Override
    public Optional<Msr6Tree> tree(String id) {
        return lookup.apply(id);
    }

    @Override
    public Msr6TreeLimits limits() {
        throw new UnsupportedOperationException("no limits here");
    }

    @Override
    public Optional<String> endpointProblem(ConnectPoint port) {
        return Optional.empty();
    }

    @Override
    public void addListener(Msr6TreeListener listener) {
    }

    @Override
    public void removeListener(Msr6TreeListener listener) {
    }
}
