// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

/** The start of a command's output, printable, for a reason a person reads. */
final class Excerpt {

    private static final int LENGTH = 200;

    private Excerpt() {
    }

    /**
     * The excerpt.
     *
     * @param text output, possibly null
     * @return at most {@value #LENGTH} printable characters, quoted, or "nothing"
     */
    static String of(String text) {
        if (text == null || text.isBlank()) {
            return "nothing";
        }
        String oneLine = text.strip().replaceAll("\\s+", " ").replaceAll("[^\\x20-\\x7e]", "?");
        return "\"" + (oneLine.length() > LENGTH ? oneLine.substring(0, LENGTH) + "..." : oneLine) + "\"";
    }
}
