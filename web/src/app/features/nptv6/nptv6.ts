// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe, DecimalPipe } from '@angular/common';
import {
  ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, inject, input, signal,
} from '@angular/core';
import { takeUntilDestroyed, toObservable, toSignal } from '@angular/core/rxjs-interop';
import { FormBuilder, ReactiveFormsModule } from '@angular/forms';
import { Router, RouterLink } from '@angular/router';
import { Observable, catchError, map, of, switchMap, throwError } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { PortCounters } from '../../core/api-models';
import { Nptv6Mapping } from './nptv6-models';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import { SixflowApi } from '../../core/sixflow-api.service';
import { TelemetryStream } from '../../core/telemetry-stream.service';
import { PortsApi } from '../../ports/ports-api';
import { formatBits } from '../../ports/ports';
import { EMPTY_MAPPING_FORM, MAPPING_FIELDS, mappingOf, mappingProblems, placedMappingErrors, uplinkOf } from './nptv6-form';
import { Nptv6Api } from './nptv6-api';

/** What the page says when the controller has no NPTv6 mapping service (an older app, or one starting). */
export const UNAVAILABLE = 'NPTv6 is not available on this controller';

/** A 404 (no such resource) or 503 (service not started) of the list, said as what it means here. */
function unavailableIfMissing<T>(source: Observable<T>): Observable<T> {
  return source.pipe(catchError((error: unknown) => throwError(() => (
    error instanceof ApiError && (error.status === 404 || error.status === 503)
      ? new ApiError(error.status, `${UNAVAILABLE} (${error.message})`) : error))));
}

/** The key of a port's readings: device and port name as gNMI names them. */
const portKey = (device: string, port: string) => `${device} ${port}`;

/**
 * NPTv6 site mappings: every mapping (internal and external prefix, uplink, state), filtered by the
 * uplink's device (?device=), one in detail with its entries on the device (?mapping=id) and delete
 * (asks twice), and a form whose refusals sit beside the fields they name. Beside each mapping, the
 * latest gNMI counters of its uplink port (GET telemetry/ports, then live from the stream, as the
 * Ports page shows them): the data plane keeps no per-mapping counters.
 */
