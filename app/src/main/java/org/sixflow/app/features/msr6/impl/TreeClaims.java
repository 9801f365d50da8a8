// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeState;

import java.util.ArrayList;
import java.util.List;

/**
 * The table entries trees hold room for, besides what the devices already have: a tree's
 * recorded entries claim their room from the moment its owner records them, before any reaches a
 * device, so that a tree checked later counts them. A FAILED tree claims only what it has
 * installed (its failed build is not on the devices); a tree being replaced keeps its installed
 * entries until the new version is confirmed (make-before-break), so they count against the new
 * version too, except where the new version rewrites them in place (the same flow id counts
 * once). TreeIndex counts every tree's claims by these rules.
 */
final class TreeClaims {

    private TreeClaims() {
    }

    /**
     * What a tree claims while another tree is checked.
     *
     * @param record the tree's record
     * @return the versions whose entries it claims: installed, and built unless FAILED
     */
    static List<Msr6TreeEntries> whileOthersChecked(Msr6TreeRecord record) {
        List<Msr6TreeEntries> claimed = new ArrayList<>(2);
        record.installed().ifPresent(claimed::add);
        if (record.tree().state() != Msr6TreeState.FAILED) {
            record.entries().filter(e -> !e.equals(record.installed().orElse(null))).ifPresent(claimed::add);
        }
        return claimed;
    }

    /**
     * What a tree claims while it is checked itself: only its installed entries, since what it
     * is built as now is what is checked.
     *
     * @param record the tree's record
     * @return the versions whose entries it claims
     */
    static List<Msr6TreeEntries> whileChecked(Msr6TreeRecord record) {
        return record.installed().map(List::of).orElse(List.of());
    }
}
