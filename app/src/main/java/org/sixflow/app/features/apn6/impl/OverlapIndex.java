// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.apn6.api.Apn6Match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Finds, among installed policies, the ones that conflict with or shadow a new one, without
 * comparing it with every policy: policies sit in a binary trie on their source prefix, one
 * trie per priority. Two prefixes intersect only when one contains the other, so the
 * candidates are the policies on the new prefix's path from the root (at most 129 nodes) and
 * those below it.
 */
public final class OverlapIndex {

    /** A policy as the index sees it. */
    public static final class Entry {
        private final String id;
        private final int priority;
        private final Apn6Match match;

        public Entry(String id, int priority, Apn6Match match) {
            this.id = id;
            this.priority = priority;
            this.match = match;
        }

        public String id() {
            return id;
        }

        public int priority() {
            return priority;
        }

        public Apn6Match match() {
            return match;
        }
    }

    private static final class Node {
        final List<Entry> entries = new ArrayList<>(1);
        Node zero;
        Node one;
    }

    private final NavigableMap<Integer, Node> tries = new TreeMap<>();
    private final Map<String, Entry> byId = new HashMap<>();

    /**
     * Adds a policy.
     *
     * @param entry the policy
     * @throws IllegalArgumentException if its id is already in the index
     */
    public void add(Entry entry) {
        checkArgument(!byId.containsKey(entry.id), "policy %s is already indexed", entry.id);
        byId.put(entry.id, entry);
        node(tries.computeIfAbsent(entry.priority, p -> new Node()), entry.match.source(), true)
                .entries.add(entry);
    }

    /**
     * Removes a policy.
     *
     * @param id policy id
     */
    public void remove(String id) {
        Entry entry = byId.remove(id);
        if (entry != null) {
            node(tries.get(entry.priority), entry.match.source(), false).entries.remove(entry);
        }
    }

    public int size() {
        return byId.size();
    }

    /**
     * Returns an indexed policy of the same priority whose match intersects this one.
     *
     * @param priority priority of the new policy
     * @param match    its match
     * @param ignoreId an id not to report (the policy being updated), or null
     * @return the first conflicting policy found, if any
     */
    public Optional<Entry> conflict(int priority, Apn6Match match, String ignoreId) {
        Node root = tries.get(priority);
        if (root == null) {
            return Optional.empty();
        }
        for (Entry e : candidates(root, match.source())) {
            if (!e.id.equals(ignoreId) && e.match.intersects(match)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * Returns the higher-priority policies that match everything this one matches: it would
     * never apply.
     *
     * @param priority priority of the policy
     * @param match    its match
     * @return shadowing policies, highest priority first
     */
    public List<Entry> shadowing(int priority, Apn6Match match) {
        ImmutableList.Builder<Entry> found = ImmutableList.builder();
        for (Node root : tries.tailMap(priority, false).descendingMap().values()) {
            // A cover's source contains ours: it is on our path, never below it.
            Node at = root;
            Ip6Prefix prefix = match.source();
            byte[] bits = prefix.address().toOctets();
            for (int depth = 0; at != null; depth++) {
                for (Entry e : at.entries) {
                    if (e.match.covers(match)) {
                        found.add(e);
                    }
                }
                if (depth == prefix.prefixLength()) {
                    break;
                }
                at = bit(bits, depth) ? at.one : at.zero;
            }
        }
        return found.build();
    }

    private static List<Entry> candidates(Node root, Ip6Prefix prefix) {
        List<Entry> result = new ArrayList<>();
        byte[] bits = prefix.address().toOctets();
        Node at = root;
        for (int depth = 0; at != null; depth++) {
            if (depth == prefix.prefixLength()) {
                collect(at, result);
                break;
            }
            result.addAll(at.entries);
            at = bit(bits, depth) ? at.one : at.zero;
        }
        return result;
    }

    private static void collect(Node node, List<Entry> into) {
        if (node != null) {
            into.addAll(node.entries);
            collect(node.zero, into);
            collect(node.one, into);
        }
    }

    private static Node node(Node root, Ip6Prefix prefix, boolean create) {
        byte[] bits = prefix.address().toOctets();
        Node at = root;
        for (int depth = 0; depth < prefix.prefixLength(); depth++) {
            Node next = bit(bits, depth) ? at.one : at.zero;
            if (next == null) {
                if (!create) {
                    throw new IllegalStateException("prefix " + prefix + " not indexed");
                }
                next = new Node();
                if (bit(bits, depth)) {
                    at.one = next;
                } else {
                    at.zero = next;
                }
            }
            at = next;
        }
        return at;
    }

    private static boolean bit(byte[] octets, int index) {
        return (octets[index >> 3] & (0x80 >> (index & 7))) != 0;
    }
}
