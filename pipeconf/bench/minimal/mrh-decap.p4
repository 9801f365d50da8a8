// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal MSR6 node program (mrh-node.p4) as the benchmark's leaf program: the same source,
// sent the frames of that kind (the bench compiles a program per name, minimal/<name>.p4).
#include "mrh-node.p4"
