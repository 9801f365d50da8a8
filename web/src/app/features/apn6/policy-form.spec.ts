// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Apn6Policy } from './apn6-models';
import { fieldOf } from '../../core/field-errors';
import { EMPTY_POLICY_FORM, POLICY_FIELDS, formOf, policyOf } from './policy-form';

describe('policy form', () => {
  it('leaves empty match fields out as wildcards', () => {
    const policy = policyOf({ ...EMPTY_POLICY_FORM, id: 'video-gold', priority: '200', slaLevel: '3' });
    expect(policy).toEqual({
      id: 'video-gold', priority: 200, match: {}, stripAtEgress: false,
      option: { slaLevel: 3, appId: 0, userId: 0, flowId: 0 },
    });
  });

  it('fills match fields, a one-port range and ingress ports', () => {
    const policy = policyOf({
      ...EMPTY_POLICY_FORM, id: 'p', source: 'fd00:1:1::/64', nextHeader: '17', destinationPortLow: '5004',
      ingressPorts: 'device:beijing/3\ndevice:nanjing/4', slaPriority: '5', stripAtEgress: true, name: ' video ',
    });
    expect(policy.match).toEqual({
      source: 'fd00:1:1::/64', nextHeader: 17, destinationPorts: { low: 5004, high: 5004 },
      ingressPorts: ['device:beijing/3', 'device:nanjing/4'],
    });
    expect(policy.slaPriority).toBe(5);
    expect(policy.name).toBe('video');
    expect(policy.stripAtEgress).toBeTrue();
  });

  it('sends what is not a whole number as typed, for the server to name', () => {
    expect(policyOf({ ...EMPTY_POLICY_FORM, appId: 'twelve' }).option.appId as unknown).toBe('twelve');
  });

  it('shows a policy back as form values, full ranges and ::/0 as empty', () => {
    const policy: Apn6Policy = {
      id: 'p', name: null, priority: 10, stripAtEgress: false, option: { slaLevel: 1, appId: 2, userId: 3, flowId: 4 },
      match: { source: 'fd00::/16', destination: '::/0', sourcePorts: { low: 0, high: 65535 },
        destinationPorts: { low: 80, high: 90 }, ingressPorts: [] },
    };
    const form = formOf(policy);
    expect(form.destination).toBe('');
    expect(form.sourcePortLow).toBe('');
    expect(form.destinationPortHigh).toBe('90');
    expect(policyOf(form)).toEqual({
      id: 'p', priority: 10, stripAtEgress: false, option: { slaLevel: 1, appId: 2, userId: 3, flowId: 4 },
      match: { source: 'fd00::/16', destinationPorts: { low: 80, high: 90 } },
    });
  });

  it('knows the fields the codec messages name', () => {
    expect(fieldOf('match.source "x" is not an IPv6 prefix like fd00:1::/32', POLICY_FIELDS)).toBe('match.source');
    expect(fieldOf('option.appId must be a whole number 0..4294967295', POLICY_FIELDS)).toBe('option.appId');
    expect(fieldOf('option is required: {slaLevel, appId, userId, flowId}', POLICY_FIELDS)).toBe('option');
  });
});
