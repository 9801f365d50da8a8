// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DashboardFeature } from '../dashboard-feature';

/** APN6 SLA policies: list, create, validate, delete. */
export const feature: DashboardFeature = {
  serves: ['apn6'],
  order: 20,
  path: 'policies',
  label: 'Policies',
  title: 'Policies · Sixflow',
  load: () => import('./policies').then((m) => m.PoliciesView),
};
