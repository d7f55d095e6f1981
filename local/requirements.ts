import { spawnSync } from 'node:child_process';
import { CannotStart } from './cannot-start.js';

const [major] = process.versions.node.split('.').map(Number);

export function checkNode(): void {
  if (major < 20) throw new CannotStart(`Node.js 20 or newer is required (this is ${process.version}).`);
}

/** DynamoDB Local is AWS's Java program: it needs a Java runtime (11+) on the PATH. */
export function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new CannotStart(
      'A Java runtime was not found: DynamoDB Local needs Java 11 or newer on the PATH. ' +
        'Install one (Debian/Ubuntu: sudo apt-get install -y default-jre-headless; macOS: brew install openjdk) and try again.',
    );
  }
}
