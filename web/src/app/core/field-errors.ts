// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/**
 * Where a server message belongs. The REST codecs start a 400 message with the JSON field they
 * reject ("group \"x\" is not an IPv6 address", "match.source …", "constraints.maxHops must be …");
 * the longest field name that starts the message wins, and anything else belongs to the whole form.
 */
export function fieldOf(message: string, fields: readonly string[]): string | null {
  const named = fields
    .filter((field) => message === field || new RegExp(`^${escape(field)}(?![\\w.])`).test(message))
    .sort((a, b) => b.length - a.length);
  return named[0] ?? null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits a multi-line text box into its non-empty, trimmed lines (or comma-separated items). */
export function listOf(text: string): string[] {
  return text.split(/[\n,]/).map((item) => item.trim()).filter((item) => item.length > 0);
}
