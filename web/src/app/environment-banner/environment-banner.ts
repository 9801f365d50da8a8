// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { catchError, map, of } from 'rxjs';

import { EnvironmentInfo } from '../core/api-models';
import { SixflowApi } from '../core/sixflow-api.service';

/**
 * A banner on every page when the server says its environment is simulated (the demo that `make run`
 * starts without Docker or bmv2): nothing on a real ONOS, whose health has no `environment`, nor
 * when health cannot be read (the views report that themselves).
 */
@Component({
  selector: 'app-environment-banner',
  template: `
    @if (simulated(); as env) {
      <p class="environment-banner" role="note" aria-label="Environment">
        <strong>Simulated environment.</strong> {{ env.note }}
      </p>
    }
  `,
  styles: `
    .environment-banner {
      margin: 0;
      padding: 0.5rem 1.5rem;
      background: light-dark(#fff8c5, #3b2e05);
      color: var(--text);
      border-bottom: 1px solid var(--warn);
      font-size: 0.9rem;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class EnvironmentBanner {
  private readonly environment = toSignal(
    inject(SixflowApi).health().pipe(
      map((health) => health.environment ?? null),
      catchError(() => of(null)),
    ),
    { initialValue: null },
  );
  protected readonly simulated = computed<EnvironmentInfo | null>(() => {
    const env = this.environment();
    return env?.kind === 'simulated' ? env : null;
  });
}
