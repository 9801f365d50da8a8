// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The Subscribers page (PPPoE, BNG) against the harness. Its relay (BngSessionManagerFixture) has
// followed the sessions of a real capture (lab/pppoe's VM system test, replayed at start): bob
// (C-tag 11) and alice (C-tag 10) UP with their entries, mallory (C-tag 12) refused. The scenarios
// check the page against what REST answers, a session's detail, the filters in the URL, a session
// that is not there, cutting one after the confirmation, and the relay's configuration refused
// beside its fields and then saved, each step checked through the REST API.
import assert from 'node:assert/strict';

import { count, fill, holds, rest, see } from './steps.mjs';

const LABELS = { server: 'PPPoE server port', echoIntervalSeconds: 'LCP echo interval (s)',
  echoMisses: 'Echo misses before a session ends', prefixPool: 'IPv6 prefix pool', linePrefixes: 'Line prefixes' };

/** Fills the configuration form's inputs by their labels. */
const fillConfig = (page, values) => fill(page, Object.fromEntries(Object.entries(values).map(([k, v]) => [LABELS[k], v])));

/** The configuration the page saves: docs/features/bng.md's, with a lab port as the server's. */
const SAVED = { server: 'device:beijing/4', echoIntervalSeconds: 10, echoMisses: 4, prefixPool: 'fd33:1::/48',
  linePrefixes: [{ sTag: 100, cTag: 10, prefix: 'fd33:0:0:1::/64' }, { sTag: 100, cTag: 11, prefix: 'fd33:0:0:2::/64' }],
  delegatedPool: null, delegatedLength: 56, forwardDevice: null,
  defaultMeter: { upstream: null, downstream: null }, lineMeters: [] };

export const bngScenarios = [
  ['bng: the Subscribers page shows the sessions REST has, one in detail, the filters in the URL, a cut after confirming', async ({ page, url, shot }) => {
    const sessions = (await rest(page, url, 'GET', 'bng/sessions')).body.sessions;
    const { lines } = (await rest(page, url, 'GET', 'bng/lines')).body;
    const byUser = Object.fromEntries(sessions.map((s) => [s.user ?? s.line.cTag, s]));
    assert.equal(sessions.length, 3, 'the replayed capture: bob, alice, mallory');
    assert.equal(lines.length, 3);
    const bob = byUser['bob@sixflow'];
    const alice = byUser['alice@sixflow'];
    assert.deepEqual([bob.state, alice.state], ['UP', 'UP']);
    assert.equal(bob.install.state, 'INSTALLED');
    assert.equal(sessions.filter((s) => s.state === 'ENDED').length, 1);

    await page.goto(`${url}overview`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscribers' }).click();
    await page.waitForURL(/\/bng$/);
    // The router names the page once the navigation ends, a moment after the URL changes.
    await page.waitForFunction(() => document.title === 'Subscribers · Sixflow');
    await count(page.locator('table.sessions tbody tr'), 3);
    await count(page.locator('table.lines tbody tr'), 3);
    await see(page.locator('table.sessions tbody tr').filter({ hasText: 'bob@sixflow' }), bob.ipv4);

    // The state filter goes to the URL and says how many there are in all.
    await page.getByLabel('State', { exact: true }).selectOption('UP');
    await page.waitForURL(/[?&]state=UP/);
    await count(page.locator('table.sessions tbody tr'), 2);
    await see(page.locator('.shown-count'), '2 of 3 sessions shown.');
    await page.getByLabel('State', { exact: true }).selectOption('ENDED');
    await page.waitForURL(/[?&]state=ENDED/);
    await count(page.locator('table.sessions tbody tr'), 1);
    await page.getByLabel('State', { exact: true }).selectOption('');
    await page.waitForURL(/\/bng$/);

    // bob's session in detail: what REST says of it, its line's counters.
    await page.getByRole('button', { name: `Session ${bob.id} of bob@sixflow` }).click();
    await page.waitForURL(new RegExp(`[?&]session=${bob.id}`));
    await see(page.locator('#detail-heading'), `Session ${bob.id}`);
    await see(page.locator('.session-state'), 'State: UP, entries INSTALLED');
    await see(page.locator('.facts'), bob.ipv6Prefix);
    await see(page.locator('.facts'), bob.subscriberMac);
    await count(page.locator('table.counters tbody tr'), Object.keys(bob.counters).length);
    await shot('bng.png');

    // A session the relay does not follow: the detail says the server's 404, and REST agrees.
    assert.equal((await rest(page, url, 'GET', 'bng/sessions/99')).status, 404);
    assert.equal((await rest(page, url, 'DELETE', 'bng/sessions/99')).status, 404);
    await page.goto(`${url}bng?session=99`);
    await see(page.locator('.detail [role=alert]'), 'Cannot show session 99: No BNG session 99');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/bng$/);
    // The URL changes before Angular takes the detail out: wait for it to go, then check.
    await page.locator('.detail').waitFor({ state: 'detached', timeout: 5000 });
    assert.equal(await page.locator('.detail').count(), 0);

    // Cutting alice's session takes a confirmation that names her; then REST has it ended.
    await page.goto(`${url}bng?session=${alice.id}`);
    await see(page.locator('.session-state'), 'State: UP');
    await page.getByRole('button', { name: 'Cut session' }).click();
    await see(page.locator('.confirm-cut'), 'Cut the session of alice@sixflow');
    await page.locator('#confirm-cut:focus').waitFor();
    await page.locator('#confirm-cut').click();
    await see(page.getByRole('status').filter({ hasText: 'cut' }), `Session ${alice.id} of alice@sixflow`);
    await see(page.locator('.session-state'), 'Ended: cut by the operator');
    const cut = (await rest(page, url, 'GET', `bng/sessions/${alice.id}`)).body;
    assert.deepEqual([cut.state, cut.endReason, cut.install.state], ['ENDED', 'cut by the operator', 'REQUESTED']);
    assert.equal((await rest(page, url, 'DELETE', `bng/sessions/${alice.id}`)).status, 404, 'an ended session is not cut twice');
    assert.equal((await rest(page, url, 'GET', `bng/sessions/${bob.id}`)).body.state, 'UP', 'bob is untouched');
    await shot('bng-cut.png');
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
    await holds(page.getByLabel(LABELS.server, { exact: true }), SAVED.server, LABELS.server);
    assert.equal(await page.getByLabel(LABELS.echoIntervalSeconds, { exact: true }).inputValue(), '10');
    assert.equal(await page.getByLabel(LABELS.linePrefixes, { exact: true }).inputValue(),
      '100 10 fd33:0:0:1::/64\n100 11 fd33:0:0:2::/64');
    await shot('bng-config.png');
  }],
];
