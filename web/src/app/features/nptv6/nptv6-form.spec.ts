// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from '../../core/api-error';
import { MappingFormValue, mappingOf, mappingProblems, placedMappingErrors, uplinkOf } from './nptv6-form';

export const GOOD_MAPPING: MappingFormValue = {
  id: ' isp1 ', internalPrefix: 'fd01:203:405::/48 ', externalPrefix: ' 2001:db8:1::/48', uplink: 'device:beijing/2',
};

describe('the NPTv6 mapping form', () => {
  it('sends what was typed, trimmed', () => {
    expect(mappingOf(GOOD_MAPPING)).toEqual({
      id: 'isp1', internalPrefix: 'fd01:203:405::/48', externalPrefix: '2001:db8:1::/48', uplink: 'device:beijing/2',
    });
    expect(mappingProblems(GOOD_MAPPING)).toEqual({});
  });

  it('splits an uplink at its last slash, and refuses one without a port number', () => {
    expect(uplinkOf('device:beijing/2')).toEqual({ device: 'device:beijing', port: '2' });
    expect(uplinkOf('grpc://10.0.0.1:50001?device_id=1/12')).toEqual({ device: 'grpc://10.0.0.1:50001?device_id=1', port: '12' });
    expect(uplinkOf('device:beijing')).toBeNull();
    expect(uplinkOf('device:beijing/eth2')).toBeNull();
    expect(uplinkOf('/2')).toBeNull();
  });

  it('names each mistake the contract lets the browser see, by its field', () => {
    expect(mappingProblems({ id: '', internalPrefix: '', externalPrefix: '', uplink: '' })).toEqual({
      id: 'id is required', internalPrefix: 'internalPrefix is required (a prefix such as 2001:db8:1::/48)',
      externalPrefix: 'externalPrefix is required (a prefix such as 2001:db8:1::/48)',
      uplink: 'uplink is required (device/port, e.g. device:sbr/2)',
    });
    const bad = mappingProblems({ id: 'isp 1', internalPrefix: 'fd01::/64', externalPrefix: 'banana', uplink: 'device:beijing' });
    expect(bad['id']).toContain('must be 1-64 letters');
    expect(bad['internalPrefix']).toBe('internalPrefix fd01::/64: the length must be 1..48');
    expect(bad['externalPrefix']).toBe('externalPrefix "banana" is not an IPv6 prefix (address/length)');
    expect(bad['uplink']).toContain('must be device/port with a port number');
    expect(mappingProblems({ ...GOOD_MAPPING, id: '..' })['id']).toContain('not "." or ".."');
    expect(mappingProblems({ ...GOOD_MAPPING, internalPrefix: '::/0' })['internalPrefix']).toContain('1..48');
    expect(mappingProblems({ ...GOOD_MAPPING, externalPrefix: '2001:db8::/32' })).toEqual({
      externalPrefix: 'externalPrefix 2001:db8::/32 and internalPrefix fd01:203:405::/48 differ in length: NPTv6 maps prefixes of one length',
    });
  });

  it('puts the codec\'s per-field errors beside their fields', () => {
    const error = new ApiError(400, 'two fields', {
      internalPrefix: 'fd01:203:405::1/48 has bits set past its length', color: 'unknown field; a mapping has …' });
    expect(placedMappingErrors(error)).toEqual({
      internalPrefix: 'fd01:203:405::1/48 has bits set past its length', '': 'unknown field; a mapping has …' });
  });

  it('splits the manager\'s problems and puts each beside the field it starts with', () => {
    const error = new ApiError(400, 'mapping isp2: uplink: device:beijing has no port 9; uplink: device:beijing runs'
      + ' profile full, which has no NPTV6; externalPrefix: 2001:db8:1::/48 overlaps mapping isp1\'s external prefix 2001:db8:1::/48');
    expect(placedMappingErrors(error)).toEqual({
      uplink: 'uplink: device:beijing has no port 9; uplink: device:beijing runs profile full, which has no NPTV6',
      externalPrefix: 'externalPrefix: 2001:db8:1::/48 overlaps mapping isp1\'s external prefix 2001:db8:1::/48',
    });
    expect(placedMappingErrors(new ApiError(400, 'request body must be a JSON object')))
      .toEqual({ '': 'request body must be a JSON object' });
  });

  it('puts a 409 for the id beside the id, and one for table room under the form', () => {
    expect(placedMappingErrors(new ApiError(409, 'NPTv6 mapping id isp1 is in use')))
      .toEqual({ id: 'NPTv6 mapping id isp1 is in use' });
    const full = 'device:beijing table nptv6_inbound holds 1 entry, 1 in use, this mapping needs 1 more';
    expect(placedMappingErrors(new ApiError(409, full))).toEqual({ '': full });
  });
});
