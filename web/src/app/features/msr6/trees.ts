// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { KeyValuePipe } from '@angular/common';
import {
  ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, effect, inject, input, signal, untracked,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { FormBuilder, ReactiveFormsModule } from '@angular/forms';
import { Router, RouterLink } from '@angular/router';
import { of, switchMap } from 'rxjs';

import { Msr6Tree, TreeAlgorithm, TreeMetric, TreeRequest, Msr6Mode } from './msr6-models';
import { listOf, placedErrors } from '../../core/field-errors';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import { TreesApi } from './trees-api';

/** Request fields a server message can name. */
export const TREE_FIELDS = [
  'id', 'source', 'group', 'receivers', 'mode', 'algorithm', 'sourceAddress',
  'constraints.maxHops', 'constraints.maxCost', 'constraints.metric', 'constraints.excludedPorts',
  'constraints.excludedDevices', 'constraints.minBandwidthMbps',
] as const;

/** A message about what the last action came to. */
export interface Notice {
  text: string;
  failed: boolean;
}

/** Says where a created or changed tree stands: installed, waiting for its owner instance, or failed and why. */
export function outcome(tree: Msr6Tree, installed: string): Notice {
  switch (tree.state) {
    case 'FAILED': {
      const where = tree.failure?.deviceId ? ` on ${tree.failure.deviceId}` : '';
      return { text: `Tree ${tree.id} failed${where}: ${tree.failure?.reason ?? 'no reason given'}`, failed: true };
    }
    case 'REQUESTED':
      return { text: `Tree ${tree.id} requested: the ONOS instance that owns it installs it.`, failed: false };
    default:
      return { text: installed, failed: false };
  }
}

/**
 * MSR6 trees: list with their state, create (server errors beside the field they name), change
 * receivers, delete. The tree shown in detail is in the URL (?tree=id).
 */
@Component({
  selector: 'app-trees',
  imports: [ReactiveFormsModule, RouterLink, KeyValuePipe],
  templateUrl: './trees.html',
  styleUrl: './trees.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TreesView {
  private readonly api = inject(TreesApi);
  private readonly router = inject(Router);
  private readonly injector = inject(Injector);

  readonly tree = input<string | undefined>();
  private readonly reloads = new Reloads();

  readonly list = toSignal(toObservable(this.reloads.current).pipe(switchMap(({ quiet }) => loadable(this.api.trees(), quiet))),
    { initialValue: { state: 'loading' } as Loadable<Msr6Tree[]> });
  readonly trees = computed(() => dataOf(this.list()));
  readonly listError = computed(() => errorOf(this.list()));

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.tree(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.tree(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<Msr6Tree> | null },
  );
  readonly selected = computed(() => dataOf(this.detail()));
  readonly detailError = computed(() => errorOf(this.detail()));

  readonly form = inject(FormBuilder).nonNullable.group({
    id: '', source: '', group: '', receivers: '', mode: 'TE' as Msr6Mode,
    algorithm: 'STEINER' as TreeAlgorithm, sourceAddress: '', maxHops: '', metric: 'HOPS' as TreeMetric,
    excludedDevices: '', minBandwidthMbps: '',
  });
  /** Server messages by the field they name ("" for the whole form). */
  readonly createErrors = signal<Record<string, string>>({});
  readonly creating = signal(false);
  readonly notice = signal<Notice | null>(null);

  readonly receiversText = signal('');
  readonly receiversError = signal<string | null>(null);
  readonly confirmingDelete = signal(false);
  readonly busy = signal(false);

  constructor() {
    reloadWhile(() => this.selected()?.state === 'REQUESTED'
      || (this.trees() ?? []).some((t) => t.state === 'REQUESTED'), () => this.reloads.poll());
    // Only a different tree or changed receivers reset the editor; a poll of the same tree keeps an edit.
    const shownReceivers = computed(() => {
      const t = this.selected();
      return t ? `${t.id}\n${t.receivers.join('\n')}` : '';
    });
    effect(() => {
      shownReceivers();
      const t = untracked(this.selected);
      this.receiversText.set(t ? t.receivers.join('\n') : '');
      this.receiversError.set(null);
      this.confirmingDelete.set(false);
    });
  }

  /** Asks before deleting, with the focus on the confirming button so a keyboard user can go on. */
  askToDelete(): void {
    this.confirmingDelete.set(true);
    afterNextRender(() => document.getElementById('confirm-delete')?.focus(), { injector: this.injector });
  }

  refresh(): void {
    this.reloads.refresh();
  }

  select(id: string | null): void {
    void this.router.navigate([], { queryParams: { tree: id }, queryParamsHandling: 'merge' });
  }

  /** The request the form describes; empty optional fields are left out so the server's defaults hold. */
  request(): TreeRequest {
    const v = this.form.getRawValue();
    const request: TreeRequest = {
      id: v.id.trim(), source: v.source.trim(), group: v.group.trim(), receivers: listOf(v.receivers),
      mode: v.mode, algorithm: v.algorithm,
    };
    if (v.sourceAddress.trim()) request.sourceAddress = v.sourceAddress.trim();
    const constraints: TreeRequest['constraints'] = { metric: v.metric };
    // Numbers as numbers; anything else as typed, so the server's message names the field.
    const number = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : (text as unknown as number));
    if (v.maxHops.trim()) constraints.maxHops = number(v.maxHops.trim());
    if (v.minBandwidthMbps.trim()) constraints.minBandwidthMbps = number(v.minBandwidthMbps.trim());
    const excluded = listOf(v.excludedDevices);
    if (excluded.length > 0) constraints.excludedDevices = excluded;
    request.constraints = constraints;
    return request;
  }

  create(): void {
    this.creating.set(true);
    this.createErrors.set({});
    this.notice.set(null);
    this.api.createTree(this.request()).subscribe({
      next: (tree) => {
        this.creating.set(false);
        this.notice.set(outcome(tree, `Tree ${tree.id} installed: ${tree.links.length} links, `
          + `${tree.replicationPoints} replication point(s).`));
        this.form.reset();
        this.refresh();
        this.select(tree.id);
      },
      error: (error: unknown) => {
        this.creating.set(false);
        this.createErrors.set(placedErrors(error, TREE_FIELDS));
      },
    });
  }

  error(field: string): string | null {
    return this.createErrors()[field] ?? null;
  }

  saveReceivers(id: string): void {
    this.busy.set(true);
    this.receiversError.set(null);
    this.api.updateReceivers(id, listOf(this.receiversText())).subscribe({
      next: (tree) => {
        this.busy.set(false);
        this.notice.set(outcome(tree, `Tree ${tree.id} now reaches ${tree.receivers.length} receiver(s).`));
        this.refresh();
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.receiversError.set(messageOf(error));
      },
    });
  }

  remove(id: string): void {
    this.busy.set(true);
    this.api.deleteTree(id).subscribe({
      next: () => {
        this.busy.set(false);
        this.notice.set({ text: `Tree ${id} removed.`, failed: false });
        this.select(null);
        this.refresh();
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.receiversError.set(messageOf(error));
      },
    });
  }
}
