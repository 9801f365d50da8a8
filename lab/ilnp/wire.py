# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""ILNPv6 on the wire: addresses as Locator + Node Identifier, the Nonce option, Locator Update, checksums.

Field values written from the RFCs (facts, not copied code):
- RFC 6744: the Nonce is an IPv6 Destination Option, type 0x8B (action bits 10: an ILNP-unaware
  node discards the packet and sends Parameter Problem; bit C = 0: the value does not change en
  route), option data length 4 (32-bit nonce) or 12 (96-bit nonce).
- RFC 6743: ICMPv6 type 156, code 0; then Num of Locs (8 bits), Operation (8 bits: 1 Locator
  Update Advertisement, 2 Locator Update Acknowledgement), 16 reserved bits; then per locator the
  64-bit Locator, a 16-bit Preference and a 16-bit Lifetime (seconds).
- RFC 6740 and RFC 6741: the upper-layer checksum covers the Identifiers only: the pseudo-header
  uses an I-LV whose L64 is zero and whose NID is the node's, in place of each IPv6 address.
"""

import struct

IPV6_HEADER_LEN = 40
NH_HOP_BY_HOP = 0
NH_TCP = 6
NH_UDP = 17
NH_ROUTING = 43
NH_FRAGMENT = 44
NH_ICMPV6 = 58
NH_NONE = 59
NH_DEST_OPTS = 60

NONCE_OPTION_TYPE = 0x8B
NONCE_LENGTHS = (4, 12)

ICMPV6_LOCATOR_UPDATE = 156
# ICMPv6 error messages (RFC 4443): types 1 to 4, each quoting the invoking packet after its
# 8-octet header; Packet Too Big's 32-bit parameter is the MTU, Parameter Problem's a pointer
# into the quote.
ICMPV6_ERROR_TYPES = (1, 2, 3, 4)
ICMPV6_PACKET_TOO_BIG = 2
ICMPV6_PARAMETER_PROBLEM = 4
LU_ADVERTISEMENT = 1
LU_ACKNOWLEDGEMENT = 2

# The offset of the checksum field in each upper-layer header this endpoint rewrites.
CHECKSUM_OFFSET = {NH_TCP: 16, NH_UDP: 6, NH_ICMPV6: 2}


class WireError(ValueError):
    """A packet this endpoint cannot read; the message says which field is wrong."""


# ---- addresses --------------------------------------------------------------------------------

def split_address(addr16):
    """(locator, nid) of a 16-byte address: the upper and lower 64 bits (RFC 6740)."""
    if len(addr16) != 16:
        raise WireError("an IPv6 address has 16 bytes, not %d" % len(addr16))
    return addr16[:8], addr16[8:]


def join_address(locator8, nid8):
    if len(locator8) != 8 or len(nid8) != 8:
        raise WireError("a Locator and a Node Identifier have 8 bytes each")
    return bytes(locator8) + bytes(nid8)


# ---- ones' complement arithmetic --------------------------------------------------------------

def ones_sum(data, start=0):
    """The 16-bit ones' complement sum of data (odd length padded with a zero byte) added to start."""
    if len(data) % 2:
        data = bytes(data) + b"\0"
    total = start + sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return total


def checksum(data):
    """The Internet checksum of data (RFC 1071): the complement of its ones' complement sum."""
    return ~ones_sum(data) & 0xFFFF


def pseudo_header(src16, dst16, length, next_header):
    """The IPv6 upper-layer pseudo-header (RFC 8200 §8.1)."""
    return bytes(src16) + bytes(dst16) + struct.pack("!IxxxB", length, next_header)


def ilnp_pseudo_header(src_nid, dst_nid, length, next_header):
    """The ILNPv6 pseudo-header: each address replaced by its I-LV with a zero L64."""
    return pseudo_header(bytes(8) + bytes(src_nid), bytes(8) + bytes(dst_nid), length, next_header)


def upper_checksum(src16, dst16, next_header, upper):
    """The checksum of an upper-layer message whose checksum field is zero."""
    return checksum(pseudo_header(src16, dst16, len(upper), next_header) + bytes(upper))


def ilnp_upper_checksum(src_nid, dst_nid, next_header, upper):
    """The ILNPv6 checksum of an upper-layer message whose checksum field is zero."""
    return checksum(ilnp_pseudo_header(src_nid, dst_nid, len(upper), next_header) + bytes(upper))


def checksum_delta(removed, added):
    """The ones' complement sum that turns a checksum over words `removed` into one over `added`
    (RFC 1624 eqn. 3 split in two: a fixed address change costs one addition per packet)."""
    return ones_sum(bytes(added), ones_sum(bytes(b ^ 0xFF for b in removed)))


