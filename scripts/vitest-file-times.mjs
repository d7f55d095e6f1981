// A vitest reporter for the closing table of `npm test` (scripts/test.mjs): each test file's time, written as JSON
// to the file VITEST_FILE_TIMES names once the run ends. A file's time is its import (the module and what it
// imports, its setup files and environment, and for the API files the wait for their stack) plus its tests and
// hooks, from vitest's own diagnostic of the module; vitest's JSON reporter has only the span of the tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class FileTimes {
  files = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const importMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
    this.files.push({ file: testModule.moduleId, importMs, testsMs: d.duration, ms: importMs + d.duration });
  }

  onTestRunEnd() {
    const output = process.env.VITEST_FILE_TIMES;
    if (!output) return;
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, JSON.stringify({ files: this.files }));
  }
}
