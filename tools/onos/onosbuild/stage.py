# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Assembles a runnable ONOS home: Karaf 4.2.9 configured as ONOS's tools/package configures it,
ONOS's platform features booted, and ONOS's apps registered under apps/ for its application
subsystem, every bundle in Karaf's system/ repository (nothing is downloaded at run time)."""
import os
import shutil
import subprocess
import tarfile
from xml.sax.saxutils import escape, quoteattr

from .graph import GROUP, ONOS_VERSION, artifact_name

KARAF_VERSION = "4.2.9"
KARAF_DIR = f"apache-karaf-{KARAF_VERSION}"
# ONOS 2.7.0's etc/org.apache.karaf.features.cfg boots these Karaf features, then its own four.
KARAF_BOOT = ["instance", "package", "log", "ssh", "framework", "system", "eventadmin", "feature", "shell",
              "management", "service", "jaas", "deployer", "diagnostic", "wrap", "bundle", "config", "kar",
              "webconsole", "scr", "war"]
ONOS_BOOT = ["onos-thirdparty-base", "onos-api", "onos-core", "onos-cli", "onos-rest"]
FEATURES_ARTIFACT = "onos-features"
# On a Java newer than 11 the war feature's class-file readers are replaced (see the processing file).
JDK17_BUNDLES = ["mvn:org.ow2.asm/asm/9.2", "mvn:org.ow2.asm/asm-tree/9.2", "mvn:org.ow2.asm/asm-analysis/9.2",
                 "mvn:org.ow2.asm/asm-commons/9.2", "mvn:org.ow2.asm/asm-util/9.2",
                 "mvn:org.apache.xbean/xbean-bundleutils/4.20", "mvn:org.apache.xbean/xbean-finder/4.20",
                 "mvn:org.apache.xbean/xbean-reflect/4.20",
                 "mvn:org.apache.aries.spifly/org.apache.aries.spifly.dynamic.bundle/1.3.2"]


def bundle_url(label, workspace):
    """A BUILD label -> the mvn: URL Karaf installs it from."""
    jar = workspace.jar_for_label(label)
    if jar is not None:
        return jar.mvn_url
    return f"mvn:{GROUP}/{artifact_name(label)}/{ONOS_VERSION}"


def feature_xml(name, title, bundles, features):
    lines = [f'    <feature name="{name}" version="{ONOS_VERSION}" description={quoteattr(title)}>']
    lines += [f"        <feature>{escape(f)}</feature>" for f in features]
    lines += [f"        <bundle>{escape(b)}</bundle>" for b in bundles]
    lines.append("    </feature>")
    return "\n".join(lines)


def features_repo(repo_name, features):
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<features xmlns="http://karaf.apache.org/xmlns/features/v1.2.0" name="{repo_name}">\n'
            + "\n".join(features) + "\n</features>\n")


def platform_features(tree, workspace):
    """ONOS's tools/package/features/BUILD as a Karaf features repository."""
    features = []
    for call in tree.calls("tools/package/features"):
        if call.rule != "osgi_feature":
            continue
        kw = call.kwargs
        features.append(feature_xml(kw["name"], kw.get("description", ""),
                                    [bundle_url(b, workspace) for b in kw.get("included_bundles", [])],
                                    kw.get("required_features", [])))
    features.append(feature_xml("jdk17-compat", "Java 17 class-file readers for pax-web", JDK17_BUNDLES, []))
    return features_repo(f"{GROUP}-{FEATURES_ARTIFACT}", features)


def app_xml(app):
    required = ",".join(app.required_apps)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<app name="{app.app_name}" origin="ONOS Community" version="{ONOS_VERSION}"\n'
            f'        title={quoteattr(app.title)} category={quoteattr(app.category)} url={quoteattr(app.url)}\n'
            f'        featuresRepo="mvn:{GROUP}/{app.artifact}/{ONOS_VERSION}/xml/features"\n'
            f'        features="{app.artifact}" apps="{required}">\n'
            f'    <description>{escape(app.description)}</description>\n</app>\n')


def app_features(app, workspace):
    return features_repo(f"{GROUP}-{app.artifact}", [feature_xml(
        app.artifact, app.title, [bundle_url(b, workspace) for b in app.bundles], app.required_features)])


def features_path(system, artifact):
    return os.path.join(system, *GROUP.split("."), artifact, ONOS_VERSION,
                        f"{artifact}-{ONOS_VERSION}-features.xml")


def unpack_karaf(karaf_tar, home):
    """Unpacks Karaf with tar (Maven's unpacker cuts long paths)."""
    if os.path.isdir(os.path.join(home, KARAF_DIR)):
        shutil.rmtree(os.path.join(home, KARAF_DIR))
    os.makedirs(home, exist_ok=True)
    with tarfile.open(karaf_tar) as t:
        t.extractall(home, filter="data")
    return os.path.join(home, KARAF_DIR)


