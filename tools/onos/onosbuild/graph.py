# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""ONOS's modules and apps as its BUILD files declare them, and the closure a set of apps needs."""
import os
import re
from dataclasses import dataclass, field

from . import starlark

ONOS_VERSION = "2.7.0"
GROUP = "org.onosproject"
BUNDLE_RULES = {"osgi_jar", "osgi_jar_with_tests"}
# Where ONOS keeps its apps; a scan of the whole tree would read hundreds of BUILD files.
APP_ROOTS = ("drivers", "protocols", "providers", "pipelines", "apps")

# ONOS 2.7.0 artifacts Maven Central has (the rest are built from the checkout). Checked against
# Central on 2026-11-28; //deps:* are ONOS's OSGi wraps of gRPC and protobuf, published the same way.
ON_CENTRAL = {
    "io_grpc_grpc_api_context", "io_grpc_grpc_stub", "io_grpc_grpc_protobuf", "com_google_protobuf_protobuf_java",
    "onos-api", "onlab-misc", "onlab-osgi", "onlab-rest", "onos-core-common", "onos-core-serializers",
    "onos-cli", "onos-rest", "onos-protocols-grpc-api", "onos-protocols-grpc-utils",
    "onos-protocols-p4runtime-api", "onos-protocols-p4runtime-model", "onos-protocols-p4runtime-proto",
    "onos-drivers-p4runtime",
}


# ONOS's other gRPC wraps (deps/BUILD) are made from its patched grpc-java build, which is not
# published; these are Maven Central's grpc-java jars of the same version, wrapped the same way.
# grpc-core's three Bazel targets are one jar on Maven Central, hence one bundle.
GRPC_WRAPS = {
    "io_grpc_grpc_core_internal": ("grpc-core", "io_grpc_grpc_core"),
    "io_grpc_grpc_core_inprocess": ("grpc-core", "io_grpc_grpc_core"),
    "io_grpc_grpc_core_util": ("grpc-core", "io_grpc_grpc_core"),
    "io_grpc_grpc_netty": ("grpc-netty", "io_grpc_grpc_netty"),
    "io_grpc_grpc_auth": ("grpc-auth", "io_grpc_grpc_auth"),
    "io_grpc_grpc_protobuf_lite": ("grpc-protobuf-lite", "io_grpc_grpc_protobuf_lite"),
}


def artifact_name(label):
    """The ONOS artifact a //label is published or built as."""
    pkg, name = split_label(label)
    if pkg == "deps" and name in GRPC_WRAPS:
        return GRPC_WRAPS[name][1]
    return name


@dataclass
class Module:
    """One OSGi bundle of ONOS."""
    label: str                      # //core/net:onos-core-net
    package: str
    name: str
    srcs: list
    resources: list
    resources_root: str
    deps: list                      # labels
    import_packages: str = "*"
    karaf_commands: str = ""
    include_resources: dict = field(default_factory=dict)
    web_context: str = ""
    bundle_classpath: str = ""
    proto: "ProtoStub" = None       # set for stubs generated from .proto files (gNMI, gNOI)
    wrap: tuple = None              # (group, artifact, version) of a plain jar to wrap as this bundle

    @property
    def on_central(self):
        return self.name in ON_CENTRAL

    @property
    def artifact(self):
        return self.name


@dataclass
class ProtoStub:
    """Java stubs from an OpenConfig repository's .proto files, as ONOS's osgi_proto_jar makes them.

    ONOS fetches the repository at a pinned commit and rewrites its imports with sed (Bazel's
    gnmi_BUILD/gnoi_BUILD): the same rewrites are applied here, on the user's checkout at that commit.
    """
    repository: str                 # openconfig/gnmi
    commit: str
    proto_root: str                 # inside the repository: what imports are relative to
    files: dict                     # file -> import prefixes to strip
    services: list                  # files with gRPC services


