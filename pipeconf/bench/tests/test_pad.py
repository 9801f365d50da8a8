# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The padded minimal programs (pad.py, run.sh --pad): they declare what Sixflow's profile
declares, and do what they did before. The compiled checks need p4c-bm2-ss (skipped without it)."""

import json
import os
import shutil
import subprocess
import sys

import pytest

here = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(here, "..")
CORE = os.path.join(BENCH, "..", "src", "main", "resources", "p4c-out", "core", "bmv2", "bmv2.json")
sys.path.insert(0, BENCH)

import pad  # noqa: E402


def program(headers, metadata):
    """A bmv2.json with those header instances (one a stack's element) and metadata headers."""
    types = [{"name": "h_t", "fields": [["a", 8, False], ["b", 8, False]]}]
    instances = [{"name": f"h{i}", "header_type": "h_t", "metadata": False} for i in range(headers)]
    for name, count in metadata.items():
        types.append({"name": name + "_t", "fields": [[f"f{i}", 1, False] for i in range(count)]})
        instances.append({"name": name, "header_type": name + "_t", "metadata": True})
    return {"header_types": types, "headers": instances}


def test_declared_counts_header_instances_and_every_metadata_field():
    assert pad.declared(program(5, {"scalars": 3, "standard_metadata": 17})) == (5, 20)


def test_padding_is_what_the_program_lacks():
    sixflow = program(39, {"scalars": 38, "standard_metadata": 17})
    assert pad.padding(sixflow, program(10, {"scalars": 2, "standard_metadata": 17})) == (29, 36)


def test_a_program_declaring_more_than_sixflow_cannot_be_padded():
    with pytest.raises(ValueError, match="more than Sixflow's 4 and 20"):
        pad.padding(program(4, {"scalars": 3, "standard_metadata": 17}),
                    program(5, {"scalars": 3, "standard_metadata": 17}))


def test_the_include_declares_a_stack_and_the_fields():
    text = pad.include(3, 2)
    assert "#define SIXFLOW_PAD_HEADERS sixflow_pad_t[3] sixflow_pad;" in text
    assert "#define SIXFLOW_PAD_METADATA bit<8> sixflow_pad_0; bit<8> sixflow_pad_1;" in text


def test_nothing_lacking_declares_nothing():
    text = pad.include(0, 0)
    assert "#define SIXFLOW_PAD_HEADERS\n" in text
    assert "#define SIXFLOW_PAD_METADATA\n" in text


def _compile(source, out, *flags):
    subprocess.run(["p4c-bm2-ss", "--arch", "v1model", "--std", "p4-16", *flags, "-o", str(out), source],
                   check=True, capture_output=True)
    with open(out) as f:
        return json.load(f)


def _work(bmv2_json):
    """What a program does, without where in the source it was written."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "source_info"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip({k: bmv2_json[k] for k in ("parsers", "deparsers", "pipelines", "actions", "calculations")})


@pytest.mark.skipif(not shutil.which("p4c-bm2-ss"), reason="needs p4c-bm2-ss")
@pytest.mark.parametrize("name", ["router", "mrh-replicate-rfc", "mrh-decap", "hbh", "gtpu-decap-rfc"])
def test_a_padded_program_declares_what_core_does_and_does_what_it_did(name, tmp_path):
    with open(CORE) as f:
        core = json.load(f)
    source = os.path.join(BENCH, "minimal", name + ".p4")
    plain = _compile(source, tmp_path / "plain.json")
    headers, fields = pad.padding(core, plain)
    assert headers > 0 and fields > 0
    (tmp_path / "sixflow_pad.p4").write_text(pad.include(headers, fields))
    padded = _compile(source, tmp_path / "padded.json", "-DSIXFLOW_PAD", "-I", str(tmp_path))
    assert pad.declared(padded) == pad.declared(core)
    assert _work(padded) == _work(plain)