def apply_delta(old, delta):
    total = (~old & 0xFFFF) + delta
    total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def adjust_checksum(old, removed, added):
    """RFC 1624 eqn. 3: the checksum after the 16-bit words `removed` were replaced by `added`.

    removed and added are byte strings of even length (their order inside the sum does not matter)."""
    return apply_delta(old, checksum_delta(removed, added))


# ---- the Nonce option -------------------------------------------------------------------------

def nonce_dest_opts(next_header, nonce):
    """A Destination Options header holding only the Nonce option (8 bytes for 32 bits, 16 for 96).

    2 + 2 + 4 and 2 + 2 + 12 are multiples of 8, so the header needs no padding."""
    if len(nonce) not in NONCE_LENGTHS:
        raise WireError("a nonce has 4 or 12 bytes (RFC 6744), not %d" % len(nonce))
    total = 4 + len(nonce)
    return struct.pack("!BBBB", next_header, total // 8 - 1, NONCE_OPTION_TYPE, len(nonce)) + bytes(nonce)


def parse_dest_opts(data):
    """(next header, header length, nonce or None) of a Destination Options header at data[0].

    Walks every option (Pad1, PadN and others) so a Nonce after padding is found too."""
    if len(data) < 8:
        raise WireError("a Destination Options header has at least 8 bytes, %d here" % len(data))
    next_header, ext_len = data[0], data[1]
    length = (ext_len + 1) * 8
    if len(data) < length:
        raise WireError("Destination Options header says %d bytes, %d here" % (length, len(data)))
    nonce = None
    i = 2
    while i < length:
        kind = data[i]
        if kind == 0:                                      # Pad1
            i += 1
            continue
        if i + 2 > length:
            raise WireError("option at %d runs past the header" % i)
        opt_len = data[i + 1]
        if i + 2 + opt_len > length:
            raise WireError("option 0x%02x at %d runs past the header" % (kind, i))
        if kind == NONCE_OPTION_TYPE:
            if opt_len not in NONCE_LENGTHS:
                raise WireError("Nonce option length %d (RFC 6744 allows 4 or 12)" % opt_len)
            if nonce is not None:
                raise WireError("two Nonce options in one header")
            nonce = bytes(data[i + 2:i + 2 + opt_len])
        i += 2 + opt_len
    return next_header, length, nonce


# ---- Locator Update ---------------------------------------------------------------------------

class LocatorEntry:
    __slots__ = ("locator", "preference", "lifetime")

    def __init__(self, locator, preference=10, lifetime=600):
        if len(locator) != 8:
            raise WireError("a Locator has 8 bytes, not %d" % len(locator))
        if not 0 <= preference <= 0xFFFF or not 0 <= lifetime <= 0xFFFF:
            raise WireError("preference and lifetime are 16-bit values")
        self.locator, self.preference, self.lifetime = bytes(locator), preference, lifetime

    def __eq__(self, other):
        return isinstance(other, LocatorEntry) and (self.locator, self.preference, self.lifetime) == (
            other.locator, other.preference, other.lifetime)

    def __repr__(self):
        return "LocatorEntry(%s, pref=%d, life=%d)" % (self.locator.hex(), self.preference, self.lifetime)


def locator_update(operation, entries, checksum_value=0):
    """An ICMPv6 Locator Update message (RFC 6743) with the given checksum field."""
    if operation not in (LU_ADVERTISEMENT, LU_ACKNOWLEDGEMENT):
        raise WireError("Locator Update operation is 1 or 2, not %r" % operation)
    if not 1 <= len(entries) <= 255:
        raise WireError("a Locator Update carries 1..255 locators, not %d" % len(entries))
    body = struct.pack("!BBHBBH", ICMPV6_LOCATOR_UPDATE, 0, checksum_value, len(entries), operation, 0)
    for e in entries:
        body += e.locator + struct.pack("!HH", e.preference, e.lifetime)
    return body


def parse_locator_update(msg):
    """(operation, [LocatorEntry]) of an ICMPv6 Locator Update message."""
    if len(msg) < 8:
        raise WireError("a Locator Update has at least 8 bytes, %d here" % len(msg))
    kind, code, _, count, operation, _ = struct.unpack("!BBHBBH", msg[:8])
    if kind != ICMPV6_LOCATOR_UPDATE or code != 0:
        raise WireError("not a Locator Update: type %d code %d" % (kind, code))
    if operation not in (LU_ADVERTISEMENT, LU_ACKNOWLEDGEMENT):
        raise WireError("unknown Locator Update operation %d" % operation)
    if count == 0 or len(msg) != 8 + 12 * count:
        raise WireError("Locator Update says %d locators but has %d bytes" % (count, len(msg)))
    entries = []
    for i in range(count):
        at = 8 + 12 * i
        pref, life = struct.unpack("!HH", msg[at + 8:at + 12])
        entries.append(LocatorEntry(msg[at:at + 8], pref, life))
    return operation, entries


# ---- IPv6 packets -----------------------------------------------------------------------------

def ipv6_header(payload_len, next_header, hop_limit, src16, dst16, traffic_flow=0x60000000):
    return struct.pack("!IHBB", traffic_flow, payload_len, next_header, hop_limit) + bytes(src16) + bytes(dst16)


def find_upper_layer(packet, start, next_header):
    """(offset, protocol) of the upper-layer header after the extension headers from `start`.

    None when there is none this endpoint can rewrite: a non-first fragment (no upper header in
    it), a Routing header (the pseudo-header then names the final destination), or an unknown
    protocol."""
    at = start
    while True:
        if next_header in CHECKSUM_OFFSET:
            return at, next_header
        if next_header in (NH_HOP_BY_HOP, NH_DEST_OPTS):
            if at + 2 > len(packet):
                return None
            next_header, at = packet[at], at + (packet[at + 1] + 1) * 8
        elif next_header == NH_FRAGMENT:
            if at + 8 > len(packet):
                return None
            offset = struct.unpack("!H", packet[at + 2:at + 4])[0] >> 3
            if offset:
                return None
            next_header, at = packet[at], at + 8
        else:
            return None


# ---- ICMPv6 errors about ILNPv6 packets -------------------------------------------------------

def parse_icmpv6_error(packet):
    """(type, code, parameter, quote) of an IPv6 packet that is an ICMPv6 error right after its
    header; the quote is what the error carries of the invoking packet."""
    if len(packet) < IPV6_HEADER_LEN + 8 or packet[6] != NH_ICMPV6:
        raise WireError("not an ICMPv6 message right after the IPv6 header")
    payload_len = struct.unpack("!H", packet[4:6])[0]
    if IPV6_HEADER_LEN + payload_len > len(packet) or payload_len < 8:
        raise WireError("ICMPv6 message length %d, %d bytes here" % (payload_len, len(packet) - IPV6_HEADER_LEN))
    message = packet[IPV6_HEADER_LEN:IPV6_HEADER_LEN + payload_len]
    if message[0] not in ICMPV6_ERROR_TYPES:
        raise WireError("ICMPv6 type %d is no error message" % message[0])
    if checksum(pseudo_header(packet[8:24], packet[24:40], len(message), NH_ICMPV6) + message):
        raise WireError("ICMPv6 checksum wrong")
    parameter = struct.unpack("!I", message[4:8])[0]
    return message[0], message[1], parameter, message[8:]


def quote_as_sent(quote, src16, dst16, to_identity):
    """What an application sent, from the ILNPv6 packet an error quotes: the IPv6 header with the
    application's addresses (src16, dst16), no Nonce header, the Payload Length less it, the
    transport checksum moved back to those addresses (RFC 1624 delta `to_identity`) when the quote
    holds it. Returns (that packet, the Nonce header's length, the nonce)."""
    if len(quote) < IPV6_HEADER_LEN + 8 or quote[6] != NH_DEST_OPTS:
        raise WireError("the quote is no ILNPv6 packet (no Destination Options header first)")
    next_header, opts_len, nonce = parse_dest_opts(quote[IPV6_HEADER_LEN:])
    if nonce is None:
        raise WireError("the quote carries no Nonce option")
    payload_len = struct.unpack("!H", quote[4:6])[0]
    if payload_len < opts_len:
        raise WireError("the quote's Payload Length %d is shorter than its Nonce header" % payload_len)
    body = bytearray(quote[IPV6_HEADER_LEN + opts_len:])
    upper = find_upper_layer(bytes(body), 0, next_header)
    if upper is not None:
        at = upper[0] + CHECKSUM_OFFSET[upper[1]]
        if at + 2 <= len(body):
            new = apply_delta((body[at] << 8) | body[at + 1], to_identity)
            if upper[1] == NH_UDP and new == 0:
                new = 0xFFFF
            body[at], body[at + 1] = new >> 8, new & 0xFF
    vtf = struct.unpack("!I", quote[:4])[0]
    header = ipv6_header(payload_len - opts_len, next_header, quote[7], src16, dst16, vtf)
    return header + bytes(body), opts_len, nonce


def icmpv6_error(kind, code, parameter, quote, src16, dst16, hop_limit=64):
    """An IPv6 packet carrying an ICMPv6 error with its checksum."""
    message = bytearray(struct.pack("!BBHI", kind, code, 0, parameter) + bytes(quote))
    message[2:4] = struct.pack("!H", checksum(pseudo_header(src16, dst16, len(message), NH_ICMPV6) + bytes(message)))
    return ipv6_header(len(message), NH_ICMPV6, hop_limit, src16, dst16) + bytes(message)

