// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { MultihomingRun } from './multihoming-models';
import { num, percent } from '../../experiments/experiment-format';
import { GridCell, LIMIT_NOTES, gridTables, limitTitle, protocolLabel } from './study-grid';

/** The measures each frame size's column group shows, in order. */
export const GRID_MEASURES = ['Goodput Mbit/s (± 95% CI)', 'Loss %', 'Byte loss %', 'Jitter ms', 'Reordered',
  'RTT mean ms', 'Uplink shares'] as const;

/**
 * A run's grid as the thesis lays it out: per protocol and sharing level, the loads down (UDP at
 * each load, then TCP) and the frame sizes across, each cell averaged over its repetitions. A cell
 * whose rate was not reached is greyed, with why as its title and the thesis's footnote below.
 */
@Component({
  selector: 'app-run-grid',
  templateUrl: './run-grid.html',
  styleUrl: './run-grid.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RunGrid {
  protected readonly num = num;
  protected readonly percent = percent;
  protected readonly measures = GRID_MEASURES;
  protected readonly notes = LIMIT_NOTES;
  protected readonly protocolLabel = protocolLabel;
  protected readonly limitTitle = limitTitle;

  readonly run = input.required<MultihomingRun>();
  readonly tables = computed(() => gridTables(this.run().grid, this.run().cells));

  /** Goodput with the 95% confidence interval's half width when there is one. */
  goodput(cell: GridCell): string {
    const ci = cell.goodputCi95 === null || cell.goodputCi95 === undefined ? '' : ` ± ${num(cell.goodputCi95, 2)}`;
    return `${num(cell.goodputMbps, 2)}${ci}`;
  }

  /** The uplinks' shares of the cell's outbound packets, by uplink. */
  shares(cell: GridCell): { uplink: string; share: number }[] {
    return Object.entries(cell.uplinkShares ?? {}).sort(([a], [b]) => a.localeCompare(b))
      .map(([uplink, share]) => ({ uplink, share }));
  }
}
