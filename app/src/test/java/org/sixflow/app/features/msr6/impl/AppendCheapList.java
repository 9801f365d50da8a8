// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Spliterator;
import java.util.function.Predicate;

/**
 * A list the fixture's devices append to from many threads at the cost of one element, and
 * tests read as a snapshot (copied once per change read). A CopyOnWriteArrayList copies the
 * whole list on every add: with 10,000 trees installed that copying was a good part of what the
 * create benchmark allocated (and its collector paused for).
 *
 * @param <E> element type
 */
final class AppendCheapList<E> extends AbstractList<E> {

    private final List<E> elements = new ArrayList<>();
    /** The elements as last read; null after a change. Guarded by this. */
    private List<E> snapshot;

    private synchronized List<E> snapshot() {
        if (snapshot == null) {
            snapshot = List.copyOf(elements);
        }
        return snapshot;
    }

    @Override
    public synchronized boolean add(E element) {
        snapshot = null;
        return elements.add(element);
    }

    @Override
    public synchronized boolean addAll(Collection<? extends E> added) {
        snapshot = null;
        return elements.addAll(added);
    }

    @Override
    public synchronized boolean removeIf(Predicate<? super E> filter) {
        snapshot = null;
        return elements.removeIf(filter);
    }

    @Override
    public synchronized boolean removeAll(Collection<?> removed) {
        snapshot = null;
        return elements.removeAll(removed);
    }

    @Override
    public synchronized void clear() {
        snapshot = null;
        elements.clear();
    }

    @Override
    public E get(int index) {
        return snapshot().get(index);
    }

    @Override
    public int size() {
        return snapshot().size();
    }

    @Override
    public Iterator<E> iterator() {
        return snapshot().iterator();
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        return snapshot().listIterator(index);
    }

    @Override
    public Spliterator<E> spliterator() {
        return snapshot().spliterator();
    }

    @Override
    public List<E> subList(int from, int to) {
        return snapshot().subList(from, to);
    }
}
