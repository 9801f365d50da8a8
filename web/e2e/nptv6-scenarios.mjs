// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The NPTv6 page against the demo (its site border router device:sbr runs the nptv6 profile, with the
// site on port 1 and the providers pa and pb on 2 and 3): each step of the page is checked through the REST
// API too (what the page says is what the server has), the uplink's counters against telemetry/ports.
import assert from 'node:assert/strict';

import { count, fill, rest, see, until } from './steps.mjs';

/** The mapping the page creates: docs/features/nptv6.md's worked example on sbr's port 2 (to provider pa). */
const ISP1 = { id: 'site-a-isp1', internalPrefix: 'fd01:203:405::/48', externalPrefix: '2001:db8:1::/48', uplink: 'device:sbr/2' };
const LABELS = { id: 'Id', internalPrefix: 'Internal prefix (the site\'s)', externalPrefix: 'External prefix (the provider\'s)',
  uplink: 'Uplink (device/port)' };

/** Fills the form's inputs from a mapping. */
const fillMapping = (page, mapping) => fill(page, Object.fromEntries(Object.entries(mapping).map(([k, v]) => [LABELS[k], v])));

/** A figure as the page writes it ("1,616,000,000"), or "—" for none. */
const shown = (value) => (value === null || value === undefined ? '—' : value.toLocaleString('en-US'));

/** Waits until the server has installed the mapping, and answers it. */
async function installed(page, url, id) {
  return until(async () => {
    const { status, body } = await rest(page, url, 'GET', `nptv6/mappings/${id}`);
    return status === 200 && body.state === 'INSTALLED' ? body : null;
  }, `mapping ${id} installed`);
}

/** The uplink's latest reading as REST has it. */
async function uplinkReading(page, url) {
  const { body } = await rest(page, url, 'GET', 'telemetry/ports?device=device:sbr');
  const reading = body.ports.find((p) => p.port === '2');
  assert.ok(reading, 'the harness stores readings of device:sbr port 2');
  return reading;
}

