// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormArray, FormBuilder, FormGroup, ReactiveFormsModule } from '@angular/forms';
import { Observable } from 'rxjs';

import { ApiError } from '../core/api-error';
import { EXPERIMENT_TRAFFIC, Experiment, ExperimentValidation } from '../core/api-models';
import { LATENCY_CLASSES } from '../core/latency-classes';
import { Apn6Policy } from '../features/apn6/apn6-models';
import { BngApi } from '../features/bng/bng-api';
import { BngSession } from '../features/bng/bng-models';
import { GtpuTunnel } from '../features/gtpu/gtpu-models';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../core/loadable';
import { PoliciesApi } from '../features/apn6/policies-api';
import { TunnelsApi } from '../features/gtpu/tunnels-api';
import {
  ClassFormValue, EMPTY_CLASS, EMPTY_EXPERIMENT_FORM, experimentOf, formOf, hasGtpu, placed,
} from './experiment-form-model';
import { ExperimentsApi } from './experiments-api';
import { missingPolicy } from './missing-policy';

/** One choice of a class's tunnel: a tunnel of the server's, or the class's own when the server has none of that id. */
export interface TunnelChoice {
  id: string;
  label: string;
}

/** One session a class may name: what it is named by (the user name, else the line's name), and what it is. */
export interface SessionChoice {
  value: string;
  label: string;
}

/** Whether a class's session names this session: by its subscriber's user name or its line's name. */
function named(session: BngSession, name: string): boolean {
  return session.user === name || session.line.name === name;
}

