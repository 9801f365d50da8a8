// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The dashboard against the running bmv2 lab (lab/systest/run.sh runs these after the system
// tests, so the history already holds samples the switches reported): real devices, links found
// by LLDP, a tree installed on the switches through the form, real latency samples.
import assert from 'node:assert/strict';

import { count, fill, see } from './steps.mjs';

export const labScenarios = [
  ['overview: the lab\'s switches and its database', async ({ page, url, shot }) => {
    await page.goto(`${url}overview`);
    await see(page.locator('.database'), 'UP');
    await count(page.locator('table.devices tbody tr'), 5);
    await see(page.locator('table.devices tbody tr').first(), 'org.sixflow.bmv2');
    await shot('lab-overview.png');
  }],

  ['topology: the links LLDP discovered', async ({ page, url, shot }) => {
    await page.goto(`${url}topology`);
    await page.locator('app-topology-graph canvas').first().waitFor();
    assert.equal(await page.getByRole('img').getAttribute('aria-label'), 'Network of 5 devices and 6 links');
    await count(page.locator('table.links tbody tr'), 6);
    await shot('lab-topology.png');
  }],

  ['a tree made in the form is installed on the switches, then removed', async ({ page, url, shot }) => {
    await page.goto(`${url}trees`);
    await fill(page, {
      'Id': 'lab-video', 'Source port or host': 'device:beijing/3', 'Group (IPv6 multicast)': 'ff3e::77',
      'Receivers (one port or host per line)': 'device:nanjing/4\ndevice:guangzhou/3',
    });
    await page.getByRole('button', { name: 'Create tree' }).click();
    await see(page.getByRole('status'), 'Tree lab-video installed');
    await see(page.locator('#detail-heading'), 'Tree lab-video');
    await shot('lab-trees.png');
    await page.getByRole('button', { name: 'Delete tree' }).click();
    await page.getByRole('button', { name: 'Really delete lab-video' }).click();
    await see(page.getByRole('status'), 'Tree lab-video removed.');
  }],

  ['latency shows the samples the switches reported', async ({ page, url, shot }) => {
    await page.goto(`${url}latency?device=device:beijing&class=apn6-insert&baseline=ipv6`);
    await page.locator('.histogram app-echart canvas').waitFor();
    const samples = page.locator('table.features tr', { hasText: 'Samples' });
    await samples.first().waitFor();
    const text = await samples.first().innerText();
    const figures = (text.match(/\d+/g) || []).map(Number);
    assert.ok(figures.length >= 1 && figures.every((n) => n > 0), `no real samples in "${text}"`);
    await shot('lab-latency.png');
  }],
];
