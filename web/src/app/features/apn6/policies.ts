// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { KeyValuePipe } from '@angular/common';
import {
  ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, inject, input, signal,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { FormBuilder, ReactiveFormsModule } from '@angular/forms';
import { Router } from '@angular/router';
import { of, switchMap } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { Apn6Policy, PolicyValidation } from './apn6-models';
import { fieldOf, placedErrors } from '../../core/field-errors';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import { PoliciesApi } from './policies-api';
import { EMPTY_POLICY_FORM, INPUT_OF_FIELD, POLICY_FIELDS, formOf, policyOf } from './policy-form';

/**
 * APN6 policies: list with each policy's lifecycle state, detail with the state (the device that refused
 * a failed policy, and why) and the compiled entries per device (?policy=id), create or edit with a
 * dry-run overlap check, delete. Server errors appear beside the field they name.
 */
@Component({
  selector: 'app-policies',
  imports: [ReactiveFormsModule, KeyValuePipe],
  templateUrl: './policies.html',
  styleUrl: './policies.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class PoliciesView {
  private readonly api = inject(PoliciesApi);
  private readonly router = inject(Router);
  private readonly injector = inject(Injector);

  readonly policy = input<string | undefined>();
  private readonly reloads = new Reloads();

  readonly list = toSignal(toObservable(this.reloads.current).pipe(switchMap(({ quiet }) => loadable(this.api.policies(), quiet))),
    { initialValue: { state: 'loading' } as Loadable<Apn6Policy[]> });
  readonly policies = computed(() => dataOf(this.list()));
  readonly listError = computed(() => errorOf(this.list()));

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.policy(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.policy(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<Apn6Policy> | null },
  );
  readonly selected = computed(() => dataOf(this.detail()));
  readonly detailError = computed(() => errorOf(this.detail()));

  readonly form = inject(FormBuilder).nonNullable.group({ ...EMPTY_POLICY_FORM });
  /** The id of the policy being edited, or null when the form creates one. */
  readonly editing = signal<string | null>(null);
  readonly errors = signal<Record<string, string>>({});
  readonly validation = signal<PolicyValidation | null>(null);
  readonly busy = signal(false);
  readonly notice = signal<string | null>(null);
  readonly confirmingDelete = signal(false);

  constructor() {
    reloadWhile(() => this.selected()?.state === 'REQUESTED'
      || (this.policies() ?? []).some((p) => p.state === 'REQUESTED'), () => this.reloads.poll());
  }

  /** Asks before deleting, with the focus on the confirming button so a keyboard user can go on. */
  askToDelete(): void {
    this.confirmingDelete.set(true);
    afterNextRender(() => document.getElementById('confirm-delete')?.focus(), { injector: this.injector });
  }

  /** What a policy's state means, in words. */
  stateLabel(policy: Apn6Policy): string {
    switch (policy.state) {
      case 'INSTALLED': return 'Installed';
      case 'FAILED': return 'Failed';
      case 'REQUESTED': return 'Requested';
      default: return '—';
    }
  }

  refresh(): void {
    this.reloads.refresh();
  }

  select(id: string | null): void {
    this.confirmingDelete.set(false);
    void this.router.navigate([], { queryParams: { policy: id }, queryParamsHandling: 'merge' });
  }

  error(input: string): string | null {
    return this.errors()[input] ?? null;
  }

  edit(policy: Apn6Policy): void {
    this.form.setValue(formOf(policy));
    this.form.controls.id.disable();
    this.editing.set(policy.id);
    this.errors.set({});
    this.validation.set(null);
  }

  newPolicy(): void {
    this.form.reset();
    this.form.controls.id.enable();
    this.editing.set(null);
    this.errors.set({});
    this.validation.set(null);
  }

  /** Dry run: what installing would compile and conflict with, without installing. */
  check(): void {
    this.run(this.api.validatePolicy(this.current()), (result) => {
      this.validation.set(result);
      const problems = [...result.problems, ...result.conflicts];
      this.errors.set(problems.length ? this.placed(problems) : {});
    });
  }

  save(): void {
    const policy = this.current();
    const editing = this.editing();
    const request = editing ? this.api.updatePolicy(policy) : this.api.createPolicy(policy);
    this.run(request, (answer) => {
      this.notice.set(answer.policy.state === 'REQUESTED'
        ? `Policy ${answer.policy.id} ${editing ? 'replaced' : 'requested'}: the ONOS instance that owns it `
          + `installs its ${answer.validation.entries} entries.`
        : `Policy ${answer.policy.id} ${editing ? 'replaced' : 'installed'}: ${answer.validation.entries} entries.`);
      this.validation.set(answer.validation);
      this.newPolicy();
      this.refresh();
      this.select(answer.policy.id);
    });
  }

  remove(id: string): void {
    this.run(this.api.deletePolicy(id), () => {
      this.notice.set(`Policy ${id} removed.`);
      if (this.editing() === id) this.newPolicy();
      this.select(null);
      this.refresh();
    });
  }

  private current(): Apn6Policy {
    return policyOf(this.form.getRawValue());
  }

  private run<T>(request: import('rxjs').Observable<T>, done: (value: T) => void): void {
    this.busy.set(true);
    this.errors.set({});
    this.notice.set(null);
    request.subscribe({
      next: (value) => {
        this.busy.set(false);
        done(value);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.validation.set(null);
        // Field errors (a body's every problem) go beside their inputs; a refusal with only a message
        // (the manager's "policy p: …") is placed by the field its text names.
        const named = error instanceof ApiError && Object.keys(error.fields).length > 0;
        this.errors.set(named ? this.placedByInput(placedErrors(error, POLICY_FIELDS)) : this.placed([messageOf(error)]));
      },
    });
  }

  /** A request's errors placed by server field, moved to the inputs that set those fields. */
  private placedByInput(byField: Record<string, string>): Record<string, string> {
    const placed: Record<string, string> = {};
    for (const [field, text] of Object.entries(byField)) {
      const key = field ? INPUT_OF_FIELD[field] ?? '' : '';
      placed[key] = placed[key] ? `${placed[key]}; ${text}` : text;
    }
    return placed;
  }

  /** Each message beside the input its field belongs to; the rest under the form (key ""). */
  private placed(messages: string[]): Record<string, string> {
    const placed: Record<string, string> = {};
    for (const message of messages) {
      const text = message.replace(/^policy [\w-]+: /, '');
      const field = fieldOf(text, POLICY_FIELDS);
      const key = field ? INPUT_OF_FIELD[field] ?? '' : '';
      placed[key] = placed[key] ? `${placed[key]}; ${text}` : text;
    }
    return placed;
  }
}
