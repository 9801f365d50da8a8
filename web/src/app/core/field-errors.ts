// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from './api-error';
import { messageOf } from './loadable';

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

/**
 * Every problem of a failed request, each beside the form field it belongs to ("" for the whole form):
 * the server's per-field errors ("receivers[1]" belongs to "receivers", "option.appId" to itself), or,
 * from a server that names no field, the field its message starts with. Two problems of one field are joined.
 */
export function placedErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  const named = error instanceof ApiError ? Object.entries(error.fields) : [];
  const placed: Record<string, string> = {};
  const put = (field: string, text: string) => {
    placed[field] = placed[field] ? `${placed[field]}; ${text}` : text;
  };
  if (named.length === 0) {
    const message = messageOf(error);
    put(fieldOf(message, fields) ?? '', message);
    return placed;
  }
  for (const [path, text] of named) {
    put(fieldOfPath(path, fields) ?? '', text);
  }
  return placed;
}

/** The form field a JSON path belongs to: itself, or the longest field it is an item or member of. */
function fieldOfPath(path: string, fields: readonly string[]): string | null {
  const owners = fields.filter((field) => path === field || path.startsWith(`${field}[`) || path.startsWith(`${field}.`))
    .sort((a, b) => b.length - a.length);
  return owners[0] ?? null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits a multi-line text box into its non-empty, trimmed lines (or comma-separated items). */
export function listOf(text: string): string[] {
  return text.split(/[\n,]/).map((item) => item.trim()).filter((item) => item.length > 0);
}
