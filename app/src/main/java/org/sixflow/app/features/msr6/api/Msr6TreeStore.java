// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import org.onosproject.store.Store;
import org.sixflow.app.api.TableClaims;

import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The cluster's trees: one record per tree, the claims that keep trees apart (ids, one tree per
 * source address, group and ingress device, data-plane tree numbers), and events for every change
 * made on any instance.
 */
public interface Msr6TreeStore extends Store<Msr6TreeEvent, Msr6TreeStoreDelegate> {

    /**
     * Returns a tree's record.
     *
     * @param id tree id
     * @return the record, if the tree exists
     */
    Optional<Msr6TreeRecord> record(String id);

    /**
     * Returns every tree's record.
     *
     * @return records, in no order
     */
    List<Msr6TreeRecord> records();

    /**
     * Returns every tree's record as of the last change this instance heard of: its own writes
     * at once, another instance's when their map event arrives. For lists; decoded once per
     * change rather than once per read.
     *
     * @return records, in no order
     */
    List<Msr6TreeRecord> listedRecords();

    /**
     * Returns the tree that holds a request's (source address, group, ingress device), as
     * {@link #add} claims it: one lookup, however many trees there are.
     *
     * @param request a tree request
     * @return the id of the tree that holds it, if one does
     */
    Optional<String> ingressHolder(Msr6TreeRequest request);

    /**
     * Returns which trees hold which table entries and groups, by key, for checking a tree
     * against all others with a lookup per entry of its own. Fresh as this instance heard: its
     * own writes at once, another instance's when their map event arrives.
     *
     * @return the holders (a live view)
     */
    TreeEntryHolders entryHolders();

    /**
     * Returns the table entries the trees hold room for while one tree is checked against the
     * devices' tables: every tree's installed entries, and what the others that have not FAILED
     * were last built as. Fresh as {@link #entryHolders} is.
     *
     * @param checkedTreeId the tree being checked (its last build does not count: it is what is checked)
     * @return the claims (a live view)
     */
    TableClaims claims(String checkedTreeId);

    /**
     * Adds a tree, claiming its id and its (source address, group, ingress device) for it.
     *
     * @param record the new tree's record
     * @return empty when added; otherwise the id of the tree that holds the id or the (source
     *         address, group, ingress device), which is the record's own id when the id is in use
     */
    Optional<String> add(Msr6TreeRecord record);

    /**
     * Changes a tree's record atomically. The change may run more than once (when another
     * instance changed the record meanwhile), so it must only compute; returning its argument
     * leaves the record as it is.
     *
     * @param id     tree id
     * @param change from the current record to the new one
     * @return the record afterwards; empty if there is no such tree
     */
    Optional<Msr6TreeRecord> update(String id, UnaryOperator<Msr6TreeRecord> change);

    /**
     * Changes a tree's record atomically if the change applies to it, as {@link #update} does.
     * Of concurrent callers whose change makes {@code applies} false (two removals, a removal and
     * a change of receivers), exactly one gets the record: the others find what it wrote.
     *
     * @param id      tree id
     * @param applies whether the change applies to the record as it is now
     * @param change  from the current record to the new one
     * @return the record afterwards; empty if there is no such tree or the change does not apply
     */
    Optional<Msr6TreeRecord> updateIf(String id, Predicate<Msr6TreeRecord> applies,
                                      UnaryOperator<Msr6TreeRecord> change);

    /**
     * Deletes a tree's record and frees everything it claimed: its id, its (source address,
     * group, ingress device) and its tree numbers.
     *
     * @param id tree id
     * @return the record removed, if there was one
     */
    Optional<Msr6TreeRecord> remove(String id);

    /**
     * Claims the lowest free tree number for a tree.
     *
     * @param id tree id
     * @return the number, 1..the pipeline's highest tree number
     * @throws IllegalArgumentException when every number is in use
     */
    int claimNumber(String id);

    /**
     * Claims the lowest free tree number that is also usable now for a tree.
     *
     * @param id     tree id
     * @param usable whether a free number may be given now (e.g. its old groups are gone)
     * @return the number, 1..the pipeline's highest tree number
     * @throws IllegalArgumentException when no free number is usable
     */
    int claimNumber(String id, IntPredicate usable);

    /**
     * Returns the number {@link #claimNumber} would give now, without claiming it (for a trial build).
     *
     * @return the lowest free number
     * @throws IllegalArgumentException when every number is in use
     */
    int freeNumber();

    /**
     * Returns the number {@link #claimNumber(String, IntPredicate)} would give now, without claiming it.
     *
     * @param usable whether a free number may be given now
     * @return the lowest free usable number
     * @throws IllegalArgumentException when no free number is usable
     */
    int freeNumber(IntPredicate usable);

    /**
     * Frees a tree number the tree claimed; a number another tree holds stays claimed.
     *
     * @param number the number
     * @param id     tree id
     */
    void releaseNumber(int number, String id);
}
