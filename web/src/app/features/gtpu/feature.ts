// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DashboardFeature } from '../dashboard-feature';

/** GTP-U tunnels: list, create, delete, counters. */
export const feature: DashboardFeature = {
  serves: ['gtpu'],
  order: 30,
  path: 'tunnels',
  label: 'Tunnels',
  title: 'Tunnels · Sixflow',
  load: () => import('./tunnels').then((m) => m.TunnelsView),
};
