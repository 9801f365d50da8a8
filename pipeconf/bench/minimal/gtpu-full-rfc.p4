// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal GTP-U program with the tunnel ends' duties (gtpu.p4 lists them), computing the UDP
// checksum of what it encapsulates.
#define GTPU_RFC_DUTIES
#define GTPU_FULL_CHECKSUM
#include "gtpu.p4"
