// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { switchMap } from 'rxjs';

import { RunComparison } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { num, pValue } from './experiment-format';
import { ExperimentsApi } from './experiments-api';
import { StudyTable } from './study-table';

/** Below this p-value a difference is called significant (two-sided, 5%). */
export const SIGNIFICANCE = 0.05;

/**
 * Two runs side by side, class by class (e.g. before and after a P4 change): the mean latencies,
 * their difference and ratio, and Welch's t-test p-value of the difference; then the tables a study
 * lays the two runs out in (the PPPoE study's, single against split data plane), if any.
 */
@Component({
  selector: 'app-run-comparison',
  imports: [StudyTable],
  template: `
    <h3 id="comparison-heading">Run {{ runA() }} against run {{ runB() }}</h3>
    @switch (comparison().state) {
      @case ('loading') { <p class="status loading" role="status">Comparing run {{ runA() }} with run {{ runB() }}…</p> }
      @case ('error') { <p class="status error" role="alert">The runs could not be compared: {{ error() }}</p> }
    }
    @if (data(); as c) {
      @if (c.rows.length === 0) {
        <p class="status empty">The runs have no class of a cell in common.</p>
      } @else {
        <div class="scroll" role="region" tabindex="0" aria-labelledby="comparison-heading">
          <table class="comparison-table">
            <caption>Latencies in ns; difference = run {{ c.runB }} − run {{ c.runA }}; Welch's t-test, significant below p = {{ significance }}.</caption>
            <thead><tr><th scope="col">Cell</th><th scope="col">Class</th><th scope="col" class="num">Count {{ c.runA }}</th>
              <th scope="col" class="num">Count {{ c.runB }}</th><th scope="col" class="num">Mean {{ c.runA }}</th>
              <th scope="col" class="num">Mean {{ c.runB }}</th><th scope="col" class="num">Difference</th>
              <th scope="col" class="num">Ratio</th><th scope="col" class="num">Welch p-value</th><th scope="col">Significant</th></tr></thead>
            <tbody>
              @for (r of c.rows; track r.cellIndex + '/' + r.className) {
                <tr><td>{{ r.cellIndex + 1 }}</td><th scope="row">{{ r.className }}</th>
                  <td class="num">{{ num(r.countA, 0) }}</td><td class="num">{{ num(r.countB, 0) }}</td>
                  <td class="num">{{ num(r.meanA) }}</td><td class="num">{{ num(r.meanB) }}</td>
                  <td class="num">{{ num(r.difference) }}</td><td class="num">{{ num(r.ratio, 4) }}</td>
                  <td class="num">{{ pValue(r.pValue) }}</td><td>{{ significant(r.pValue) }}</td></tr>
              }
            </tbody>
          </table>
        </div>
      }
      @for (t of c.tables; track t.id) {
        <section class="comparison-study-table" [attr.data-table]="t.id">
          <h4>{{ t.title }}</h4>
          <app-study-table [table]="t" />
        </section>
      }
    }`,
  styles: `.scroll { overflow-x: auto; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
    caption { text-align: left; color: var(--text-muted); padding: 0.25rem 0; } tbody th { color: var(--text); }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RunComparisonView {
  private readonly api = inject(ExperimentsApi);

  readonly runA = input.required<number>();
  readonly runB = input.required<number>();

  protected readonly num = num;
  protected readonly pValue = pValue;
  protected readonly significance = SIGNIFICANCE;

  readonly comparison = toSignal(toObservable(computed(() => ({ a: this.runA(), b: this.runB() }))).pipe(
    switchMap(({ a, b }) => loadable(this.api.compare(a, b)))),
  { initialValue: { state: 'loading' } as Loadable<RunComparison> });
  readonly data = computed(() => dataOf(this.comparison()));
  readonly error = computed(() => errorOf(this.comparison()));

  significant(p: number | null): string {
    if (p === null) return 'cannot tell';
    return p < SIGNIFICANCE ? 'yes' : 'no';
  }
}
