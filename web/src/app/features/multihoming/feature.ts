// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DashboardFeature } from '../dashboard-feature';

/** A multihomed site: ILNP sites, their locators and weights, and the multihoming study. */
export const feature: DashboardFeature = {
  serves: ['multihoming', 'ilnp'],
  order: 50,
  path: 'multihoming',
  label: 'Multihoming',
  title: 'Multihoming · Sixflow',
  load: () => import('./multihoming').then((m) => m.MultihomingView),
};
