// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal GTP-U program with the tunnel ends' duties (gtpu.p4 lists them), UDP checksum zero.
#define GTPU_RFC_DUTIES
#include "gtpu.p4"
