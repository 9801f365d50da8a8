// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ipv6Groups, isIpv6Address, isIpv6Prefix, notGlobalUnicast, sameIpv6 } from './ipv6';

describe('ipv6', () => {
  it('reads the eight groups of every written form', () => {
    expect(ipv6Groups('fd00:1:1::2152')).toEqual([0xfd00, 1, 1, 0, 0, 0, 0, 0x2152]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('2001:DB8::')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::ffff:192.0.2.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]);
    expect(ipv6Groups(' 1:2:3:4:5:6:10.0.0.1 ')).toEqual([1, 2, 3, 4, 5, 6, 0x0a00, 1]);
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'banana', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', ':1::', 'fd00::g',
      '::ffff:256.0.0.1', '::ffff:01.0.0.1', '1:2:3:4:5:6:7:8::', '10.0.0.1', 'fe80::1%eth0']) {
      expect(isIpv6Address(text)).withContext(text).toBeFalse();
    }
  });

  it('reads prefixes with a length of 0..128', () => {
    expect(isIpv6Prefix('fd00:9:1::/64')).toBeTrue();
    expect(isIpv6Prefix('::/0')).toBeTrue();
    expect(isIpv6Prefix('fd00::1/128')).toBeTrue();
    expect(isIpv6Prefix('fd00::/129')).toBeFalse();
    expect(isIpv6Prefix('fd00::')).toBeFalse();
    expect(isIpv6Prefix('fd00::/6x')).toBeFalse();
    expect(isIpv6Prefix('fd00::/64/1')).toBeFalse();
  });

  it('says why an address cannot be a unicast end, and allows unique local ones', () => {
    expect(notGlobalUnicast('fd00:1:1::2152')).toBeNull();
    expect(notGlobalUnicast('2001:db8::1')).toBeNull();
    expect(notGlobalUnicast('::')).toBe('is the unspecified address');
    expect(notGlobalUnicast('::1')).toBe('is the loopback address');
    expect(notGlobalUnicast('fe80::1')).toBe('is a link-local address');
    expect(notGlobalUnicast('febf::1')).toBe('is a link-local address');
    expect(notGlobalUnicast('ff3e::1')).toBe('is a multicast address');
    expect(notGlobalUnicast('nope')).toBe('is not an IPv6 address');
  });

  it('compares addresses however they are written', () => {
    expect(sameIpv6('fd00:0:0::1', 'FD00::0001')).toBeTrue();
    expect(sameIpv6('fd00::1', 'fd00::2')).toBeFalse();
    expect(sameIpv6('x', 'x')).toBeFalse();
  });
});
