// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Starts app/'s DashboardHarness (real REST resources and managers over the simulated lab, a real
// PostgreSQL, the built dashboard on one loopback port) and resolves with its URL.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The JVM flags the Maven tests run with (the root pom's surefire argLine), so ONOS's Kryo works. */
function jvmFlags(top) {
  const match = readFileSync(join(top, 'pom.xml'), 'utf8').match(/<argLine>([^<]*)<\/argLine>/);
  return match ? match[1].trim().split(/\s+/) : [];
}

export async function startHarness(top, dashboardDir) {
  const app = join(top, 'app');
  const classpathFile = join(app, 'target', 'e2e.classpath');
  if (!existsSync(classpathFile) || !existsSync(join(app, 'target', 'test-classes'))) {
    throw new Error(`${classpathFile} or app/target/test-classes is missing: run \`make web-e2e\`, which builds them`);
  }
  const classpath = ['target/classes', 'target/test-classes', readFileSync(classpathFile, 'utf8').trim()].join(':');
  const java = spawn('java', [...jvmFlags(top), '-cp', classpath, 'org.sixflow.app.e2e.DashboardHarness', dashboardDir],
    { cwd: app, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors = [];
  java.stderr.on('data', (chunk) => errors.push(String(chunk)));
  const lines = createInterface({ input: java.stdout });
  const answers = [];
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the harness did not start within 180 s')), 180_000);
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
      reject(new Error(`the harness ended (${code}) before it was ready:\n${errors.join('').slice(-4000)}`));
    });
  });
  return {
    url,
    stderr: () => errors.join(''),
    /** Asks the harness for new telemetry (see LiveTelemetry.java); resolves once it is stored and posted. */
    command: (line) => new Promise((resolve, reject) => {
      answers.push((answer) => (answer.startsWith('OK ') ? resolve() : reject(new Error(answer))));
      java.stdin.write(`${line}\n`);
    }),
    /** Closes the harness's standard input, which ends it; waits for it to exit. */
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
