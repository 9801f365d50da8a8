// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Unit tests in Debian's headless Chromium (CHROME_BIN, default /usr/bin/chromium). As root,
// Chromium needs --no-sandbox; the other flags keep it off the network this machine lacks.
process.env.CHROME_BIN = process.env.CHROME_BIN || '/usr/bin/chromium';

/** Ends a run with the plain "web: N passed, N failed" line that CI logs are read for. */
function SummaryReporter(baseReporterDecorator) {
  baseReporterDecorator(this);
  this.adapters = [];
  this.onRunComplete = (_browsers, results) => {
    const passed = results.success;
    const failed = results.failed + (results.error ? 1 : 0);
    process.stdout.write(`\nweb: ${passed} passed, ${failed} failed\n`);
  };
}
SummaryReporter.$inject = ['baseReporterDecorator'];

// Interactive runs get Karma's progress bar and the HTML reporter; CI (no terminal) gets dots.
const interactive = process.stdout.isTTY && !process.env.CI;

module.exports = function (config) {
  config.set({
    basePath: '',
    frameworks: ['jasmine'],
    plugins: [
      require('karma-jasmine'),
      require('karma-chrome-launcher'),
      require('karma-jasmine-html-reporter'),
      require('karma-coverage'),
      { 'reporter:summary': ['type', SummaryReporter] },
    ],
    client: {
      jasmine: {
        random: true,
      },
    },
    jasmineHtmlReporter: {
      suppressAll: true,
    },
    coverageReporter: {
      dir: require('path').join(__dirname, './coverage/sixflow-web'),
      subdir: '.',
      reporters: [{ type: 'html' }, { type: 'text-summary' }],
    },
    reporters: interactive ? ['progress', 'kjhtml', 'summary'] : ['dots', 'summary'],
    colors: interactive,
    customLaunchers: {
      ChromeHeadlessCI: {
        base: 'ChromeHeadless',
        flags: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    },
    browsers: ['ChromeHeadlessCI'],
    restartOnFileChange: true,
  });
};
