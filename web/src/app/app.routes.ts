// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Routes } from '@angular/router';

import { FEATURES } from './features/index.generated';

/** The core's pages; every feature brings its own (features/<f>/feature.ts). */
export const routes: Routes = [
  { path: '', pathMatch: 'full', redirectTo: 'overview' },
  {
    path: 'overview',
    title: 'Overview · Sixflow',
    loadComponent: () => import('./overview/overview').then((m) => m.Overview),
  },
  {
    path: 'topology',
    title: 'Topology · Sixflow',
    loadComponent: () => import('./topology/topology').then((m) => m.TopologyView),
  },
  ...FEATURES.map((feature) => ({ path: feature.path, title: feature.title, loadComponent: feature.load })),
  {
    path: 'latency',
    title: 'Latency · Sixflow',
    loadComponent: () => import('./latency/latency').then((m) => m.LatencyView),
  },
  {
    path: 'experiments',
    title: 'Experiments · Sixflow',
    loadComponent: () => import('./experiments/experiments').then((m) => m.ExperimentsView),
  },
  {
    path: 'resources',
    title: 'Resources · Sixflow',
    loadComponent: () => import('./resources/resources').then((m) => m.ResourcesView),
  },
  {
    path: 'ports',
    title: 'Ports · Sixflow',
    loadComponent: () => import('./ports/ports').then((m) => m.PortsView),
  },
  {
    path: '**',
    title: 'Not found · Sixflow',
    loadComponent: () => import('./not-found/not-found').then((m) => m.NotFound),
  },
];
