// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from '../../core/api-error';
import { BngConfig, BngLinePrefix } from './bng-models';
import { placedErrors } from '../../core/field-errors';

/** The configuration form's values, one per input, as typed (line prefixes one a line: "S-tag C-tag /64 [delegated]"). */
export interface BngConfigFormValue {
  server: string;
  echoIntervalSeconds: string;
  echoMisses: string;
  linePrefixes: string;
  prefixPool: string;
  delegatedPool: string;
  delegatedLength: string;
  forwardDevice: string;
}

export const EMPTY_CONFIG_FORM: BngConfigFormValue = {
  server: '', echoIntervalSeconds: '', echoMisses: '', linePrefixes: '', prefixPool: '', delegatedPool: '', delegatedLength: '',
  forwardDevice: '',
};

/** The configuration's fields (BngConfigJson.FIELDS); each is also the form input that shows its errors. */
export const CONFIG_FIELDS = ['server', 'echoIntervalSeconds', 'echoMisses', 'linePrefixes', 'prefixPool',
  'delegatedPool', 'delegatedLength', 'forwardDevice'] as const;

/** The contract's limits (definitions/BngConfig.json), mirrored so a mistyped number is caught before a round trip. */
export const ECHO_INTERVAL = { min: 1, max: 3600, absent: 30 };
export const ECHO_MISSES = { min: 1, max: 100, absent: 4 };
export const DELEGATED_LENGTH = { min: 32, max: 64, absent: 56 };
export const MAX_VLAN_ID = 4094;

/** The non-empty lines of the line-prefix box, trimmed: the n-th is the request's linePrefixes[n]. */
function prefixLines(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
}

/** A line of the box as a line prefix, or what is wrong with it. */
function linePrefixOf(line: string): BngLinePrefix | string {
  const parts = line.split(/[\s,]+/);
  if (parts.length !== 3 && parts.length !== 4) {
    return 'must be "S-tag C-tag prefix [delegated]", such as "100 10 fd33:0:0:1::/64 fd33:100:0:100::/56"';
  }
  const [s, c, prefix, delegated] = parts;
  for (const [name, value] of [['S-tag', s], ['C-tag', c]]) {
    if (!/^\d{1,4}$/.test(value) || Number(value) > MAX_VLAN_ID) return `${name} "${value}" must be 0..${MAX_VLAN_ID} (0: no tag)`;
  }
  return delegated === undefined ? { sTag: Number(s), cTag: Number(c), prefix }
    : { sTag: Number(s), cTag: Number(c), prefix, delegated };
}

/** The form's values for a configuration as GET bng/config answers it (an unset field empty). */
export function configFormOf(config: BngConfig): BngConfigFormValue {
  return {
    server: config.server ?? '',
    echoIntervalSeconds: config.echoIntervalSeconds === undefined ? '' : String(config.echoIntervalSeconds),
    echoMisses: config.echoMisses === undefined ? '' : String(config.echoMisses),
    linePrefixes: (config.linePrefixes ?? [])
      .map((p) => `${p.sTag} ${p.cTag} ${p.prefix}${p.delegated ? ` ${p.delegated}` : ''}`).join('\n'),
    prefixPool: config.prefixPool ?? '',
    delegatedPool: config.delegatedPool ?? '',
    delegatedLength: config.delegatedLength === undefined ? '' : String(config.delegatedLength),
    forwardDevice: config.forwardDevice ?? '',
  };
}

/** What is wrong with an optional whole number in range, or null. */
function integerProblem(field: string, text: string, limits: { min: number; max: number; absent: number }): string | null {
  if (text === '') return null;
  return /^\d{1,9}$/.test(text) && Number(text) >= limits.min && Number(text) <= limits.max ? null
    : `${field} must be a whole number ${limits.min}..${limits.max} (empty: ${limits.absent}), not "${text}"`;
}

