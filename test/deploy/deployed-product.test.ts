import { randomUUID } from 'node:crypto';
import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_STACK_NAME, STACK_NAME } from '../../infra/subscription-tracker.js';
import {
  clientConfig,
  emulatorEndpoint,
  emulatorMail,
  ownerPasswordWithinRules,
  stackResources,
  stackStatus,
} from '../../scripts/emulator.js';
import { addDays } from '../../shared/domain/dates.js';
import { passwordProblem } from '../../shared/domain/password.js';
import { type RunningCommand, runCommand } from '../commands/command.js';

/**
 * The testers' stack deployed for real (issue 39): `npm run deploy:local` to the emulator at AWS_ENDPOINT_URL
 * (CI starts MiniStack), then the deployed product walked through the emulator as a client would, with the
 * README's commands as written: sign up, the verification mail from the emulator's SES, sign in, a subscription,
 * the reminder planner's run and its mail, the owner's admin list, `npm run destroy:local`, which keeps the data, and
 * `npm run destroy:local -- --all`, which does not: the walk leaves the emulator without the product.
 */

interface DeployedOutputs {
  ApiUrl: string;
  SiteUrl: string;
  SiteBucketName: string;
  TableName: string;
  ReminderFunctionName: string;
  OwnerUsername: string;
  OwnerPasswordSecretArn: string;
}

let outputs: DeployedOutputs;

async function finished(command: RunningCommand, what: string): Promise<string> {
  const code = await command.exited;
  if (code !== 0) throw new Error(`${what} exited with ${code}:\n${command.output().slice(-4_000)}`);
  return command.output();
}

beforeAll(async () => {
  const started = Date.now();
  await finished(runCommand(['run', 'deploy:local']), 'npm run deploy:local');
  console.log(`npm run deploy:local: ${((Date.now() - started) / 1000).toFixed(1)} s to ${emulatorEndpoint}`);
  const file = join(process.cwd(), 'cdk.out', 'localstack-outputs.json');
  outputs = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, DeployedOutputs>)[STACK_NAME];
}, 600_000);

/** Names under `localhost` are this machine (RFC 6761), as browsers resolve them; the system's resolver knows only `localhost`. */
function loopbackLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  if (hostname !== 'localhost' && !hostname.endsWith('.localhost')) {
    lookup(hostname, options, callback);
    return;
  }
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The API's JSON, read field by field in the assertions. */
  body: any;
}

