// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal GTP-U program (gtpu.p4) as the benchmark's uplink program: the same source, sent
// G-PDUs to decapsulate rather than packets to encapsulate (the bench compiles a program per
// name, minimal/<name>.p4).
#include "gtpu.p4"
