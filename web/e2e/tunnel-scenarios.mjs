// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The Tunnels page, and an experiment whose classes name GTP-U tunnels, against the harness: each
// step of the page is checked through the REST API too (what the page says is what the server has).
import assert from 'node:assert/strict';

import { count, fill, rest, see, until } from './steps.mjs';

/** The tunnel the page creates: downlink encapsulated on beijing and nanjing, decapsulated on beijing. */
const UE = {
  id: 'ue-1001', uePrefixes: ['fd00:9:1::/64', 'fd00:9:2::/64'], n3Address: 'fd00:1:1::2152', peerAddress: 'fd00:1:3::10',
  downlinkTeid: 8193, uplinkTeid: 4097, qfi: 9, checksumMode: 'INCREMENTAL', acceptZeroChecksum: false,
  decapDevice: 'device:beijing', encapDevices: ['device:beijing', 'device:nanjing'],
};

/** The tunnels the gtpu-murakami preset names, as its description asks for them. */
const MURAKAMI = ['ZERO', 'FULL', 'INCREMENTAL'].map((mode, i) => ({
  id: `murakami-${mode.toLowerCase()}`, uePrefixes: [`fd00:99:${i + 1}::/64`], n3Address: 'fd00:1:1::2152',
  peerAddress: 'fd00:1:3::10', downlinkTeid: 8193 + i, uplinkTeid: 4097 + i, checksumMode: mode,
  acceptZeroChecksum: false, decapDevice: 'device:beijing',
}));

/** Waits until the server has installed a tunnel, and answers it. */
async function installed(page, url, id) {
  return until(async () => {
    const { status, body } = await rest(page, url, 'GET', `gtpu/tunnels/${id}`);
    return status === 200 && body.state === 'INSTALLED' ? body : null;
  }, `tunnel ${id} installed`);
}

/** A tunnels table row's counter cells as shown: downlink packets, bytes, uplink packets, bytes. */
const counters = (row) => row.locator('td.number').allInnerTexts();

