// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe, DecimalPipe, KeyValuePipe } from '@angular/common';
import {
  ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, inject, input, signal,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { FormBuilder, ReactiveFormsModule } from '@angular/forms';
import { Router } from '@angular/router';
import { Observable, catchError, of, switchMap, tap, throwError } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { BNG_SESSION_STATES, BngConfig, BngLines, BngSession } from './bng-models';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import {
  CONFIG_FIELDS, EMPTY_CONFIG_FORM, configFormOf, configOf, configProblems, placedConfigErrors,
} from './bng-config-form';
import { BngApi } from './bng-api';
import { meterText } from './bng-meter';

/** What the page says when the controller has no BNG relay (an older app, or one starting). */
export const UNAVAILABLE = 'PPPoE (BNG) is not available on this controller';

/**
 * How often sessions and lines are read again: they change with the subscribers (PADS, PPP, PADT,
 * echo loss) and none of it is on the event stream, so the page polls, quietly, as Tunnels does.
 */
export const SESSION_POLL_MS = 5000;

/** A 404 (no such resource) or 503 (service not started), said as what it means here. */
function unavailableIfMissing<T>(source: Observable<T>): Observable<T> {
  return source.pipe(catchError((error: unknown) => throwError(() => (
    error instanceof ApiError && (error.status === 404 || error.status === 503)
      ? new ApiError(error.status, `${UNAVAILABLE} (${error.message})`) : error))));
}

/** The device of a "device/port" (its part before the last slash). */
export function deviceOf(port: string): string {
  const slash = port.lastIndexOf('/');
  return slash > 0 ? port.slice(0, slash) : port;
}

/** A subscriber as a person names it: the PPP user with the MAC, or the MAC alone. */
export function subscriberOf(session: BngSession): string {
  return session.user ? `${session.user} (${session.subscriberMac})` : session.subscriberMac;
}

/**
 * PPPoE subscribers of the BNG relay: the sessions followed (state, subscriber, addresses, line,
 * install status, the line's up/down counters), filtered by state, device and line (?state=,
 * ?device=, ?line=), one in detail with every counter its pipeline has (?session=id) and a cut that
 * names the subscriber and asks first; the lines the relay has seen and what it dropped; and the
 * relay's configuration in a form whose refusals sit beside their fields, what was typed kept.
 * Sessions and lines are read again every few seconds (they are not on the event stream).
 */
@Component({
  selector: 'app-bng',
  imports: [ReactiveFormsModule, DatePipe, DecimalPipe, KeyValuePipe],
  templateUrl: './bng.html',
  styleUrl: './bng.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class BngView {
  private readonly api = inject(BngApi);
  private readonly router = inject(Router);
  private readonly injector = inject(Injector);
  protected readonly states = BNG_SESSION_STATES;
  protected readonly pollSeconds = SESSION_POLL_MS / 1000;
  protected readonly subscriberOf = subscriberOf;
  protected readonly deviceOf = deviceOf;

  /** The session state the list is filtered by (?state=). */
  readonly state = input<string | undefined>();
  /** The device whose lines are shown (?device=). */
  readonly device = input<string | undefined>();
  /** The line whose sessions are shown (?line=, a line's name). */
  readonly line = input<string | undefined>();
  /** The session shown in detail (?session=, the controller's id). */
  readonly session = input<string | undefined>();
  private readonly reloads = new Reloads();

  /** When the sessions shown were read. */
  readonly readAt = signal<Date | null>(null);
  readonly list = toSignal(
    toObservable(this.reloads.current).pipe(switchMap((reload) => loadable(
      unavailableIfMissing(this.api.sessions()).pipe(tap(() => this.readAt.set(new Date()))), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<BngSession[]> },
  );
  readonly all = computed(() => dataOf(this.list()));
  readonly listError = computed(() => errorOf(this.list()));
  /** The sessions the filters keep. */
  readonly sessions = computed(() => {
    const [state, device, line] = [this.state(), this.device(), this.line()];
    return this.all()?.filter((s) => (!state || s.state === state) && (!device || deviceOf(s.line.port) === device)
      && (!line || s.line.name === line)) ?? null;
  });
  readonly filtered = computed(() => !!(this.state() || this.device() || this.line()));

  readonly linesLoaded = toSignal(
    toObservable(this.reloads.current).pipe(switchMap((reload) => loadable(unavailableIfMissing(this.api.lines()), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<BngLines> },
  );
  readonly linesError = computed(() => errorOf(this.linesLoaded()));
  /** The lines of the chosen device, or all. */
  readonly lines = computed(() => {
    const device = this.device();
    return dataOf(this.linesLoaded())?.lines.filter((l) => !device || deviceOf(l.port) === device) ?? null;
  });
  readonly dropped = computed(() => dataOf(this.linesLoaded())?.dropped ?? {});
  readonly droppedTotal = computed(() => Object.values(this.dropped()).reduce((sum, n) => sum + n, 0));

  /** Devices with lines or sessions, for the filter. */
  readonly devices = computed(() => [...new Set([
    ...(this.all() ?? []).map((s) => deviceOf(s.line.port)),
    ...(dataOf(this.linesLoaded())?.lines ?? []).map((l) => deviceOf(l.port))])].sort());
  /** Line names of the chosen device (or all), for the filter. */
  readonly lineNames = computed(() => {
    const device = this.device();
    return [...new Set([...(this.all() ?? []).map((s) => s.line), ...(dataOf(this.linesLoaded())?.lines ?? [])]
      .filter((l) => !device || deviceOf(l.port) === device).map((l) => l.name))].sort();
  });

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.session(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.session(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<BngSession> | null },
  );
  readonly selected = computed(() => dataOf(this.detail()));
  readonly detailError = computed(() => errorOf(this.detail()));

  readonly confirmingCut = signal(false);
  readonly cutError = signal<string | null>(null);
  readonly busy = signal(false);
  readonly notice = signal<{ text: string; failed: boolean } | null>(null);

  readonly form = inject(FormBuilder).nonNullable.group({ ...EMPTY_CONFIG_FORM });
  /** Messages by the input they belong to ("" for the whole form). */
  readonly errors = signal<Record<string, string>>({});
  readonly saving = signal(false);
  /** The configuration as the server last answered it (what "Discard my changes" goes back to). */
  private readonly stored = signal<BngConfig | null>(null);
  private readonly configReloads = signal(0);
  /** The configuration; it fills the form only while nothing typed there is unsaved. */
  readonly configLoaded = toSignal(
    toObservable(this.configReloads).pipe(switchMap(() => loadable(unavailableIfMissing(this.api.config()).pipe(
      tap((config) => this.show(config, false)))))),
    { initialValue: { state: 'loading' } as Loadable<BngConfig> },
  );
  readonly configError = computed(() => errorOf(this.configLoaded()));
  readonly configShown = computed(() => this.stored() !== null);

  /** A line's meter, for the lines table. */
  readonly meterText = meterText;

  constructor() {
    // Subscribers come and go on their own: read again every few seconds, quietly (what is typed stays).
    reloadWhile(() => this.list().state !== 'loading', () => this.reloads.poll(), SESSION_POLL_MS);
  }

  refresh(): void {
    this.reloads.refresh();
    this.configReloads.update((n) => n + 1);
  }

  /** Sets one filter in the URL ("" clears it); the session shown stays. */
  filter(name: 'state' | 'device' | 'line', value: string): void {
    const params: Record<string, string | null> = { [name]: value || null };
    // A line of another device would hide every session: choosing a device clears the line.
    if (name === 'device') params['line'] = null;
    void this.router.navigate([], { queryParams: params, queryParamsHandling: 'merge' });
  }

  clearFilters(): void {
    void this.router.navigate([], { queryParams: { state: null, device: null, line: null }, queryParamsHandling: 'merge' });
  }

  select(id: number | null): void {
    this.confirmingCut.set(false);
    this.cutError.set(null);
    void this.router.navigate([], { queryParams: { session: id }, queryParamsHandling: 'merge' });
  }

  /** Asks before cutting, naming the subscriber, with the focus on the confirming button. */
  askToCut(): void {
    this.confirmingCut.set(true);
    afterNextRender(() => document.getElementById('confirm-cut')?.focus(), { injector: this.injector });
  }

  /** Cuts the session shown; it stays shown (ENDED, "cut by the operator") while the relay lists it. */
  cut(session: BngSession): void {
    this.busy.set(true);
    this.cutError.set(null);
    this.notice.set(null);
    this.api.cut(session.id).subscribe({
      next: () => {
        this.busy.set(false);
        this.confirmingCut.set(false);
        this.notice.set({ text: `Session ${session.id} of ${subscriberOf(session)} cut: a PADT went to the subscriber `
          + 'and to the server, and its entries are removed.', failed: false });
        this.reloads.refresh();
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.cutError.set(messageOf(error));
      },
    });
  }

  error(input: string): string | null {
    return this.errors()[input] ?? null;
  }

  /** Saves the configuration once the browser finds nothing wrong; the server's refusals go beside their fields. */
  save(): void {
    const value = this.form.getRawValue();
    const problems = configProblems(value);
    this.notice.set(null);
    this.errors.set(problems);
    const first = CONFIG_FIELDS.find((field) => problems[field]);
    if (first) {
      // Keyboard and screen-reader users land on the first field to fix.
      afterNextRender(() => document.getElementById(`config-${first}`)?.focus(), { injector: this.injector });
      return;
    }
    this.saving.set(true);
    this.api.configure(configOf(value, this.stored())).subscribe({
      next: (config) => {
        this.saving.set(false);
        this.show(config, true);
        this.notice.set({ text: 'BNG configuration saved.', failed: false });
      },
      error: (error: unknown) => {
        this.saving.set(false);
        this.errors.set(placedConfigErrors(error, value));
        const placed = CONFIG_FIELDS.find((field) => this.errors()[field]);
        if (placed) afterNextRender(() => document.getElementById(`config-${placed}`)?.focus(), { injector: this.injector });
      },
    });
  }

  /** Puts the stored configuration back in the form, dropping what was typed. */
  discard(): void {
    const stored = this.stored();
    if (stored) this.show(stored, true);
  }

  /** Remembers the stored configuration and fills the form with it, unless the form holds unsaved typing. */
  private show(config: BngConfig, replaceTyping: boolean): void {
    this.stored.set(config);
    if (replaceTyping || !this.form.dirty) {
      this.form.reset(configFormOf(config));
      this.errors.set({});
    }
  }
}
