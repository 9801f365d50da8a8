// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DashboardFeature } from '../dashboard-feature';

/** MSR6 multicast trees: list, create, delete, follow. */
export const feature: DashboardFeature = {
  serves: ['msr6'],
  order: 10,
  path: 'trees',
  label: 'Trees',
  title: 'Trees · Sixflow',
  load: () => import('./trees').then((m) => m.TreesView),
};
