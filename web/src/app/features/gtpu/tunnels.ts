// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe, DecimalPipe, KeyValuePipe, formatDate } from '@angular/common';
import {
  ChangeDetectionStrategy, Component, Injector, LOCALE_ID, afterNextRender, computed, inject, input, signal,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { FormBuilder, ReactiveFormsModule } from '@angular/forms';
import { Router } from '@angular/router';
import { Observable, catchError, map, of, switchMap, tap } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { GtpuPathState, GtpuPaths, GtpuTunnel, GtpuTunnelPage, GtpuTunnelRequest, GtpuTunnelValidation } from './gtpu-models';
import { fieldOf } from '../../core/field-errors';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import { SixflowApi } from '../../core/sixflow-api.service';
import { CHECKSUM_MODES, EMPTY_TUNNEL_FORM, TUNNEL_FIELDS, tunnelOf, tunnelProblems } from './tunnel-form';
import { GtpuPathsTable, pathOf, stateMeaning } from './paths';
import { TunnelsApi } from './tunnels-api';

/** Tunnels per page of the list (the API allows up to 1,000; a page this long stays readable). */
export const TUNNEL_PAGE_SIZE = 50;

/** How often the shown page and tunnel are read again, for their live counters. */
export const COUNTER_POLL_MS = 5000;

/** A refusal for table room, as the server words it (TableShortfall). */
const TABLE_FULL = / table \S+ holds \d+ entr/;

/**
 * GTP-U tunnels: a page of tunnels (?offset=) with their state and live downlink/uplink counters,
 * and the paths they use with what the controller's echoes say of each, read again every few
 * seconds; one tunnel in detail (with its path's state) with its entries per device (?tunnel=id) and
 * delete (asks twice); a form checked in the browser, then by POST gtpu/tunnels/validate, before it
 * creates. Every error stays beside the field it names, with what was typed kept.
 */
@Component({
  selector: 'app-tunnels',
  imports: [ReactiveFormsModule, KeyValuePipe, DecimalPipe, DatePipe, GtpuPathsTable],
  templateUrl: './tunnels.html',
  styleUrl: './tunnels.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TunnelsView {
  private readonly api = inject(TunnelsApi);
  private readonly router = inject(Router);
  private readonly injector = inject(Injector);
  private readonly locale = inject(LOCALE_ID);

  readonly tunnel = input<string | undefined>();
  readonly offset = input<string | undefined>();
  /** The first tunnel of the page shown: the URL's offset when it is a whole number, else 0. */
  readonly pageOffset = computed(() => {
    const asked = Number(this.offset());
    return Number.isInteger(asked) && asked > 0 ? asked : 0;
  });
  protected readonly pageSize = TUNNEL_PAGE_SIZE;
  protected readonly pollSeconds = COUNTER_POLL_MS / 1000;
  protected readonly checksumModes = CHECKSUM_MODES;
  private readonly reloads = new Reloads();

  /** When the page shown was read (its counters are that old). */
  readonly readAt = signal<Date | null>(null);
  readonly list = toSignal(
    toObservable(computed(() => ({ offset: this.pageOffset(), reload: this.reloads.current() }))).pipe(
      switchMap(({ offset, reload }) => loadable(
        this.api.page(TUNNEL_PAGE_SIZE, offset).pipe(tap(() => this.readAt.set(new Date()))), reload.quiet)),
    ),
    { initialValue: { state: 'loading' } as Loadable<GtpuTunnelPage> },
  );
  readonly page = computed(() => dataOf(this.list()));
  readonly tunnels = computed(() => this.page()?.tunnels ?? null);
  readonly listError = computed(() => errorOf(this.list()));

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.tunnel(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.tunnel(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<GtpuTunnel> | null },
  );
  readonly selected = computed(() => dataOf(this.detail()));
  /** GET gtpu/paths, read with the page (a failure leaves the tunnels shown). */
  readonly pathsAnswer = toSignal(
    toObservable(this.reloads.current).pipe(switchMap((reload) => loadable(this.api.paths(), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<GtpuPaths> },
  );
  /** The selected tunnel's path as its echoes last found it: its state (null: not known here) and what it means. */
  readonly selectedPath = computed((): { state: GtpuPathState | null; text: string } | null => {
    const tunnel = this.selected();
    if (!tunnel) return null;
    const answer = this.pathsAnswer();
    if (answer.state !== 'ready') {
      return { state: null, text: answer.state === 'loading' ? 'being read' : 'could not be read' };
    }
    const path = pathOf(answer.data, tunnel);
    if (!path) {
      return { state: null, text: 'not listed yet (read again with the counters)' };
    }
    const parts = [stateMeaning(path, answer.data.echoMisses)];
    if (path.notEchoed) parts.push(`not echoed: ${path.notEchoed}`);
    if (path.lastResponse) parts.push(`last answer ${formatDate(path.lastResponse, 'medium', this.locale)}`);
    return { state: path.state, text: parts.join('; ') };
  });
  readonly detailError = computed(() => errorOf(this.detail()));

  /** Known device ids, offered while typing the decap device (none if they cannot be read). */
  readonly deviceIds = toSignal(inject(SixflowApi).devices().pipe(
    map((devices) => devices.map((d) => d.id).sort()), catchError(() => of([] as string[]))), { initialValue: [] });

  readonly form = inject(FormBuilder).nonNullable.group({ ...EMPTY_TUNNEL_FORM });
  /** Messages by the input they belong to ("" for the whole form). */
  readonly errors = signal<Record<string, string>>({});
  readonly validation = signal<GtpuTunnelValidation | null>(null);
  readonly busy = signal(false);
  readonly notice = signal<{ text: string; failed: boolean } | null>(null);
  readonly confirmingDelete = signal(false);
  readonly removeError = signal<string | null>(null);

  private readonly pending = computed(() => this.selected()?.state === 'REQUESTED'
    || (this.tunnels() ?? []).some((t) => t.state === 'REQUESTED'));

  constructor() {
    // A requested tunnel is asked about every second until its owner instance installs it or fails.
    reloadWhile(this.pending, () => this.reloads.poll());
    // Otherwise the counters are read again every few seconds, quietly (what is shown and typed stays).
    reloadWhile(() => !this.pending() && this.list().state !== 'loading', () => this.reloads.poll(), COUNTER_POLL_MS);
  }

  refresh(): void {
    this.reloads.refresh();
  }

  select(id: string | null): void {
    this.confirmingDelete.set(false);
    this.removeError.set(null);
    void this.router.navigate([], { queryParams: { tunnel: id }, queryParamsHandling: 'merge' });
  }

  /** Shows the page starting at offset (0: the first). */
  goToPage(offset: number): void {
    void this.router.navigate([], { queryParams: { offset: offset > 0 ? offset : null }, queryParamsHandling: 'merge' });
  }

  /** Asks before deleting, with the focus on the confirming button so a keyboard user can go on. */
  askToDelete(): void {
    this.confirmingDelete.set(true);
    afterNextRender(() => document.getElementById('confirm-delete')?.focus(), { injector: this.injector });
  }

  error(input: string): string | null {
    return this.errors()[input] ?? null;
  }

  /** Dry run: the browser's checks, then the server's, without storing anything. */
  check(): void {
    const tunnel = this.checked();
    if (!tunnel) return;
    this.run(this.api.validateTunnel(tunnel), (result) => this.showValidation(result));
  }

  /** Creates the tunnel once the browser and then the server (validate) find nothing wrong. */
  create(): void {
    const tunnel = this.checked();
    if (!tunnel) return;
    this.run(this.api.validateTunnel(tunnel).pipe(
      switchMap((result) => (result.valid ? this.api.createTunnel(tunnel) : of(result))),
    ), (answer) => {
      if ('valid' in answer) {
        this.showValidation(answer);
        return;
      }
      const created = answer.tunnel;
      this.notice.set(created.state === 'FAILED'
        ? { text: `Tunnel ${created.id} failed on ${created.failure?.deviceId ?? 'a device'}: `
            + `${created.failure?.reason ?? 'no reason given'}`, failed: true }
        : { text: created.state === 'REQUESTED'
            ? `Tunnel ${created.id} requested: the ONOS instance that owns it installs it.`
            : `Tunnel ${created.id} installed.`, failed: false });
      this.form.reset();
      this.refresh();
      this.select(created.id);
    });
  }

  /** Deletes the tunnel shown; a refusal is said in the detail, where the button was. */
  remove(id: string): void {
    this.busy.set(true);
    this.removeError.set(null);
    this.notice.set(null);
    this.api.deleteTunnel(id).subscribe({
      next: () => {
        this.busy.set(false);
        this.notice.set({ text: `Tunnel ${id} removed.`, failed: false });
        this.select(null);
        this.refresh();
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.removeError.set(messageOf(error));
      },
    });
  }

  /** The request, or null after showing what the browser can already tell is wrong. */
  private checked(): GtpuTunnelRequest | null {
    const value = this.form.getRawValue();
    const problems = tunnelProblems(value);
    this.notice.set(null);
    this.validation.set(null);
    this.errors.set(problems);
    const first = TUNNEL_FIELDS.find((field) => problems[field]);
    if (!first) return tunnelOf(value);
    // Keyboard and screen-reader users land on the first field to fix.
    afterNextRender(() => document.getElementById(`tunnel-${first}`)?.focus(), { injector: this.injector });
    return null;
  }

  private showValidation(result: GtpuTunnelValidation): void {
    this.validation.set(result);
    this.errors.set(this.placed([...result.problems, ...result.conflicts]));
  }

  private run<T>(request: Observable<T>, done: (value: T) => void): void {
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
        // 409: the id is taken, which is the id's business; a table without room for the tunnel
        // ("device:x table gtpu_encap holds ...") is the whole form's.
        const message = messageOf(error);
        this.errors.set(error instanceof ApiError && error.status === 409 && !TABLE_FULL.test(message)
          ? { id: message } : this.placed([message]));
      },
    });
  }

  /** Each message beside the input of the field it starts with; the rest under the form (key ""). */
  private placed(messages: string[]): Record<string, string> {
    const placed: Record<string, string> = {};
    for (const message of messages) {
      const text = message.replace(/^tunnel [\w-]+: /, '');
      const key = fieldOf(text, TUNNEL_FIELDS) ?? '';
      placed[key] = placed[key] ? `${placed[key]}; ${text}` : text;
    }
    return placed;
  }
}
