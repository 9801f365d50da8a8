# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Which ONOS instance owns a Sixflow object (an MSR6 tree, an APN6 policy), told from outside.

Sixflow's managers ask ONOS's WorkPartitionService whether an id is theirs
(Msr6TreeManager.isMine, Owners.isMine): the id hashed with Guava's murmur3_128 over its UTF-8
bytes (HashCode.asLong, for policies masked to a positive long, which leaves the low 32 bits
alone), then ONOS's WorkPartitionManager.getLeader takes Math.abs(hash.intValue()) % 14 as the
partition and names the leader of the topic "work-partition-<partition>" as the owner. Sixflow's
REST API does not say who owns what, so this recomputes it: the partition here, its leader from
ONOS's leadership board (`leaders -j` in ONOS's shell, the same on every instance).
Pure and standard library only (unit-tested against values Guava computed)."""
import json
import re
import struct

NUM_PARTITIONS = 14          # WorkPartitionManager.NUM_PARTITIONS in ONOS 2.7
TOPIC_PREFIX = "work-partition-"
_MASK = (1 << 64) - 1
_C1, _C2 = 0x87c37b91114253d5, 0x4cf5ad432745937f


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & _MASK


def _fmix(k):
    k ^= k >> 33
    k = (k * 0xff51afd7ed558ccd) & _MASK
    k ^= k >> 33
    k = (k * 0xc4ceb9fe1a85ec53) & _MASK
    return k ^ (k >> 33)


def murmur3_128(data, seed=0):
    """MurmurHash3 x64 128 (what Guava's Hashing.murmur3_128(seed) computes): (h1, h2) unsigned."""
    h1 = h2 = seed & _MASK
    blocks = len(data) // 16
    for i in range(blocks):
        k1, k2 = struct.unpack_from("<QQ", data, 16 * i)
        k1 = (_rotl((k1 * _C1) & _MASK, 31) * _C2) & _MASK
        h1 ^= k1
        h1 = (_rotl(h1, 27) + h2) & _MASK
        h1 = (h1 * 5 + 0x52dce729) & _MASK
        k2 = (_rotl((k2 * _C2) & _MASK, 33) * _C1) & _MASK
        h2 ^= k2
        h2 = (_rotl(h2, 31) + h1) & _MASK
        h2 = (h2 * 5 + 0x38495ab5) & _MASK
    tail = data[16 * blocks:]
    k1 = int.from_bytes(tail[:8], "little") if tail else 0
    k2 = int.from_bytes(tail[8:16], "little") if len(tail) > 8 else 0
    if k2:
        h2 ^= (_rotl((k2 * _C2) & _MASK, 33) * _C1) & _MASK
    if tail:
        h1 ^= (_rotl((k1 * _C1) & _MASK, 31) * _C2) & _MASK
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & _MASK
    h2 = (h2 + h1) & _MASK
    h1, h2 = _fmix(h1), _fmix(h2)
    h1 = (h1 + h2) & _MASK
    h2 = (h2 + h1) & _MASK
    return h1, h2


def id_hash(object_id):
    """Guava's murmur3_128().hashString(id, UTF_8).asLong(), as a signed Java long."""
    h1, _ = murmur3_128(object_id.encode("utf-8"))
    return h1 - (1 << 64) if h1 >> 63 else h1


def partition_of(object_id):
    """The work partition ONOS puts the id in: Math.abs(hash.intValue()) % 14, as Java computes it
    (Math.abs of Integer.MIN_VALUE stays negative, and Java's % keeps the sign)."""
    low = id_hash(object_id) & 0xFFFFFFFF
    value = low - (1 << 32) if low >> 31 else low
    absolute = value if value == -(1 << 31) else abs(value)
    return int(absolute - NUM_PARTITIONS * int(absolute / NUM_PARTITIONS))  # Java's truncating %


def topic_of(object_id):
    return TOPIC_PREFIX + str(partition_of(object_id))


def parse_leaders(text):
    """{topic: leader node id} from the output of `leaders -j` in ONOS's shell (a JSON array of
    {"topic", "leader", ...}, "none" for a topic without a leader), any shell noise around it."""
    match = re.search(r"\[.*\]", text, re.DOTALL)
    if not match:
        raise ValueError("no JSON array in the output of 'leaders -j': %r" % text[:300])
    board = json.loads(match.group(0))
    return {entry["topic"]: (None if entry.get("leader") in (None, "none") else entry["leader"]) for entry in board}


def owner_of(object_id, leaders):
    """The node id that owns the id, given {topic: leader}; None when its partition has no leader."""
    return leaders.get(topic_of(object_id))