@Component({
  selector: 'app-nptv6',
  imports: [ReactiveFormsModule, DecimalPipe, DatePipe, RouterLink],
  templateUrl: './nptv6.html',
  styleUrl: './nptv6.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class Nptv6View {
  private readonly api = inject(Nptv6Api);
  private readonly ports = inject(PortsApi);
  private readonly router = inject(Router);
  private readonly injector = inject(Injector);
  protected readonly stream = inject(TelemetryStream);
  protected readonly formatBits = formatBits;

  /** The uplink device the list is filtered by (?device=). */
  readonly device = input<string | undefined>();
  /** The mapping shown in detail (?mapping=). */
  readonly mapping = input<string | undefined>();
  private readonly reloads = new Reloads();

  readonly list = toSignal(
    toObservable(this.reloads.current).pipe(
      switchMap((reload) => loadable(unavailableIfMissing(this.api.mappings()), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<Nptv6Mapping[]> },
  );
  readonly all = computed(() => dataOf(this.list()));
  readonly listError = computed(() => errorOf(this.list()));
  /** The mappings of the chosen device, or all. */
  readonly mappings = computed(() => {
    const all = this.all();
    const device = this.device();
    return all && device ? all.filter((m) => uplinkOf(m.uplink)?.device === device) : all;
  });
  /** The devices the mappings' uplinks are on, for the filter. */
  readonly devices = computed(() =>
    [...new Set((this.all() ?? []).map((m) => uplinkOf(m.uplink)?.device ?? m.uplink))].sort());

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.mapping(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.mapping(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<Nptv6Mapping> | null },
  );
  readonly selected = computed(() => dataOf(this.detail()));
  readonly detailError = computed(() => errorOf(this.detail()));

  /** The latest gNMI readings of every port (GET telemetry/ports), read again with the list. */
  readonly portsLoaded = toSignal(
    toObservable(this.reloads.current).pipe(switchMap((reload) => loadable(this.ports.ports(), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<PortCounters[]> },
  );
  readonly portsError = computed(() => errorOf(this.portsLoaded()));
  /** Readings the stream delivered since, by port; an older one never replaces a newer one. */
  private readonly live = signal<Map<string, PortCounters>>(new Map());
  /** The newest reading of each port, from REST or the stream. */
  readonly readings = computed(() => {
    const latest = new Map((dataOf(this.portsLoaded()) ?? []).map((p) => [portKey(p.device, p.port), p]));
    for (const [key, row] of this.live()) {
      const old = latest.get(key);
      if (!old || old.time <= row.time) latest.set(key, row);
    }
    return latest;
  });

  /** Known device ids, offered while typing the uplink (none if they cannot be read). */
  readonly deviceIds = toSignal(inject(SixflowApi).devices().pipe(
    map((devices) => devices.map((d) => d.id).sort()), catchError(() => of([] as string[]))), { initialValue: [] });

  readonly form = inject(FormBuilder).nonNullable.group({ ...EMPTY_MAPPING_FORM });
  /** Messages by the input they belong to ("" for the whole form). */
  readonly errors = signal<Record<string, string>>({});
  readonly busy = signal(false);
  readonly notice = signal<{ text: string; failed: boolean } | null>(null);
  readonly confirmingDelete = signal(false);
  readonly removeError = signal<string | null>(null);

  private readonly pending = computed(() => this.selected()?.state === 'REQUESTED'
    || (this.all() ?? []).some((m) => m.state === 'REQUESTED'));

  constructor() {
    // A requested mapping is asked about every second until its owner instance installs it or fails.
    reloadWhile(this.pending, () => this.reloads.poll());
    this.stream.events<PortCounters>('ports').pipe(takeUntilDestroyed())
      .subscribe((row) => this.live.update((m) => {
        const key = portKey(row.device, row.port);
        const seen = m.get(key);
        return seen && seen.time > row.time ? m : new Map(m).set(key, row); // events may arrive out of order
      }));
  }

  /** The latest reading of a mapping's uplink port, or null when gNMI has recorded none. */
  counters(uplink: string): PortCounters | null {
    const at = uplinkOf(uplink);
    return at ? this.readings().get(portKey(at.device, at.port)) ?? null : null;
  }

  /** The uplink's device and port, as the Ports page takes them in its URL. */
  portLink(uplink: string): { device: string; port: string } | null {
    return uplinkOf(uplink);
  }

  refresh(): void {
    this.live.set(new Map());
    this.reloads.refresh();
  }

  chooseDevice(device: string): void {
    void this.router.navigate([], { queryParams: { device: device || null }, queryParamsHandling: 'merge' });
  }

  select(id: string | null): void {
    this.confirmingDelete.set(false);
    this.removeError.set(null);
    void this.router.navigate([], { queryParams: { mapping: id }, queryParamsHandling: 'merge' });
  }

  /** Asks before deleting, with the focus on the confirming button so a keyboard user can go on. */
  askToDelete(): void {
    this.confirmingDelete.set(true);
    afterNextRender(() => document.getElementById('confirm-delete')?.focus(), { injector: this.injector });
  }

  error(input: string): string | null {
    return this.errors()[input] ?? null;
  }

  /** Creates the mapping once the browser finds nothing wrong; the server's refusals go beside their fields. */
  create(): void {
    const value = this.form.getRawValue();
    const problems = mappingProblems(value);
    this.notice.set(null);
    this.errors.set(problems);
    const first = MAPPING_FIELDS.find((field) => problems[field]);
    if (first) {
      // Keyboard and screen-reader users land on the first field to fix.
      afterNextRender(() => document.getElementById(`mapping-${first}`)?.focus(), { injector: this.injector });
      return;
    }
    this.busy.set(true);
    this.api.createMapping(mappingOf(value)).subscribe({
      next: ({ mapping: created }) => {
        this.busy.set(false);
        this.notice.set(created.state === 'FAILED'
          ? { text: `Mapping ${created.id} failed on ${created.failure?.deviceId ?? 'its device'}: `
              + `${created.failure?.reason ?? 'no reason given'}`, failed: true }
          : { text: created.state === 'REQUESTED'
              ? `Mapping ${created.id} requested: the ONOS instance that owns it installs it.`
              : `Mapping ${created.id} installed.`, failed: false });
        this.form.reset();
        this.refresh();
        this.select(created.id);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.errors.set(placedMappingErrors(error));
      },
    });
  }

  /** Deletes the mapping shown; a refusal is said in the detail, where the button was. */
  remove(id: string): void {
    this.busy.set(true);
    this.removeError.set(null);
    this.notice.set(null);
    this.api.deleteMapping(id).subscribe({
      next: () => {
        this.busy.set(false);
        this.notice.set({ text: `Mapping ${id} removed.`, failed: false });
        this.select(null);
        this.refresh();
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.removeError.set(messageOf(error));
      },
    });
  }
}
