# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""python3 -m onosbuild [step ...]: builds ONOS 2.7.0 from the user's checkouts into a runnable home.

Steps (default: all, in order): check deps tools modules stage. Each prints its time; a step that
finds its outputs newer than its inputs does nothing, so an interrupted build resumes.
Environment: ONOS_SRC (an ONOS checkout at tag 2.7.0), GNMI_SRC and GNOI_SRC (openconfig/gnmi and
openconfig/gnoi clones holding the commits ONOS pins), ONOS_OUT (where to build; default
/opt/sixflow-onos), ONOS_APPS (extra ONOS app names to include)."""
import glob
import os
import subprocess
import sys
import time

from . import compile as jc
from . import maven, stage
from .graph import GROUP, ONOS_VERSION, Tree
from .workspace import Workspace

# The ONOS apps Sixflow's lab activates, and what Sixflow's own .oar files require.
APPS = ["org.onosproject.generaldeviceprovider", "org.onosproject.protocols.p4runtime",
        "org.onosproject.protocols.gnmi", "org.onosproject.p4runtime", "org.onosproject.drivers.bmv2",
        "org.onosproject.drivers.barefoot", "org.onosproject.lldpprovider", "org.onosproject.hostprovider",
        "org.onosproject.netcfglinksprovider", "org.onosproject.netcfghostprovider"]
# The core the platform features boot (tools/package/features/BUILD's onos-core).
PLATFORM = "tools/package/features"
# ONOS's build tools, with bndlib 5.3.0 for ONOS's pinned 4.1.0, which crashes on Java 17
# (ConcurrentModificationException in Jar.putResource).
TOOL_JARS = [maven.Artifact("biz.aQute.bnd", "biz.aQute.bndlib", "5.3.0"),
             maven.Artifact("org.apache.felix", "org.apache.felix.scr.bnd", "1.9.0"),
             maven.Artifact("org.slf4j", "slf4j-nop", "1.7.28")]
# ONOS builds its gNMI/gNOI stubs with these (protobuf 3.10 runtime, grpc-java 1.22).
PROTOC = maven.Artifact("com.google.protobuf", "protoc", "3.10.0", "exe", "linux-x86_64")
GRPC_PLUGIN = maven.Artifact("io.grpc", "protoc-gen-grpc-java", "1.22.1", "exe", "linux-x86_64")
PROTO_INCLUDES = maven.Artifact("com.google.protobuf", "protobuf-java", "3.10.0")
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


class Build:
    def __init__(self):
        self.src = os.environ.get("ONOS_SRC") or sys.exit("set ONOS_SRC to your ONOS checkout (tag 2.7.0)")
        self.gnmi = os.environ.get("GNMI_SRC") or sys.exit("set GNMI_SRC to an openconfig/gnmi clone")
        self.gnoi = os.environ.get("GNOI_SRC") or sys.exit("set GNOI_SRC to an openconfig/gnoi clone")
        self.out = os.environ.get("ONOS_OUT", "/opt/sixflow-onos")
        self.deps_repo = os.path.join(self.out, "deps")
        self.built_repo = os.path.join(self.out, "built")
        self.work = os.path.join(self.out, "work")
        self.logs = os.path.join(self.out, "logs")
        self.home = os.path.join(self.out, "home")
        for d in (self.deps_repo, self.built_repo, self.work, self.logs):
            os.makedirs(d, exist_ok=True)
        self.workspace = Workspace.read(self.src)
        self.tree = Tree(self.src, self.workspace)
        extra = [a for a in os.environ.get("ONOS_APPS", "").split(",") if a]
        self.apps, self.modules = self.tree.closure(APPS + extra, self.platform_labels())

    def platform_labels(self):
        labels = []
        for call in self.tree.calls(PLATFORM):
            if call.rule == "osgi_feature":
                labels += [b for b in call.kwargs.get("included_bundles", []) if b.startswith("//")]
        return labels

    # ---- what the build needs --------------------------------------------------------------
    def third_party(self):
        labels = set()
        for m in self.modules:
            labels.update(m.deps)
        for app in self.apps.values():
            labels.update(app.bundles)
        for call in self.tree.calls(PLATFORM):
            labels.update(call.kwargs.get("included_bundles", []))
        for group in ("COMPILE", "CORE_DEPS", "JACKSON", "KRYO", "NETTY", "METRICS", "CLI", "REST", "JAXB"):
            labels.update(self.workspace.groups.get(group, []))
        labels.update(["@qdox//jar", "@com_google_guava_guava//jar", "@slf4j_api//jar"])
        jars = {self.workspace.jar_for_label(l) for l in labels if l.startswith("@")}
        return sorted((maven.from_jar(j) for j in jars if j), key=lambda a: a.relpath)

    def onos_central(self):
        return [maven.Artifact(GROUP, m.name, ONOS_VERSION) for m in self.modules if m.on_central]

    def wrapped(self):
        return [maven.Artifact(*m.wrap) for m in self.modules if m.wrap]

    def path(self, artifact):
        return os.path.join(self.deps_repo, artifact.relpath)

    def classpath(self):
        jars = ([self.path(a) for a in self.third_party() + self.onos_central()]
                + [self.built(m) for m in self.modules if not m.on_central])
        # Karaf's features.core jar carries an older org.osgi.util.promise (no Promise.timeout):
        # the real one must come first, as in ONOS's Bazel class path.
        return sorted(jars, key=lambda j: "org.osgi.util.promise" not in j)

    def direct_classpath(self, module):
        """The jars of a module's own dependencies (what Bazel hands ONOS's bnd wrapper)."""
        jars = []
        for label in module.deps:
            if label.startswith("@"):
                jars.append(self.path(maven.from_jar(self.workspace.jar_for_label(label))))
            else:
                dep = self.tree.module(label, module.package)
                jars.append(self.path(maven.Artifact(GROUP, dep.name, ONOS_VERSION)) if dep.on_central
                            else self.built(dep))
        return [j for j in jars if os.path.exists(j)]

    def built(self, module):
        return os.path.join(self.built_repo, *GROUP.split("."), module.name, ONOS_VERSION,
                            f"{module.name}-{ONOS_VERSION}.jar")

    # ---- steps -------------------------------------------------------------------------------
    def check(self):
        version = subprocess.run(["git", "-C", self.src, "describe", "--tags", "--exact-match"],
                                 capture_output=True, text=True).stdout.strip()
        if version != ONOS_VERSION:
            sys.exit(f"{self.src} is at '{version or 'no tag'}', not ONOS {ONOS_VERSION}")
        for m in self.modules:
            if m.proto:
                checkout = self.gnmi if "gnmi" in m.proto.repository else self.gnoi
                if subprocess.run(["git", "-C", checkout, "cat-file", "-e", m.proto.commit + "^{commit}"]).returncode:
                    sys.exit(f"{checkout} lacks {m.proto.repository} commit {m.proto.commit} that ONOS pins")
        built = [m.name for m in self.modules if not m.on_central]
        print(f"  {len(self.apps)} ONOS apps; {len(built)} modules to build, "
              f"{len(self.onos_central())} ONOS artifacts from Maven Central")

    def deps(self):
        wanted = self.third_party() + self.onos_central() + self.wrapped() + TOOL_JARS + [PROTOC, GRPC_PLUGIN, PROTO_INCLUDES]
        maven.fetch(wanted, self.deps_repo, os.path.join(self.work, "fetch"))
        print(f"  {len(wanted)} artifacts in {self.deps_repo}")

    def tool_classpaths(self):
        guava = self.path(maven.from_jar(self.workspace.jars["com_google_guava_guava"]))
        jackson = [self.path(maven.from_jar(self.workspace.jar_for_label(l)))
                   for l in self.workspace.groups["JACKSON"]]
        qdox = self.path(maven.from_jar(self.workspace.jars["qdox"]))
        bnd = [self.path(a) for a in TOOL_JARS] + [self.path(maven.from_jar(self.workspace.jars["slf4j_api"]))]
        return {"cfgdef": [guava, qdox] + jackson, "osgiwrap": [guava] + bnd}

    def tools(self):
        cps = self.tool_classpaths()
        log = os.path.join(self.logs, "tools.log")
        for name, srcdir in (("cfgdef", "tools/build/cfgdef"), ("osgiwrap", "utils/osgiwrap")):
            jar = os.path.join(self.work, name + ".jar")
            sources = glob.glob(os.path.join(self.src, srcdir, "src/main/java/**/*.java"), recursive=True)
            if _fresh(jar, sources):
                continue
            jc.build_tool(name, sources, cps[name], self.work, log)

    def module_inputs(self, m):
        base = os.path.join(self.src, m.package)
        if m.proto:
            return [], []
        srcs = m.srcs if m.srcs is not None else glob.glob(os.path.join(base, "src/main/java/**/*.java"), recursive=True)
        srcs = [s if os.path.isabs(s) else os.path.join(base, s) for s in srcs]
        root = os.path.join(base, m.resources_root)
        res = m.resources
        if res is None:
            res = [p for p in glob.glob(os.path.join(root, "**"), recursive=True) if os.path.isfile(p)]
        else:
            res = [r if os.path.isabs(r) else os.path.join(base, r) for r in res]
        return sorted(srcs), [(r, os.path.relpath(r, root)) for r in sorted(res)]

    def modules_step(self):
        cps = self.tool_classpaths()
        tools = {"cfgdef_cp": [os.path.join(self.work, "cfgdef.jar")] + cps["cfgdef"],
                 "osgiwrap_cp": [os.path.join(self.work, "osgiwrap.jar")] + cps["osgiwrap"]}
        classpath = self.classpath()
        for m in self.modules:
            if m.on_central:
                continue
            sources, resources = self.module_inputs(m)
            out = self.built(m)
            inputs = sources + [r for r, _ in resources] + [os.path.join(self.src, m.package, "BUILD")]
            if os.path.exists(out) and (m.wrap or m.proto or _fresh(out, inputs)):
                continue
            start = time.time()
            log = os.path.join(self.logs, m.name + ".log")
            if os.path.exists(log):
                os.remove(log)
            if m.wrap:
                # ONOS wraps these with no dependencies on bnd's class path (deps/BUILD): no import versions.
                jar = jc.wrap(m, self.path(maven.Artifact(*m.wrap)), [], tools, self.work, log)
                os.makedirs(os.path.dirname(out), exist_ok=True)
                os.replace(jar, out)
                print(f"  {m.label}: wrapped {':'.join(m.wrap)}")
                continue
            if m.proto:
                checkout = self.gnmi if "gnmi" in m.proto.repository else self.gnoi
                includes = os.path.join(self.work, "protobuf-includes")
                if not os.path.isdir(includes):
                    subprocess.run(["unzip", "-q", "-o", self.path(PROTO_INCLUDES), "google/*", "-d", includes], check=True)
                sources = jc.protoc(m.proto, checkout, self.path(PROTOC), self.path(GRPC_PLUGIN), includes,
                                    os.path.join(self.work, m.name + "-gen"), log)
            jar = jc.bundle(m, sources, resources, [c for c in classpath if c != out and os.path.exists(c)],
                            self.direct_classpath(m), tools, self.work, log)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            os.replace(jar, out)
            print(f"  {m.label}: {len(sources)} sources, {time.time() - start:.1f} s")

    def stage_step(self):
        karaf_tar = maven.Artifact("org.apache.karaf", "apache-karaf", stage.KARAF_VERSION, "tar.gz")
        maven.fetch([karaf_tar], self.deps_repo, os.path.join(self.work, "fetch-karaf"))
        karaf = stage.unpack_karaf(self.path(karaf_tar), self.home)
        system = os.path.join(karaf, "system")
        platform_file = stage.features_path(system, stage.FEATURES_ARTIFACT)
        os.makedirs(os.path.dirname(platform_file), exist_ok=True)
        with open(platform_file, "w") as f:
            f.write(stage.platform_features(self.tree, self.workspace))
        stage.write_apps(self.home, self.apps, self.workspace, system)
        descriptors = [f"mvn:org.apache.karaf.features/standard/{stage.KARAF_VERSION}/xml/features",
                       "file://" + platform_file] + ["file://" + stage.features_path(system, a.artifact)
                                                      for a in self.apps.values()]
        features = ["webconsole", "scr", "war", "jdk17-compat"] + stage.ONOS_BOOT + ["onos-thirdparty-web"] \
            + [a.artifact for a in self.apps.values()]
        stage.fill_system(karaf, self.built_repo, descriptors, features, os.path.join(self.work, "system"))
        stage.configure(karaf, self.src,
                        os.path.join(REPO, "osgi-test/src/test/resources/karaf-jdk17-features-processing.xml"),
                        os.path.join(HERE, "..", "etc", "jetty.xml"))
        # ONOS's VersionManager reads the version from this file, and nothing else may be in it.
        with open(os.path.join(self.home, "VERSION"), "w") as f:
            f.write(ONOS_VERSION + "\n")
        with open(os.path.join(self.home, "BUILT-FROM"), "w") as f:
            f.write(f"ONOS {ONOS_VERSION} built by Sixflow's tools/onos from {self.src}\n")
        print(f"  ONOS home: {self.home} ({len(self.apps)} apps under apps/)")


def _fresh(out, inputs):
    if not os.path.exists(out):
        return False
    built = os.path.getmtime(out)
    return all(os.path.getmtime(i) <= built for i in inputs if os.path.exists(i))


STEPS = {"check": Build.check, "deps": Build.deps, "tools": Build.tools, "modules": Build.modules_step,
         "stage": Build.stage_step}


def main(argv):
    steps = argv or list(STEPS)
    unknown = [s for s in steps if s not in STEPS]
    if unknown:
        sys.exit(f"unknown step(s) {', '.join(unknown)}; steps: {' '.join(STEPS)}")
    total = time.time()
    build = Build()
    for step in steps:
        start = time.time()
        print(f"=== [{time.strftime('%H:%M:%S')}] {step}", flush=True)
        STEPS[step](build)
        print(f"=== {step}: {time.time() - start:.1f} s", flush=True)
    print(f"=== all: {time.time() - total:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