export const tunnelScenarios = [
  ['tunnels: a mistake shows beside its field, then a tunnel is created through the form; REST has it', async ({ page, url, shot }) => {
    assert.equal((await rest(page, url, 'GET', 'gtpu/tunnels')).body.total, 0);
    await page.goto(`${url}tunnels`);
    await see(page.locator('.status.empty'), 'No tunnels yet');
    // The N3 address lies in wuhan's locator, not the decap device's: only the server can tell.
    await fill(page, {
      'Id': UE.id, 'UE prefixes (one per line, up to 16)': UE.uePrefixes.join('\n'), 'N3 address (ours)': 'fd00:1:2::2152',
      'Peer address (gNB)': UE.peerAddress, 'Downlink TEID (the peer\'s)': String(UE.downlinkTeid),
      'Uplink TEID (ours)': String(UE.uplinkTeid), 'QFI (0–63, optional)': String(UE.qfi), 'Decap device': UE.decapDevice,
      'Encap devices (one per line, optional)': UE.encapDevices.join('\n'),
    });
    await page.getByLabel('Downlink UDP checksum').selectOption(UE.checksumMode);
    await page.getByRole('button', { name: 'Create tunnel' }).click();
    await see(page.locator('#tunnel-n3Address-error'), 'is not inside decapDevice device:beijing\'s locator fd00:1:1::/64');
    assert.equal(await page.locator('#tunnel-n3Address').getAttribute('aria-invalid'), 'true');
    await see(page.locator('.validation'), 'The tunnel cannot be created.');
    await shot('tunnels-errors.png');
    assert.equal((await rest(page, url, 'GET', `gtpu/tunnels/${UE.id}`)).status, 404);

    await page.getByLabel('N3 address (ours)', { exact: true }).fill(UE.n3Address);
    await page.getByRole('button', { name: 'Create tunnel' }).click();
    await see(page.getByRole('status').first(), new RegExp(`Tunnel ${UE.id} (installed|requested)`));
    assert.equal(await page.locator('#tunnel-n3Address-error').innerText(), '');
    assert.match(page.url(), /[?&]tunnel=ue-1001/);
    const stored = await installed(page, url, UE.id);
    const { state: _s, counters: _c, counterIndex: _i, deviceEntries: _e, ...request } = stored;
    assert.deepEqual(request, UE);
  }],

  ['tunnels: the list shows the tunnel with its live counters; its detail, the entries per device', async ({ page, url, harness, shot }) => {
    // The data plane counts: 1,000 packets encapsulated on each encap device, 250 decapsulated.
    await harness.command(`tunnel ${UE.id} 1000 250`);
    await page.goto(`${url}tunnels`);
    const row = page.locator('table.tunnels tbody tr', { hasText: UE.id });
    await count(page.locator('table.tunnels tbody tr'), 1);
    await see(row.locator('.state'), 'INSTALLED');
    await see(row, 'fd00:9:2::/64');
    assert.deepEqual(await counters(row), ['2,000', '3,096,000', '250', '373,000']);
    const listed = (await rest(page, url, 'GET', 'gtpu/tunnels')).body;
    assert.equal(listed.total, 1);
    assert.deepEqual(listed.tunnels[0].counters,
      { downlinkPackets: 2000, downlinkBytes: 3_096_000, uplinkPackets: 250, uplinkBytes: 373_000, unreadDevices: [] });
    // The list reads the counters again on its own.
    await harness.command(`tunnel ${UE.id} 1500 300`);
    await see(row.locator('td.number').first(), '3,000');
    assert.deepEqual(await counters(row), ['3,000', '4,644,000', '300', '447,600']);
    await shot('tunnels.png');

    await page.getByRole('button', { name: UE.id, exact: true }).click();
    await see(page.locator('#detail-heading'), `Tunnel ${UE.id}`);
    assert.match(page.url(), /[?&]tunnel=ue-1001/);
    await see(page.locator('.tunnel-state'), 'State: INSTALLED');
    const { deviceEntries } = (await rest(page, url, 'GET', `gtpu/tunnels/${UE.id}`)).body;
    assert.deepEqual(Object.keys(deviceEntries).sort(), ['device:beijing', 'device:nanjing']);
    await count(page.locator('table.device-entries tbody tr'), 2);
    for (const [device, entries] of Object.entries(deviceEntries)) {
      const shown = page.locator('table.device-entries tbody tr', { hasText: device });
      assert.ok(entries.length > 0, `${device} holds entries`);
      await count(shown.locator('.entries-list li'), entries.length);
    }
    await see(page.locator('table.counters tbody tr', { hasText: 'Uplink' }), '447,600');
    await shot('tunnel-detail.png');
  }],

  ['tunnels: the path the tunnel uses is listed with what its echoes say, as REST has it', async ({ page, url, shot }) => {
    const answer = (await rest(page, url, 'GET', 'gtpu/paths')).body;
    assert.equal(answer.echoIntervalSeconds, 60);
    assert.equal(answer.echoMisses, 3);
    assert.equal(answer.paths.length, 1);
    const [path] = answer.paths;
    assert.deepEqual([path.device, path.n3Address, path.peerAddress], [UE.decapDevice, UE.n3Address, UE.peerAddress]);
    await page.goto(`${url}tunnels?tunnel=${UE.id}`);
    const row = page.locator('table.paths tbody tr');
    await count(row, 1);
    assert.deepEqual((await row.locator('td').allInnerTexts()).slice(0, 3), [UE.decapDevice, UE.n3Address, UE.peerAddress]);
    // A round of echoes may fall between two reads: the page and REST agree once neither moved meanwhile.
    await until(async () => {
      const shown = [await row.locator('.path-state').innerText(), (await row.locator('td').allInnerTexts())[4]];
      const now = (await rest(page, url, 'GET', 'gtpu/paths')).body.paths[0];
      return shown[0] === now.state && shown[1] === now.requestsSent.toLocaleString('en-US') ? shown : null;
    }, 'the paths table as REST has it');
    await see(page.locator('.paths-note'), 'An Echo Request every 60 s');
    // The detail names its path's state.
    await see(page.locator('.tunnel-path'), `${await row.locator('.path-state').innerText()}: `);
    await shot('tunnel-paths.png');
  }],

  ['tunnels: deleting asks first, then removes the tunnel; REST no longer has it', async ({ page, url }) => {
    await page.goto(`${url}tunnels?tunnel=${UE.id}`);
    await see(page.locator('#detail-heading'), `Tunnel ${UE.id}`);
    await page.getByRole('button', { name: 'Delete tunnel' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    assert.equal((await rest(page, url, 'GET', `gtpu/tunnels/${UE.id}`)).status, 200);
    await page.getByRole('button', { name: 'Delete tunnel' }).click();
    await page.locator('#confirm-delete:focus').waitFor();
    await page.getByRole('button', { name: `Really delete ${UE.id}` }).click();
    await see(page.getByRole('status').first(), `Tunnel ${UE.id} removed.`);
    await see(page.locator('.status.empty'), 'No tunnels yet');
    assert.doesNotMatch(page.url(), /tunnel=/);
    assert.equal((await rest(page, url, 'GET', `gtpu/tunnels/${UE.id}`)).status, 404);
    assert.equal((await rest(page, url, 'GET', 'gtpu/tunnels')).body.total, 0);
  }],

  ['experiments: the GTP-U preset opens in the form and is saved unchanged, its tunnels and G-PDU kept', async ({ page, url, shot }) => {
    for (const tunnel of MURAKAMI) {
      assert.equal((await rest(page, url, 'POST', 'gtpu/tunnels', tunnel)).status, 201);
      await installed(page, url, tunnel.id);
    }
    const { presets } = (await rest(page, url, 'GET', 'experiments/presets')).body;
    const preset = presets.find((p) => p.id === 'gtpu-murakami');
    assert.ok(preset, 'the API offers the GTP-U preset');
    await page.goto(`${url}experiments`);
    await page.getByLabel('Start from a preset').selectOption({ label: preset.name });
    await page.getByRole('button', { name: 'Use preset' }).click();
    assert.deepEqual(await Promise.all([0, 1, 2, 3, 4].map((i) => page.locator(`#exp-class-${i}-tunnel`).inputValue())),
      ['', 'murakami-zero', 'murakami-full', 'murakami-incremental', 'murakami-zero']);
    assert.equal((await page.locator('#exp-class-2-tunnel option:checked').textContent()).trim(), 'murakami-full (INSTALLED)');
    assert.equal(await page.locator('#exp-class-4-gtpuN3Address').inputValue(), 'fd00:1:1::2152');
    assert.equal(await page.locator('#exp-class-4-gtpuTeid').inputValue(), '4097');
    await page.getByRole('button', { name: 'Validate (dry run)' }).click();
    await see(page.locator('.validation'), 'Valid: the experiment fits the network');
    await shot('experiments-gtpu-form.png');
    await page.getByRole('button', { name: 'Create experiment' }).click();
    await see(page.locator('.notice'), 'Experiment gtpu-murakami created');
    await see(page.locator('.detail .classes'), 'tunnel murakami-incremental');
    const { runs, ...stored } = (await rest(page, url, 'GET', 'experiments/gtpu-murakami')).body;
    assert.deepEqual(runs, []);
    assert.deepEqual(stored, preset);

    assert.equal((await rest(page, url, 'DELETE', 'experiments/gtpu-murakami')).status, 204);
    for (const tunnel of MURAKAMI) assert.equal((await rest(page, url, 'DELETE', `gtpu/tunnels/${tunnel.id}`)).status, 204);
  }],
];
