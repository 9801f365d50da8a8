# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Brings artifacts from Maven Central with Maven itself, into a Maven-layout folder, and checks the
SHA-256 ONOS pins where it pins one."""
import hashlib
import os
import subprocess
from dataclasses import dataclass
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class Artifact:
    group: str
    artifact: str
    version: str
    extension: str = "jar"
    classifier: str = ""
    sha256: str = ""

    @property
    def relpath(self):
        """Its path in a Maven-layout repository."""
        suffix = f"-{self.classifier}" if self.classifier else ""
        return os.path.join(*self.group.split("."), self.artifact, self.version,
                            f"{self.artifact}-{self.version}{suffix}.{self.extension}")

    @property
    def mvn_url(self):
        if self.classifier:
            return f"mvn:{self.group}/{self.artifact}/{self.version}/{self.extension}/{self.classifier}"
        if self.extension != "jar":
            return f"mvn:{self.group}/{self.artifact}/{self.version}/{self.extension}"
        return f"mvn:{self.group}/{self.artifact}/{self.version}"


def from_jar(jar):
    """workspace.Jar -> Artifact."""
    return Artifact(jar.group, jar.artifact, jar.version, jar.extension, jar.classifier, jar.sha256)


def _pom(artifacts):
    deps = "".join(
        "<dependency><groupId>{}</groupId><artifactId>{}</artifactId><version>{}</version>"
        "<type>{}</type>{}</dependency>\n".format(
            escape(a.group), escape(a.artifact), escape(a.version), escape(a.extension),
            f"<classifier>{escape(a.classifier)}</classifier>" if a.classifier else "")
        for a in sorted(set(artifacts), key=lambda a: a.relpath))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.sixflow.onosbuild</groupId><artifactId>fetch</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
{deps}  </dependencies>
</project>
"""


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# Rounds over what is still missing: once, a build here found one artifact of hundreds not copied
# although Maven succeeded (error_prone_annotations 2.3.4), and the next run copied it.
FETCH_ROUNDS = 3


def _missing(artifacts, repo):
    return sorted({a for a in artifacts if not os.path.isfile(os.path.join(repo, a.relpath))},
                  key=lambda a: a.relpath)


def _copy(batch, repo, work):
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "pom.xml"), "w") as f:
        f.write(_pom(batch))
    subprocess.run(["mvn", "-B", "-q", "-ntp", "-f", os.path.join(work, "pom.xml"),
                    "org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies",
                    "-DexcludeTransitive=true", "-Dmdep.useRepositoryLayout=true",
                    "-Dmdep.copyPom=false", f"-DoutputDirectory={os.path.abspath(repo)}"],
                   check=True)


def _batches(missing):
    """One POM holds one version of an artifact (Maven mediates the others away): a batch per version."""
    while missing:
        seen, batch, later = set(), [], []
        for a in missing:
            key = (a.group, a.artifact, a.extension, a.classifier)
            (later if key in seen else batch).append(a)
            seen.add(key)
        yield batch
        missing = later


def fetch(artifacts, repo, work, copy=_copy):
    """Copies the artifacts (no transitive ones) into the Maven-layout folder repo."""
    for _ in range(FETCH_ROUNDS):
        missing = _missing(artifacts, repo)
        if not missing:
            break
        for batch in _batches(missing):
            copy(batch, repo, work)
    bad = []
    for a in artifacts:
        path = os.path.join(repo, a.relpath)
        if not os.path.isfile(path):
            bad.append(f"{a.relpath}: not fetched")
        elif a.sha256 and sha256(path) != a.sha256:
            bad.append(f"{a.relpath}: SHA-256 differs from ONOS's pin")
    if bad:
        raise RuntimeError("; ".join(bad))
    return {a: os.path.join(repo, a.relpath) for a in artifacts}
