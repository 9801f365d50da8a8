// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DashboardFeature } from '../dashboard-feature';

/** NPTv6 mappings: list, create, delete, live uplink counters. */
export const feature: DashboardFeature = {
  serves: ['nptv6'],
  order: 40,
  path: 'nptv6',
  label: 'NPTv6',
  title: 'NPTv6 · Sixflow',
  load: () => import('./nptv6').then((m) => m.Nptv6View),
};
