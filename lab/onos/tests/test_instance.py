# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""An ONOS instance's folder as prepare() lays it out, on a small fake ONOS home (no ONOS needed)."""
import json
import os
import sys
import tempfile
import time
import unittest
import urllib.error
from xml.etree import ElementTree

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import instance  # noqa: E402
import onoslab  # noqa: E402


REPOS = "mvn:org.apache.karaf.features/standard/4.2.9/xml/features, mvn:org.onosproject/onos-features/2.7.0/xml/features"
BOOT = "(instance, scr, war), (onos-thirdparty-base), (onos-api, onos-core, onos-cli, onos-rest)"


def with_protobuf(home):
    jar = os.path.join(home, instance.KARAF_DIR, "system", instance.BOOT_PROTOBUF[0])
    os.makedirs(os.path.dirname(jar))
    open(jar, "w").close()


def fake_home(root):
    karaf = os.path.join(root, instance.KARAF_DIR)
    for sub in ("bin", "lib", "etc", "system/org"):
        os.makedirs(os.path.join(karaf, sub))
    open(os.path.join(karaf, "bin", "karaf"), "w").close()
    files = {
        "org.ops4j.pax.web.cfg": "org.osgi.service.http.port=8181\n",
        "org.apache.karaf.shell.cfg": "# sshPort = 1\nsshPort = 8101\nsshHost = 0.0.0.0\n",
        "org.apache.karaf.management.cfg": "rmiRegistryPort = 1099\nrmiServerPort = 44444\n",
        "org.apache.karaf.features.cfg": (f"featuresRepositories = {REPOS}\nfeaturesBoot = {BOOT}\n"
                                          "featuresBootAsynchronous = false\n"),
    }
    for name, text in files.items():
        with open(os.path.join(karaf, "etc", name), "w") as f:
            f.write(text)
    os.makedirs(os.path.join(root, "apps", "org.onosproject.drivers.bmv2"))
    with open(os.path.join(root, "VERSION"), "w") as f:
        f.write("2.7.0\n")


def cfg(path):
    with open(path) as f:
        return dict(line.split(" = ", 1) for line in f.read().splitlines() if " = " in line and not line.startswith("#"))


class JavaOptionsTest(unittest.TestCase):
    def test_java_17_runs_onos_with_zgc(self):
        options = instance.java_options("2g", 17)
        self.assertEqual(["-Xms512m", "-Xmx2g", "-XX:+UseZGC"], options[:3])
        self.assertNotIn("-XX:+UseG1GC", options)
        self.assertIn("--add-opens java.base/java.nio=ALL-UNNAMED", options)

    def test_before_java_15_or_unknown_it_is_g1(self):
        self.assertIn("-XX:+UseG1GC", instance.java_options("1g", 11))
        self.assertIn("-XX:+UseG1GC", instance.java_options("1g", None))
        self.assertNotIn("-XX:+UseZGC", instance.java_options("1g", 11))

    def test_an_operators_collector_replaces_ours_and_their_options_come_last(self):
        options = instance.java_options("2g", 17, "-XX:+UseParallelGC -Xlog:gc")
        self.assertEqual(["-XX:+UseParallelGC", "-Xlog:gc"], options[-2:])
        self.assertNotIn("-XX:+UseZGC", options)
        self.assertIn("-XX:+UseZGC", instance.java_options("2g", 17, "-Xlog:gc"))

    def test_the_version_asked_is_that_of_the_java_karaf_starts(self):
        self.assertEqual("/opt/jdk/bin/java", instance.onos_java({"JAVA_HOME": "/opt/jdk", "PATH": "/usr/bin"}))
        self.assertEqual("java", instance.onos_java({"PATH": "/usr/bin"}))

    def test_the_version_is_read_from_both_numberings(self):
        with tempfile.TemporaryDirectory() as tmp:
            for said, major in (('openjdk version "17.0.15" 2025-04-15', 17), ('java version "1.8.0_392"', 8),
                                ("no version here", None)):
                java = os.path.join(tmp, "java")
                with open(java, "w") as f:
                    f.write(f"#!/bin/sh\necho '{said}' >&2\n")
                os.chmod(java, 0o755)
                self.assertEqual(major, instance.java_major(java))
            self.assertIsNone(instance.java_major(os.path.join(tmp, "none")))


class PrepareTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.home = os.path.join(self.tmp.name, "home")
        fake_home(self.home)
        self.onos = instance.OnosInstance(self.home, os.path.join(self.tmp.name, "run", "onos"), 18181, 18101,
                                          ip="127.0.0.2")

    def tearDown(self):
        self.tmp.cleanup()

    def etc(self, name):
        return cfg(os.path.join(self.onos.karaf, "etc", name))

    def test_every_port_is_the_instances_own_and_on_its_loopback_address(self):
        self.onos.prepare()
        self.assertEqual({"org.osgi.service.http.port": "18181", "org.osgi.service.http.host": "127.0.0.2"},
                         {k: v for k, v in self.etc("org.ops4j.pax.web.cfg").items()})
        shell = self.etc("org.apache.karaf.shell.cfg")
        self.assertEqual(("18101", "127.0.0.2"), (shell["sshPort"], shell["sshHost"]))
        management = self.etc("org.apache.karaf.management.cfg")
        self.assertEqual(("18102", "18103", "127.0.0.2"), (management["rmiRegistryPort"],
                                                          management["rmiServerPort"], management["rmiServerHost"]))

    def test_the_build_is_shared_and_the_state_is_not(self):
        self.onos.prepare()
        self.assertTrue(os.path.islink(os.path.join(self.onos.karaf, "system")))
        self.assertFalse(os.path.islink(os.path.join(self.onos.karaf, "etc")))
        self.assertTrue(os.path.isdir(os.path.join(self.onos.root, "apps", "org.onosproject.drivers.bmv2")))
        with open(os.path.join(self.onos.karaf, "etc", "org.ops4j.pax.web.cfg"), "a") as f:
            f.write("changed = yes\n")
        with open(os.path.join(self.home, instance.KARAF_DIR, "etc", "org.ops4j.pax.web.cfg")) as f:
            self.assertNotIn("changed", f.read())

    def test_jetty_settings_are_the_repositorys_not_the_staged_ones(self):
        # A build staged before tools/onos/etc/jetty.xml changed must not run with its old copy.
        with open(os.path.join(self.home, instance.KARAF_DIR, "etc", "jetty.xml"), "w") as f:
            f.write("<Configure><Set name=\"minRequestDataRate\">1024</Set></Configure>\n")
        self.onos.prepare()
        with open(os.path.join(self.onos.karaf, "etc", "jetty.xml")) as f:
            self.assertEqual(instance.jetty_xml(self.onos.ip, self.onos.http_port), f.read())

    def test_the_repositorys_connector_listens_where_the_instance_does(self):
        # Else pax-web opens a connector of its own on the instance's port, without these settings.
        text = instance.jetty_xml("127.0.0.9", 45678)
        self.assertIn('<Property name="org.osgi.service.http.port" default="45678"/>', text)
        self.assertIn('<Property name="org.ops4j.pax.web.listening.addresses" default="127.0.0.9"/>', text)
        self.assertNotIn('default="8181"', text)
        self.assertIn('<Set name="acceptQueueSize">', text)

    def test_a_second_prepare_starts_from_nothing(self):
        self.onos.prepare()
        os.makedirs(os.path.join(self.onos.karaf, "data", "cache"))
        self.onos.prepare()
        self.assertFalse(os.path.exists(os.path.join(self.onos.karaf, "data")))

    def test_a_cluster_file_goes_where_onos_reads_it(self):
        self.onos.prepare(cluster_json={"name": "lab"})
        with open(os.path.join(self.onos.root, "config", "cluster.json")) as f:
            self.assertEqual({"name": "lab"}, json.load(f))

    def test_a_single_instance_gets_its_own_atomix_port(self):
        # ONOS without a cluster file binds 9876 on every address: two could not run side by side.
        self.onos.prepare()
        with open(os.path.join(self.onos.root, "config", "cluster.json")) as f:
            cluster = json.load(f)
        self.assertEqual([], cluster["storage"])
        self.assertEqual("127.0.0.2", cluster["node"]["ip"])
        self.assertNotEqual(9876, cluster["node"]["port"])
        self.assertGreater(cluster["node"]["port"], 0)

    def test_protobuf_boots_with_the_third_party_base(self):
        # Installed later by the first gRPC app, it made Karaf refresh netty and the whole core.
        with_protobuf(self.home)
        self.onos.prepare()
        features = self.etc("org.apache.karaf.features.cfg")
        self.assertEqual(BOOT.replace("(onos-thirdparty-base)", f"(onos-thirdparty-base, {instance.BOOT_FEATURE})"),
                         features["featuresBoot"])
        repos = [r.strip() for r in features["featuresRepositories"].split(",")]
        self.assertEqual(REPOS.split(", "), repos[:-1])
        self.assertTrue(repos[-1].startswith("file:" + self.onos.karaf))
        root = ElementTree.parse(repos[-1][len("file:"):]).getroot()
        ns = "{http://karaf.apache.org/xmlns/features/v1.2.0}"
        feature = root.find(ns + "feature")
        self.assertEqual(instance.BOOT_FEATURE, feature.get("name"))
        self.assertEqual([instance.BOOT_PROTOBUF[1]], [b.text for b in feature.findall(ns + "bundle")])
        with open(os.path.join(self.home, instance.KARAF_DIR, "etc", "org.apache.karaf.features.cfg")) as f:
            self.assertNotIn(instance.BOOT_FEATURE, f.read())   # the build stays as it was

    def test_a_build_without_protobuf_boots_as_it_is(self):
        self.onos.prepare()
        self.assertEqual(BOOT, self.etc("org.apache.karaf.features.cfg")["featuresBoot"])
        self.assertFalse(os.path.exists(os.path.join(self.onos.karaf, "etc", "sixflow-lab-boot-features.xml")))

    def test_the_protobuf_bundle_is_where_a_maven_url_puts_it(self):
        group, artifact, version = instance.BOOT_PROTOBUF[1][len("mvn:"):].split("/")
        self.assertEqual(f"{group.replace('.', '/')}/{artifact}/{version}/{artifact}-{version}.jar",
                         instance.BOOT_PROTOBUF[0])

    def test_no_build_is_a_clear_error(self):
        missing = instance.OnosInstance(os.path.join(self.tmp.name, "none"), os.path.join(self.tmp.name, "x"), 1, 2)
        with self.assertRaisesRegex(instance.OnosError, "no ONOS build"):
            missing.prepare()


