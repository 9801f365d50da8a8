// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DashboardFeature } from '../dashboard-feature';

/** PPPoE subscribers: lines, sessions, meters. */
export const feature: DashboardFeature = {
  serves: ['bng'],
  order: 60,
  path: 'bng',
  label: 'Subscribers',
  title: 'Subscribers · Sixflow',
  load: () => import('./bng').then((m) => m.BngView),
};
