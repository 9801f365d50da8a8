// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { MultihomingCell, MultihomingGridRow, MultihomingLimit } from './multihoming-models';

/** The protocols in the order the thesis compares them; any other comes after them. */
export const PROTOCOL_ORDER: readonly string[] = ['IPV6', 'NPTV6', 'ILNP'];

/** A protocol as people write it. */
export const PROTOCOL_LABELS: Record<string, string> = { IPV6: 'IPv6', NPTV6: 'NPTv6', ILNP: 'ILNP' };

export function protocolLabel(protocol: string): string {
  return PROTOCOL_LABELS[protocol] ?? protocol;
}

/** The footnote of a cell whose rate was not reached, as the thesis marks those. */
export const LIMIT_NOTES: Record<MultihomingLimit, { mark: string; text: string }> = {
  LAB_CAPACITY: { mark: '*', text: 'beyond what the lab can carry' },
  SENDER: { mark: '†', text: 'the sender could not reach this rate' },
};

/** A cell of the grid with why its rate was not reached, in the words of its trials. */
export interface GridCell extends MultihomingGridRow {
  limitReason: string | null;
}

/** A row of a table: UDP at one load, or TCP; one cell per frame size (null: not in the run). */
export interface GridTableRow {
  transport: 'UDP' | 'TCP';
  loadMbps: number | null;
  cells: (GridCell | null)[];
}

/** The grid of one protocol at one sharing level: rows the loads, column groups the frame sizes. */
export interface GridTable {
  protocol: string;
  sharing: string | null;
  frameSizes: number[];
  rows: GridTableRow[];
  /** The limits its cells are marked with, for the footnotes. */
  limits: MultihomingLimit[];
}

const key = (r: { protocol: string; sharing: string | null; transport: string; frameSize: number; loadMbps: number | null }) =>
  `${r.protocol}|${r.sharing ?? ''}|${r.transport}|${r.frameSize}|${r.loadMbps ?? ''}`;

/**
 * Lays a run's grid out as the thesis does: a table per protocol (IPv6, NPTv6, ILNP) and sharing
 * level (in the order the run lists them), its rows the loads (UDP at each load, ascending, then
 * TCP), its column groups the frame sizes (ascending, the same in every table). A load one frame
 * size has and another has not leaves that frame size's cell empty. A limited cell carries the
 * reason its trials give.
 */
export function gridTables(grid: readonly MultihomingGridRow[], cells: readonly MultihomingCell[] = []): GridTable[] {
  const reasons = new Map<string, string>();
  for (const c of cells) {
    if (c.limit && c.limitReason && !reasons.has(key(c))) reasons.set(key(c), c.limitReason);
  }
  const frameSizes = [...new Set(grid.map((r) => r.frameSize))].sort((a, b) => a - b);
  const rank = (protocol: string) => {
    const at = PROTOCOL_ORDER.indexOf(protocol);
    return at < 0 ? PROTOCOL_ORDER.length : at;
  };
  const groups = new Map<string, MultihomingGridRow[]>();
  for (const row of grid) {
    const group = `${row.protocol}|${row.sharing ?? ''}`;
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return [...groups.values()]
    .map((rows, order) => ({ rows, order, rank: rank(rows[0].protocol) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ rows }) => table(rows, frameSizes, reasons));
}

function table(rows: MultihomingGridRow[], frameSizes: number[], reasons: Map<string, string>): GridTable {
  const { protocol, sharing } = rows[0];
  const cell = (r: MultihomingGridRow): GridCell => ({ ...r, limitReason: reasons.get(key(r)) ?? null });
  const loads = [...new Set(rows.filter((r) => r.transport === 'UDP' && r.loadMbps !== null).map((r) => r.loadMbps!))]
    .sort((a, b) => a - b);
  const lines: GridTableRow[] = loads.map((load) => ({
    transport: 'UDP', loadMbps: load,
    cells: frameSizes.map((size) => {
      const found = rows.find((r) => r.transport === 'UDP' && r.frameSize === size && r.loadMbps === load);
      return found ? cell(found) : null;
    }),
  }));
  if (rows.some((r) => r.transport === 'TCP')) {
    lines.push({ transport: 'TCP', loadMbps: null, cells: frameSizes.map((size) => {
      const found = rows.find((r) => r.transport === 'TCP' && r.frameSize === size);
      return found ? cell(found) : null;
    }) });
  }
  const limits = (Object.keys(LIMIT_NOTES) as MultihomingLimit[]).filter((l) => rows.some((r) => r.limit === l));
  return { protocol, sharing, frameSizes, rows: lines, limits };
}

/** The tooltip of a limited cell: what the thesis's footnote says, and the trials' own reason. */
export function limitTitle(cell: GridCell): string | null {
  if (!cell.limit) return null;
  const note = LIMIT_NOTES[cell.limit]?.text ?? cell.limit;
  return cell.limitReason ? `${note}: ${cell.limitReason}` : note;
}
