// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal MSR6 node program with the RFC duties (mrh-node.p4 says which), as the benchmark's
// leaf program.
#define MRH_NODE_RFC_DUTIES
#include "mrh-node.p4"
