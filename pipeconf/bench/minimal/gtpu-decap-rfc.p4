// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal GTP-U program with the tunnel ends' duties (gtpu.p4 lists them) as the benchmark's
// uplink program (gtpu-decap.p4 says why a file of its own).
#define GTPU_RFC_DUTIES
#include "gtpu.p4"
