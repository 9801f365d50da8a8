// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { KeyValuePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router, RouterLink } from '@angular/router';
import { forkJoin, of, switchMap } from 'rxjs';

import { Topology } from '../core/api-models';
import { Msr6Tree } from '../features/msr6/msr6-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { SixflowApi } from '../core/sixflow-api.service';
import { TreesApi } from '../features/msr6/trees-api';
import { TopologyGraph } from './topology-graph';
import { deviceOf, treeOverlay } from './tree-overlay';

/**
 * Topology: devices and links; choosing an MSR6 tree (?tree=id) draws it over the network and
 * lists its replication points, M-SIDs, receivers and entries per device.
 */
@Component({
  selector: 'app-topology',
  imports: [TopologyGraph, RouterLink, KeyValuePipe],
  templateUrl: './topology.html',
  styleUrl: './topology.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TopologyView {
  private readonly api = inject(SixflowApi);
  private readonly treesApi = inject(TreesApi);
  private readonly router = inject(Router);

  /** The tree drawn over the network, from ?tree=. */
  readonly tree = input<string | undefined>();
  private readonly reloads = signal(0);

  readonly network = toSignal(
    toObservable(this.reloads).pipe(
      switchMap(() => loadable(forkJoin({ topology: this.api.topology(), trees: this.treesApi.trees() }))),
    ),
    { initialValue: { state: 'loading' } as Loadable<{ topology: Topology; trees: Msr6Tree[] }> },
  );
  readonly data = computed(() => dataOf(this.network()));
  readonly error = computed(() => errorOf(this.network()));

  readonly selected = toSignal(
    toObservable(computed(() => ({ id: this.tree(), reload: this.reloads() }))).pipe(
      switchMap(({ id }) => (id ? loadable(this.treesApi.tree(id)) : of(null))),
    ),
    { initialValue: null as Loadable<Msr6Tree> | null },
  );
  readonly selectedTree = computed(() => dataOf(this.selected()));
  readonly selectedError = computed(() => errorOf(this.selected()));
  readonly overlay = computed(() => {
    const tree = this.selectedTree();
    return tree ? treeOverlay(tree) : null;
  });
  readonly links = computed(() => {
    const topology = this.data()?.topology;
    if (!topology) return [];
    const seen = new Set<string>();
    return topology.links.filter((l) => {
      const key = [l.src, l.dst].sort().join('|');
      return seen.has(key) ? false : (seen.add(key), true);
    });
  });

  protected readonly deviceOf = deviceOf;

  refresh(): void {
    this.reloads.update((n) => n + 1);
  }

  select(id: string): void {
    void this.router.navigate([], { queryParams: { tree: id || null }, queryParamsHandling: 'merge' });
  }
}
