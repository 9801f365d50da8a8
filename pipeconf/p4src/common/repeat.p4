// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Compile-time repetition for the code that walks the M-SID list. Neither target can loop over a
// header stack in a control (Tofino cannot in its parser either), so per-M-SID code is written
// once, as a macro M(i, n) with i = 0-based index and n = i + 1, and repeated here: with these,
// MAX_MSIDS and EGRESS_MAX_MSIDS are parameters rather than the shape of the code.
//   SIXFLOW_REPEAT(3, M)  ->  M(0, 1) M(1, 2) M(2, 3)
#ifndef SIXFLOW_REPEAT_P4
#define SIXFLOW_REPEAT_P4

#define SIXFLOW_REPEAT_0(M)
#define SIXFLOW_REPEAT_1(M) M(0, 1)
#define SIXFLOW_REPEAT_2(M) SIXFLOW_REPEAT_1(M) M(1, 2)
#define SIXFLOW_REPEAT_3(M) SIXFLOW_REPEAT_2(M) M(2, 3)
#define SIXFLOW_REPEAT_4(M) SIXFLOW_REPEAT_3(M) M(3, 4)
#define SIXFLOW_REPEAT_5(M) SIXFLOW_REPEAT_4(M) M(4, 5)
#define SIXFLOW_REPEAT_6(M) SIXFLOW_REPEAT_5(M) M(5, 6)
#define SIXFLOW_REPEAT_7(M) SIXFLOW_REPEAT_6(M) M(6, 7)
#define SIXFLOW_REPEAT_8(M) SIXFLOW_REPEAT_7(M) M(7, 8)
// The extra level expands n (e.g. MAX_MSIDS) before it is pasted.
#define SIXFLOW_REPEAT_(n, M) SIXFLOW_REPEAT_##n(M)
#define SIXFLOW_REPEAT(n, M) SIXFLOW_REPEAT_(n, M)

#define SIXFLOW_CAT_(a, b) a##b
#define SIXFLOW_CAT(a, b) SIXFLOW_CAT_(a, b)

#endif // SIXFLOW_REPEAT_P4
