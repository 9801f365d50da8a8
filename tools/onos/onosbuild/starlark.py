# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Reads ONOS's Bazel files (BUILD, *.bzl) by running them as Python with recording stubs.

Starlark is close enough to Python for ONOS's BUILD files: lists, strings, calls with keyword
arguments, comprehensions. Every rule or macro a file calls is recorded as a Call; every name a
file reads that nobody defined becomes a recorder too, so the files run unchanged. Nothing of
Bazel's semantics is imitated beyond what the build needs: which targets exist, their sources and
dependencies, and which apps bundle what.
"""
import glob as globmod
import os
import re
from dataclasses import dataclass, field


@dataclass
class Call:
    """One rule or macro call in a BUILD file."""
    rule: str
    package: str                      # e.g. "core/net"
    kwargs: dict = field(default_factory=dict)
    args: tuple = ()

    @property
    def name(self):
        return self.kwargs.get("name")


class _Recorder:
    """A callable standing for a rule or macro: calling it records the call."""

    def __init__(self, rule, sink, package):
        self.rule, self.sink, self.package = rule, sink, package

    def __call__(self, *args, **kwargs):
        self.sink.append(Call(self.rule, self.package, kwargs, args))
        return None

    def __getattr__(self, attr):          # native.existing_rules(), native.package_name()
        if attr == "existing_rules":
            return lambda: {}
        if attr == "package_name":
            return lambda: self.package
        return _Recorder(self.rule + "." + attr, self.sink, self.package)

    def _undefined(self, *_):
        # A name used as a value that no file or caller defined: say which, rather than guess.
        raise NameError(f"{self.package}: {self.rule} is used as a value but is not defined")

    __add__ = __radd__ = __iter__ = __len__ = _undefined


class _Names(dict):
    """A module namespace: unknown names become recorders."""

    def __init__(self, sink, package, given):
        super().__init__()
        self.sink, self.package, self.given = sink, package, given

    def __missing__(self, name):
        # Module-level reads look here before globals: give the constants and builtins first.
        if name in self.given:
            return self.given[name]
        if name in __builtins__ if isinstance(__builtins__, dict) else hasattr(__builtins__, name):
            raise KeyError(name)
        return _Recorder(name, self.sink, self.package)


_LOAD = re.compile(r"^load\((?:[^()]|\([^()]*\))*\)\s*$", re.MULTILINE | re.DOTALL)


def strip_loads(text):
    """Removes load(...) statements: the names they bring are given by the caller instead."""
    return _LOAD.sub("", text)


def _glob(root, package):
    def glob(include, exclude=(), **_):
        base = os.path.join(root, package)
        found = set()
        for pattern in include:
            found.update(os.path.relpath(p, base)
                         for p in globmod.glob(os.path.join(base, pattern), recursive=True)
                         if os.path.isfile(p))
        for pattern in exclude:
            found.difference_update(os.path.relpath(p, base)
                                    for p in globmod.glob(os.path.join(base, pattern), recursive=True))
        return sorted(found)
    return glob


def run_file(root, relpath, constants=None):
    """Runs one Bazel file of the tree at root.

    Returns (calls, names): the rule calls it made, in order, and the names it defined.
    """
    package = os.path.dirname(relpath)
    calls = []
    base = dict(constants or {})
    base.update(glob=_glob(root, package), native=_Recorder("native", calls, package),
                select=lambda choices, **_: choices.get("//conditions:default", []),
                Label=lambda s: s, struct=lambda **kw: kw, print=lambda *a, **k: None)
    names = _Names(calls, package, base)
    with open(os.path.join(root, relpath)) as f:
        code = compile(strip_loads(f.read()), relpath, "exec")
    glob_ns = dict(base)
    glob_ns["__builtins__"] = __builtins__
    exec(code, glob_ns, names)
    # Functions a file defines read their globals from glob_ns; give them the file's own names too.
    glob_ns.update({k: v for k, v in names.items()})
    defined = {k: v for k, v in names.items() if not isinstance(v, _Recorder)}
    return calls, defined, glob_ns
