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
    path: '**',
    title: 'Not found · Sixflow',
    loadComponent: () => import('./not-found/not-found').then((m) => m.NotFound),
  },
];
