// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// What a person does on each page, in order (later scenarios use what earlier ones created).
import assert from 'node:assert/strict';

import { count, fill, see } from './steps.mjs';

export const scenarios = [
  ['overview shows health, devices and recent events from the database, new ones live', async ({ page, url, harness, shot }) => {
    await page.goto(`${url}overview`);
    await see(page.locator('.database'), 'UP');
    await count(page.locator('table.devices tbody tr'), 5);
    await see(page.locator('.events'), 'DEVICE_ADDED');
    await harness.command('event DEVICE_AVAILABILITY_CHANGED device:wuhan');
    await see(page.locator('.events tbody tr').first(), 'DEVICE_AVAILABILITY_CHANGED');
    await shot('overview.png');
  }],

  ['topology draws the lab: five devices, six links', async ({ page, url, shot }) => {
    await page.goto(`${url}topology`);
    await page.locator('app-topology-graph canvas').first().waitFor();
    assert.equal(await page.getByRole('img').getAttribute('aria-label'), 'Network of 5 devices and 6 links');
    await count(page.locator('table.links tbody tr'), 6);
    await see(page.locator('.hint'), 'No trees yet');
    await shot('topology.png');
  }],

  ['a bad tree request shows the server error beside its field', async ({ page, url, shot }) => {
    await page.goto(`${url}trees`);
    await see(page.locator('.status.empty'), 'No trees are installed');
    await fill(page, {
      'Id': 'bad', 'Source port or host': 'device:beijing/3', 'Group (IPv6 multicast)': 'banana',
      'Receivers (one port or host per line)': 'device:nanjing/4',
    });
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.locator('#tree-group-error'), '"banana" is not an IPv6 address');
    assert.equal(await page.locator('#tree-group').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Group (IPv6 multicast)', { exact: true }).fill('fd00::1');
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.locator('#tree-group-error'), 'not an IPv6 multicast address');
    await page.getByLabel('Group (IPv6 multicast)', { exact: true }).fill('ff3e::9');
    await page.getByLabel('Receivers (one port or host per line)', { exact: true }).fill('nanjing');
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.locator('#tree-receivers-error'), 'is not a port like device:beijing/3');
    await page.getByLabel('Receivers (one port or host per line)', { exact: true }).fill('device:nanjing/4');
    await page.getByLabel('Max hops (optional)', { exact: true }).fill('two');
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.locator('#tree-max-hops-error'), 'constraints.maxHops must be a number');
    await shot('trees-errors.png');
  }],

  ['create a tree through the form; it is listed and installed', async ({ page, url, shot }) => {
    await page.goto(`${url}trees`);
    await fill(page, {
      'Avoid devices (optional)': 'device:wuhan',
      'Id': 'video', 'Source port or host': 'device:beijing/3', 'Group (IPv6 multicast)': 'ff3e::1',
      'Receivers (one port or host per line)': 'device:nanjing/4\ndevice:shanghai/3\nhost:00:00:00:00:05:10/None',
    });
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.getByRole('status'), 'Tree video installed');
    await count(page.locator('table.trees tbody tr'), 1);
    await see(page.locator('table.trees tbody tr'), 'ff3e::1');
    await see(page.locator('#detail-heading'), 'Tree video');
    await count(page.locator('table.device-entries tbody tr'), 4);
    assert.match(page.url(), /[?&]tree=video/);
    await shot('trees.png');
  }],

  ['the topology draws the selected tree over the network', async ({ page, url, shot }) => {
    await page.goto(`${url}topology?tree=video`);
    await see(page.locator('#tree-heading'), 'Tree video');
    assert.equal(await page.getByRole('img').getAttribute('aria-label'),
      'Network of 5 devices and 6 links, with tree video drawn over it');
    await count(page.locator('table.links tr.in-tree'), 3);
    await see(page.locator('.replication-points'), 'device:nanjing');
    await count(page.locator('.sids li'), 3);
    await shot('topology-tree.png');
  }],

  ['change the receivers of the tree from its shared URL', async ({ page, url }) => {
    await page.goto(`${url}trees?tree=video`);
    const receivers = page.getByLabel('Receivers (one port or host per line)').first();
    await see(page.locator('#detail-heading'), 'Tree video');
    await page.locator('#edit-receivers').fill('device:nanjing/4\ndevice:guangzhou/3');
    await page.getByRole('button', { name: 'Save receivers' }).click();
    await see(page.getByRole('status'), 'now reaches 2 receiver(s)');
    await see(page.locator('table.trees tbody tr'), 'video');
    assert.ok(receivers);
  }],

  ['create a policy after a dry-run check; its entries per device are shown', async ({ page, url, shot }) => {
    await page.goto(`${url}policies`);
    await see(page.locator('.status.empty'), 'No policies are installed');
    await fill(page, {
      'Id': 'video-gold', 'Name (optional)': 'video, gold SLA', 'Priority (1–65535)': '200',
      'Source prefix': 'fd00:1:1::/64', 'Next header (6 TCP, 17 UDP)': '17', 'SLA level': '3', 'App id': '7',
    });
    await page.getByLabel('Destination ports, low').fill('5004');
    await page.getByRole('button', { name: 'Check overlaps' }).click();
    await see(page.locator('.validation'), 'No overlap: the policy can be installed');
    await page.getByRole('button', { name: 'Create policy' }).click();
    // The owner instance installs it a moment after the REST answer; the view follows without a refresh.
    await see(page.getByRole('status').first(), /Policy video-gold (installed|requested)/);
    await count(page.locator('table.policies tbody tr'), 1);
    await see(page.locator('#detail-heading'), 'Policy video-gold');
    await see(page.locator('.policy-state'), 'State: Installed');
    await page.locator('table.device-entries tbody tr').first().waitFor({ timeout: 10_000 });
    await shot('policies.png');
  }],

  ['an overlapping or malformed policy is refused with the reason beside the field', async ({ page, url, shot }) => {
    await page.goto(`${url}policies`);
    await fill(page, { 'Id': 'video-clash', 'Priority (1–65535)': '200', 'Source prefix': 'fd00:1::/32',
      'Next header (6 TCP, 17 UDP)': '17', 'SLA level': '1' });
    await page.getByRole('button', { name: 'Check overlaps' }).click();
    await see(page.locator('.validation'), 'cannot be installed');
    await see(page.locator('.validation .conflict'), 'video-gold');
    await page.getByLabel('Source prefix', { exact: true }).fill('fd00:zz::/32');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await see(page.locator('#policy-source-error'), 'is not an IPv6 prefix');
    await page.getByLabel('Source prefix', { exact: true }).fill('fd00:9::/32');
    await page.getByLabel('App id', { exact: true }).fill('seven');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await see(page.locator('#policy-appId-error'), 'option.appId must be a whole number');
    await shot('policies-errors.png');
  }],

  ['latency shows the series, histogram and feature-vs-baseline table from stored samples', async ({ page, url, shot }) => {
    await page.goto(`${url}latency?device=device:beijing&class=apn6-insert&baseline=ipv6`);
    await page.locator('.series app-echart canvas').waitFor();
    await page.locator('.histogram app-echart canvas').waitFor();
    await see(page.locator('.series .hint'), 'points, one per 60 s');
    await see(page.locator('.histogram .hint'), '1800 samples in 20 buckets');
    const samples = page.locator('table.features tr', { hasText: 'Samples' });
    await see(samples, '1800');
    await see(page.locator('table.features tr', { hasText: 'Normal (KS)' }), 'yes');
    await count(page.locator('table.probabilities tbody tr'), 3);
    await see(page.locator('.stability'), '1799 consecutive pairs');
    assert.equal(await page.getByLabel('Feature class').inputValue(), 'apn6-insert');
    await shot('latency.png');
  }],

  ['new latency samples arrive live over the stream and the panels reload', async ({ page, url, harness }) => {
    await page.goto(`${url}latency?device=device:beijing&class=apn6-insert&baseline=ipv6`);
    await see(page.locator('.histogram .hint'), '1800 samples');
    await see(page.locator('.live'), 'Live updates: open');
    await harness.command('latency device:beijing apn6-insert 10');
    await see(page.locator('.histogram .hint'), '1810 samples');
    await see(page.locator('table.features tr', { hasText: 'Samples' }), '1810');
  }],

  ['ports lists the stored gNMI counters with rates, and new readings live', async ({ page, url, harness, shot }) => {
    await page.goto(`${url}ports?device=device:beijing`);
    await count(page.locator('table.ports tbody tr'), 3);
    await see(page.locator('table.ports tbody tr').first(), '6.4 Mb/s');
    await see(page.locator('table.ports tbody tr').first(), '1,000');
    await page.getByLabel('Device', { exact: true }).selectOption('');
    await count(page.locator('table.ports tbody tr'), 16);
    assert.doesNotMatch(page.url(), /device=/);
    await see(page.locator('.live'), 'Live updates: open');
    await harness.command('ports device:beijing 1');
    const port1 = page.locator('table.ports tbody tr', { hasText: 'device:beijing' }).first();
    await see(port1, '50,000');
    await see(port1, '320.0 Mb/s');
    await page.getByRole('button', { name: 'Rates of device:beijing port 2 over time' }).click();
    await page.locator('.history app-echart canvas').waitFor();
    assert.match(page.url(), /device=device%3Abeijing&port=2|port=2&device=device%3Abeijing|device=device:beijing&port=2/);
    await shot('ports.png');
  }],

  ['resources shows the MAU report and table occupancy, or says why not', async ({ page, url, shot }) => {
    // The page must show what the API answers: the report and rows when there are some, the
    // server's reason otherwise (the endpoints belong to the Tofino and P4Runtime collectors).
    const mau = await page.request.get(`${url}onos/sixflow/v1/resources/mau`);
    const tables = await page.request.get(`${url}onos/sixflow/v1/resources/tables`);
    await page.goto(`${url}resources`);
    if (mau.ok()) {
      // ECharts draws on layered canvases: the first is the chart.
      await page.locator('.mau app-echart canvas').first().waitFor();
      const report = await mau.json();
      await count(page.locator('table.totals tbody tr'), report.totals.length);
      await count(page.locator('table.mau-table tbody tr'), report.stages.length);
    } else {
      await page.locator('.mau [role=alert]').waitFor();
    }
    if (!tables.ok()) {
      await page.locator('.occupancy [role=alert]').waitFor();
    } else if ((await tables.json()).tables.length === 0) {
      await see(page.locator('.occupancy .status.empty'), 'No occupancy has been recorded');
    } else {
      await count(page.locator('table.tables tbody tr'), (await tables.json()).tables.length);
    }
    await shot('resources.png');
  }],

  ['the dark theme applies to every view', async ({ page, url, shot }) => {
    await page.goto(`${url}topology?tree=video`);
    await see(page.locator('#tree-heading'), 'Tree video');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.locator('html[data-theme=dark]').waitFor({ state: 'attached' });
    await page.locator('app-topology-graph canvas').first().waitFor();
    await shot('topology-dark.png');
    await page.goto(`${url}latency?device=device:nanjing&class=msr6-replicate`);
    await page.locator('.series app-echart canvas').waitFor();
    await count(page.locator('table.replica-table tbody tr'), 2);
    await see(page.locator('table.replica-table tbody tr').first(), '1800');
    await page.locator('.histogram app-echart canvas').waitFor();
    await see(page.locator('table.features tr', { hasText: 'Samples' }), '3600');
    await shot('latency-dark.png');
    await page.getByRole('button', { name: 'Dark theme' }).click();
  }],

  ['keyboard only: a tree is created and removed without the mouse', async ({ page, url }) => {
    await page.goto(`${url}trees`);
    await page.getByLabel('Id', { exact: true }).focus();
    await page.keyboard.type('radio');
    await page.keyboard.press('Tab');
    await page.keyboard.type('device:shanghai/3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ff3e::2');
    await page.keyboard.press('Tab');                     // source address (optional)
    await page.keyboard.press('Tab');
    await page.keyboard.type('device:beijing/3');        // receivers
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tree-group');
    await page.keyboard.press('Enter');                   // submits the form
    await see(page.getByRole('status'), 'Tree radio installed');
    await page.getByRole('button', { name: 'Delete tree' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('#confirm-delete:focus').waitFor();   // the focus moved to the confirming button
    await page.keyboard.press('Enter');
    await see(page.getByRole('status'), 'Tree radio removed.');
  }],

  ['delete the tree and the policy', async ({ page, url }) => {
    await page.goto(`${url}trees?tree=video`);
    await page.getByRole('button', { name: 'Delete tree' }).click();
    await page.getByRole('button', { name: 'Really delete video' }).click();
    await see(page.getByRole('status'), 'Tree video removed.');
    await see(page.locator('.status.empty'), 'No trees are installed');
    await page.goto(`${url}policies?policy=video-gold`);
    await page.getByRole('button', { name: 'Delete policy' }).click();
    await page.getByRole('button', { name: 'Really delete video-gold' }).click();
    await see(page.getByRole('status').first(), 'Policy video-gold removed.');
    await see(page.locator('.status.empty'), 'No policies are installed');
  }],
];