class NetcfgTest(unittest.TestCase):
    def test_the_database_goes_to_the_apps_config_and_the_input_is_left_alone(self):
        netcfg = {"devices": {"device:a": {}}}
        out = onoslab.with_database(netcfg, "jdbc:postgresql://127.0.0.1:5/postgres", "postgres", "")
        self.assertEqual({"url": "jdbc:postgresql://127.0.0.1:5/postgres", "user": "postgres", "password": "",
                          "retentionDays": 30}, out["apps"]["org.sixflow.app"]["sixflow"]["database"])
        self.assertNotIn("apps", netcfg)


if __name__ == "__main__":
    unittest.main()


class SixflowRestWaitTest(unittest.TestCase):
    """ONOS calls the app ready before pax-web serves its web context: the lab waits for Sixflow's
    own answer, not Jetty's 404."""

    def answers(self, *replies):
        onos = instance.OnosInstance("/nonexistent", "/nonexistent/run", 18181, 18101)
        calls = []

        def rest(method, path, body=None, **_):
            calls.append((method, path))
            return replies[min(len(calls) - 1, len(replies) - 1)]
        onos.rest = rest
        return onos, calls

    def test_jettys_404_is_waited_through(self):
        onos, calls = self.answers((404, '{"message":"Not Found","status":"404"}'),
                                   (200, {"database": {"state": "UP"}, "devices": 5}))
        onos.wait_sixflow_rest(timeout=5)
        self.assertEqual([("GET", "/sixflow/v1/health")] * 2, calls)

    def test_a_rest_api_that_never_answers_is_a_clear_error(self):
        onos, _ = self.answers((404, "Not Found"))
        with self.assertRaisesRegex(instance.OnosError, "Sixflow's REST API"):
            onos.wait_sixflow_rest(timeout=1.5)


