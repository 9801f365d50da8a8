# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Sixflow on a real 3-instance ONOS 2.7 cluster (3 Atomix nodes, 3 ONOS instances, one PostgreSQL),
without switches (one EDGE device in the netcfg only, which APN6 policies need): the cluster forms, Sixflow installed once is ACTIVE and healthy on every instance,
every instance answers Sixflow's reads alike and sees a change made through another; after one
ONOS instance stops, the other two still form the cluster and still answer alike.

Heavy (three ONOS JVMs and three Atomix nodes on this 2-core machine: several minutes), so it runs
only with SIXFLOW_CLUSTER_TEST=1 and an ONOS build (ONOS_HOME, default /opt/sixflow-onos/home) and
Sixflow's two .oar files (SIXFLOW_PIPECONF_OAR, SIXFLOW_APP_OAR; default /work/main/.../target):

  SIXFLOW_CLUSTER_TEST=1 python3 -m unittest -v lab/onos/tests/test_cluster_system.py
"""
import json
import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import cluster  # noqa: E402
from instance import KARAF_DIR  # noqa: E402

TOP = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
HOME = cluster.DEFAULT_HOME
PIPECONF_OAR = os.environ.get("SIXFLOW_PIPECONF_OAR", "/work/main/pipeconf/target/sixflow-pipeconf-0.1.0-SNAPSHOT.oar")
APP_OAR = os.environ.get("SIXFLOW_APP_OAR", "/work/main/app/target/sixflow-app-0.1.0-SNAPSHOT.oar")
RUN_DIR = os.environ.get("SIXFLOW_CLUSTER_RUN_DIR", os.path.join(TOP, "lab", "target", "cluster-test"))
READS = ["/sixflow/v1/trees", "/sixflow/v1/policies", "/sixflow/v1/devices"]
POLICY = {"id": "cluster-test", "priority": 100, "match": {"nextHeader": 17, "destinationPorts": {"low": 4791, "high": 4791}},
          "option": {"slaLevel": 3, "appId": 4660, "userId": 7, "flowId": 1}, "slaPriority": 5,
          "stripAtEgress": False}
# A policy needs an EDGE device in the netcfg (not a connected one): one, whose switch is nowhere.
NETCFG = {"devices": {"device:edge1": {
    "basic": {"name": "edge1", "managementAddress": "grpc://127.0.0.1:9?device_id=1", "driver": "stratum-bmv2",
              "pipeconf": "org.sixflow.full.bmv2"},
    "sixflow": {"role": "EDGE", "locator": "fd00:1:1::/64", "myStationMac": "00:aa:00:00:00:01", "mtu": 1500,
                "rlbBits": {"1": 0, "2": 1}, "gnmiAddress": "127.0.0.1:9"}}}}


def _why_not():
    if os.environ.get("SIXFLOW_CLUSTER_TEST") != "1":
        return "set SIXFLOW_CLUSTER_TEST=1 to run it (3 ONOS + 3 Atomix JVMs: minutes on 2 cores)"
    if not os.path.isfile(os.path.join(HOME, KARAF_DIR, "bin", "karaf")):
        return f"no ONOS build at {HOME} (make onos)"
    missing = [p for p in (PIPECONF_OAR, APP_OAR) if not os.path.isfile(p)]
    if missing:
        return f"no Sixflow .oar: {missing} (mvn package)"
    return None


WHY_NOT = _why_not()
if WHY_NOT:
    print(f"\n*** SKIPPING the ONOS cluster system test: {WHY_NOT} ***\n", file=sys.stderr, flush=True)


def say(fmt, *args):
    print("cluster-test: " + (fmt % args if args else fmt), file=sys.stderr, flush=True)


@unittest.skipIf(WHY_NOT, WHY_NOT)
class ClusterSystemTest(unittest.TestCase):
    """One cluster for the whole class; the steps run in order (test_1 .. test_4)."""
    cluster = None
    timings = {}

    @classmethod
    def setUpClass(cls):
        cls.cluster = cluster.Cluster(RUN_DIR, 3)
        try:
            cls.cluster.up([PIPECONF_OAR, APP_OAR], NETCFG, timeout=900)
        except BaseException:
            cls.cluster.down()
            raise
        cls.timings.update(cls.cluster.timings)
        say("cluster ready: %s", cls.cluster.timings)

    @classmethod
    def tearDownClass(cls):
        if cls.cluster:
            cls.cluster.down()
        say("timings: %s", json.dumps(cls.timings))
        with open(os.path.join(RUN_DIR, "timings.json"), "w") as f:
            json.dump(cls.timings, f, indent=1)

    # ---- helpers --------------------------------------------------------------------------------
    def live(self):
        return [o for o in self.cluster.onos if o.process.poll() is None]

    def get(self, onos, path):
        status, body = onos.rest("GET", path)
        self.assertEqual(200, status, f"GET {path} on {onos.ip}: {body}")
        return body

    def view(self, onos):
        return cluster.cluster_view(self.get(onos, "/v1/cluster"))

    def assert_same_reads(self, instances):
        for path in READS:
            answers = {o.ip: self.get(o, path) for o in instances}
            first = next(iter(answers.values()))
            for ip, body in answers.items():
                self.assertEqual(first, body, f"GET {path}: {ip} answers differently: {answers}")

    def assert_sixflow(self, instances):
        """Sixflow's apps ACTIVE, their components ready (ONOS's app health) and Sixflow's own health
        answering with its pipeconfs registered, on every instance given."""
        for onos in instances:
            for app in cluster.SIXFLOW_APPS:
                self.assertEqual("ACTIVE", onos.app_state(app), f"{app} on {onos.ip}")
                status, body = onos.rest("GET", f"/v1/applications/{app}/health")
                self.assertEqual((200, "ready"), (status, body.get("message") if isinstance(body, dict) else body),
                                 f"{app}'s components on {onos.ip}")
            health = self.get(onos, "/sixflow/v1/health")
            self.assertGreaterEqual(health["pipeconfs"], 1, f"Sixflow's health on {onos.ip}: {health}")

    def assert_database_up(self, instances):
        for onos in instances:
            health = self.get(onos, "/sixflow/v1/health")
            self.assertEqual("UP", health["database"]["status"], f"Sixflow's database on {onos.ip}: {health}")

    def eventually(self, what, check, timeout=120):
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            try:
                last = check()
                if last is True:
                    return
            except (AssertionError, OSError, KeyError) as e:
                last = e
            time.sleep(1)
        self.fail(f"{what}: not within {timeout} s; last: {last}")

    # ---- the steps ------------------------------------------------------------------------------
    def test_1_three_instances_see_three_ready_nodes_and_sixflow_active_and_ready(self):
        for onos in self.cluster.onos:
            view = self.view(onos)
            self.assertEqual({"onos-1": "READY", "onos-2": "READY", "onos-3": "READY"}, view, onos.ip)
        self.eventually("Sixflow ACTIVE and ready on every instance",
                        lambda: self.assert_sixflow(self.cluster.onos) or True)

    def test_1b_sixflows_database_is_up_on_every_instance(self):
        # The database comes after the netcfg; give its connection time. Apart from the cluster
        # checks so that a database problem does not hide what the cluster does.
        self.eventually("Sixflow's database UP on every instance",
                        lambda: self.assert_database_up(self.cluster.onos) or True, 90)

    def test_2_every_instance_answers_sixflows_reads_alike(self):
        self.assert_same_reads(self.cluster.onos)

    def test_3_a_policy_made_through_one_instance_shows_on_every_instance(self):
        first, others = self.cluster.onos[0], self.cluster.onos[1:]
        status, body = first.rest("POST", "/sixflow/v1/policies", POLICY)
        self.assertEqual(201, status, f"creating the policy through {first.ip}: {body}")
        started = time.time()

        def everywhere():
            for onos in others:
                status, body = onos.rest("GET", "/sixflow/v1/policies/" + POLICY["id"])
                if status != 200:
                    return f"{onos.ip}: {status} {body}"
            return True
        self.eventually("the policy on every instance", everywhere, 60)
        self.timings["policy_visible_everywhere_s"] = round(time.time() - started, 2)
        self.eventually("every instance answers alike", lambda: self.assert_same_reads(self.cluster.onos) or True, 60)
        body = self.get(others[-1], "/sixflow/v1/policies/" + POLICY["id"])
        say("policy through %s, read through %s: %s", first.ip, others[-1].ip, json.dumps(body)[:300])

    def test_4_two_instances_go_on_when_one_stops(self):
        stopped, rest = self.cluster.onos[2], self.cluster.onos[:2]
        members = [n["id"] for n in self.cluster.onos_layout]
        started = time.time()
        stopped.stop()
        self.timings["onos_stop_s"] = round(time.time() - started, 1)
        say("stopped %s after %.1f s", stopped.ip, self.timings["onos_stop_s"])

        # ONOS 2.7 lists the instances Atomix's membership holds (AtomixClusterStore.getNodes): a
        # stopped instance leaves it (MEMBER_REMOVED), so REST shows it INACTIVE only until then.
        seen_as = {}

        def two_of_three():
            for onos in rest:
                view = self.view(onos)
                if not (cluster.formed(view, members[:2]) and view.get(members[2]) in (None, "INACTIVE")):
                    return f"{onos.ip}: {view}"
                seen_as[onos.ip] = view.get(members[2], "not listed")
            return True
        self.eventually("2 of 3 nodes up, the stopped one INACTIVE or gone", two_of_three, 180)
        self.timings["failover_s"] = round(time.time() - started, 1)
        self.timings["stopped_instance_shown_as"] = seen_as
        say("the other two see it %s %.1f s after it was told to stop", seen_as, self.timings["failover_s"])
        for onos in rest:
            self.assertEqual(2, sum(1 for s in self.view(onos).values() if s in ("READY", "ACTIVE")), onos.ip)
        self.eventually("Sixflow ACTIVE and ready on both", lambda: self.assert_sixflow(rest) or True, 120)
        self.assert_same_reads(rest)
        for onos in rest:
            self.get(onos, "/sixflow/v1/policies/" + POLICY["id"])
        started = time.time()
        status, body = rest[1].rest("DELETE", "/sixflow/v1/policies/" + POLICY["id"])
        self.assertLess(status, 300, f"deleting the policy through {rest[1].ip}: {body}")
        self.eventually("the policy gone on both",
                        lambda: all(o.rest("GET", "/sixflow/v1/policies/" + POLICY["id"])[0] == 404 for o in rest)
                        or "still there", 60)
        self.timings["delete_after_failover_s"] = round(time.time() - started, 2)


if __name__ == "__main__":
    unittest.main(verbosity=2)
