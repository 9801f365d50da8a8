// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The dashboard against the running bmv2 lab (lab/systest/run.sh runs these after the system
// tests, so the history already holds samples the switches reported): real devices, links found
// by LLDP, a tree installed on the switches through the form, real latency samples, an experiment
// made from a preset and run on the switches from the Experiments page.
import assert from 'node:assert/strict';

import { count, fill, holds, see } from './steps.mjs';

/** ONOS's user the lab's REST API and dashboard ask for (E2E_LAB_USER, E2E_LAB_PASSWORD). */
export const labCredentials = {
  username: process.env.E2E_LAB_USER || 'onos',
  password: process.env.E2E_LAB_PASSWORD || 'rocks',
};
const authorization = `Basic ${Buffer.from(`${labCredentials.username}:${labCredentials.password}`).toString('base64')}`;

/** The lab's REST API beside its dashboard: …/onos/sixflow/ui/ → …/onos/sixflow/v1/. */
async function rest(url, method, path, body) {
  const response = await fetch(new URL(`../v1/${path}`, url), {
    method,
    headers: {
      Accept: 'application/json', Authorization: authorization,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

/** A results table's row of a class, its cells as text (the figures with their thousands commas). */
async function rowOf(page, table, className) {
  const row = page.locator(`table.${table} tbody tr`).filter({ has: page.getByRole('rowheader', { name: className, exact: true }) });
  return row.locator('th, td').allInnerTexts();
}

const figure = (text) => Number(text.replace(/,/g, ''));
/** A count as the page writes it (1,000s separated). */
const shown = (n) => n.toLocaleString('en-US');

/**
 * The experiment the page makes: the APN6 preset, cut to seconds on the lab (as lab/systest's
 * test_experiments); E2E_LAB_PROBES=50000 runs it at the study's size (about two minutes).
 */
const LAB_EXPERIMENT = 'lab-apn6';
const PROBES = Number(process.env.E2E_LAB_PROBES || 300);
const WARMUP = 100;
const INTERVAL_MICROS = 2000;
/** The preset's APN6 policy: UDP destination port 6100, no ingress ports (test_experiments' exp-apn6). */
const PRESET_POLICY = {
  id: 'apn6-ietf109', priority: 100,
  match: { nextHeader: 17, destinationPorts: { low: 6100, high: 6100 } },
  option: { slaLevel: 2, appId: 42, userId: 7, flowId: 1 }, stripAtEgress: true,
};

export const labScenarios = [
  ['overview: the lab\'s switches and its database', async ({ page, url, shot }) => {
    await page.goto(`${url}overview`);
    await see(page.locator('.database'), 'UP');
    await count(page.locator('table.devices tbody tr'), 5);
    await see(page.locator('table.devices tbody tr').first(), 'org.sixflow.full.bmv2');
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

  ['an experiment from a preset runs on the switches from the page, with its results and charts', async ({ page, url, shot }) => {
    // What the preset needs and the page cannot make: its APN6 policy (kept if the lab has it already).
    await rest(url, 'DELETE', `experiments/${LAB_EXPERIMENT}`);
    const policy = await rest(url, 'POST', 'policies', PRESET_POLICY);
    assert.ok(policy.status === 201 || policy.status === 200 || policy.status === 409,
      `policy ${PRESET_POLICY.id}: HTTP ${policy.status} ${policy.text}`);
    try {
      await page.goto(`${url}experiments`);
      await page.getByLabel('Start from a preset').selectOption({ label: 'APN6 as in IETF 109' });
      await page.getByRole('button', { name: 'Use preset' }).click();
      // The preset has the lab's ingress (beijing's port from wuhan) and hosts; a few hundred probes at
      // 2 ms, what the lab sustains with every probe reported (lab/systest's test_experiments says why).
      await holds(page.getByLabel('Ingress port', { exact: true }), 'device:beijing/1', 'Ingress port');
      await holds(page.locator('#exp-class-0-source'), 'fd00:1:1::10', "class 1's packet source");
      await holds(page.locator('#exp-class-1-policy'), PRESET_POLICY.id, "class 2's APN6 policy");
      await fill(page, {
        'Id': LAB_EXPERIMENT, 'Packets per class': String(PROBES), 'Warm-up packets': String(WARMUP),
        'Interval (µs)': String(INTERVAL_MICROS), 'Mean of how many packets': '100',
      });
      await page.getByRole('button', { name: 'Validate (dry run)' }).click();
      await see(page.locator('.validation'), 'Valid: the experiment fits the network');
      await page.getByRole('button', { name: 'Create experiment' }).click();
      await see(page.locator('.notice'), `Experiment ${LAB_EXPERIMENT} created: ${shown(2 * (PROBES + WARMUP))} packets a run.`);
      await see(page.locator('#detail-heading'), `Experiment ${LAB_EXPERIMENT}`);

      await page.getByRole('button', { name: 'Start a run' }).click();
      await see(page.locator('.sent'), `of ${shown(2 * (PROBES + WARMUP))} packets`);
      assert.match(page.url(), /run=\d+/);
      await shot('lab-experiment-running.png');
      // Sampling set up on beijing, 800 probes at 2 ms, the reports drained: seconds; a minute at most
      // (plus the probes' own time at a larger size).
      const ended = page.locator('.run-state').filter({ hasText: /State: (Done|Failed|Cancelled)/ });
      await ended.waitFor({ timeout: 120_000 + 2 * (PROBES + WARMUP) * 2 * (INTERVAL_MICROS / 1000) });
      const state = await ended.innerText();
      assert.match(state, /State: Done/, `the run did not finish: ${state}`);
      await see(page.locator('.sent'), `${shown(2 * (PROBES + WARMUP))} of ${shown(2 * (PROBES + WARMUP))} packets (100%)`);

      // The results: both classes measured at beijing, every probe received or counted lost.
      await count(page.locator('table.latency-table tbody tr'), 2);
      for (const name of ['ipv6', 'apn6']) {
        const [, sent, warmup, received, lost] = (await rowOf(page, 'loss-table', name)).map(figure);
        assert.deepEqual([sent, warmup], [PROBES, WARMUP], `${name}: sent and warm-up`);
        assert.equal(received + lost, PROBES, `${name}: ${received} received + ${lost} lost`);
        // How many come back is the lab's capacity (2 shared cores; at 1 ms 70 of 300 seen once): half
        // at least, and a class that lost any must be judged queued with its count, as the method promises.
        assert.ok(received >= 0.5 * PROBES, `${name}: only ${received} of ${PROBES} probes reported`);
        if (lost > 0) {
          await see(page.locator('.queued li').filter({ hasText: name }), `lost ${lost} of ${PROBES}`);
        }
        const latency = await rowOf(page, 'latency-table', name);
        assert.equal(figure(latency[3]), received, `${name}: latency count`);
        assert.ok(figure(latency[4]) > 0, `${name}: mean latency ${latency[4]}`);
      }
      // A class the lab's switches queued for says so (their latencies measure the queue) and is
      // compared with nothing; otherwise apn6 is compared with ipv6.
      if (await page.locator('.queued').count() > 0) {
        await see(page.locator('.queued'), 'The switch queued while these classes were measured');
        assert.equal(await page.locator('.comparison').count(), 0, 'a comparison drawn from a queued class');
      } else {
        await see(page.locator('.comparison').first(), 'apn6 against ipv6');
      }

      // The charts, from the switches' samples, each with its numbers beside it.
      for (const chart of ['histogram', 'cdf', 'box', 'loss']) {
        await page.locator(`.chart-${chart} app-echart canvas`).first().waitFor();
      }
      const unit = '(ns|µs|ms)';
      assert.match(await page.locator('.chart-cdf [role=img]').getAttribute('aria-label'),
        new RegExp(`ipv6 half of the probes within [\\d.,]+ ${unit}, 99% within [\\d.,]+ ${unit}; apn6 half`));
      assert.match(await page.locator('.chart-box [role=img]').getAttribute('aria-label'),
        new RegExp(`ipv6 median [\\d.,]+ ${unit}, quartiles .*; apn6 median [\\d.,]+ ${unit}`));
      assert.match(await page.locator('.chart-loss [role=img]').getAttribute('aria-label'),
        new RegExp(`ipv6 [\\d,]+ of (the first [\\d,]+ of )?${shown(PROBES)} lost( \\(only they were read\\))?, `
          + `apn6 [\\d,]+ of (the first [\\d,]+ of )?${shown(PROBES)} lost( \\(only they were read\\))?$`));
      await count(page.locator('table.quartiles-table tbody tr'), 2);
      // At the study's size the page reads the first samples only, and says so.
      await see(page.locator('.loss-hint'), /Every measured probe is accounted for|Only the first samples of/);
      await page.locator('.chart-cdf').scrollIntoViewIfNeeded();
      await shot('lab-experiment-results.png');

      await page.getByRole('button', { name: 'Delete experiment' }).click();
      await page.getByRole('button', { name: `Really delete ${LAB_EXPERIMENT} and its runs` }).click();
      await see(page.locator('.notice'), `Experiment ${LAB_EXPERIMENT} removed`);
    } finally {
      await rest(url, 'DELETE', `experiments/${LAB_EXPERIMENT}`);
      if (policy.status !== 409) await rest(url, 'DELETE', `policies/${PRESET_POLICY.id}`);
    }
  }],
];
