// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Tofino-specific values. CPU_PORT is the PCIe CPU port of a 32-port Tofino 1
// (Wedge100BF-32X); the Java interpreter's Tofino value is tested against this file.
#ifndef SIXFLOW_DEFINE_TNA_P4
#define SIXFLOW_DEFINE_TNA_P4

#define CPU_PORT 192

#endif // SIXFLOW_DEFINE_TNA_P4