/**
 * Defines an experiment: from one of the server's presets (the studies, with the bmv2 lab's ports and
 * addresses) or from scratch, classes included (a GTP-U class's tunnel chosen among the server's, an
 * uplink probe's G-PDU, a PPPoE class's session among those up or typed); a dry-run check; server
 * errors beside their field.
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

  /** The tunnels a GTP-U class may name, as the Tunnels page lists them. */
  readonly tunnels = toSignal(loadable(inject(TunnelsApi).all()),
    { initialValue: { state: 'loading' } as Loadable<GtpuTunnel[]> });
  readonly tunnelList = computed(() => dataOf(this.tunnels()) ?? []);
  readonly tunnelHint = computed(() => {
    const tunnels = this.tunnels();
    if (tunnels.state === 'loading') return 'Loading the tunnels…';
    if (tunnels.state === 'error') return `The tunnels could not be loaded: ${tunnels.message}`;
    return tunnels.data.length ? 'for a gtpu-encap-* or gtpu-decap class' : 'No tunnels yet: create them on the Tunnels page';
  });

  /**
   * The PPPoE sessions, as the Subscribers page lists them: those up are offered, yet any name may be
   * typed (a session comes up when its subscriber dials, which may be after the experiment is defined).
   */
  readonly sessions = toSignal(loadable(inject(BngApi).sessions()),
    { initialValue: { state: 'loading' } as Loadable<BngSession[]> });
  readonly upSessions = computed(() => (dataOf(this.sessions()) ?? []).filter((s) => s.state === 'UP'));
  readonly sessionChoices = computed<SessionChoice[]>(() => this.upSessions().map((s) => ({
    value: s.user ?? s.line.name,
    label: `line ${s.line.name}${s.ipv6Prefix ? `, ${s.ipv6Prefix}` : ''}`,
  })));
  readonly sessionHint = computed(() => {
    const sessions = this.sessions();
    if (sessions.state === 'loading') return 'Loading the sessions…';
    if (sessions.state === 'error') return `The sessions could not be loaded: ${sessions.message}; type a user or line name`;
    return this.upSessions().length ? 'a subscriber\'s user name or a line\'s name (device/port/S-VID/C-VID)'
      : 'No PPPoE session is up: type a user or line name (the run needs its session up)';
  });

  readonly form = this.fb.group({ ...EMPTY_EXPERIMENT_FORM });
  readonly classes: FormArray<FormGroup> = this.fb.array<FormGroup>([
    this.classGroup({ ...EMPTY_CLASS, name: 'ipv6', role: 'BASELINE' }),
  ]);
  /** Server messages by input key ("" for the whole form). */
  readonly errors = signal<Record<string, string>>({});
  readonly validation = signal<ExperimentValidation | null>(null);
  readonly problemCount = computed(() => Object.keys(this.validation()?.fields ?? {}).length);
  readonly busy = signal(false);
  /** What creating a missing policy from a refusal came to. */
  readonly policyNotice = signal<string | null>(null);
  private readonly policies = inject(PoliciesApi);

  private classGroup(value: ClassFormValue): FormGroup {
    return this.fb.group({ ...value });
  }

  error(input: string): string | null {
    return this.errors()[input] ?? null;
  }

  /** The policy that would answer class i's "no APN6 policy X" refusal, offered as a button; null otherwise. */
  missingPolicy(index: number): Apn6Policy | null {
    return missingPolicy(this.error(`classes.${index}.policy`), this.classValue(index));
  }

  /** Creates the policy a class's refusal names (the user asked, by its button), then says to check again. */
  createMissingPolicy(index: number): void {
    const policy = this.missingPolicy(index);
    if (!policy) return;
    const key = `classes.${index}.policy`;
    this.busy.set(true);
    this.policies.createPolicy(policy).subscribe({
      next: ({ policy: created }) => {
        this.busy.set(false);
        const rest = { ...this.errors() };
        delete rest[key];
        this.errors.set(rest);
        this.policyNotice.set(`Policy ${created.id} created (${created.state ?? 'REQUESTED'}): UDP port `
          + `${policy.match.destinationPorts?.low} at every edge. Validate again.`);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.errors.set({ ...this.errors(), [key]: `Could not create policy ${policy.id}: ${messageOf(error)}` });
      },
    });
  }

  private classValue(index: number): ClassFormValue {
    return this.classes.at(index).getRawValue() as ClassFormValue;
  }

  /**
   * The tunnels a class may choose, with their state; the class's own tunnel stays a choice (said
   * to be missing) when the server has none of that id, so showing a class never changes it.
   */
  tunnelChoices(index: number): TunnelChoice[] {
    const current = this.classValue(index).tunnel;
    const choices = this.tunnelList().map((t) => ({ id: t.id, label: `${t.id} (${t.state})` }));
    if (!current || choices.some((c) => c.id === current)) return choices;
    const missing = this.tunnels().state === 'ready' ? ' (no such tunnel on the server)' : '';
    return [{ id: current, label: current + missing }, ...choices];
  }

  /**
   * What a class's session is on the server: its line, prefixes and port (the ingress its packets
   * need), or that none of that name is up; null when the class names none or the sessions are unknown.
   */
  sessionNote(index: number): string | null {
    const name = this.classValue(index).session.trim();
    if (!name || this.sessions().state !== 'ready') return null;
    const session = this.upSessions().find((s) => named(s, name));
    if (!session) return `No session of ${name} is up on the server now.`;
    const prefixes = [session.ipv6Prefix, session.delegatedPrefix].filter((p) => !!p).join(', ');
    return `${session.user ?? 'The session'} is up on line ${session.line.name}${prefixes ? ` (${prefixes})` : ''}: `
      + `upstream packets enter by its port ${session.line.port} (the ingress).`;
  }

  /** Whether a class shows its G-PDU inputs: a gtpu-decap class, or one whose G-PDU holds something or is in error. */
  showsGtpu(index: number): boolean {
    const value = this.classValue(index);
    const errors = Object.keys(this.errors());
    return value.latencyClass === 'gtpu-decap' || hasGtpu(value)
      || errors.some((key) => key.startsWith(`classes.${index}.gtpu`));
  }

  /** The server's tunnel a class names, if it has one of that id. */
  chosenTunnel(index: number): GtpuTunnel | null {
    const id = this.classValue(index).tunnel;
    return this.tunnelList().find((t) => t.id === id) ?? null;
  }

  /** Fills a class's G-PDU from its tunnel: from the peer to the N3 address, with the uplink TEID. */
  gtpuFromTunnel(index: number): void {
    const tunnel = this.chosenTunnel(index);
    if (!tunnel) return;
    this.classes.at(index).patchValue({ gtpuPeerAddress: tunnel.peerAddress, gtpuN3Address: tunnel.n3Address,
      gtpuTeid: String(tunnel.uplinkTeid) });
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
    this.policyNotice.set(null);
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
