// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.Msr6TreeRecord;
import org.sixflow.app.api.Msr6TreeState;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The table entries trees hold room for, besides what the devices already have: a tree's
 * recorded entries claim their room from the moment its owner records them, before any reaches a
 * device, so that a tree checked later counts them. A FAILED tree claims only what it has
 * installed (its failed build is not on the devices); a tree being replaced keeps its installed
 * entries until the new version is confirmed (make-before-break), so they count against the new
 * version too, except where the new version rewrites them in place.
 */
final class TreeClaims {

    private TreeClaims() {
    }

    /**
     * The entries claimed while a tree is checked.
     *
     * @param records every tree's record
     * @param treeId  the tree being checked: only its installed entries count
     * @return claimed entries, possibly repeated
     */
    static List<FlowRule> claimed(Collection<Msr6TreeRecord> records, String treeId) {
        List<FlowRule> claimed = new ArrayList<>();
        for (Msr6TreeRecord record : records) {
            record.installed().ifPresent(e -> claimed.addAll(e.allRules()));
            if (!record.id().equals(treeId) && record.tree().state() != Msr6TreeState.FAILED) {
                record.entries().filter(e -> !e.equals(record.installed().orElse(null)))
                        .ifPresent(e -> claimed.addAll(e.allRules()));
            }
        }
        return claimed;
    }
}
