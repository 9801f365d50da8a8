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

/** Fills the labelled inputs of a form: { 'Id': 'video', … }. */
export async function fill(page, fields) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}
