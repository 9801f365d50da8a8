# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The ONOS build's readers on a small tree written here in ONOS's Bazel dialect: no ONOS checkout
is needed, so these run everywhere (the build itself runs where a checkout is)."""
import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from onosbuild import graph, maven, stage, starlark, workspace  # noqa: E402

WORKSPACE = '''
load("@bazel_tools//tools/build_defs/repo:java.bzl", "java_import_external")
COMPILE = [
    "@guava//jar",
]
CORE_DEPS = [] + COMPILE + [
    "//core/api:onos-api",
]
JACKSON = ["@jackson_core//jar"]
def generated_maven_jars():
    if "guava" not in native.existing_rules():
        java_import_external(
            name = "guava",
            jar_sha256 = "abc",
            licenses = ["notice"],
            jar_urls = ["https://repo1.maven.org/maven2/com/google/guava/guava/22.0/guava-22.0.jar"],        )
    if "jackson_core" not in native.existing_rules():
        java_import_external(
            name = "jackson_core",
            jar_sha256 = "def",
            licenses = ["notice"],
            jar_urls = ["https://repo1.maven.org/maven2/com/fasterxml/jackson/core/jackson-core/2.11.0/jackson-core-2.11.0.jar"],        )
    if "jdom" not in native.existing_rules():
        java_import_external(
            name = "jdom",
            jar_sha256 = "",
            licenses = ["notice"],
            jar_urls = ["https://repo1.maven.org/maven2/jdom/jdom/1.0/jdom-1.0.jar"],        )
    if "odd" not in native.existing_rules():
        java_import_external(
            name = "odd",
            jar_sha256 = "",
            licenses = ["notice"],
            jar_urls = ["https://repo1.maven.org/maven2/org/x/odd-offline/1.0/other-name-1.0.tar.gz"],        )
artifact_map = {}
artifact_map["@jdom//:jdom"] = "mvn:jdom:jdom:jar:NON-OSGI:1.0"
'''
VARIABLES = 'ONOS_VERSION = "2.7.0"\nONOS_GROUP_ID = "org.onosproject"\n'
GRPC = 'GRPC_JAVA_VERSION = "1.22.1"\n'
FILES = {
    "tools/build/bazel/generate_workspace.bzl": WORKSPACE,
    "tools/build/bazel/variables.bzl": VARIABLES,
    "tools/build/bazel/grpc_workspace.bzl": GRPC,
    "core/net/BUILD": '''
COMPILE_DEPS = CORE_DEPS + JACKSON + ["//core/common:onos-core-common"]
osgi_jar_with_tests(name = "onos-core-net", deps = COMPILE_DEPS, exclude_tests = ["x"])
''',
    "core/net/src/main/java/org/a/A.java": "class A {}",
    "drivers/foo/BUILD": '''
load("//tools/build/bazel:osgi_java_library.bzl", "osgi_jar")
BUNDLES = [":onos-drivers-foo", "//deps:io_grpc_grpc_netty", "@jdom//jar"]
osgi_jar(srcs = glob(["src/main/java/**/*.java"]), deps = CORE_DEPS + ["//core/net:onos-core-net"])
onos_app(app_name = "org.onosproject.drivers.foo", title = "Foo Drivers", included_bundles = BUNDLES,
         required_apps = ["org.onosproject.drivers.bar"])
''',
    "drivers/foo/src/main/java/org/f/F.java": "class F {}",
    "drivers/bar/BUILD": '''
osgi_jar()
onos_app(app_name = "org.onosproject.drivers.bar", title = "Bar", category = "Drivers")
''',
    "drivers/typo/BUILD": '''
osgi_jar(deps = CORE_DEPS + NOT_DEFINED)
''',
}


class TreeTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        for path, text in FILES.items():
            full = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(textwrap.dedent(text))
        self.ws = workspace.Workspace.read(self.root)
        self.tree = graph.Tree(self.root, self.ws)

    def tearDown(self):
        self.tmp.cleanup()

    def test_pinned_jars_come_with_coordinates_and_hashes(self):
        guava = self.ws.jars["guava"]
        self.assertEqual(("com.google.guava", "guava", "22.0", "abc"),
                         (guava.group, guava.artifact, guava.version, guava.sha256))
        self.assertEqual("mvn:com.google.guava/guava/22.0", guava.mvn_url)

    def test_a_non_osgi_jar_is_wrapped_by_karaf(self):
        self.assertEqual("wrap:mvn:jdom/jdom/1.0$Bundle-SymbolicName=jdom.jdom&Bundle-Version=1.0",
                         self.ws.jars["jdom"].mvn_url)

    def test_a_jar_whose_file_is_not_its_artifact_is_unusable_and_says_why(self):
        self.assertIn("odd", self.ws.unusable)
        with self.assertRaisesRegex(ValueError, "unexpected file name"):
            self.ws.jar_for_label("@odd//jar")

    def test_groups_are_expanded_the_way_bazel_concatenates_them(self):
        self.assertEqual(["@guava//jar", "//core/api:onos-api"], self.ws.groups["CORE_DEPS"])
        net = self.tree.module("//core/net:onos-core-net")
        self.assertEqual(["@guava//jar", "//core/api:onos-api", "@jackson_core//jar",
                          "//core/common:onos-core-common"], net.deps)

    def test_an_unnamed_bundle_takes_its_package_name(self):
        self.assertEqual("onos-drivers-bar", self.tree.module("//drivers/bar:onos-drivers-bar").name)
        apps = self.tree.apps()
        self.assertEqual(["//drivers/bar:onos-drivers-bar"], apps["org.onosproject.drivers.bar"].bundles)

    def test_a_name_nobody_defined_is_an_error_not_an_empty_list(self):
        with self.assertRaisesRegex(NameError, "NOT_DEFINED"):
            self.tree.module("//drivers/typo:onos-drivers-typo")

    def test_closure_follows_required_apps_and_builds_dependencies_first(self):
        apps, modules = self.tree.closure(["org.onosproject.drivers.foo"])
        self.assertEqual({"org.onosproject.drivers.foo", "org.onosproject.drivers.bar"}, set(apps))
        order = [m.label for m in modules]
        self.assertLess(order.index("//core/net:onos-core-net"), order.index("//drivers/foo:onos-drivers-foo"))
        # onos-api is on Maven Central: taken, not built, and its own dependencies are not walked.
        self.assertTrue(next(m for m in modules if m.name == "onos-api").on_central)
        # A gRPC wrap ONOS made from its patched grpc-java becomes Maven Central's jar, wrapped.
        netty = next(m for m in modules if m.name == "io_grpc_grpc_netty")
        self.assertEqual(("io.grpc", "grpc-netty", "1.22.1"), netty.wrap)
        self.assertFalse(netty.on_central)

    def test_an_app_xml_names_its_features_and_required_apps(self):
        apps, _ = self.tree.closure(["org.onosproject.drivers.foo"])
        xml = stage.app_xml(apps["org.onosproject.drivers.foo"])
        self.assertIn('featuresRepo="mvn:org.onosproject/onos-drivers-foo/2.7.0/xml/features"', xml)
        self.assertIn('apps="org.onosproject.drivers.bar"', xml)
        features = stage.app_features(apps["org.onosproject.drivers.foo"], self.ws)
        self.assertIn("<bundle>mvn:org.onosproject/onos-drivers-foo/2.7.0</bundle>", features)
        self.assertIn("<bundle>mvn:org.onosproject/io_grpc_grpc_netty/2.7.0</bundle>", features)
        self.assertIn("<bundle>wrap:mvn:jdom/jdom/1.0$Bundle-SymbolicName=jdom.jdom&amp;Bundle-Version=1.0</bundle>",
                      features)
        self.assertIn("<feature>onos-api</feature>", features)


class StarlarkTest(unittest.TestCase):
    def test_loads_are_removed_even_across_lines(self):
        text = 'load(\n    "//x:y.bzl",\n    "a",\n)\nB = 1\n'
        self.assertEqual("\nB = 1\n", starlark.strip_loads(text))


class MavenTest(unittest.TestCase):
    def test_repository_paths_carry_classifier_and_extension(self):
        exe = maven.Artifact("io.grpc", "protoc-gen-grpc-java", "1.22.1", "exe", "linux-x86_64")
        self.assertEqual("io/grpc/protoc-gen-grpc-java/1.22.1/protoc-gen-grpc-java-1.22.1-linux-x86_64.exe",
                         exe.relpath)

    def test_a_pom_lists_each_artifact_once(self):
        a = maven.Artifact("g", "a", "1")
        pom = maven._pom([a, a])
        self.assertEqual(1, pom.count("<artifactId>a</artifactId>"))

    def test_two_versions_of_an_artifact_go_in_two_batches(self):
        one, two, other = maven.Artifact("g", "a", "1"), maven.Artifact("g", "a", "2"), maven.Artifact("g", "b", "1")
        self.assertEqual([[one, other], [two]], list(maven._batches([one, other, two])))

    def _copier(self, skip_once):
        """A copy that writes every artifact of its batch, but leaves those in skip_once out the
        first time it meets them (as Maven once did without an error)."""
        calls = []

        def copy(batch, repo, work):
            calls.append(list(batch))
            for a in batch:
                if a in skip_once:
                    skip_once.remove(a)
                    continue
                path = os.path.join(repo, a.relpath)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, "w").close()
        return copy, calls

    def test_an_artifact_left_out_once_is_asked_for_again(self):
        a, b = maven.Artifact("g", "a", "1"), maven.Artifact("g", "b", "1")
        with tempfile.TemporaryDirectory() as repo:
            copy, calls = self._copier({b})
            paths = maven.fetch([a, b], repo, os.path.join(repo, "work"), copy=copy)
            self.assertEqual([[a, b], [b]], calls)
            self.assertTrue(os.path.isfile(paths[b]))

    def test_an_artifact_never_copied_is_named_in_the_error(self):
        a = maven.Artifact("g", "a", "1")
        calls = []
        with tempfile.TemporaryDirectory() as repo:
            with self.assertRaisesRegex(RuntimeError, "g/a/1/a-1.jar: not fetched"):
                maven.fetch([a], repo, os.path.join(repo, "work"), copy=lambda *args: calls.append(args))
        self.assertEqual(maven.FETCH_ROUNDS, len(calls))


if __name__ == "__main__":
    unittest.main()
