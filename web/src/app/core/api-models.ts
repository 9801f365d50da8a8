// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of the Sixflow REST API at /onos/sixflow/v1 (camelCase, as the codecs write them). */

export type PipeconfTarget = 'bmv2' | 'tofino' | 'other';

export interface PipeconfSummary {
  id: string;
  target: PipeconfTarget;
  architecture: string | null;
  tables: number;
  actions: number;
  counters: number;
  registers: number;
  extensions: string[];
  devices: string[];
}

export interface MatchField {
  id: string;
  bitWidth: number;
  matchType: string;
}

export interface TableModel {
  id: string;
  maxSize: number;
  matchFields: MatchField[];
  actions: string[];
}

export interface CounterModel {
  id: string;
  size: number;
  unit: string;
}

export interface RegisterModel {
  id: string;
  size: number;
}

/** GET /pipeconfs/{id}: the summary's counts replaced by the full lists. */
export interface PipeconfDetail {
  id: string;
  target: PipeconfTarget;
  architecture: string | null;
  extensions: string[];
  devices: string[];
  tables: TableModel[];
  counters: CounterModel[];
  registers: RegisterModel[];
}

export type DeviceRole = 'EDGE' | 'TRANSIT';

export interface Device {
  id: string;
  available: boolean;
  role: DeviceRole | null;
  pipeconf: string | null;
  driver: string | null;
  manufacturer: string | null;
  swVersion: string | null;
  locator: string | null;
}

export type DatabaseStatus = 'UP' | 'DOWN' | 'DISABLED';

export interface DatabaseHealth {
  status: DatabaseStatus;
  url: string | null;
  schemaVersion: string | null;
  message: string | null;
}

export interface Health {
  database: DatabaseHealth;
  pipeconfs: number;
  devices: number;
}

export interface HistoryEvent {
  time: string;
  kind: string;
  subject: string;
  detail: string;
}
