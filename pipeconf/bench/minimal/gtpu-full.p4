// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal GTP-U program computing the UDP checksum of what it encapsulates (gtpu.p4 says how).
#define GTPU_FULL_CHECKSUM
#include "gtpu.p4"
