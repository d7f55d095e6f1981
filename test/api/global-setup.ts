import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../local/stack.js';

/** One embedded local stack for the API tests: in memory, free ports, the real handlers. */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({ port: 0, sesPort: 0, dataDir: ':memory:', quiet: true, dailyReminders: false });
  project.provide('apiUrl', stack.url);
  project.provide('mailboxUrl', stack.mailboxUrl);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('s3Endpoint', stack.s3Endpoint);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mailboxUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    s3Endpoint: string;
  }
}
