# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Turns one ONOS module into the OSGi bundle Bazel would make: javac --release 11, the *.cfgdef
files ONOS's cfgdef generator writes, and ONOS's own bnd wrapper (utils/osgiwrap) for the manifest
and the Declarative Services descriptors."""
import glob
import os
import shutil
import subprocess
import zipfile

from .graph import GROUP, ONOS_VERSION

JAVA_RELEASE = "11"   # what ONOS 2.7 is built for


def _run(cmd, log, cwd=None):
    with open(log, "a") as out:
        out.write("$ " + " ".join(cmd)[:300] + " ...\n")
        out.flush()
        result = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd)
    if result.returncode != 0:
        with open(log) as f:
            tail = f.read()[-4000:]
        raise RuntimeError(f"{cmd[0]} failed (exit {result.returncode}); log {log}:\n{tail}")


def javac(sources, classpath, out_dir, log):
    os.makedirs(out_dir, exist_ok=True)
    argfile = out_dir + ".sources"
    with open(argfile, "w") as f:
        f.write("\n".join(sources))
    _run(["javac", "--release", JAVA_RELEASE, "-nowarn", "-encoding", "UTF-8", "-proc:none",
          "-XDcompilePolicy=simple", "-cp", ":".join(classpath), "-d", out_dir, "@" + argfile], log)


def jar_dir(directory, jar_path):
    if os.path.exists(jar_path):
        os.remove(jar_path)
    with zipfile.ZipFile(jar_path, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(glob.glob(os.path.join(directory, "**"), recursive=True)):
            if os.path.isfile(path):
                z.write(path, os.path.relpath(path, directory))


def build_tool(name, sources, classpath, work, log):
    """Compiles one of ONOS's build tools (cfgdef generator, bnd wrapper) into a jar."""
    classes = os.path.join(work, name + "-classes")
    shutil.rmtree(classes, ignore_errors=True)
    javac(sources, classpath, classes, log)
    jar = os.path.join(work, name + ".jar")
    jar_dir(classes, jar)
    return jar


def protoc(stub, checkout, protoc_exe, grpc_plugin, include_dir, out_dir, log):
    """Generates a stub's Java sources from the OpenConfig checkout, with ONOS's import rewrites."""
    tree = os.path.join(out_dir, "proto")
    java = os.path.join(out_dir, "java")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(java)
    for name, prefixes in stub.files.items():
        text = subprocess.run(["git", "-C", checkout, "show", f"{stub.commit}:{os.path.join(stub.proto_root, name)}"],
                              check=True, capture_output=True, text=True).stdout
        for prefix in prefixes:
            text = text.replace(f'import "{prefix}', 'import "')
        # Bazel's genrule moves rewritten files next to what they import; keep ONOS's import paths.
        target = os.path.join(tree, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as f:
            f.write(text)
    # After the rewrite, "common/common.proto" imports "types/types.proto" and system imports
    # "common.proto"; provide both spellings, as Bazel's rewritten outputs sit at the root.
    for name in stub.files:
        alias = os.path.join(tree, os.path.basename(name))
        if not os.path.exists(alias):
            shutil.copy(os.path.join(tree, name), alias)
    os.chmod(protoc_exe, 0o755)
    os.chmod(grpc_plugin, 0o755)
    files = list(stub.files)
    _run([protoc_exe, f"-I{tree}", f"-I{include_dir}", f"--java_out={java}",
          f"--plugin=protoc-gen-grpc-java={grpc_plugin}", f"--grpc-java_out={java}"]
         + [f for f in files if f in stub.services], log)
    others = [f for f in files if f not in stub.services]
    if others:
        _run([protoc_exe, f"-I{tree}", f"-I{include_dir}", f"--java_out={java}"] + others, log)
    return sorted(glob.glob(os.path.join(java, "**", "*.java"), recursive=True))


def imports(module):
    """bnd 5 (needed on Java 17) also imports java.* packages, which an OSGi R6 framework refuses;
    bndlib 4.1.0, which ONOS pins, did not."""
    return "!java.*," + module.import_packages


def wrap(module, jar, classpath, tools, work, log):
    """Wraps a plain jar as an OSGi bundle, as ONOS's wrapped_osgi_jar does."""
    out = os.path.join(work, module.name + ".jar")
    dest = os.path.join(work, module.name + "-wrap")
    shutil.rmtree(dest, ignore_errors=True)
    _run(["java", "-cp", ":".join(tools["osgiwrap_cp"]), "org.onlab.osgiwrap.OSGiWrapper",
          # bnd 5 refuses an empty class path entry: the jar itself stands for "nothing else".
          jar, out, ":".join(classpath or [jar]), module.name, GROUP, ONOS_VERSION, "", imports(module),
          "*", "NONE", "NONE", "", "", dest, "", "", "", module.name], log)
    return out


def bundle(module, sources, resources, classpath, wrap_classpath, tools, work, log):
    """Compiles, adds resources and cfgdefs, wraps: returns the bundle's path.

    javac gets the whole class path; bnd gets the module's direct dependencies only, as Bazel gives
    it, since the import version ranges it writes come from the jars it sees."""
    base = os.path.join(work, module.name)
    classes = base + "-classes"
    shutil.rmtree(classes, ignore_errors=True)
    javac(sources, classpath, classes, log)
    for src, dest in resources:
        target = os.path.join(classes, dest)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy(src, target)
    if sources and not module.proto:
        cfgdef_jar = base + "-cfgdef.jar"
        _run(["java", "-cp", ":".join(tools["cfgdef_cp"]), "org.onosproject.cfgdef.CfgDefGenerator",
              cfgdef_jar] + sources, log)
        with zipfile.ZipFile(cfgdef_jar) as z:
            z.extractall(classes)
    plain = base + "-plain.jar"
    jar_dir(classes, plain)
    out = base + ".jar"
    dest = base + "-wrap"
    shutil.rmtree(dest, ignore_errors=True)
    include = ",".join(f"{k}={v}" for k, v in module.include_resources.items()) or "NONE"
    _run(["java", "-cp", ":".join(tools["osgiwrap_cp"]), "org.onlab.osgiwrap.OSGiWrapper",
          plain, out, ":".join(wrap_classpath or [plain]), module.name, GROUP, ONOS_VERSION, "",
          imports(module), "*", include, module.web_context or "NONE", "", "", dest,
          module.bundle_classpath, module.karaf_commands, "", module.name], log)
    return out