/**
 * The form's mistakes the browser can see, by input (empty when there are none): a missing server,
 * numbers out of the contract's ranges, line prefixes not written "S-tag C-tag prefix". Whether a
 * port or a prefix is valid (its syntax, length, bits past it, a line given twice) is the server's to say.
 */
export function configProblems(v: BngConfigFormValue): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!v.server.trim()) problems['server'] = 'server is required (the PPPoE server\'s port, such as device:bng/2)';
  const interval = integerProblem('echoIntervalSeconds', v.echoIntervalSeconds.trim(), ECHO_INTERVAL);
  if (interval) problems['echoIntervalSeconds'] = interval;
  const misses = integerProblem('echoMisses', v.echoMisses.trim(), ECHO_MISSES);
  if (misses) problems['echoMisses'] = misses;
  const delegatedLength = integerProblem('delegatedLength', v.delegatedLength.trim(), DELEGATED_LENGTH);
  if (delegatedLength) problems['delegatedLength'] = delegatedLength;
  const lines = prefixLines(v.linePrefixes).map((line, i) => {
    const parsed = linePrefixOf(line);
    return typeof parsed === 'string' ? `line ${i + 1} ("${line}"): ${parsed}` : null;
  }).filter((problem): problem is string => problem !== null);
  if (lines.length) problems['linePrefixes'] = lines.join('; ');
  return problems;
}

/**
 * The request the form describes (call once configProblems finds nothing): an empty number is left
 * to the server's default. The meters, which the form does not edit (REST or the network config
 * does), go back as the server last gave them: a save of the form must not unmeter every line.
 */
export function configOf(v: BngConfigFormValue, stored?: BngConfig | null): BngConfig {
  const config: BngConfig = { server: v.server.trim() };
  if (stored?.defaultMeter) config.defaultMeter = stored.defaultMeter;
  if (stored?.lineMeters?.length) config.lineMeters = stored.lineMeters;
  if (v.echoIntervalSeconds.trim()) config.echoIntervalSeconds = Number(v.echoIntervalSeconds.trim());
  if (v.echoMisses.trim()) config.echoMisses = Number(v.echoMisses.trim());
  config.linePrefixes = prefixLines(v.linePrefixes).map(linePrefixOf)
    .filter((p): p is BngLinePrefix => typeof p !== 'string');
  config.prefixPool = v.prefixPool.trim() || null;
  config.delegatedPool = v.delegatedPool.trim() || null;
  if (v.delegatedLength.trim()) config.delegatedLength = Number(v.delegatedLength.trim());
  // Always sent: an empty field ends the split (null), rather than leaving a forwarding device the form does not show.
  config.forwardDevice = v.forwardDevice.trim() || null;
  return config;
}

/**
 * Every problem of a refused PUT beside the input it names ("" for the whole form). The server
 * names each field (BngConfigJson); a line prefix's ("linePrefixes[1].prefix") is said with the
 * line of the box it came from, so the person sees which of them to fix.
 */
export function placedConfigErrors(error: unknown, typed: BngConfigFormValue): Record<string, string> {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return placedErrors(error, CONFIG_FIELDS);
  const lines = prefixLines(typed.linePrefixes);
  const placed: Record<string, string> = {};
  const put = (field: string, text: string) => {
    placed[field] = placed[field] ? `${placed[field]}; ${text}` : text;
  };
  for (const [path, text] of Object.entries(error.fields)) {
    const line = /^linePrefixes\[(\d+)\](?:\.(\w+))?$/.exec(path);
    if (line) {
      const n = Number(line[1]);
      put('linePrefixes', `line ${n + 1}${lines[n] ? ` ("${lines[n]}")` : ''}: ${line[2] ? `${line[2]} ` : ''}${text}`);
    } else if ((CONFIG_FIELDS as readonly string[]).includes(path)) {
      put(path, text);
    } else {
      put('', path ? `${path}: ${text}` : text);
    }
  }
  return placed;
}
