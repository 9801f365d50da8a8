// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { takeUntilDestroyed, toObservable, toSignal } from '@angular/core/rxjs-interop';
import { switchMap, tap } from 'rxjs';

import { HistoryEvent } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { SixflowApi } from '../core/sixflow-api.service';
import { TelemetryStream } from '../core/telemetry-stream.service';

/** How many events the overview lists. */
export const RECENT_EVENTS = 10;

/** The latest history events (newest first), reloaded with `reload`, and new ones live from the stream. */
@Component({
  selector: 'app-recent-events',
  template: `
    <p class="live" [attr.data-state]="stream.state()" role="status">Live updates: {{ stream.label() }}</p>
    @switch (loaded().state) {
      @case ('loading') { <p class="status loading" role="status">Loading recent events…</p> }
      @case ('error') { <p class="status error" role="alert">The events could not be loaded: {{ error() }}</p> }
    }
    @if (events(); as list) {
      @if (list.length === 0) {
        <p class="status empty">No events recorded yet (is the history database configured?).</p>
      } @else {
        <table class="events">
          <thead><tr><th scope="col">Time (UTC)</th><th scope="col">Kind</th><th scope="col">Subject</th>
            <th scope="col">Detail</th></tr></thead>
          <tbody>
            @for (e of list; track $index) {
              <tr><td class="time"><time [attr.datetime]="e.time">{{ e.time | date: 'yyyy-MM-dd HH:mm:ss' : 'UTC' }}</time></td><td>{{ e.kind }}</td><td>{{ e.subject }}</td><td>{{ e.detail }}</td></tr>
            }
          </tbody>
        </table>
      }
    }
  `,
  styles: [`.live { margin-top: 0; }`],
  imports: [DatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RecentEvents {
  private readonly api = inject(SixflowApi);
  protected readonly stream = inject(TelemetryStream);
  readonly reload = input(0);
  private readonly live = signal<HistoryEvent[]>([]);

  /** Loaded again on Refresh and whenever the stream may have missed an event (`resyncs`). */
  private readonly loads = computed(() => ({ reload: this.reload(), resync: this.stream.resyncs() }));
  readonly loaded = toSignal(toObservable(this.loads).pipe(
    tap(() => this.live.set([])),
    switchMap(() => loadable(this.api.events(RECENT_EVENTS)))),
  { initialValue: { state: 'loading' } as Loadable<HistoryEvent[]> });
  readonly error = computed(() => errorOf(this.loaded()));
  /** Live events first; one that arrived while a load was under way is listed once. */
  readonly events = computed(() => {
    const loaded = dataOf(this.loaded());
    if (!loaded) return null;
    const live = this.live();
    const seen = new Set(live.map(sameEvent));
    return [...live, ...loaded.filter((e) => !seen.has(sameEvent(e)))].slice(0, RECENT_EVENTS);
  });

  constructor() {
    this.stream.events<HistoryEvent>('event').pipe(takeUntilDestroyed())
      .subscribe((event) => this.live.update((list) => [event, ...list].slice(0, RECENT_EVENTS)));
  }
}

function sameEvent(e: HistoryEvent): string {
  return JSON.stringify([e.time, e.kind, e.subject, e.detail]);
}