class AppReadyTest(unittest.TestCase):
    """ONOS's health says "ready" for an app whose bundle Karaf has installed but not started (SCR
    knows none of its components yet): ready counts only with the app's features Started."""

    FEATURES = ("sixflow-app              \t0.1.0.SNAPSHOT  \tx       \t{state}\tsixflow-app-0.1.0-SNAPSHOT  \tMSR6\n"
                "sixflow-pipeconf         \t0.1.0.SNAPSHOT  \tx       \tStarted\tsixflow-pipeconf-0.1.0   \tP4\n")

    def onos(self, health, states):
        onos = instance.OnosInstance("/nonexistent", "/nonexistent/run", 18181, 18101)
        calls = []

        def rest(method, path, body=None, **_):
            calls.append(path)
            if path.endswith("/health"):
                return 200, {"message": health[min(calls.count(path) - 1, len(health) - 1)]}
            return 200, {"name": "org.sixflow.app", "state": "ACTIVE", "features": ["sixflow-app"]}
        onos.rest = rest
        asked = []

        def cli(command, timeout=60):
            asked.append(command)
            return "client: Ignoring predefined value for KARAF_HOME\n" + self.FEATURES.format(
                state=states[min(len(asked) - 1, len(states) - 1)])
        onos.cli = cli
        return onos, calls, asked

    def test_ready_with_the_features_started_is_ready(self):
        onos, _, asked = self.onos(["ready"], ["Started"])
        onos.wait_app_ready("org.sixflow.app", timeout=5)
        self.assertEqual(["feature:list -i --no-format"], asked)

    def test_ready_before_the_features_start_is_waited_through(self):
        onos, calls, asked = self.onos(["ready", "pending", "ready"], ["Resolved", "Started"])
        onos.wait_app_ready("org.sixflow.app", timeout=10)
        self.assertEqual(2, len(asked))
        self.assertGreaterEqual(calls.count("/v1/applications/org.sixflow.app/health"), 4)

    def test_features_that_never_start_are_a_clear_error(self):
        onos, _, _ = self.onos(["ready"], ["Resolved"])
        with self.assertRaisesRegex(instance.OnosError, "org.sixflow.app ready.*sixflow-app.*Resolved"):
            onos.wait_app_ready("org.sixflow.app", timeout=1.5)

    def test_karafs_feature_list_is_read_by_column(self):
        onos, _, _ = self.onos(["ready"], ["Installed"])
        self.assertEqual({"sixflow-app": "Installed", "sixflow-pipeconf": "Started"}, onos.feature_states())


class ActivateTest(unittest.TestCase):
    """A first activation installs Karaf features; the request may meet onos-rest being refreshed."""

    def onos(self, *replies):
        onos = instance.OnosInstance("/nonexistent", "/nonexistent/run", 18181, 18101)
        calls = []

        def rest(method, path, body=None, **_):
            calls.append((method, path))
            return replies[min(len(calls) - 1, len(replies) - 1)]
        onos.rest = rest
        onos.wait_app_ready = lambda name, timeout: None
        return onos, calls

    def test_jettys_500_during_a_refresh_is_asked_again(self):
        onos, calls = self.onos((500, '{"message":"Request failed.","status":"500"}'),
                                (200, {"name": "org.onosproject.drivers.bmv2", "state": "ACTIVE"}))
        onos.activate("org.onosproject.drivers.bmv2", timeout=5)
        self.assertEqual([("POST", "/v1/applications/org.onosproject.drivers.bmv2/active")] * 2, calls)

    def test_a_refusal_is_not_asked_again(self):
        onos, calls = self.onos((400, "bad"))
        with self.assertRaisesRegex(instance.OnosError, "HTTP 400"):
            onos.activate("org.onosproject.drivers.bmv2", timeout=5)
        self.assertEqual(1, len(calls))

    def test_a_lasting_failure_names_the_app_and_the_last_answer(self):
        onos, _ = self.onos((500, "Request failed."))
        with self.assertRaisesRegex(instance.OnosError, "drivers.bmv2 activated.*500"):
            onos.activate("org.onosproject.drivers.bmv2", timeout=1.5)


class CoreBootFailureTest(unittest.TestCase):
    """A boot whose core Felix refused is given up at once (onoslab starts a fresh one), not
    waited on for the whole timeout."""

    LINE = ("2026-11-29T16:32:12,498 | ERROR | features-3-thread-1 | onos-core-net | 194 - "
            "org.onosproject.onos-core-net - 2.7.0 | bundle org.onosproject.onos-core-net:2.7.0 (194)"
            "[org.onosproject.cluster.impl.ConfigFileBasedClusterMetadataProvider(173)] : activate method "
            "[activate] not found; Component will fail\n")

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.onos = instance.OnosInstance("/nonexistent", os.path.join(self.tmp.name, "onos"), 18181, 18101)
        os.makedirs(os.path.join(self.onos.karaf, "data", "log"))
        self.log = os.path.join(self.onos.karaf, "data", "log", "karaf.log")
        self.onos.rest = lambda method, path, body=None, **_: (503, "Service not found")

    def tearDown(self):
        self.tmp.cleanup()

    def test_a_refused_core_component_ends_the_wait_at_once(self):
        with open(self.log, "w") as f:
            f.write("2026-11-29T16:32:07,338 | ERROR | qtp | Tools | Application is not found: x\n" + self.LINE)
        started = time.monotonic()
        with self.assertRaisesRegex(instance.OnosBootError, "core failed to start.*Component will fail"):
            self.onos.activate("org.onosproject.drivers.bmv2", timeout=60)
        self.assertLess(time.monotonic() - started, 10)

    def test_other_errors_are_waited_through(self):
        with open(self.log, "w") as f:
            f.write("2026-11-29T16:32:07,338 | ERROR | qtp | Tools | Application is not found: x\n")
        with self.assertRaises(instance.OnosError) as raised:
            self.onos.activate("org.onosproject.drivers.bmv2", timeout=1.5)
        self.assertNotIsInstance(raised.exception, instance.OnosBootError)


