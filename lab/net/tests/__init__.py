# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Unit tests of lab/net (no root needed): python3 -m unittest discover -s lab/net/tests -t lab/net"""

import os
import sys

# The modules under lab/net import one another by plain name, as labnet.py runs them.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True
