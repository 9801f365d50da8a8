// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Apn6Policy } from './apn6-models';
import { listOf } from '../../core/field-errors';

/** The policy form's text values, one per input. */
export interface PolicyFormValue {
  id: string;
  name: string;
  priority: string;
  source: string;
  destination: string;
  nextHeader: string;
  sourcePortLow: string;
  sourcePortHigh: string;
  destinationPortLow: string;
  destinationPortHigh: string;
  ingressPorts: string;
  slaLevel: string;
  appId: string;
  userId: string;
  flowId: string;
  slaPriority: string;
  stripAtEgress: boolean;
}

export const EMPTY_POLICY_FORM: PolicyFormValue = {
  id: '', name: '', priority: '100', source: '', destination: '', nextHeader: '', sourcePortLow: '',
  sourcePortHigh: '', destinationPortLow: '', destinationPortHigh: '', ingressPorts: '', slaLevel: '0',
  appId: '0', userId: '0', flowId: '0', slaPriority: '', stripAtEgress: false,
};

/** Request fields a server message can name. */
export const POLICY_FIELDS = [
  'id', 'name', 'priority', 'match', 'match.source', 'match.destination', 'match.nextHeader', 'nextHeader',
  'match.sourcePorts', 'match.destinationPorts', 'match.ingressPorts', 'ingress port', 'option', 'option.slaLevel',
  'option.appId', 'option.userId', 'option.flowId', 'slaPriority', 'L4 port ranges',
] as const;

/** Which form input shows the error of a server field. */
export const INPUT_OF_FIELD: Record<string, string> = {
  'match.source': 'source', 'match.destination': 'destination', 'match.nextHeader': 'nextHeader',
  nextHeader: 'nextHeader', 'match.sourcePorts': 'sourcePorts', 'L4 port ranges': 'sourcePorts',
  'match.destinationPorts': 'destinationPorts', 'match.ingressPorts': 'ingressPorts', 'ingress port': 'ingressPorts',
  'option.slaLevel': 'slaLevel', 'option.appId': 'appId', 'option.userId': 'userId', 'option.flowId': 'flowId',
  option: 'slaLevel', id: 'id', name: 'name', priority: 'priority', slaPriority: 'slaPriority',
};

/** A whole number as a number; anything else as typed, so the server's message names the field. */
function number(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/** The policy JSON of the form; empty match fields are wildcards and left out. */
export function policyOf(v: PolicyFormValue): Apn6Policy {
  const policy: Apn6Policy = {
    id: v.id.trim(), priority: number(v.priority), match: {}, stripAtEgress: v.stripAtEgress,
    option: { slaLevel: number(v.slaLevel), appId: number(v.appId), userId: number(v.userId), flowId: number(v.flowId) },
  };
  if (v.name.trim()) policy.name = v.name.trim();
  if (v.source.trim()) policy.match.source = v.source.trim();
  if (v.destination.trim()) policy.match.destination = v.destination.trim();
  if (v.nextHeader.trim()) policy.match.nextHeader = number(v.nextHeader);
  if (v.sourcePortLow.trim() || v.sourcePortHigh.trim()) {
    policy.match.sourcePorts = { low: number(v.sourcePortLow), high: number(v.sourcePortHigh || v.sourcePortLow) };
  }
  if (v.destinationPortLow.trim() || v.destinationPortHigh.trim()) {
    policy.match.destinationPorts = {
      low: number(v.destinationPortLow), high: number(v.destinationPortHigh || v.destinationPortLow),
    };
  }
  const ports = listOf(v.ingressPorts);
  if (ports.length > 0) policy.match.ingressPorts = ports;
  if (v.slaPriority.trim()) policy.slaPriority = number(v.slaPriority);
  return policy;
}

/** The form values showing a policy (for editing). Full port ranges and wildcard prefixes show empty. */
export function formOf(p: Apn6Policy): PolicyFormValue {
  const range = (r: { low: number; high: number } | undefined) =>
    !r || (r.low === 0 && r.high === 65535) ? ['', ''] : [String(r.low), String(r.high)];
  const [sourcePortLow, sourcePortHigh] = range(p.match.sourcePorts);
  const [destinationPortLow, destinationPortHigh] = range(p.match.destinationPorts);
  const prefix = (value: string | undefined) => (value === '::/0' ? '' : value ?? '');
  return {
    id: p.id, name: p.name ?? '', priority: String(p.priority), source: prefix(p.match.source),
    destination: prefix(p.match.destination), nextHeader: p.match.nextHeader === undefined ? '' : String(p.match.nextHeader),
    sourcePortLow, sourcePortHigh, destinationPortLow, destinationPortHigh,
    ingressPorts: (p.match.ingressPorts ?? []).join('\n'), slaLevel: String(p.option.slaLevel),
    appId: String(p.option.appId), userId: String(p.option.userId), flowId: String(p.option.flowId),
    slaPriority: p.slaPriority === undefined ? '' : String(p.slaPriority), stripAtEgress: p.stripAtEgress,
  };
}
