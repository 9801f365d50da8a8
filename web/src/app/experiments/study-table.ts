// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { ExperimentTable } from '../core/api-models';
import { tableCell } from './experiment-format';

/**
 * One of the studies' tables as the server lays it out (a run's results, or two runs compared):
 * its columns, then its rows, the first cell of each naming the row and the others figures.
 * Shared so both views format cells alike; the view around it gives the title.
 */
@Component({
  selector: 'app-study-table',
  template: `
    <div class="scroll" role="region" tabindex="0" [attr.aria-label]="table().title">
      <table>
        <thead><tr>@for (c of table().columns; track $index) { <th scope="col">{{ c }}</th> }</tr></thead>
        <tbody>@for (row of table().rows; track $index) {
          <tr>@for (v of row; track $index) { <td [class.num]="!$first">{{ tableCell(v) }}</td> }</tr>
        }</tbody>
      </table>
    </div>`,
  styles: `:host { display: block; } .scroll { overflow-x: auto; }
    td.num { text-align: right; font-variant-numeric: tabular-nums; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class StudyTable {
  readonly table = input.required<ExperimentTable>();

  protected readonly tableCell = tableCell;
}
