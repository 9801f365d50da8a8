// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What the cluster keeps for one tree: the tree as users see it (request, state, failure, the tree
 * last built), the entries of that built tree, and the entries confirmed on the devices. The two
 * differ while a change is being installed and after a change failed (the devices keep the
 * installed ones); both stay known so that any instance that comes to own the tree can finish or
 * undo what another began.
 */
public final class Msr6TreeRecord {

    private final Msr6Tree tree;
    private final Msr6TreeEntries entries;
    private final Msr6TreeEntries installed;

    private Msr6TreeRecord(Msr6Tree tree, Msr6TreeEntries entries, Msr6TreeEntries installed) {
        this.tree = checkNotNull(tree);
        this.entries = entries;
        this.installed = installed;
    }

    /**
     * The record of a tree just asked for: nothing built, nothing installed.
     *
     * @param request the request
     * @return the record
     */
    public static Msr6TreeRecord requested(Msr6TreeRequest request) {
        return new Msr6TreeRecord(Msr6Tree.requested(request), null, null);
    }

    public String id() {
        return tree.id();
    }

    /** The tree as users see it. */
    public Msr6Tree tree() {
        return tree;
    }

    /** The entries of the tree last built, whether or not they are on the devices. */
    public Optional<Msr6TreeEntries> entries() {
        return Optional.ofNullable(entries);
    }

    /** The entries confirmed on the devices, if any are. */
    public Optional<Msr6TreeEntries> installed() {
        return Optional.ofNullable(installed);
    }

    /** The tree numbers the record holds: those of its built and of its installed entries. */
    public Set<Integer> numbers() {
        ImmutableSet.Builder<Integer> numbers = ImmutableSet.builder();
        entries().ifPresent(e -> numbers.add(e.number()));
        installed().ifPresent(e -> numbers.add(e.number()));
        return numbers.build();
    }

    /**
     * The record with another view of the tree.
     *
     * @param newTree the tree
     * @return the record
     */
    public Msr6TreeRecord withTree(Msr6Tree newTree) {
        return new Msr6TreeRecord(newTree, entries, installed);
    }

    /**
     * The record of a newly built tree, not yet on the devices.
     *
     * @param built        the tree as built
     * @param builtEntries its entries
     * @return the record
     */
    public Msr6TreeRecord withBuilt(Msr6Tree built, Msr6TreeEntries builtEntries) {
        return new Msr6TreeRecord(built, checkNotNull(builtEntries), installed);
    }

    /**
     * The record once the given entries are confirmed on the devices.
     *
     * @param confirmed the entries now installed
     * @return the record
     */
    public Msr6TreeRecord withInstalled(Msr6TreeEntries confirmed) {
        return new Msr6TreeRecord(tree, entries, confirmed);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Msr6TreeRecord)) {
            return false;
        }
        Msr6TreeRecord r = (Msr6TreeRecord) o;
        return tree.equals(r.tree) && Objects.equals(entries, r.entries) && Objects.equals(installed, r.installed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tree, entries, installed);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("tree", tree).add("entries", entries)
                .add("installed", installed).toString();
    }
}
