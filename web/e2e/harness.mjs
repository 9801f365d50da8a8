// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Starts the demo (lab/demo/run.sh: Sixflow's real components on the simulated ONOS of lab/sim, a
// real PostgreSQL, the built dashboard on one loopback port) and resolves with its URL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export async function startHarness(top, dashboardDir) {
  const classpathFile = join(top, 'lab', 'demo', 'target', 'demo.classpath');
  if (!existsSync(classpathFile)) {
    throw new Error(`${classpathFile} is missing: run \`make web-e2e\`, which builds the demo`);
  }
  const java = spawn(join(top, 'lab', 'demo', 'run.sh'), [dashboardDir],
    { cwd: top, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DEMO_LOG: join(top, 'web', 'e2e-artifacts', 'demo.log') } });
  const errors = [];
  java.stderr.on('data', (chunk) => errors.push(String(chunk)));
  const lines = createInterface({ input: java.stdout });
  const answers = [];
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the demo did not start within 180 s')), 180_000);
    lines.on('line', (line) => {
      const found = line.match(/^DASHBOARD_URL=(\S+)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      } else if (/^(OK|FAILED) /.test(line)) {
        answers.shift()?.(line);
      }
    });
    java.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the demo ended (${code}) before it was ready:\n${errors.join('').slice(-4000)}`));
    });
  });
  return {
    url,
    stderr: () => errors.join(''),
    /** Asks the demo for new telemetry (lab/demo's LiveTelemetry); resolves once it is stored and posted. */
    command: (line) => new Promise((resolve, reject) => {
      answers.push((answer) => (answer.startsWith('OK ') ? resolve() : reject(new Error(answer))));
      java.stdin.write(`${line}\n`);
    }),
    /** Closes the demo's standard input, which ends it; waits for it to exit. */
    stop: () => new Promise((resolve) => {
      if (java.exitCode !== null) return resolve(java.exitCode);
      const kill = setTimeout(() => java.kill('SIGKILL'), 30_000);
      java.on('exit', (code) => {
        clearTimeout(kill);
        resolve(code);
      });
      java.stdin.end();
    }),
  };
}