def fill_system(karaf, built_repo, descriptors, features, work):
    """Every bundle the features name, fetched by Karaf's own Maven plugin into system/: built
    bundles from built_repo, the rest from Maven Central. It fails on any bundle it cannot find.

    Maven keeps what it took from built_repo in its local repository and never looks again, so a
    local repository of its own is used, cleared of the built artifacts first: a rebuilt bundle is
    always the one staged, and the user's ~/.m2 never holds ONOS artifacts Maven Central lacks."""
    os.makedirs(work, exist_ok=True)
    local = os.path.join(work, "m2")
    for dirpath, _, filenames in os.walk(built_repo):
        if any(f.endswith(".jar") for f in filenames):
            shutil.rmtree(os.path.join(local, os.path.relpath(dirpath, built_repo)), ignore_errors=True)
    pom = f"""<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.sixflow.onosbuild</groupId><artifactId>system</artifactId><version>1</version>
  <packaging>pom</packaging>
  <repositories><repository><id>onos-built</id><url>file://{os.path.abspath(built_repo)}</url></repository></repositories>
  <build><plugins><plugin>
    <groupId>org.apache.karaf.tooling</groupId><artifactId>karaf-maven-plugin</artifactId><version>{KARAF_VERSION}</version>
    <executions><execution><id>system</id><phase>package</phase><goals><goal>features-add-to-repository</goal></goals>
      <configuration>
        <descriptors>{''.join(f'<descriptor>{escape(d)}</descriptor>' for d in descriptors)}</descriptors>
        <features>{''.join(f'<feature>{escape(f)}</feature>' for f in features)}</features>
        <repository>{os.path.abspath(os.path.join(karaf, 'system'))}</repository>
      </configuration></execution></executions>
  </plugin></plugins></build>
</project>
"""
    with open(os.path.join(work, "pom.xml"), "w") as f:
        f.write(pom)
    subprocess.run(["mvn", "-B", "-q", "-ntp", "-f", os.path.join(work, "pom.xml"), f"-Dmaven.repo.local={local}",
                    "package"], check=True)


def _set(path, key, value):
    """Sets key = value in a Karaf .cfg/.properties file, replacing its (possibly continued) line."""
    lines, out, skipping = open(path, encoding="latin-1").read().split("\n"), [], False
    found = False
    for line in lines:
        if skipping:
            skipping = line.rstrip().endswith("\\")
            continue
        stripped = line.strip()
        if not stripped.startswith("#") and (stripped.split("=")[0].strip() == key):
            out.append(f"{key} = {value}")
            skipping = line.rstrip().endswith("\\")
            found = True
            continue
        out.append(line)
    if not found:
        out.append(f"{key} = {value}")
    with open(path, "w", encoding="latin-1") as f:
        f.write("\n".join(out))


# ONOS's startup.properties also starts a Kafka client and a log4j2 fragment for its Kafka log
# appender; neither is built here, and nothing else needs them.
KAFKA_LOGGING = ("kafka-clients", "onos-log4j2-extra")


def configure(karaf, onos_root, jdk17_processing, jetty_xml):
    etc = os.path.join(karaf, "etc")
    # ONOS's own etc files (logging, shell, ACLs, users, pax-web), as its packaging copies them.
    for name in os.listdir(os.path.join(onos_root, "tools/package/etc")):
        shutil.copy(os.path.join(onos_root, "tools/package/etc", name), os.path.join(etc, name))
    startup = os.path.join(etc, "startup.properties")
    with open(startup) as f:
        lines = [line for line in f if not any(k in line for k in KAFKA_LOGGING)]
    with open(startup, "w") as f:
        f.writelines(lines)
    shutil.copy(jetty_xml, os.path.join(etc, "jetty.xml"))
    repos = [f"mvn:org.apache.karaf.features/standard/{KARAF_VERSION}/xml/features",
             f"mvn:org.apache.karaf.features/framework/{KARAF_VERSION}/xml/features",
             f"mvn:{GROUP}/{FEATURES_ARTIFACT}/{ONOS_VERSION}/xml/features"]
    cfg = os.path.join(etc, "org.apache.karaf.features.cfg")
    _set(cfg, "featuresRepositories", ", ".join(repos))
    boot = ", ".join(KARAF_BOOT)
    onos = ", ".join(ONOS_BOOT[1:])
    _set(cfg, "featuresBoot", f"({boot}), ({ONOS_BOOT[0]}), ({onos})")
    _set(cfg, "featuresBootAsynchronous", "false")
    mvn = os.path.join(etc, "org.ops4j.pax.url.mvn.cfg")
    with open(mvn, "w") as f:   # everything from system/: nothing is downloaded at run time
        f.write("org.ops4j.pax.url.mvn.offline = true\n"
                "org.ops4j.pax.url.mvn.useFallbackRepositories = false\n"
                "org.ops4j.pax.url.mvn.localRepository = ${karaf.data}/no-local-repository\n"
                "org.ops4j.pax.url.mvn.repositories =\n"
                "org.ops4j.pax.url.mvn.defaultRepositories = "
                "file:${karaf.home}/${karaf.default.repository}@id=system.repository@snapshots\n")
    # ONOS names ./etc/jetty.xml, relative to the working directory; name it wherever Karaf runs.
    _set(os.path.join(etc, "org.ops4j.pax.web.cfg"), "org.ops4j.pax.web.config.file", "${karaf.etc}/jetty.xml")
    # Karaf 4.2.9 knows Java up to 11: a newer Java gets 11's package lists (what ONOS runs on).
    for file, key, value in (("jre.properties", "jre-{v}", "${{jre-11}}"),
                             ("config.properties", "eecap-{v}", "${{eecap-11}}")):
        for v in range(12, 22):
            with open(os.path.join(etc, file), "a", encoding="latin-1") as f:
                f.write(f"\n{key.format(v=v)} = {value.format()}\n")
    shutil.copy(jdk17_processing, os.path.join(etc, "org.apache.karaf.features.xml"))


def write_apps(home, apps, workspace, system):
    apps_dir = os.path.join(home, "apps")
    shutil.rmtree(apps_dir, ignore_errors=True)
    for app in apps.values():
        os.makedirs(os.path.join(apps_dir, app.app_name))
        with open(os.path.join(apps_dir, app.app_name, "app.xml"), "w") as f:
            f.write(app_xml(app))
        path = features_path(system, app.artifact)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(app_features(app, workspace))
