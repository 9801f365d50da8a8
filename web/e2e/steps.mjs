// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// The steps a scenario is written in, shared by the harness's and the lab's scenarios.
import assert from 'node:assert/strict';

/** Waits until the locator's text contains the given text. */
export async function see(locator, text) {
  await locator.filter({ hasText: text }).first().waitFor();
}

/** Waits until the locator matches exactly n elements. */
export async function count(locator, n) {
  const deadline = Date.now() + 15_000;
  let seen;
  while ((seen = await locator.count()) !== n) {
    if (Date.now() > deadline) assert.fail(`expected ${n} elements, found ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until an input holds the value, at most 15 s: a form the page fills (a preset, a
 * configuration that arrives) renders its inputs a change detection later than the click.
 */
export async function holds(locator, value, what = 'the input') {
  const deadline = Date.now() + 15_000;
  let seen;
  while ((seen = await locator.inputValue()) !== value) {
    if (Date.now() > deadline) assert.fail(`${what} never showed ${JSON.stringify(value)} (it shows ${JSON.stringify(seen)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fills the labelled inputs of a form: { 'Id': 'video', … }. */
export async function fill(page, fields) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Asks the REST API behind the dashboard: { status, body } (body parsed when there is one). */
export async function rest(page, url, method, path, data) {
  const response = await page.request.fetch(`${url}onos/sixflow/v1/${path}`, { method, data });
  const text = await response.text();
  return { status: response.status(), body: text ? JSON.parse(text) : null };
}

/** Asks until the check answers something (not null), at most 15 s; resolves with the answer. */
export async function until(check, what) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await check();
    if (answer !== null && answer !== undefined) return answer;
    if (Date.now() > deadline) assert.fail(`waited 15 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
