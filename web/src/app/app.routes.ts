// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Routes } from '@angular/router';

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
  {
    path: 'trees',
    title: 'Trees · Sixflow',
    loadComponent: () => import('./trees/trees').then((m) => m.TreesView),
  },
  {
    path: 'policies',
    title: 'Policies · Sixflow',
    loadComponent: () => import('./policies/policies').then((m) => m.PoliciesView),
  },
  {
    path: 'tunnels',
    title: 'Tunnels · Sixflow',
    loadComponent: () => import('./tunnels/tunnels').then((m) => m.TunnelsView),
  },
  {
    path: 'nptv6',
    title: 'NPTv6 · Sixflow',
    loadComponent: () => import('./nptv6/nptv6').then((m) => m.Nptv6View),
  },
  {
    path: 'multihoming',
    title: 'Multihoming · Sixflow',
    loadComponent: () => import('./multihoming/multihoming').then((m) => m.MultihomingView),
  },
  {
    path: 'bng',
    title: 'Subscribers · Sixflow',
    loadComponent: () => import('./bng/bng').then((m) => m.BngView),
  },
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
