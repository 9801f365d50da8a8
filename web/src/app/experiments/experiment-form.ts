// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormArray, FormBuilder, FormGroup, ReactiveFormsModule } from '@angular/forms';
import { Observable } from 'rxjs';

import { ApiError } from '../core/api-error';
import { EXPERIMENT_TRAFFIC, Experiment, ExperimentValidation, LATENCY_CLASSES } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../core/loadable';
import {
  ClassFormValue, EMPTY_CLASS, EMPTY_EXPERIMENT_FORM, experimentOf, formOf, placed,
} from './experiment-form-model';
import { ExperimentsApi } from './experiments-api';

/**
 * Defines an experiment: from one of the server's presets (the studies, with the bmv2 lab's ports and
 * addresses) or from scratch, classes included; a dry-run check; server errors beside their field.
 */
@Component({
  selector: 'app-experiment-form',
  imports: [ReactiveFormsModule],
  templateUrl: './experiment-form.html',
  styleUrl: './experiment-form.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ExperimentForm {
  private readonly api = inject(ExperimentsApi);
  private readonly fb = inject(FormBuilder).nonNullable;

  /** The experiment the server stored. */
  readonly created = output<Experiment>();

  protected readonly trafficKinds = EXPERIMENT_TRAFFIC;
  protected readonly latencyClasses = LATENCY_CLASSES;

  readonly presets = toSignal(loadable(this.api.presets()), { initialValue: { state: 'loading' } as Loadable<Experiment[]> });
  readonly presetList = computed(() => dataOf(this.presets()) ?? []);
  readonly presetsError = computed(() => errorOf(this.presets()));
  readonly preset = signal('');
  readonly presetHint = computed(() => this.presetList().find((p) => p.id === this.preset())?.description
    ?? 'The studies\' experiments with the bmv2 lab\'s ports and addresses: adapt them to your network.');

  readonly form = this.fb.group({ ...EMPTY_EXPERIMENT_FORM });
  readonly classes: FormArray<FormGroup> = this.fb.array<FormGroup>([
    this.classGroup({ ...EMPTY_CLASS, name: 'ipv6', role: 'BASELINE' }),
  ]);
  /** Server messages by input key ("" for the whole form). */
  readonly errors = signal<Record<string, string>>({});
  readonly validation = signal<ExperimentValidation | null>(null);
  readonly problemCount = computed(() => Object.keys(this.validation()?.fields ?? {}).length);
  readonly busy = signal(false);

  private classGroup(value: ClassFormValue): FormGroup {
    return this.fb.group({ ...value });
  }

  error(input: string): string | null {
    return this.errors()[input] ?? null;
  }

  /** Fills the form with the chosen preset. */
  usePreset(): void {
    const chosen = this.presetList().find((p) => p.id === this.preset());
    if (!chosen) return;
    const { value, classes } = formOf(chosen);
    this.form.setValue(value);
    this.classes.clear();
    classes.forEach((c) => this.classes.push(this.classGroup(c)));
    this.errors.set({});
    this.validation.set(null);
  }

  addClass(): void {
    this.classes.push(this.classGroup({ ...EMPTY_CLASS }));
  }

  removeClass(index: number): void {
    this.classes.removeAt(index);
    this.errors.set({});
  }

  /** The experiment the inputs describe. */
  experiment(): Experiment {
    return experimentOf(this.form.getRawValue(), this.classes.getRawValue() as ClassFormValue[]);
  }

  /** Dry run: what the server would refuse, beside each field, without storing anything. */
  check(): void {
    this.send(this.api.validate(this.experiment()), (result) => {
      this.validation.set(result);
      this.errors.set(placed(result.fields));
    });
  }

  save(): void {
    this.send(this.api.create(this.experiment()), (experiment) => {
      this.form.reset();
      this.classes.clear();
      this.classes.push(this.classGroup({ ...EMPTY_CLASS, name: 'ipv6', role: 'BASELINE' }));
      this.created.emit(experiment);
    });
  }

  private send<T>(request: Observable<T>, done: (value: T) => void): void {
    this.busy.set(true);
    this.errors.set({});
    this.validation.set(null);
    request.subscribe({
      next: (value) => {
        this.busy.set(false);
        done(value);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        const fields = error instanceof ApiError ? error.fields : {};
        this.errors.set(Object.keys(fields).length ? placed(fields) : { '': messageOf(error) });
      },
    });
  }
}
