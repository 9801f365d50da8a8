// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from '../../core/api-error';
import { BngConfigFormValue, configFormOf, configOf, configProblems, placedConfigErrors } from './bng-config-form';

const TYPED: BngConfigFormValue = {
  server: ' device:bng/2 ', echoIntervalSeconds: '10', echoMisses: '', prefixPool: '', delegatedPool: '', delegatedLength: '',
  forwardDevice: '', linePrefixes: '100 10 fd33:0:0:1::/64\n\n  100 11 fd33:0:0:2::/64  \n0,5,fd33:0:0:3::/64',
};

describe('BNG configuration form', () => {
  it('writes the configuration GET answers into the form, one line prefix a line, unset fields empty', () => {
    expect(configFormOf({ server: null, echoIntervalSeconds: 30, echoMisses: 4, linePrefixes: [], prefixPool: null }))
      .toEqual({ server: '', echoIntervalSeconds: '30', echoMisses: '4', linePrefixes: '', prefixPool: '',
        delegatedPool: '', delegatedLength: '', forwardDevice: '' });
    expect(configFormOf({ server: 'device:bng/2', echoIntervalSeconds: 10, echoMisses: 3, prefixPool: 'fd33:1::/48',
      linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }, { sTag: 0, cTag: 5, prefix: 'fd33:0:0:3::/64' }] }).linePrefixes)
      .toBe('100 10 fd33:0:0:1::/64\n0 5 fd33:0:0:3::/64');
    expect(configFormOf({ server: 'device:bng/2', delegatedPool: 'fd33:200::/40', delegatedLength: 56,
      linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64', delegated: 'fd33:100:0:100::/56' }] }))
      .toEqual(jasmine.objectContaining({ delegatedPool: 'fd33:200::/40', delegatedLength: '56',
        linePrefixes: '100 10 fd33:0:0:1::/64 fd33:100:0:100::/56' }));
  });

  it('keeps a line\'s delegated prefix and the delegation pool in the request', () => {
    const typed = { ...TYPED, delegatedPool: ' fd33:200::/40 ', delegatedLength: '60',
      linePrefixes: '100 10 fd33:0:0:1::/64 fd33:100:0:100::/56' };
    expect(configProblems(typed)).toEqual({});
    expect(configOf(typed)).toEqual({ server: 'device:bng/2', echoIntervalSeconds: 10, prefixPool: null,
      delegatedPool: 'fd33:200::/40', delegatedLength: 60, forwardDevice: null,
      linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64', delegated: 'fd33:100:0:100::/56' }] });
    expect(configProblems({ ...typed, delegatedLength: '65' })).toEqual({
      delegatedLength: 'delegatedLength must be a whole number 32..64 (empty: 56), not "65"' });
  });

  it('makes the request: trimmed, empty numbers left to the server\'s defaults, empty pool null', () => {
    expect(configProblems(TYPED)).toEqual({});
    expect(configOf(TYPED)).toEqual({ server: 'device:bng/2', echoIntervalSeconds: 10, prefixPool: null, delegatedPool: null,
      forwardDevice: null, linePrefixes: [
      { sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }, { sTag: 100, cTag: 11, prefix: 'fd33:0:0:2::/64' },
      { sTag: 0, cTag: 5, prefix: 'fd33:0:0:3::/64' }] });
  });

  it('keeps the split\'s forwarding device, trimmed, and sends an emptied one as null (no split)', () => {
    expect(configFormOf({ server: 'device:bng-access/2', forwardDevice: 'device:bng-forward' }).forwardDevice)
      .toBe('device:bng-forward');
    expect(configOf({ ...TYPED, forwardDevice: ' device:bng-forward ' }).forwardDevice).toBe('device:bng-forward');
    expect(configOf({ ...TYPED, forwardDevice: '  ' }).forwardDevice).toBeNull();
  });

  it('sends the meters back as the server gave them: the form does not edit them, and a save must not unmeter the lines', () => {
    const rate = { cirKbps: 1000, cbsBytes: 3000, pirKbps: 2000, pbsBytes: 6000 };
    const stored = { server: 'device:bng/2', defaultMeter: { upstream: rate, downstream: null },
      lineMeters: [{ sTag: 100, cTag: 10, upstream: null, downstream: rate }] };
    const config = configOf(TYPED, stored);
    expect(config.defaultMeter).toEqual({ upstream: rate, downstream: null });
    expect(config.lineMeters).toEqual([{ sTag: 100, cTag: 10, upstream: null, downstream: rate }]);
    expect(configOf(TYPED, { server: 'device:bng/2', lineMeters: [] }).lineMeters).toBeUndefined();
    expect(configOf(TYPED, null).defaultMeter).toBeUndefined();
  });

  it('finds what the browser can: no server, numbers out of range, lines not "S-tag C-tag prefix"', () => {
    expect(configProblems({ ...TYPED, server: ' ', echoIntervalSeconds: '0', echoMisses: '4.5',
      linePrefixes: '100 10 fd33:0:0:1::/64\n100 fd33::/64\n4095 1 fd33:0:0:4::/64' })).toEqual({
      server: 'server is required (the PPPoE server\'s port, such as device:bng/2)',
      echoIntervalSeconds: 'echoIntervalSeconds must be a whole number 1..3600 (empty: 30), not "0"',
      echoMisses: 'echoMisses must be a whole number 1..100 (empty: 4), not "4.5"',
      linePrefixes: 'line 2 ("100 fd33::/64"): must be "S-tag C-tag prefix [delegated]", such as "100 10 fd33:0:0:1::/64 fd33:100:0:100::/56"; '
        + 'line 3 ("4095 1 fd33:0:0:4::/64"): S-tag "4095" must be 0..4094 (0: no tag)',
    });
    expect(configProblems({ ...TYPED, echoIntervalSeconds: '3600', echoMisses: '100' })).toEqual({});
  });

  it('puts each field the server names beside its input, a line prefix\'s with the line it came from', () => {
    const error = new ApiError(400, 'several', {
      server: '"device:bng" is not device/port', 'linePrefixes[1].prefix': 'fd33::/48 must be a /64',
      'linePrefixes[2]': 'S-tag 100, C-tag 10 is given twice', prefixPool: 'fd33:1::1/48 has bits set past its length (fd33:1::/48)',
    });
    const typed = { ...TYPED, linePrefixes: '100 10 fd33:0:0:1::/64\n100 11 fd33::/48\n\n100 10 fd33:0:0:5::/64' };
    expect(placedConfigErrors(error, typed)).toEqual({
      server: '"device:bng" is not device/port',
      linePrefixes: 'line 2 ("100 11 fd33::/48"): prefix fd33::/48 must be a /64; '
        + 'line 3 ("100 10 fd33:0:0:5::/64"): S-tag 100, C-tag 10 is given twice',
      prefixPool: 'fd33:1::1/48 has bits set past its length (fd33:1::/48)',
    });
  });

  it('puts a refusal that names no field under the form, or beside the field it starts with', () => {
    expect(placedConfigErrors(new ApiError(503, 'Sixflow is starting'), TYPED)).toEqual({ '': 'Sixflow is starting' });
    expect(placedConfigErrors(new ApiError(400, 'server must be a string'), TYPED)).toEqual({ server: 'server must be a string' });
    expect(placedConfigErrors(new ApiError(400, 'x', { '': 'must be a JSON object' }), TYPED)).toEqual({ '': 'must be a JSON object' });
  });
});
