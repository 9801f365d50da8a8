// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

/**
 * An ICMPv6 Locator Update message (RFC 6743, type 156, code 0) as read off the wire: the
 * Operation octet (1 advertisement, 2 acknowledgement) and each locator with its preference and
 * lifetime (seconds).
 */
public final class LocatorUpdate {

    /** Operation: a node advertises its locators. */
    public static final int ADVERTISEMENT = 1;
    /** Operation: a node acknowledges an advertisement. */
    public static final int ACKNOWLEDGEMENT = 2;

    private final int operation;
    private final List<Entry> entries;

    /**
     * Creates the message.
     *
     * @param operation 1 or 2
     * @param entries   the locators, in the message's order
     */
    public LocatorUpdate(int operation, List<Entry> entries) {
        this.operation = operation;
        this.entries = ImmutableList.copyOf(entries);
    }

    /** The Operation octet. */
    public int operation() {
        return operation;
    }

    /** The locators, in the message's order. */
    public List<Entry> entries() {
        return entries;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LocatorUpdate && operation == ((LocatorUpdate) o).operation
                && entries.equals(((LocatorUpdate) o).entries);
    }

    @Override
    public int hashCode() {
        return Objects.hash(operation, entries);
    }

    @Override
    public String toString() {
        return (operation == ADVERTISEMENT ? "advertisement " : operation == ACKNOWLEDGEMENT ? "acknowledgement "
                : "operation " + operation + " ") + entries;
    }

    /** One locator of a Locator Update. */
    public static final class Entry {
        private final long locator;
        private final int preference;
        private final int lifetime;

        /**
         * Creates the entry.
         *
         * @param locator    the 64-bit locator
         * @param preference its preference (16 bits)
         * @param lifetime   its lifetime in seconds (16 bits)
         */
        public Entry(long locator, int preference, int lifetime) {
            this.locator = locator;
            this.preference = preference;
            this.lifetime = lifetime;
        }

        /** The 64-bit locator. */
        public long locator() {
            return locator;
        }

        /** The locator as text, four groups of hex like an address's upper half (2001:db8:a:1). */
        public String locatorText() {
            return String.format("%x:%x:%x:%x", (locator >>> 48) & 0xffff, (locator >>> 32) & 0xffff,
                                 (locator >>> 16) & 0xffff, locator & 0xffff);
        }

        /** Its preference. */
        public int preference() {
            return preference;
        }

        /** Its lifetime, seconds. */
        public int lifetime() {
            return lifetime;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry && locator == ((Entry) o).locator && preference == ((Entry) o).preference
                    && lifetime == ((Entry) o).lifetime;
        }

        @Override
        public int hashCode() {
            return Objects.hash(locator, preference, lifetime);
        }

        @Override
        public String toString() {
            return locatorText() + " pref " + preference + " life " + lifetime + "s";
        }
    }
}
