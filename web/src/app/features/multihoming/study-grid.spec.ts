// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { RUN, gridRow } from './fixtures.spec';
import { GridTable, gridTables, limitTitle, protocolLabel } from './study-grid';

/** A table's rows as "load: goodput per frame size" ("-" where the frame size has no such cell). */
function layout(table: GridTable): string[] {
  return table.rows.map((r) => `${r.transport}${r.loadMbps === null ? '' : ` ${r.loadMbps}`}: ${r.cells.map((c) => c?.goodputMbps ?? '-').join(' ')}`);
}

describe('the study grid', () => {
  it('makes a table per protocol in the thesis\'s order and sharing level, loads down and frame sizes across', () => {
    const tables = gridTables(RUN.grid, RUN.cells);
    expect(tables.map((t) => [t.protocol, t.sharing])).toEqual([['IPV6', null], ['ILNP', '80/20']]);
    expect(tables.map((t) => t.frameSizes)).toEqual([[128, 1514], [128, 1514]]);
    expect(layout(tables[0])).toEqual(['UDP 10: 9.98 -', 'UDP 100: 61.3 100', 'UDP 1000: - 941', 'TCP: 400 930']);
    expect(layout(tables[1])).toEqual(['UDP 10: 9.97 -', 'UDP 1000: - 938.2', 'TCP: - 911.5']);
  });

  it('keeps the run\'s order of sharing levels and puts an unknown protocol last', () => {
    const tables = gridTables([
      gridRow({ protocol: 'LISP' as never, transport: 'UDP', frameSize: 128, loadMbps: 1 }),
      gridRow({ protocol: 'ILNP', sharing: '50/50', transport: 'UDP', frameSize: 128, loadMbps: 1 }),
      gridRow({ protocol: 'ILNP', sharing: '100/0', transport: 'UDP', frameSize: 128, loadMbps: 1 }),
      gridRow({ protocol: 'NPTV6', transport: 'UDP', frameSize: 128, loadMbps: 1 }),
    ]);
    expect(tables.map((t) => `${t.protocol} ${t.sharing}`)).toEqual(['NPTV6 null', 'ILNP 50/50', 'ILNP 100/0', 'LISP null']);
    expect(gridTables([])).toEqual([]);
    expect(protocolLabel('NPTV6')).toBe('NPTv6');
    expect(protocolLabel('LISP')).toBe('LISP');
  });

  it('marks the cells whose rate was not reached, with the trials\' reason when they give one', () => {
    const [ipv6, ilnp] = gridTables(RUN.grid, RUN.cells);
    expect(ipv6.limits).toEqual(['SENDER']);
    expect(ilnp.limits).toEqual(['LAB_CAPACITY']);
    const sender = ipv6.rows[1].cells[0]!;
    expect(limitTitle(sender)).toBe('the sender could not reach this rate');
    const capacity = ilnp.rows[1].cells[1]!;
    expect(capacity.limitReason).toBe('the lab\'s links carry 940 Mbit/s at most');
    expect(limitTitle(capacity)).toBe('beyond what the lab can carry: the lab\'s links carry 940 Mbit/s at most');
    expect(limitTitle(ipv6.rows[0].cells[0]!)).toBeNull();
  });
});
