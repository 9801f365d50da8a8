// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The Subscribers page (PPPoE, BNG) against the harness. Its relay (BngSessionManagerFixture) runs
// over the lab's devices, none of them on a BNG profile and no packet reaching it, so it follows no
// session and has seen no line: the scenarios check the page's empty states against what REST
// answers, a session that is not there, the filters in the URL, and the relay's configuration
// refused beside its fields and then saved, each step checked through the REST API.
import assert from 'node:assert/strict';

import { count, fill, rest, see } from './steps.mjs';

const LABELS = { server: 'PPPoE server port', echoIntervalSeconds: 'LCP echo interval (s)',
  echoMisses: 'Echo misses before a session ends', prefixPool: 'IPv6 prefix pool', linePrefixes: 'Line prefixes' };

/** Fills the configuration form's inputs by their labels. */
const fillConfig = (page, values) => fill(page, Object.fromEntries(Object.entries(values).map(([k, v]) => [LABELS[k], v])));

/** The configuration the page saves: docs/features/bng.md's, with a lab port as the server's. */
const SAVED = { server: 'device:beijing/4', echoIntervalSeconds: 10, echoMisses: 4, prefixPool: 'fd33:1::/48',
  linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }, { sTag: 100, cTag: 11, prefix: 'fd33:0:0:2::/64' }] };

export const bngScenarios = [
  ['bng: the Subscribers page says what REST has: no session, no line; a session that is not there; filters in the URL', async ({ page, url, shot }) => {
    const sessions = (await rest(page, url, 'GET', 'bng/sessions')).body.sessions;
    const { lines, dropped } = (await rest(page, url, 'GET', 'bng/lines')).body;
    assert.deepEqual([sessions, lines], [[], []], 'the harness relays no PPPoE');
    await page.goto(`${url}overview`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscribers' }).click();
    await page.waitForURL(/\/bng$/);
    // The router names the page once the navigation ends, a moment after the URL changes.
    await page.waitForFunction(() => document.title === 'Subscribers · Sixflow');
    await see(page.locator('.status.empty').first(), 'No PPPoE sessions: no subscriber has one now');
    await see(page.locator('.no-lines'), 'No lines yet');
    const drops = Object.values(dropped).reduce((sum, n) => sum + n, 0);
    if (drops === 0) {
      await see(page.locator('.no-drops'), 'None.');
    } else {
      await count(page.locator('table.dropped tbody tr'), Object.keys(dropped).length);
    }
    await shot('bng-empty.png');

    // The state filter goes to the URL and says how many there are in all.
    await page.getByLabel('State', { exact: true }).selectOption('UP');
    await page.waitForURL(/[?&]state=UP/);
    await see(page.locator('.status.empty').first(), 'No sessions match these filters (0 in all)');
    await page.getByRole('button', { name: 'Show every session' }).click();
    await page.waitForURL(/\/bng$/);

    // A session the relay does not follow: the detail says the server's 404, and REST agrees.
    assert.equal((await rest(page, url, 'GET', 'bng/sessions/1')).status, 404);
    assert.equal((await rest(page, url, 'DELETE', 'bng/sessions/1')).status, 404);
    await page.goto(`${url}bng?session=1`);
    await see(page.locator('.detail [role=alert]'), 'Cannot show session 1: No BNG session 1');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/bng$/);
    assert.equal(await page.locator('.detail').count(), 0);
  }],

  ['bng: the relay configuration is refused beside its fields with what was typed kept, then saved; REST has it', async ({ page, url, shot }) => {
    const before = (await rest(page, url, 'GET', 'bng/config')).body;
    await page.goto(`${url}bng`);
    await see(page.locator('#config-heading'), 'Relay configuration');
    await page.getByLabel(LABELS.server, { exact: true }).waitFor();
    assert.equal(await page.getByLabel(LABELS.server, { exact: true }).inputValue(), before.server ?? '');
    assert.equal(await page.getByLabel(LABELS.echoMisses, { exact: true }).inputValue(), String(before.echoMisses));

    // The browser's own check: nothing is sent.
    await fillConfig(page, { server: '', echoIntervalSeconds: '0' });
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await see(page.locator('#config-server-error'), 'server is required');
    await see(page.locator('#config-echoIntervalSeconds-error'), 'must be a whole number 1..3600');
    await page.locator('#config-server:focus').waitFor();

    // What only the server can tell (BngConfigJson): a port without its number, bits past a
    // prefix's length, a line prefix that is not a /64; each beside its field.
    await fillConfig(page, { server: 'device:beijing', echoIntervalSeconds: '10', prefixPool: 'fd33:1::1/48',
      linePrefixes: '100 10 fd33:0:0:1::/64\n100 11 fd33::/48' });
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await see(page.locator('#config-server-error'), '"device:beijing" is not device/port');
    await see(page.locator('#config-prefixPool-error'), 'has bits set past its length');
    await see(page.locator('#config-linePrefixes-error'), 'line 2 ("100 11 fd33::/48"): prefix fd33::/48 must be a /64');
    assert.equal(await page.locator('#config-echoIntervalSeconds-error').innerText(), '');
    assert.equal(await page.locator('#config-prefixPool').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#config-server').inputValue(), 'device:beijing');
    assert.equal(await page.locator('#config-linePrefixes').inputValue(), '100 10 fd33:0:0:1::/64\n100 11 fd33::/48');
    await shot('bng-config-errors.png');
    assert.deepEqual((await rest(page, url, 'GET', 'bng/config')).body, before, 'a refused configuration changes nothing');

    await fillConfig(page, { server: SAVED.server, prefixPool: SAVED.prefixPool,
      linePrefixes: SAVED.linePrefixes.map((p) => `${p.sTag} ${p.cTag} ${p.prefix}`).join('\n') });
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await see(page.getByRole('status').filter({ hasText: 'saved' }), 'BNG configuration saved.');
    assert.equal(await page.locator('#config-server-error').innerText(), '');
    assert.deepEqual((await rest(page, url, 'GET', 'bng/config')).body, SAVED);

    // A new visit shows what is stored.
    await page.goto(`${url}bng`);
    await page.getByLabel(LABELS.server, { exact: true }).waitFor();
    await holds(page, LABELS.server, SAVED.server);
    assert.equal(await page.getByLabel(LABELS.echoIntervalSeconds, { exact: true }).inputValue(), '10');
    assert.equal(await page.getByLabel(LABELS.linePrefixes, { exact: true }).inputValue(),
      '100 10 fd33:0:0:1::/64\n100 11 fd33:0:0:2::/64');
    await shot('bng.png');
  }],
];

/** Waits until the labelled input holds the value (the form is filled when the configuration arrives). */
async function holds(page, label, value) {
  const input = page.getByLabel(label, { exact: true });
  const deadline = Date.now() + 15_000;
  while ((await input.inputValue()) !== value) {
    if (Date.now() > deadline) assert.fail(`${label} never showed ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
