// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The minimal MRH program with the tunnel entry point's RFC duties (mrh.p4 says which).
#define MRH_RFC_DUTIES
#include "mrh.p4"
