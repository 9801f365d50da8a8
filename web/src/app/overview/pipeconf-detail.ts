// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { PipeconfDetail } from '../core/api-models';

/** The inside of a pipeconf: its match-action tables (keys and actions) and counters. */
@Component({
  selector: 'app-pipeconf-detail',
  templateUrl: './pipeconf-detail.html',
  styleUrl: './pipeconf-detail.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class PipeconfDetailView {
  readonly detail = input.required<PipeconfDetail>();

  /** Tables sorted by name, so related controls (SixflowIngress.routing.*) sit together. */
  readonly tables = computed(() => [...this.detail().tables].sort((a, b) => a.id.localeCompare(b.id)));
}
