import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * One folder for every cloud assembly the infra files synthesize (test/infra/synth.ts), deleted when the run
 * ends: a product is shared by the files of a worker, so no file may delete its own.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'subscription-tracker-infra-'));
  project.provide('infraSynthesisRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    infraSynthesisRoot: string;
  }
}