class BootStallTest(unittest.TestCase):
    """A boot that neither answers nor logs is given up after the stall (a fresh one is started),
    saying what it was doing; one that keeps logging is waited on."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.onos = instance.OnosInstance("/nonexistent", os.path.join(self.tmp.name, "onos"), 18181, 18101)
        os.makedirs(os.path.join(self.onos.karaf, "data", "log"))
        self.log = os.path.join(self.onos.karaf, "data", "log", "karaf.log")
        with open(self.log, "w") as f:
            f.write("2026-12-01T14:13:44,061 | INFO  | FelixStartLevel | x | 1 - y | the boot's last word\n")

        def refused(*_, **__):
            raise urllib.error.URLError(ConnectionRefusedError(111, "Connection refused"))
        self.onos.rest = refused

    def tearDown(self):
        self.tmp.cleanup()

    def test_a_silent_boot_is_given_up_after_the_stall_with_its_last_words(self):
        started = time.monotonic()
        with self.assertRaises(instance.OnosBootError) as raised:
            self.onos.wait_rest(timeout=30, stall=1.5)
        self.assertLess(time.monotonic() - started, 10)
        message = str(raised.exception)
        self.assertIn("stalled", message)
        self.assertIn("karaf.log unchanged for 1.5 s", message)
        self.assertIn("the boot's last word", message)
        self.assertIn("Connection refused", message)

    def test_a_boot_that_keeps_logging_is_waited_on_to_the_timeout(self):
        def refused_while_logging(*_, **__):
            with open(self.log, "a") as f:
                f.write("2026-12-01T14:13:45,000 | INFO  | FelixStartLevel | x | 1 - y | still going\n")
            raise urllib.error.URLError(ConnectionRefusedError(111, "Connection refused"))
        self.onos.rest = refused_while_logging
        with self.assertRaises(instance.OnosError) as raised:
            self.onos.wait_rest(timeout=3, stall=1.5)
        self.assertNotIsInstance(raised.exception, instance.OnosBootError)
        self.assertIn("not within 3 s", str(raised.exception))
        self.assertIn("still going", str(raised.exception))

    def test_without_a_stall_a_silent_boot_is_waited_on(self):
        with self.assertRaises(instance.OnosError) as raised:
            self.onos.wait_rest(timeout=2.5)
        self.assertNotIsInstance(raised.exception, instance.OnosBootError)


class BootTest(unittest.TestCase):
    """boot(): a boot a fresh start cures is started again, from a fresh folder, a bounded number of
    times; any other failure ends it at once."""

    class Instance:
        def __init__(self):
            self.stops = 0

        def stop(self):
            self.stops += 1

    def run_boot(self, outcomes, attempts=3, retry=(instance.OnosBootError,)):
        onos, starts, told = self.Instance(), [], []

        def wait():
            outcome = outcomes.pop(0)
            if outcome is not None:
                raise outcome
        result = instance.boot(onos, starts.append, wait, lambda e, attempt: told.append((str(e), attempt)),
                               attempts=attempts, retry=retry)
        return result, onos, starts, told

    def test_a_first_boot_that_comes_up_is_the_only_one(self):
        result, onos, starts, told = self.run_boot([None])
        self.assertEqual((result, starts, told, onos.stops), (1, [1], [], 0))

    def test_a_stalled_boot_is_stopped_and_started_afresh(self):
        stalled = instance.OnosBootError("karaf.log unchanged for 120 s")
        result, onos, starts, told = self.run_boot([stalled, stalled, None])
        self.assertEqual(result, 3)
        self.assertEqual(starts, [1, 2, 3])
        self.assertEqual(told, [("karaf.log unchanged for 120 s", 2), ("karaf.log unchanged for 120 s", 3)])
        self.assertEqual(onos.stops, 2)

    def test_the_last_failed_boot_is_stopped_and_raised(self):
        stalled = instance.OnosBootError("stalled")
        with self.assertRaisesRegex(instance.OnosBootError, "stalled"):
            self.run_boot([stalled, stalled], attempts=2)

    def test_a_failure_no_fresh_start_cures_ends_it_at_once(self):
        onos, starts = self.Instance(), []

        def wait():
            raise instance.OnosError("HTTP 401")
        with self.assertRaisesRegex(instance.OnosError, "401"):
            instance.boot(onos, starts.append, wait, lambda e, attempt: self.fail("not told"), attempts=3)
        self.assertEqual((starts, onos.stops), ([1], 0))

    def test_a_wider_retry_class_restarts_on_it(self):
        result, _, starts, _ = self.run_boot([instance.OnosError("not within 300 s"), None],
                                              retry=(instance.OnosError,))
        self.assertEqual((result, starts), (2, [1, 2]))


class ConfigureTest(unittest.TestCase):
    """ONOS answers 207 while a component has not registered its properties: the set is lost."""

    def onos(self, *replies):
        onos = instance.OnosInstance("/nonexistent", "/nonexistent/run", 18181, 18101)
        calls = []

        def rest(method, path, body=None, **_):
            calls.append((method, path, body))
            return replies[min(len(calls) - 1, len(replies) - 1)]
        onos.rest = rest
        return onos, calls

    def test_a_component_not_yet_registered_is_asked_again(self):
        onos, calls = self.onos((207, {"code": 207, "message": ["Component x is not registered"]}), (200, ""))
        onoslab.configure(onos, "x", {"hostCommands": "a=b", "rate": 5}, timeout=5)
        self.assertEqual([("POST", "/v1/configuration/x", {"hostCommands": "a=b", "rate": "5"})] * 2, calls)

    def test_a_207_that_lasts_is_a_clear_error(self):
        onos, _ = self.onos((207, {"code": 207, "message": ["Property rate is not registered"]}))
        with self.assertRaisesRegex(instance.OnosError, "setting x.*207.*not registered"):
            onoslab.configure(onos, "x", {"rate": 5}, timeout=1.5)

    def test_a_refusal_is_not_asked_again(self):
        onos, calls = self.onos((400, "bad value"))
        with self.assertRaisesRegex(instance.OnosError, "HTTP 400"):
            onoslab.configure(onos, "x", {"rate": "z"}, timeout=5)
        self.assertEqual(1, len(calls))


class StudyCommandsTest(unittest.TestCase):
    """The multihoming study's commands for the lab: every host, every switch-to-switch port (not
    host ports), and an ILNP endpoint where the topology gives a host "ilnp"."""

    STATE = {
        "hosts": [{"name": "h_site", "netns": "sfh-h_site", "ifname": "eth0", "switch": "sbr", "port": 1,
                   "ilnp": {"nid": "::a", "address": "fd00:5:1::a/64", "peers": {"::b": "fd00:5:c::"}}},
                  {"name": "h_cn", "netns": "sfh-h_cn", "ifname": "eth0", "switch": "cn", "port": 1}],
        "switches": [{"name": "sbr", "ports": {"1": "a", "2": "b", "3": "c"}}, {"name": "cn", "ports": {"1": "d"}}],
    }

    def test_commands(self):
        commands = onoslab.study_commands(self.STATE, "/run/lab/state.json", "/run/lab")
        self.assertEqual("h_site=ip netns exec sfh-h_site;h_cn=ip netns exec sfh-h_cn", commands["hostCommands"])
        links = commands["linkCommands"].split(";")
        self.assertEqual(["device:sbr/2", "device:sbr/3"], [e.split("=")[0] for e in links])
        self.assertTrue(links[0].endswith("labnet.py link /run/lab/state.json sbr 2"), links[0])
        endpoints = commands["ilnpEndpoints"].split(";")
        self.assertEqual(1, len(endpoints))
        self.assertTrue(endpoints[0].startswith("h_site=ip netns exec sfh-h_site python3 "), endpoints[0])
        self.assertIn("lab_endpoint.py --iface eth0 --address fd00:5:1::a/64 --nid ::a --status "
                      "/run/lab/ilnp-study-h_site.json --peer ::b=fd00:5:c::", endpoints[0])
        # One word per whitespace-separated word and no ';' inside an entry: what Sixflow's parser takes.
        self.assertNotIn(";", endpoints[0])
