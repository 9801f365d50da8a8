# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""ONOS's third-party jars: what tools/build/bazel/generate_workspace.bzl pins (Maven Central URL and
SHA-256 per jar) and the named groups of them (COMPILE, JACKSON, KRYO, ...) that BUILD files use."""
import dataclasses
import os
import re
from dataclasses import dataclass

from . import starlark

WORKSPACE_BZL = "tools/build/bazel/generate_workspace.bzl"
CENTRAL = "https://repo1.maven.org/maven2/"


@dataclass(frozen=True)
class Jar:
    """One pinned third-party artifact."""
    name: str          # the Bazel repository name, e.g. "com_google_guava_guava"
    group: str
    artifact: str
    version: str
    classifier: str
    extension: str
    sha256: str
    osgi: bool = True  # False where ONOS marks it NON-OSGI: Karaf wraps it when installing

    @property
    def coordinates(self):
        """groupId:artifactId:version[:extension[:classifier]] as Maven's dependency plugin takes it."""
        if self.classifier:
            return f"{self.group}:{self.artifact}:{self.version}:{self.extension}:{self.classifier}"
        if self.extension != "jar":
            return f"{self.group}:{self.artifact}:{self.version}:{self.extension}"
        return f"{self.group}:{self.artifact}:{self.version}"

    @property
    def file_name(self):
        suffix = f"-{self.classifier}" if self.classifier else ""
        return f"{self.artifact}-{self.version}{suffix}.{self.extension}"

    @property
    def mvn_url(self):
        """The mvn: URL Karaf resolves (mvn:group/artifact/version[/type[/classifier]])."""
        if self.classifier:
            url = f"mvn:{self.group}/{self.artifact}/{self.version}/{self.extension}/{self.classifier}"
        else:
            url = f"mvn:{self.group}/{self.artifact}/{self.version}"
        if not self.osgi:   # as ONOS's onos_app_tools.mvnUrl writes a NON-OSGI artifact
            return f"wrap:{url}$Bundle-SymbolicName={self.group}.{self.artifact}&Bundle-Version={self.version}"
        return url


def parse_url(name, url, sha256):
    """Maven Central URL -> Jar. The file name after artifact-version- is the classifier."""
    if not url.startswith(CENTRAL):
        raise ValueError(f"{name}: not on Maven Central: {url}")
    parts = url[len(CENTRAL):].split("/")
    group, artifact, version, file_name = ".".join(parts[:-3]), parts[-3], parts[-2], parts[-1]
    stem = f"{artifact}-{version}"
    if not file_name.startswith(stem):
        raise ValueError(f"{name}: unexpected file name {file_name} in {url}")
    rest = file_name[len(stem):]
    for extension in ("tar.gz", "jar", "zip", "pom"):
        if rest.endswith("." + extension):
            classifier = rest[: -len(extension) - 1].lstrip("-")
            return Jar(name, group, artifact, version, classifier, extension, sha256)
    raise ValueError(f"{name}: unknown extension in {url}")


class Workspace:
    """The jars and groups of one ONOS checkout."""

    def __init__(self, jars, groups, unusable=None):
        self.jars = jars          # name -> Jar
        self.groups = groups      # "JACKSON" -> ["@jackson_core//jar", ...]
        self.unusable = unusable or {}   # name -> why it cannot be fetched by coordinates

    @classmethod
    def read(cls, onos_root):
        imports = []
        record = lambda **kw: imports.append(kw)  # noqa: E731 (java_import_external)
        _, defined, glob_ns = starlark.run_file(
            onos_root, WORKSPACE_BZL, {"java_import_external": record})
        glob_ns["generated_maven_jars"]()
        jars, unusable = {}, {}
        non_osgi = {key.split("//")[0][1:] for key, coords in defined.get("artifact_map", {}).items()
                    if ":NON-OSGI" in coords}
        for kw in imports:
            try:
                jar = parse_url(kw["name"], kw["jar_urls"][0], kw.get("jar_sha256", ""))
                if jar.name in non_osgi:
                    jar = dataclasses.replace(jar, osgi=False)
                jars[jar.name] = jar
            except ValueError as e:    # e.g. ONOS's offline Karaf, whose file name is not its artifact's
                unusable[kw["name"]] = str(e)
        groups = {k: v for k, v in defined.items() if re.fullmatch(r"[A-Z][A-Z0-9_]*", k) and isinstance(v, list)}
        return cls(jars, groups, unusable)

    def jar_for_label(self, label):
        """'@guava//jar' -> Jar; '//deps:io_grpc_grpc_netty' -> None (a deps/ target, not a plain jar)."""
        m = re.fullmatch(r"@([A-Za-z0-9_.\-]+)//jar", label)
        if not m:
            return None
        if m.group(1) in self.unusable:
            raise ValueError(self.unusable[m.group(1)])
        if m.group(1) not in self.jars:
            raise ValueError(f"{label}: not pinned in {WORKSPACE_BZL}")
        return self.jars[m.group(1)]
