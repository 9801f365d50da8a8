// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from '../../core/api-error';
import { Nptv6MappingRequest } from './nptv6-models';
import { fieldOf, placedErrors } from '../../core/field-errors';
import { isIpv6Prefix } from '../../core/ipv6';
import { messageOf } from '../../core/loadable';

/** The mapping form's values, one per input (text as typed). */
export interface MappingFormValue {
  id: string;
  internalPrefix: string;
  externalPrefix: string;
  uplink: string;
}

export const EMPTY_MAPPING_FORM: MappingFormValue = { id: '', internalPrefix: '', externalPrefix: '', uplink: '' };

/** Request fields a server message can name; each is also the form input that shows it. */
export const MAPPING_FIELDS = ['id', 'internalPrefix', 'externalPrefix', 'uplink'] as const;

/** The contract's limits (Nptv6Mapping.json), mirrored so a mistyped value is caught before a round trip. */
export const MAPPING_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** The longest prefix the data plane translates (the checksum adjustment goes into bits 48-63). */
export const MAX_PREFIX_LENGTH = 48;

/** A refusal for table room, as the server words it (TableShortfall): the whole form's business. */
const TABLE_FULL = / table \S+ holds \d+ entr/;
/** How the mapping manager starts a refusal that lists problems ("mapping isp1: uplink: …; externalPrefix: …"). */
const MANAGER_PREFIX = /^mapping [A-Za-z0-9._-]+: /;

/** The request the form describes, each value trimmed. */
export function mappingOf(v: MappingFormValue): Nptv6MappingRequest {
  return { id: v.id.trim(), internalPrefix: v.internalPrefix.trim(), externalPrefix: v.externalPrefix.trim(),
    uplink: v.uplink.trim() };
}

/** An uplink "device/port" split at its last slash, or null when it is not one with a port number. */
export function uplinkOf(text: string): { device: string; port: string } | null {
  const slash = text.lastIndexOf('/');
  const port = text.slice(slash + 1);
  return slash > 0 && /^\d{1,10}$/.test(port) ? { device: text.slice(0, slash), port } : null;
}

/** What is wrong with a prefix the data plane must translate, or null. */
function prefixProblem(field: string, text: string): string | null {
  if (!text) return `${field} is required (a prefix such as 2001:db8:1::/48)`;
  if (!isIpv6Prefix(text)) return `${field} "${text}" is not an IPv6 prefix (address/length)`;
  const length = Number(text.split('/')[1]);
  if (length < 1 || length > MAX_PREFIX_LENGTH) return `${field} ${text}: the length must be 1..${MAX_PREFIX_LENGTH}`;
  return null;
}

/**
 * The form's mistakes the contract lets the browser see, by input (empty when there are none). Bits
 * set past a length, overlaps, the device, its ports and its profile are the server's to say.
 */
export function mappingProblems(v: MappingFormValue): Record<string, string> {
  const problems: Record<string, string> = {};
  const m = mappingOf(v);
  if (!m.id) {
    problems['id'] = 'id is required';
  } else if (!MAPPING_ID_PATTERN.test(m.id) || m.id === '.' || m.id === '..') {
    problems['id'] = `id "${m.id}" must be 1-64 letters, digits, '.', '_' or '-' (not "." or "..")`;
  }
  const internal = prefixProblem('internalPrefix', m.internalPrefix);
  if (internal) problems['internalPrefix'] = internal;
  const external = prefixProblem('externalPrefix', m.externalPrefix);
  if (external) {
    problems['externalPrefix'] = external;
  } else if (!internal && m.internalPrefix.split('/')[1] !== m.externalPrefix.split('/')[1]) {
    problems['externalPrefix'] = `externalPrefix ${m.externalPrefix} and internalPrefix ${m.internalPrefix} differ in length:`
      + ' NPTv6 maps prefixes of one length';
  }
  if (!m.uplink) {
    problems['uplink'] = 'uplink is required (device/port, e.g. device:sbr/2)';
  } else if (!uplinkOf(m.uplink)) {
    problems['uplink'] = `uplink "${m.uplink}" must be device/port with a port number, e.g. device:sbr/2`;
  }
  return problems;
}

/**
 * Every problem of a refused create beside the input it names ("" for the whole form): the codec's
 * per-field errors, each of the manager's "mapping ID: field: …; field: …" problems, a 409 for the
 * id beside the id, a table without room under the form.
 */
export function placedMappingErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) return placedErrors(error, MAPPING_FIELDS);
  const message = messageOf(error);
  if (error instanceof ApiError && error.status === 409) return TABLE_FULL.test(message) ? { '': message } : { id: message };
  const problems = MANAGER_PREFIX.test(message) ? message.replace(MANAGER_PREFIX, '').split('; ') : [message];
  const placed: Record<string, string> = {};
  for (const problem of problems) {
    const key = fieldOf(problem, MAPPING_FIELDS) ?? '';
    placed[key] = placed[key] ? `${placed[key]}; ${problem}` : problem;
  }
  return placed;
}