# The two OpenConfig stubs Sixflow's ONOS needs. Files and rewrites: ONOS's gnmi_BUILD and gnoi_BUILD.
PROTO_STUBS = {
    "protocols/gnmi/stub": ("openconfig/gnmi", "tools/build/bazel/gnmi_workspace.bzl", "GNMI_COMMIT", "proto",
                            {"gnmi/gnmi.proto": ["github.com/openconfig/gnmi/proto/"],
                             "gnmi_ext/gnmi_ext.proto": []},
                            ["gnmi/gnmi.proto"]),
    "protocols/gnoi/stub": ("openconfig/gnoi", "tools/build/bazel/gnoi_workspace.bzl", "GNOI_COMMIT", "",
                            {"system/system.proto": ["github.com/openconfig/gnoi/common/",
                                                     "github.com/openconfig/gnoi/"],
                             "types/types.proto": [],
                             "common/common.proto": ["github.com/openconfig/gnoi/"]},
                            ["system/system.proto"]),
}
PROTO_BASE_DEPS = ["//deps:com_google_protobuf_protobuf_java", "@com_google_guava_guava//jar",
                   "//deps:io_grpc_grpc_api_context", "//deps:io_grpc_grpc_stub",
                   "//deps:io_grpc_grpc_protobuf", "@javax_annotation_javax_annotation_api//jar"]


@dataclass
class App:
    """One ONOS application (what an .oar carries)."""
    app_name: str
    package: str
    title: str
    category: str
    url: str
    description: str
    bundles: list                   # labels of modules and @jars
    required_apps: list
    required_features: list
    artifact: str                   # onos-drivers-bmv2 (its features repository's name)


def split_label(label, package=None):
    """'//core/net:onos-core-net' -> ('core/net', 'onos-core-net'); '//a/b' -> ('a/b', 'b');
    ':x' relative to package."""
    if label.startswith(":"):
        return package, label[1:]
    m = re.fullmatch(r"//([^:]*)(?::(.+))?", label)
    if not m:
        raise ValueError(f"not an ONOS label: {label}")
    pkg, name = m.group(1), m.group(2)
    return pkg, name or os.path.basename(pkg)


