// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/**
 * IPv6 text as forms check it before asking the server (RFC 4291 section 2.2 forms: eight groups,
 * one "::", a dotted IPv4 tail). The server has the last word; these checks only spare a round trip.
 */

/** The eight 16-bit groups of an IPv6 address, or null when the text is not one. */
export function ipv6Groups(text: string): number[] | null {
  let rest = text.trim().toLowerCase();
  if (rest.length === 0 || rest.length > 45) return null;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(rest);
  if (dotted) {
    const bytes = dotted.slice(2, 6).map(Number);
    if (bytes.some((b, i) => b > 255 || (dotted[i + 2].length > 1 && dotted[i + 2].startsWith('0')))) return null;
    tail.push((bytes[0] << 8) | bytes[1], (bytes[2] << 8) | bytes[3]);
    rest = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]);
  const back = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...back].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const given = head.length + back.length + tail.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const zeros = new Array<string>(8 - given).fill('0');
  return [...head, ...(halves.length === 2 ? zeros : []), ...back].map((g) => parseInt(g, 16)).concat(tail);
}

/** Whether the text is an IPv6 address. */
export function isIpv6Address(text: string): boolean {
  return ipv6Groups(text) !== null;
}

/**
 * Why an address cannot be a unicast address of this network or a peer's (unspecified, loopback,
 * link-local, multicast), or null when it can. Unique local addresses (fc00::/7) are allowed: labs use them.
 */
export function notGlobalUnicast(text: string): string | null {
  const groups = ipv6Groups(text);
  if (!groups) return 'is not an IPv6 address';
  if (groups.every((g) => g === 0)) return 'is the unspecified address';
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return 'is the loopback address';
  if ((groups[0] & 0xffc0) === 0xfe80) return 'is a link-local address';
  if ((groups[0] & 0xff00) === 0xff00) return 'is a multicast address';
  return null;
}

/** Whether the text is an IPv6 prefix: an address, "/", a length 0..128. */
export function isIpv6Prefix(text: string): boolean {
  const parts = text.trim().split('/');
  return parts.length === 2 && /^\d{1,3}$/.test(parts[1]) && Number(parts[1]) <= 128 && isIpv6Address(parts[0]);
}

/** Whether two IPv6 addresses are the same address however they are written. */
export function sameIpv6(a: string, b: string): boolean {
  const x = ipv6Groups(a);
  const y = ipv6Groups(b);
  return x !== null && y !== null && x.every((g, i) => g === y[i]);
}
