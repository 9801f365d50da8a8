// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// bmv2-specific values. CPU_PORT must match simple_switch_grpc's --cpu-port and the
// Java interpreter (SixflowInterpreterTest holds them together).
#ifndef SIXFLOW_DEFINE_V1MODEL_P4
#define SIXFLOW_DEFINE_V1MODEL_P4

#define CPU_PORT 255

#endif // SIXFLOW_DEFINE_V1MODEL_P4
