import { test } from '@playwright/test';

/**
 * The local stacks of the browser tests (docs/decisions/0130-browser-specs-on-stacks-of-their-own.md, 0133): the
 * main one, which every spec but two uses, and the staff one for admin.spec.ts and announcements.spec.ts, which
 * read state every user shares (global-setup.ts starts them). The global setup gives their addresses to the workers in
 * E2E_STACKS; playwright.config.ts gives each project its stack (`metadata.stack`, and `use.baseURL`); the
 * helpers and specs reach the stack of the project their test runs in with `stack()`.
 */
export interface E2EStack {
  /** The app and its API. */
  url: string;
  /** The SES emulator's mailbox. */
  mailboxUrl: string;
  /** The table and DynamoDB Local's endpoint, for what no API offers (helpers.ts). */
  tableName: string;
  dynamoEndpoint: string;
  /** The build served as the LocalStack deployment's S3 website, calling this stack's REST API stage (the main stack only). */
  siteUrl?: string;
}

export const STACK_NAMES = ['main', 'staff'] as const;
export type StackName = (typeof STACK_NAMES)[number];
export type E2EStacks = Record<StackName, E2EStack>;

/** The environment variable global-setup.ts sets (JSON), which the workers inherit. */
export const STACKS_VARIABLE = 'E2E_STACKS';

/** The stacks, once the global setup has started them; undefined before (the runner loads the config before it). */
export function startedStacks(): E2EStacks | undefined {
  const json = process.env[STACKS_VARIABLE];
  return json ? (JSON.parse(json) as E2EStacks) : undefined;
}

/** The stack of the project the current test (or hook) runs in. */
export function stack(): E2EStack {
  const current = test.info().project.metadata.stack as E2EStack | undefined;
  if (!current) throw new Error(`Project '${test.info().project.name}' has no stack: run the tests with test/e2e/playwright.config.ts`);
  return current;
}