/** One HTTP request to a deployed URL, as a browser on this machine would send it. */
function send(method: string, url: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (payload) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    // A connection per request: MiniStack's server may close a kept-alive one as the next request goes out.
    const outgoing = request(url, { method, headers, lookup: loopbackLookup, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type'] ?? ''), text, body });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const api = (method: string, path: string, options?: { body?: unknown; token?: string }) => send(method, outputs.ApiUrl + path, options);

/** The mails to `address` the emulator's SES has taken, once `count` of them are there. */
async function mailsTo(address: string, count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mails = (await emulatorMail()).filter((mail) => mail.to.some((to) => to.toLowerCase().includes(address)));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const byText = (a?: string, b?: string) => (a ?? '').localeCompare(b ?? '');

const member = { username: `walker${randomUUID().slice(0, 8)}`, password: 'Walk-the-stack-2026!', email: '', id: '', token: '' };
member.email = `${member.username}@example.com`;

describe('the product deployed to the emulator', () => {
  it('has both stacks, every resource of their templates created', async () => {
    for (const name of [DATA_STACK_NAME, STACK_NAME]) {
      expect(await stackStatus(name)).toMatch(/^(CREATE|UPDATE)_COMPLETE$/);
      const template = JSON.parse(readFileSync(join(process.cwd(), 'cdk.out', `${name}.template.json`), 'utf8'));
      const created = (await stackResources(name)).filter((resource) => /_COMPLETE$/.test(resource.ResourceStatus ?? ''));
      console.log(`${name}: ${created.length} resources`);
      expect(created.map((resource) => resource.LogicalResourceId).sort(byText)).toEqual(Object.keys(template.Resources).sort(byText));
    }
  });

  it('serves the published site, whose config.json points it at the deployed API', async () => {
    const config = await send('GET', `${outputs.SiteUrl}/config.json`);
    expect(config.body).toEqual({ apiBaseUrl: outputs.ApiUrl });
    for (const page of ['index.html', 'app.html']) {
      const answer = await send('GET', `${outputs.SiteUrl}/${page}`);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toContain('text/html');
      expect(answer.text).toContain('<div id="root"');
    }
  });

  it('signs a new member up, verifies the address by the link the emulator’s SES took, and signs them in', async () => {
    const registered = await api('POST', '/api/auth/register', {
      body: { username: member.username, email: member.email, password: member.password },
    });
    expect(registered.status).toBe(201);
    member.id = registered.body.userId;

    const [verification] = await mailsTo(member.email, 1);
    expect(verification?.subject).toBe('Verify your email for Subscription Tracker');
    const link = /(\S+)\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(verification?.text ?? '');
    expect(link?.[1], 'the link opens the deployed site').toBe(outputs.SiteUrl);
    expect((await api('GET', `/api/auth/verify-email/${link?.[2]}`)).status).toBe(200);

    const signedIn = await api('POST', '/api/auth/login', { body: { username: member.username, password: member.password } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.requiresTwoFactor).toBe(false);
    member.token = signedIn.body.token;
    expect((await api('GET', '/api/auth/me', { token: member.token })).body.email).toBe(member.email);
  });

  it('mails the reminder of a new subscription when the reminder planner function runs', async () => {
    // A day whose reminder hour no earlier walk planned, when the data stack is kept from one to the next.
    const date = addDays(new Date().toISOString().slice(0, 10), 1 + Math.floor(Math.random() * 3_000));
    const added = await api('POST', '/api/subscriptions', {
      token: member.token,
      body: { name: 'Walkflix', amount: 10, category: 'streaming', dueDate: addDays(date, 10) },
    });
    expect(added.status).toBe(201);

    // The README's command, as written there.
    const run = runCommand(['run', 'reminders', '--', '--function', outputs.ReminderFunctionName, '--date', date], {
      AWS_ENDPOINT_URL: emulatorEndpoint,
      AWS_REGION: clientConfig.region,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
    expect(await finished(run, 'npm run reminders')).toMatch(/"due": [1-9]/);
    const mails = await mailsTo(member.email, 2);
    expect(mails.map((mail) => mail.subject)).toContain('Reminder: Walkflix renews in 10 days ($10.00)');
  });

  it('lists the new member to the owner the deployment created', async () => {
    const secrets = new SecretsManagerClient(clientConfig);
    const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: outputs.OwnerPasswordSecretArn }));
    const owner = await api('POST', '/api/auth/login', { body: { username: outputs.OwnerUsername, password: SecretString } });
    expect(owner.status).toBe(200);
    const users = await api('GET', `/api/auth/users?search=${member.username}`, { token: owner.body.token });
    expect(users.status).toBe(200);
    expect(users.body.users.map((user: { username: string }) => user.username)).toContain(member.username);
    expect((await api('GET', '/api/auth/users', { token: member.token })).status).toBe(403);
  });

  it('makes the owner’s first password again when the emulator generated it against the password rules', async () => {
    // MiniStack's CloudFormation ignores RequireEachIncludedType: deploy:local checks the password before the owner is made.
    const secrets = new SecretsManagerClient(clientConfig);
    const secretId = outputs.OwnerPasswordSecretArn;
    const passwordNow = async () => (await secrets.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString ?? '';
    const first = await passwordNow();
    expect(await ownerPasswordWithinRules(secretId)).toBe(false);
    expect(await passwordNow()).toBe(first);
    await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: 'no-digit-in-here!' }));
    expect(await ownerPasswordWithinRules(secretId)).toBe(true);
    const made = await passwordNow();
    expect(made).toHaveLength(24);
    expect(passwordProblem(made)).toBeNull();
  });

  it('destroys the application stack and keeps the data stack with its items', async () => {
    const output = await finished(runCommand(['run', 'destroy:local']), 'npm run destroy:local');
    expect(output).toContain(`${STACK_NAME}: deleted`);
    expect(await stackStatus(STACK_NAME)).toBeUndefined();
    expect(await stackStatus(DATA_STACK_NAME)).toMatch(/_COMPLETE$/);
    const table = new DynamoDBClient(clientConfig);
    const { Item } = await table.send(
      new GetItemCommand({ TableName: outputs.TableName, Key: { pk: { S: `USER#${member.id}` }, sk: { S: 'PROFILE' } } }),
    );
    expect(Item?.email?.S).toBe(member.email);
  });

  it('deletes the data stack too with destroy:local -- --all, leaving the emulator without the product', async () => {
    const output = await finished(runCommand(['run', 'destroy:local', '--', '--all']), 'npm run destroy:local -- --all');
    expect(output).toContain(`${STACK_NAME}: not deployed`);
    expect(output).toContain(`${DATA_STACK_NAME}: deleted`);
    expect(await stackStatus(DATA_STACK_NAME)).toBeUndefined();
  });
});