class Tree:
    """An ONOS checkout's targets, read on demand."""

    def __init__(self, root, workspace):
        self.root, self.workspace = root, workspace
        self._packages = {}
        self._constants = dict(workspace.groups)
        _, variables, _ = starlark.run_file(root, "tools/build/bazel/variables.bzl")
        self._constants.update(variables)

    def calls(self, package):
        if package not in self._packages:
            calls, _, _ = starlark.run_file(self.root, os.path.join(package, "BUILD"), self._constants)
            self._packages[package] = calls
        return self._packages[package]

    def module(self, label, package=None):
        pkg, name = split_label(label, package)
        if name in ON_CENTRAL:
            return Module(f"//{pkg}:{name}", pkg, name, [], [], "", [])
        if pkg == "deps":
            if name not in GRPC_WRAPS:
                raise KeyError(f"{label}: neither on Maven Central nor a gRPC jar this build can wrap")
            artifact, bundle = GRPC_WRAPS[name]
            _, names, _ = starlark.run_file(self.root, "tools/build/bazel/grpc_workspace.bzl")
            module = Module(f"//deps:{bundle}", "deps", bundle, [], [], "", [])
            module.wrap = ("io.grpc", artifact, names["GRPC_JAVA_VERSION"])
            # Maven Central's grpc-java jars name packages that only optional features load (JNDI
            # DNS, Conscrypt TLS, OAuth2 credentials) and that ONOS's own build of them left out:
            # imported optionally, as Karaf's wrap: protocol imports a plain jar's packages.
            module.import_packages = "*;resolution:=optional"
            return module
        for call in self.calls(pkg):
            if call.rule in BUNDLE_RULES and _bundle_name(call) == name:
                return _module(call, pkg)
            if call.rule == "osgi_proto_jar" and _bundle_name(call) == name:
                return self._proto_module(call, pkg)
        # A module built by other rules (java_library, proto stubs) is named by the caller's error.
        raise KeyError(f"{label}: no osgi_jar named {name} in {pkg}/BUILD")

    def _proto_module(self, call, pkg):
        if pkg not in PROTO_STUBS:
            raise KeyError(f"//{pkg}: a proto stub this build has no recipe for")
        repository, bzl, commit_name, root, files, services = PROTO_STUBS[pkg]
        _, names, _ = starlark.run_file(self.root, bzl)
        module = Module(f"//{pkg}:{_bundle_name(call)}", pkg, _bundle_name(call), [], [], "",
                        PROTO_BASE_DEPS + list(call.kwargs.get("deps") or []))
        module.proto = ProtoStub(repository, names[commit_name], root, files, services)
        return module

    def apps(self):
        found = {}
        for top in APP_ROOTS:
            for dirpath, dirnames, filenames in os.walk(os.path.join(self.root, top)):
                dirnames[:] = [d for d in dirnames if d not in ("src", "node_modules", "web")]
                if "BUILD" not in filenames:
                    continue
                with open(os.path.join(dirpath, "BUILD")) as f:
                    if "onos_app(" not in f.read():
                        continue
                pkg = os.path.relpath(dirpath, self.root)
                try:
                    calls = self.calls(pkg)
                except Exception:   # a BUILD this reader cannot run: not one Sixflow needs
                    continue
                for call in calls:
                    if call.rule == "onos_app":
                        app = _app(call, pkg)
                        found[app.app_name] = app
        return found

    def closure(self, app_names, extra_modules=()):
        """The apps named, every app they require, and every module their bundles (and the extra
        module labels) need, in build order."""
        apps = self.apps()
        chosen, order = {}, []

        def visit_app(name):
            if name in chosen:
                return
            if name not in apps:
                raise KeyError(f"no ONOS app {name} in this checkout")
            chosen[name] = apps[name]
            for required in chosen[name].required_apps:
                visit_app(required)
        for name in app_names:
            visit_app(name)

        modules, visiting = {}, set()

        def visit_module(label, package=None):
            pkg, name = split_label(label, package)
            key = f"//{pkg}:{artifact_name(f'//{pkg}:{name}')}"
            if key in modules:
                return
            if key in visiting:
                raise ValueError(f"dependency cycle at {key}")
            visiting.add(key)
            module = self.module(f"//{pkg}:{name}")
            if not module.on_central:
                for dep in module.deps:
                    if dep.startswith("//") or dep.startswith(":"):
                        visit_module(dep, pkg)
            visiting.discard(key)
            modules[key] = module
            order.append(module)
        for label in extra_modules:
            visit_module(label)
        for app in chosen.values():
            for bundle in app.bundles:
                if bundle.startswith("//") or bundle.startswith(":"):
                    visit_module(bundle, app.package)
        return chosen, order


def _bundle_name(call):
    return call.kwargs.get("name") or "onos-" + call.package.replace("/", "-")


def _module(call, pkg):
    kw = call.kwargs
    root = os.path.join(pkg)
    resources_root = kw.get("resources_root") or "src/main/resources/"
    srcs = kw.get("srcs")
    return Module(
        label=f"//{pkg}:{_bundle_name(call)}", package=pkg, name=_bundle_name(call),
        srcs=srcs if srcs is not None else None, resources=kw.get("resources"),
        resources_root=resources_root, deps=list(kw.get("deps") or []),
        import_packages=kw.get("import_packages") or "*",
        karaf_commands=",".join(kw.get("karaf_command_packages") or []),
        include_resources=kw.get("include_resources") or {},
        web_context=kw.get("web_context") or "", bundle_classpath=kw.get("bundle_classpath") or "")


def _app(call, pkg):
    kw = call.kwargs
    name = kw.get("name") or "onos-" + pkg.replace("/", "-")
    bundles = kw.get("included_bundles")
    if bundles is None:
        bundles = [f"//{pkg}:{name}"]
    return App(
        app_name=kw.get("app_name") or GROUP + "." + os.path.basename(pkg), package=pkg,
        title=kw.get("title") or "", category=kw.get("category") or "Utility", url=kw.get("url") or "",
        description=kw.get("description") or kw.get("title") or "",
        bundles=[b if not b.startswith(":") else f"//{pkg}{b}" for b in bundles],
        required_apps=list(kw.get("required_apps") or []),
        required_features=list(kw.get("required_features") or ["onos-api"]), artifact=name)
