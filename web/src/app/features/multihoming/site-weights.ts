// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import {
  ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, effect, inject, input, output, signal, untracked,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { FormControl, FormRecord, ReactiveFormsModule } from '@angular/forms';
import { map, startWith, switchMap } from 'rxjs';

import { IlnpSite } from './ilnp-models';
import { IlnpApi } from './ilnp-api';
import {
  WEIGHT_TOTAL, WeightsFormValue, placedWeightErrors, weightField, weightSum, weightsFormOf, weightsOf, weightsProblems,
} from './weights-form';

/**
 * A site's weights editor: a number input 0..100 per uplink and Apply (PUT ilnp/sites/{name}/weights).
 * Each refusal sits under the input it names, with what was typed kept; the inputs follow the site's
 * stored weights while nothing typed there is unsaved.
 */
@Component({
  selector: 'app-site-weights',
  imports: [ReactiveFormsModule],
  template: `
    <form [formGroup]="form()" (ngSubmit)="apply()" novalidate>
      <fieldset [attr.aria-describedby]="prefix() + 'error'">
        <legend>Weights: percent of the site's flows per uplink, summing to {{ total }}</legend>
        <div class="weight-inputs">
          @for (u of site().uplinks; track u.port) {
            <div class="field">
              <label [for]="prefix() + u.port">Uplink {{ u.port }}</label>
              <input type="number" min="0" [max]="total" step="1" [id]="prefix() + u.port" [formControlName]="'' + u.port"
                     [attr.aria-invalid]="error(field(u.port)) ? true : null" [attr.aria-describedby]="prefix() + u.port + '-error'">
              <p [id]="prefix() + u.port + '-error'" class="field-error" aria-live="polite">{{ error(field(u.port)) }}</p>
            </div>
          }
        </div>
        <p class="hint sum" [class.off]="sum() !== total">Sum: {{ sum() }} of {{ total }}</p>
        <p [id]="prefix() + 'error'" class="field-error weights-error" aria-live="polite">{{ error('weights') }}</p>
      </fieldset>
      @if (error(''); as e) { <p class="status error form-error" role="alert">{{ e }}</p> }
      <div class="actions">
        <button type="submit" class="primary" [disabled]="busy()">{{ busy() ? 'Applying…' : 'Apply weights' }}</button>
        <button type="button" [disabled]="busy() || !dirty()" (click)="discard()">Discard changes</button>
      </div>
    </form>`,
  styles: `fieldset { border: 1px solid var(--border); border-radius: 4px; margin: 0; }
    .weight-inputs { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; } input { width: 6rem; }
    .hint { color: var(--text-muted); font-size: 0.85rem; margin: 0.25rem 0 0; } .sum.off { color: var(--warn); }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SiteWeights {
  private readonly api = inject(IlnpApi);
  private readonly injector = inject(Injector);
  protected readonly total = WEIGHT_TOTAL;
  protected readonly field = weightField;

  readonly site = input.required<IlnpSite>();
  /** The site as the server answered the change (one revision on). */
  readonly applied = output<IlnpSite>();

  /** The uplinks' ports: the form is made again only when they change. */
  private readonly ports = computed(() => this.site().uplinks.map((u) => u.port),
    { equal: (a, b) => a.length === b.length && a.every((port, i) => port === b[i]) });
  /** One number input per uplink, by port. */
  readonly form = computed(() => {
    const weights = weightsFormOf(untracked(this.site).uplinks);
    return new FormRecord(Object.fromEntries(this.ports().map((port) =>
      [String(port), new FormControl<number | null>(weights[String(port)] ?? null)])));
  });
  private readonly value = toSignal(toObservable(this.form).pipe(
    switchMap((form) => form.valueChanges.pipe(map(() => form.getRawValue()), startWith(form.getRawValue())))),
    { initialValue: {} as WeightsFormValue });
  readonly sum = computed(() => weightSum(this.value()));
  readonly dirty = computed(() => {
    this.value();
    return this.form().dirty;
  });
  /** Id prefix of this site's inputs. */
  readonly prefix = computed(() => `weight-${this.site().name}-`);
  /** Messages by field ("weights.2", "weights"; "" for the whole editor). */
  readonly errors = signal<Record<string, string>>({});
  readonly busy = signal(false);

  constructor() {
    // The stored weights fill the inputs, unless the user has typed there and not applied it yet.
    effect(() => {
      const site = this.site();
      const form = this.form();
      untracked(() => {
        if (!form.dirty) form.reset(weightsFormOf(site.uplinks));
      });
    });
  }

  error(field: string): string | null {
    return this.errors()[field] ?? null;
  }

  /** Applies the weights once the browser finds nothing wrong; the server's refusals go under the inputs they name. */
  apply(): void {
    const form = this.form();
    const value = form.getRawValue();
    const problems = weightsProblems(value);
    this.errors.set(problems);
    if (Object.keys(problems).length > 0) {
      this.focusFirst(problems);
      return;
    }
    this.busy.set(true);
    const site = this.site();
    this.api.setWeights(site.name, weightsOf(value)).subscribe({
      next: ({ site: changed }) => {
        this.busy.set(false);
        form.reset(weightsFormOf(changed.uplinks));
        this.applied.emit(changed);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        const placed = placedWeightErrors(error, this.ports());
        this.errors.set(placed);
        this.focusFirst(placed);
      },
    });
  }

  /** Puts the stored weights back, dropping what was typed. */
  discard(): void {
    this.form().reset(weightsFormOf(this.site().uplinks));
    this.errors.set({});
  }

  /** Keyboard and screen-reader users land on the first input to fix. */
  private focusFirst(problems: Record<string, string>): void {
    const port = this.ports().find((p) => problems[weightField(p)]);
    if (port === undefined) return;
    const id = `${this.prefix()}${port}`;
    afterNextRender(() => document.getElementById(id)?.focus(), { injector: this.injector });
  }
}