export const nptv6Scenarios = [
  ['nptv6: mistakes show beside their fields, then a mapping is created through the form; REST has it', async ({ page, url, shot }) => {
    assert.equal((await rest(page, url, 'GET', 'nptv6/mappings')).body.total, 0);
    await page.goto(`${url}nptv6`);
    await see(page.locator('.status.empty'), 'No NPTv6 mappings yet');
    // Bits past the length: the codec names the field.
    await fillMapping(page, { ...ISP1, internalPrefix: 'fd01:203:405::1/48' });
    await page.getByRole('button', { name: 'Create mapping' }).click();
    await see(page.locator('#mapping-internalPrefix-error'), 'has bits set past its length');
    assert.equal(await page.locator('#mapping-internalPrefix').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#mapping-internalPrefix').inputValue(), 'fd01:203:405::1/48');
    // A port sbr does not have: the manager names the uplink.
    await fillMapping(page, { internalPrefix: ISP1.internalPrefix, uplink: 'device:sbr/9' });
    await page.getByRole('button', { name: 'Create mapping' }).click();
    await see(page.locator('#mapping-uplink-error'), 'uplink: device:sbr has no port 9');
    assert.equal(await page.locator('#mapping-internalPrefix-error').innerText(), '');
    assert.equal(await page.locator('#mapping-uplink').inputValue(), 'device:sbr/9');
    assert.equal(await page.locator('#mapping-id').inputValue(), ISP1.id);
    await shot('nptv6-errors.png');
    assert.equal((await rest(page, url, 'GET', `nptv6/mappings/${ISP1.id}`)).status, 404);

    await fillMapping(page, { uplink: ISP1.uplink });
    await page.getByRole('button', { name: 'Create mapping' }).click();
    await see(page.locator('.notice'), new RegExp(`Mapping ${ISP1.id} (installed|requested)`));
    assert.equal(await page.locator('#mapping-uplink-error').innerText(), '');
    assert.match(page.url(), /[?&]mapping=site-a-isp1/);
    const { state: _s, entries: _e, ...stored } = await installed(page, url, ISP1.id);
    assert.deepEqual(stored, ISP1);
  }],

  ['nptv6: the list shows the mapping with its uplink port\'s counters, live; its detail, the entries', async ({ page, url, harness, shot }) => {
    await page.goto(`${url}nptv6`);
    const row = page.locator('table.mappings tbody tr', { hasText: ISP1.id });
    await count(page.locator('table.mappings tbody tr'), 1);
    await see(row.locator('.state'), 'INSTALLED');
    for (const text of [ISP1.internalPrefix, ISP1.externalPrefix, ISP1.uplink]) await see(row, text);
    // Every figure is the uplink port's latest reading as REST answers it.
    const before = await uplinkReading(page, url);
    const figures = async () => (await row.locator('td.number').allInnerTexts()).slice(4);
    await see(row, shown(before.inOctets)); // the ports' readings arrive apart from the mappings
    assert.deepEqual(await figures(), [before.inPackets, before.outPackets, before.inOctets, before.outOctets].map(shown));
    await see(page.locator('.live'), 'Live updates: open');
    // A new reading arrives over the stream: 50,000 packets/s in, 320 Mb/s.
    await harness.command('ports device:sbr 2');
    await see(row, '320.0 Mb/s');
    // The stream's reading is shown as it came: 10,500,000 packets and 8,400,000,000 octets in.
    await see(row.locator('td.number').first(), '50,000');
    const afterInOctets = shown(8_400_000_000);
    assert.deepEqual(await figures(), [10_500_000, 10_250_000, 8_400_000_000, 8_200_000_000].map(shown));
    // The filter keeps the device in the URL.
    await page.getByLabel('Uplink device', { exact: true }).selectOption('device:sbr');
    await until(async () => (/[?&]device=device(%3A|:)sbr/.test(page.url()) ? true : null), 'the device in the URL');
    await count(page.locator('table.mappings tbody tr'), 1);
    await shot('nptv6.png');

    await page.getByRole('button', { name: ISP1.id, exact: true }).click();
    await see(page.locator('#detail-heading'), `Mapping ${ISP1.id}`);
    assert.match(page.url(), /[?&]mapping=site-a-isp1/);
    await see(page.locator('.mapping-state'), 'State: INSTALLED');
    await see(page.locator('.detail table.counters tbody tr', { hasText: 'In (from the provider)' }), afterInOctets);
    const { entries } = (await rest(page, url, 'GET', `nptv6/mappings/${ISP1.id}`)).body;
    assert.ok(entries.length > 0, 'the mapping compiles to entries');
    await count(page.locator('.detail .entries-list li'), entries.length);
    assert.match(await page.locator('a.port-history').getAttribute('href'), /\/ports\?device=device(:|%3A)sbr&port=2$/);
    await shot('nptv6-detail.png');
  }],

  ['nptv6: deleting asks first, then removes the mapping; REST no longer has it', async ({ page, url }) => {
    await page.goto(`${url}nptv6?mapping=${ISP1.id}`);
    await see(page.locator('#detail-heading'), `Mapping ${ISP1.id}`);
    await page.getByRole('button', { name: 'Delete mapping' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    assert.equal((await rest(page, url, 'GET', `nptv6/mappings/${ISP1.id}`)).status, 200);
    await page.getByRole('button', { name: 'Delete mapping' }).click();
    await page.locator('#confirm-delete:focus').waitFor();
    await page.getByRole('button', { name: `Really delete ${ISP1.id}` }).click();
    await see(page.getByRole('status').filter({ hasText: 'removed' }), `Mapping ${ISP1.id} removed.`);
    await see(page.locator('.status.empty'), 'No NPTv6 mappings yet');
    assert.doesNotMatch(page.url(), /mapping=/);
    assert.equal((await rest(page, url, 'GET', `nptv6/mappings/${ISP1.id}`)).status, 404);
    assert.equal((await rest(page, url, 'GET', 'nptv6/mappings')).body.total, 0);
  }],
];
