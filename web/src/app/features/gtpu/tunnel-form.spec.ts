// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { fieldOf } from '../../core/field-errors';
import { EMPTY_TUNNEL_FORM, TUNNEL_FIELDS, TunnelFormValue, tunnelOf, tunnelProblems } from './tunnel-form';

/** A form a person filled in correctly. */
export const GOOD_FORM: TunnelFormValue = {
  ...EMPTY_TUNNEL_FORM, id: 'ue-1001', uePrefixes: 'fd00:9:1::/64', n3Address: 'fd00:1:1::2152',
  peerAddress: 'fd00:7::1', downlinkTeid: '4294967295', uplinkTeid: '1', decapDevice: 'device:beijing',
};

describe('tunnel form', () => {
  it('makes the request, leaving an empty QFI and empty encap devices to the server', () => {
    expect(tunnelOf(GOOD_FORM)).toEqual({
      id: 'ue-1001', uePrefixes: ['fd00:9:1::/64'], n3Address: 'fd00:1:1::2152', peerAddress: 'fd00:7::1',
      downlinkTeid: 4294967295, uplinkTeid: 1, checksumMode: 'INCREMENTAL', acceptZeroChecksum: false,
      decapDevice: 'device:beijing',
    });
  });

  it('carries a QFI of 0, several prefixes and encap devices', () => {
    const request = tunnelOf({ ...GOOD_FORM, qfi: '0', uePrefixes: 'fd00:9:1::/64\nfd00:9:2::/64',
      encapDevices: 'device:beijing, device:nanjing', checksumMode: 'ZERO', acceptZeroChecksum: true });
    expect(request.qfi).toBe(0);
    expect(request.uePrefixes).toEqual(['fd00:9:1::/64', 'fd00:9:2::/64']);
    expect(request.encapDevices).toEqual(['device:beijing', 'device:nanjing']);
    expect(request.checksumMode).toBe('ZERO');
    expect(request.acceptZeroChecksum).toBeTrue();
  });

  it('finds nothing wrong with a good form', () => {
    expect(tunnelProblems(GOOD_FORM)).toEqual({});
  });

  it('names each field the contract would refuse', () => {
    const problems = tunnelProblems({
      ...EMPTY_TUNNEL_FORM, id: 'UE_1', uePrefixes: 'fd00:9:1::/64\nbanana', n3Address: 'fe80::1',
      peerAddress: '', downlinkTeid: '0', uplinkTeid: '4294967296', qfi: '64', decapDevice: ' ',
    });
    expect(problems).toEqual({
      id: 'id "UE_1" must be 1-32 lower-case letters, digits or dashes',
      uePrefixes: 'uePrefixes: "banana" is not an IPv6 prefix like fd00:9:1::/64',
      n3Address: 'n3Address "fe80::1" is a link-local address',
      peerAddress: 'peerAddress is required',
      downlinkTeid: 'downlinkTeid must be 1..4294967295, not 0',
      uplinkTeid: 'uplinkTeid must be 1..4294967295, not 4294967296',
      qfi: 'qfi must be 0..63, not 64',
      decapDevice: 'decapDevice is required',
    });
  });

  it('checks the id length, the prefix count, whole numbers and the peer against the N3 address', () => {
    expect(tunnelProblems({ ...GOOD_FORM, id: 'a'.repeat(33) })['id']).toContain('1-32');
    expect(tunnelProblems({ ...GOOD_FORM, id: 'a'.repeat(32) })['id']).toBeUndefined();
    expect(tunnelProblems({ ...GOOD_FORM, uePrefixes: ' \n' })['uePrefixes']).toContain('at least one');
    const seventeen = Array.from({ length: 17 }, (_, i) => `fd00:9:${i + 1}::/64`).join('\n');
    expect(tunnelProblems({ ...GOOD_FORM, uePrefixes: seventeen })['uePrefixes']).toContain('at most 16');
    expect(tunnelProblems({ ...GOOD_FORM, qfi: '1.5' })['qfi']).toBe('qfi must be a whole number 0..63');
    expect(tunnelProblems({ ...GOOD_FORM, downlinkTeid: '-3' })['downlinkTeid']).toContain('whole number');
    expect(tunnelProblems({ ...GOOD_FORM, uplinkTeid: ' ' })['uplinkTeid']).toBe('uplinkTeid is required');
    expect(tunnelProblems({ ...GOOD_FORM, peerAddress: 'FD00:1:1:0::2152' })['peerAddress'])
      .toBe('peerAddress must differ from n3Address');
    expect(tunnelProblems({ ...GOOD_FORM, peerAddress: 'ff02::1' })['peerAddress']).toContain('multicast');
    expect(tunnelProblems({ ...GOOD_FORM, checksumMode: 'SOMETIMES' as never })['checksumMode']).toContain('ZERO, FULL');
  });

  it('knows the fields the server messages name', () => {
    expect(fieldOf('uePrefixes[1] "fd00::/8" overlaps tunnel ue-1 on device:beijing', TUNNEL_FIELDS)).toBe('uePrefixes');
    expect(fieldOf('checksumMode FULL is not possible on device:tofino1 (a Tofino)', TUNNEL_FIELDS)).toBe('checksumMode');
    expect(fieldOf('acceptZeroChecksum must agree with tunnel ue-2 on fd00:1:1::2152', TUNNEL_FIELDS)).toBe('acceptZeroChecksum');
    expect(fieldOf('unknown field "teid"', TUNNEL_FIELDS)).toBeNull();
  });
});
