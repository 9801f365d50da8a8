# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Who owns a Sixflow object, recomputed outside ONOS: the hash and partition against values Guava
22 and ONOS's WorkPartitionManager arithmetic gave (a Java one-off: Hashing.murmur3_128()
.hashString(id, UTF_8).asLong(), Math.abs(intValue) % 14), the leadership board parsed."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import owners  # noqa: E402

# id -> (Guava's asLong, partition); the lengths cover every tail length class (0, <8, 8-15, 16, 17).
GUAVA = {
    "": (0, 0),
    "a": (-8839064797231613815, 13),
    "cluster-tree": (-4637230455931174497, 3),
    "cluster-policy-1": (4093194379716964127, 1),
    "cluster-policy-2": (-6887561181992089459, 5),
    "cluster-policy-3": (8635603984580938323, 3),
    "0123456789abcdef": (5467490433528156583, 11),
    "0123456789abcdefX": (-3608559037187041545, 1),
    "exactly15bytes!": (-4629962134876920070, 4),
    "北京-tree": (-8930782220181597256, 6),
    "seed-te": (6743544752812493071, 1),
}


class HashTest(unittest.TestCase):
    def test_same_as_guava_and_onos(self):
        for object_id, (hashed, partition) in GUAVA.items():
            self.assertEqual(hashed, owners.id_hash(object_id), object_id)
            self.assertEqual(partition, owners.partition_of(object_id), object_id)
            self.assertEqual("work-partition-%d" % partition, owners.topic_of(object_id))

    def test_partitions_stay_in_range(self):
        for i in range(500):
            self.assertTrue(0 <= owners.partition_of("id-%d" % i) < owners.NUM_PARTITIONS)


class LeadersTest(unittest.TestCase):
    OUTPUT = ('client: noise\n[{"topic":"work-partition-3","leader":"onos-2","term":4,"termStartTime":1,'
              '"candidates":"[onos-2, onos-1]"},{"topic":"work-partition-1","leader":"none","term":0,'
              '"termStartTime":0,"candidates":"[]"}]\n')

    def test_parses_the_shells_json_and_ignores_what_surrounds_it(self):
        self.assertEqual({"work-partition-3": "onos-2", "work-partition-1": None}, owners.parse_leaders(self.OUTPUT))

    def test_owner_is_the_leader_of_the_ids_partition(self):
        leaders = owners.parse_leaders(self.OUTPUT)
        self.assertEqual("onos-2", owners.owner_of("cluster-tree", leaders))      # partition 3
        self.assertIsNone(owners.owner_of("cluster-policy-1", leaders))           # partition 1: no leader
        self.assertIsNone(owners.owner_of("cluster-policy-2", leaders))           # partition 5: not listed

    def test_refuses_output_without_json(self):
        with self.assertRaises(ValueError):
            owners.parse_leaders("Error executing command")


if __name__ == "__main__":
    unittest.main()
