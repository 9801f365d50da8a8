// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// What a person does on each page, in order (later scenarios use what earlier ones created).
import assert from 'node:assert/strict';

import { count, fill, holds, see, until } from './steps.mjs';
import { bngScenarios } from './bng-scenarios.mjs';
import { nptv6Scenarios } from './nptv6-scenarios.mjs';
import { tunnelScenarios } from './tunnel-scenarios.mjs';

export const scenarios = [
  ['overview shows health, devices and recent events from the database, new ones live', async ({ page, url, harness, shot }) => {
    await page.goto(`${url}overview`);
    await see(page.locator('.database'), 'UP');
    // The demo's network: the bmv2 lab's msr6-study (5), multihomed (4) and bng (1) topologies.
    await count(page.locator('table.devices tbody tr'), 10);
    await see(page.locator('.events'), 'DEVICE_ADDED');
    await harness.command('event DEVICE_AVAILABILITY_CHANGED device:wuhan');
    await see(page.locator('.events tbody tr').first(), 'DEVICE_AVAILABILITY_CHANGED');
    await shot('overview.png');
  }],

  ['topology draws the demo network: ten devices, ten links', async ({ page, url, shot }) => {
    await page.goto(`${url}topology`);
    await page.locator('app-topology-graph canvas').first().waitFor();
    assert.equal(await page.getByRole('img').getAttribute('aria-label'), 'Network of 10 devices and 10 links');
    await count(page.locator('table.links tbody tr'), 10);
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
    await see(page.locator('#tree-max-hops-error'), 'constraints.maxHops must be a whole number');
    // Three bad fields at once: one 400 names them all, and the form flags each.
    await fill(page, {
      'Source port or host': 'beijing', 'Group (IPv6 multicast)': 'banana',
      'Receivers (one port or host per line)': 'device:nanjing/99\nnanjing', 'Max hops (optional)': '',
    });
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.locator('#tree-source-error'), 'is not a port like device:beijing/3');
    await see(page.locator('#tree-group-error'), '"banana" is not an IPv6 address');
    await see(page.locator('#tree-receivers-error'), 'receivers[1] "nanjing" is not a port');
    await see(page.locator('#tree-receivers-error'), 'device:nanjing/99 is no host-facing port');
    for (const id of ['#tree-source', '#tree-group', '#tree-receivers']) {
      assert.equal(await page.locator(id).getAttribute('aria-invalid'), 'true', id);
    }
    // A port that does not exist, and a link port: each named beside the receivers.
    await fill(page, { 'Source port or host': 'device:beijing/3', 'Group (IPv6 multicast)': 'ff3e::9',
      'Receivers (one port or host per line)': 'device:nanjing/99\ndevice:shanghai/1' });
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.locator('#tree-receivers-error'), 'device:nanjing/99 is no host-facing port');
    await see(page.locator('#tree-receivers-error'), 'device:shanghai/1 is a link port (to device:nanjing/3)');
    await fill(page, { 'Receivers (one port or host per line)': 'device:nanjing/4' });
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
      'Network of 10 devices and 10 links, with tree video drawn over it');
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

  ['latency without a choice in the URL opens on a device and class that have samples', async ({ page, url }) => {
    await page.goto(`${url}latency`);
    await page.locator('.series app-echart canvas').waitFor();
    await page.locator('table.features').waitFor();
    assert.notEqual(await page.getByLabel('Feature class').inputValue(), 'msr6-replicate');
    assert.equal(await page.locator('.statistics', { hasText: 'No comparison' }).count(), 0);
  }],

  ['new latency samples arrive live over the stream and the panels reload', async ({ page, url, harness }) => {
    await page.goto(`${url}latency?device=device:beijing&class=apn6-insert&baseline=ipv6`);
    await see(page.locator('.histogram .hint'), '1800 samples');
    await see(page.locator('.live'), 'Live updates: open');
    await harness.command('latency device:beijing apn6-insert 10');
    await see(page.locator('.histogram .hint'), '1810 samples');
    await see(page.locator('table.features tr', { hasText: 'Samples' }), '1810');
  }],

  ['experiments: a preset is checked, the server errors show beside their fields, then it is created', async ({ page, url, shot }) => {
    await page.goto(`${url}experiments`);
    await see(page.locator('table.experiments tbody tr'), 'apn6-vs-ipv6');
    await page.getByLabel('Start from a preset').selectOption({ label: 'APN6 as in IETF 109' });
    await see(page.locator('#exp-preset-hint'), '50,000 packets per class at 1 ms');
    await page.getByRole('button', { name: 'Use preset' }).click();
    await holds(page.getByLabel('Id', { exact: true }), 'apn6-ietf109', 'Id');
    await holds(page.locator('#exp-class-1-policy'), 'apn6-ietf109', "class 2's APN6 policy");
    await page.locator('#exp-class-0-destination').fill('banana');
    await page.getByRole('button', { name: 'Validate (dry run)' }).click();
    await see(page.locator('#exp-class-0-destination-error'), '"banana" is not an IPv6 address');
    assert.equal(await page.locator('#exp-class-0-destination').getAttribute('aria-invalid'), 'true');
    await see(page.locator('.validation'), 'Not valid');
    await page.locator('#exp-class-0-destination').fill('fd00:1:3::10');
    await page.getByRole('button', { name: 'Validate (dry run)' }).click();
    // The network check: the harness has no APN6 policy of that name.
    await see(page.locator('#exp-class-1-policy-error'), 'no APN6 policy apn6-ietf109');
    await shot('experiments-errors.png');
    await page.locator('#exp-class-1-policy').fill('');
    await page.getByRole('button', { name: 'Validate (dry run)' }).click();
    await see(page.locator('.validation'), 'Valid: the experiment fits the network');
    await page.getByRole('button', { name: 'Create experiment' }).click();
    await see(page.locator('.notice'), 'Experiment apn6-ietf109 created: 100,000 packets a run.');
    await see(page.locator('#detail-heading'), 'Experiment apn6-ietf109');
    await count(page.locator('table.experiments tbody tr'), 2);
    assert.match(page.url(), /experiment=apn6-ietf109/);
  }],

  ['experiments: a run is queued and followed live, cancelled, and the experiment deleted', async ({ page, url }) => {
    await page.goto(`${url}experiments?experiment=apn6-ietf109`);
    await see(page.locator('.status.empty'), 'Not run yet');
    await page.getByRole('button', { name: 'Start a run' }).click();
    // Another instance leads experiments in the harness, so the run waits in the queue.
    await see(page.locator('.run-state'), 'Queued — waiting for its turn');
    await see(page.locator('.sent'), '0 of 100,000 packets (0%)');
    assert.match(page.url(), /run=\d+/);
    await see(page.locator('table.experiments .last-run'), 'Queued');
    await see(page.locator('.charts-later'), 'appear when the run is done');
    await page.getByRole('button', { name: /^Cancel run \d+$/ }).click();
    await see(page.locator('.run-state'), 'Cancelled — cancelled before it started');
    await see(page.locator('table.runs tbody tr'), 'Cancelled');
    await page.getByRole('button', { name: 'Delete experiment' }).click();
    await page.locator('#confirm-delete:focus').waitFor();
    await page.keyboard.press('Enter');
    await see(page.locator('.notice'), 'Experiment apn6-ietf109 removed');
    await count(page.locator('table.experiments tbody tr'), 1);
  }],

  ['experiments: the stored results of a finished run, its chart, export and comparison', async ({ page, url, shot }) => {
    await page.goto(`${url}experiments?experiment=apn6-vs-ipv6`);
    await see(page.locator('.run-state'), 'State: Done');
    await count(page.locator('table.runs tbody tr'), 2);
    await count(page.locator('table.latency-table tbody tr'), 3);
    await see(page.locator('table.latency-table tbody tr', { hasText: 'apn6' }), '1,998');
    // Two APN6 probes were lost: the run says the switch queued for apn6 and compares only msr6-te.
    await see(page.locator('.queued[role=alert]'), 'apn6: lost 2 of 2000');
    await count(page.locator('.comparison'), 1);
    await see(page.locator('.comparison').first(), 'msr6-te against ipv6');
    await count(page.locator('.comparison').first().locator('table.one-packet tbody tr'), 4);
    await see(page.locator('table.loss-table tbody tr', { hasText: 'apn6' }), '0.1%');
    await see(page.locator('table.loss-table tbody tr', { hasText: 'msr6-te' }), '2,000');
    await see(page.locator('table.stages-table tbody tr', { hasText: 'device:nanjing' }).first(), 'msr6-replicate');
    await count(page.locator('table.stages-table tbody tr', { hasText: 'device:nanjing' }), 2);
    await page.locator('.chart-histogram app-echart canvas').first().waitFor();
    assert.match(await page.locator('.chart-histogram [role=img]').getAttribute('aria-label'),
      /ipv6 2,000 samples, apn6 1,998 samples, msr6-te 2,000 samples/);
    // The CDF, the boxes and the loss along the run, from the same samples, their numbers in tables.
    for (const chart of ['cdf', 'box', 'loss']) await page.locator(`.chart-${chart} app-echart canvas`).first().waitFor();
    assert.match(await page.locator('.chart-cdf [role=img]').getAttribute('aria-label'),
      /^Latency CDF of run \d+: ipv6 half of the probes within \d+ ns, 99% within \d+ ns; apn6 .*; msr6-te /);
    assert.match(await page.locator('.chart-box [role=img]').getAttribute('aria-label'),
      /ipv6 median \d+ ns, quartiles \d+ ns to \d+ ns; apn6 median/);
    await count(page.locator('table.quartiles-table tbody tr'), 3);
    await see(page.locator('table.quartiles-table tbody tr', { hasText: 'apn6' }), '1,998');
    await see(page.locator('.box-caption'), '1.5 IQR of the box (Tukey)');
    // APN6 probes 1501 and 1502 (sequences 1500, 1501) were lost: both in the stretch 1501–1550.
    assert.match(await page.locator('.chart-loss [role=img]').getAttribute('aria-label'),
      /ipv6 0 of 2,000 lost, apn6 2 of 2,000 lost, msr6-te 0 of 2,000 lost$/);
    await page.locator('details.chart-numbers summary').click();
    await count(page.locator('table.loss-time-table tbody tr'), 40);
    assert.equal((await page.locator('table.loss-time-table tbody tr', { hasText: '1501–1550' }).innerText())
      .split(/\s+/).join(' '), '1501–1550 0 2 0');
    await see(page.locator('.loss-hint'), 'Every measured probe is accounted for');
    await page.locator('details.study-table[data-table=latency] summary').click();
    await see(page.locator('details.study-table[data-table=latency] tbody tr').last(), 'DIFF');
    const href = await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href');
    const csv = await page.request.get(new URL(href, url).toString());
    assert.equal(csv.status(), 200);
    assert.match(await csv.text(), /Experiment,Mean,STDEV,MAX,MIN,Range/);
    await shot('experiments-results.png');

    await page.getByLabel(/^Compare run \d+ with$/).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await count(page.locator('table.comparison-table tbody tr'), 3);
    await see(page.locator('table.comparison-table tbody tr', { hasText: 'apn6' }), 'yes');
    assert.match(page.url(), /compare=\d+/);
    await shot('experiments-compare.png');

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.locator('html[data-theme=dark]').waitFor({ state: 'attached' });
    await page.locator('.chart-cdf app-echart canvas').first().waitFor();
    await shot('experiments-dark.png');
    await page.getByRole('button', { name: 'Dark theme' }).click();
  }],

  ...tunnelScenarios,

  ['ports lists the stored gNMI counters with rates, and new readings live', async ({ page, url, harness, shot }) => {
    await page.goto(`${url}ports?device=device:beijing`);
    await count(page.locator('table.ports tbody tr'), 3);
    await see(page.locator('table.ports tbody tr').first(), '6.4 Mb/s');
    await see(page.locator('table.ports tbody tr').first(), '1,000');
    await page.getByLabel('Device', { exact: true }).selectOption('');
    // Every port of the demo's ten devices has its two stored readings (msr6-study 16, multihomed 10, bng 3).
    await count(page.locator('table.ports tbody tr'), 29);
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

  ...nptv6Scenarios,

  ...bngScenarios,

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
      // Tables without entries are hidden until asked for. Occupancy is live (an earlier scenario's
      // removal may still be reaching the devices), so the page is reloaded until it shows what
      // REST answers at the same moment.
      await page.locator('.occupancy .filters').first().waitFor();
      const all = await until(async () => {
        const now = (await (await page.request.get(`${url}onos/sixflow/v1/resources/tables`)).json()).tables;
        const used = now.filter((t) => t.entries > 0).length;
        const shown = page.locator('.occupancy .filters').filter({ hasText: `${used} of ${now.length} tables shown` });
        if (await shown.count() > 0) return now;
        await page.reload();
        await page.locator('.occupancy .filters').first().waitFor();
        return null;
      }, 'the occupancy the page shows matches REST');
      const used = all.filter((t) => t.entries > 0).length;
      await count(page.locator('table.tables tbody tr'), used);
      await page.getByLabel('Hide empty tables').uncheck();
      await count(page.locator('table.tables tbody tr'), all.length);
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
