// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// End-to-end tests of the dashboard: Playwright (playwright-core) drives Debian's headless Chromium
// against the built dashboard and the app's real REST API in app/'s DashboardHarness. Every view
// is saved as a screenshot in web/e2e-artifacts/. Ends with "e2e: N passed, N failed".
// With E2E_LAB_URL (the dashboard of a running bmv2 lab, e.g. http://127.0.0.1:8181/onos/sixflow/ui/)
// it runs lab-scenarios.mjs against that lab instead of starting the harness.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startHarness } from './harness.mjs';
import { labCredentials, labScenarios } from './lab-scenarios.mjs';
import { scenarios as harnessScenarios } from './scenarios.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const top = join(web, '..');
const artifacts = join(web, 'e2e-artifacts');
const dashboard = join(web, 'dist', 'sixflow-web', 'browser');
const only = process.argv[2];

rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

const labUrl = process.env.E2E_LAB_URL;
const scenarios = labUrl ? labScenarios : harnessScenarios;
const harness = labUrl ? { url: labUrl, stop: async () => 0, stderr: () => '' } : await startHarness(top, dashboard);
console.log(`e2e: dashboard and REST API at ${harness.url}${labUrl ? ' (the bmv2 lab)' : ''}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_BIN || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
// A lab on real ONOS asks for ONOS's user (HTTP basic): the browser answers with these, as a
// signed-in operator's does; the harness and the stand-in ask for nothing.
const context = await browser.newContext({
  viewport: { width: 1400, height: 900 }, colorScheme: 'light',
  ...(labUrl ? { httpCredentials: labCredentials } : {}),
});
context.setDefaultTimeout(15_000);
const page = await context.newPage();
const consoleErrors = [];
page.on('pageerror', (error) => consoleErrors.push(String(error)));
// Angular reports errors it catches on the console; failed requests are the views' business.
page.on('console', (message) => {
  if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
    consoleErrors.push(message.text());
  }
});

let passed = 0;
let failed = 0;
for (const [name, scenario] of scenarios) {
  if (only && !name.includes(only)) continue;
  const started = Date.now();
  try {
    consoleErrors.length = 0;
    await scenario({ page, url: harness.url, harness, shot: (file) => page.screenshot({ path: join(artifacts, file), fullPage: true }) });
    if (consoleErrors.length) throw new Error(`uncaught errors in the page: ${consoleErrors.join('; ')}`);
    passed++;
    console.log(`  ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`  FAIL ${name}: ${error instanceof Error ? error.stack : error}`);
    await page.screenshot({ path: join(artifacts, `FAILED-${name.replace(/\W+/g, '-')}.png`), fullPage: true })
      .catch(() => undefined);
  }
}

await browser.close();
const code = await harness.stop();
if (failed && code !== 0) console.log(harness.stderr().slice(-4000));
console.log(`\ne2e: ${passed} passed, ${failed} failed (screenshots in ${artifacts})`);
process.exit(failed ? 1 : 0);
