# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Builds the ONOS 2.7.0 that Sixflow's lab runs, from the user's own ONOS checkout, without Bazel."""
