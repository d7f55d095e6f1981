import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import { freePort } from '../../local/ports.js';

/**
 * The README's commands run as a user runs them: `npm …` in the project folder, in a child process,
 * with only PORT, SES_PORT and DATA_DIR set (free ports, since CI may have 3000 and 8005 busy).
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
/** What `npm start` and `npm run dev` print once the app answers. */
export const READY_LINE = 'Subscription Tracker is running.';

/** The environment of a user's shell: none of the test runner's own variables. */
function userEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(VITEST|NODE_ENV$|TEST$)/.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}

export interface RunningCommand {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  stderr(): string;
  /** Resolves with the exit code once the command has ended. */
  exited: Promise<number | null>;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
}

/** Commands still running, stopped at the end of the test file even when a test failed half-way. */
const running = new Set<{ command: RunningCommand; dataDir: string | undefined }>();

afterAll(async () => {
  for (const entry of running) {
    stopGroup(entry.command, 'SIGTERM');
    await entry.command.exited;
  }
});

/** A signal to the command's whole process group, as a terminal's Ctrl-C or a service manager sends it. */
function stopGroup(command: RunningCommand, signal: NodeJS.Signals): void {
  try {
    process.kill(-(command.child.pid as number), signal);
  } catch {
    // the group has ended already
  }
}

export function runCommand(args: string[], env: Record<string, string> = {}): RunningCommand {
  // Its own process group, like a command started from a terminal.
  const child = spawn('npm', args, { cwd: ROOT, env: userEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolvePromise) => child.on('exit', (code) => resolvePromise(code)));
  let ended = false;
  const command: RunningCommand = {
    child,
    output: () => output,
    stderr: () => stderr,
    exited,
    async waitFor(text, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (ended) throw new Error(`npm ${args.join(' ')} ended without printing "${text}":\n${output}`);
        if (Date.now() > deadline) throw new Error(`npm ${args.join(' ')} did not print "${text}" within ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  const entry = { command, dataDir: env.DATA_DIR };
  running.add(entry);
  void exited.then(() => {
    ended = true;
    running.delete(entry);
  });
  return command;
}

/** The lines of a Node.js or Java stack trace. */
export const stackTraceLines = (text: string) => text.split('\n').filter((line) => /^\s+at /.test(line));

/** A new, not yet existing data folder: what `.data` is on a fresh clone. */
export const newDataDir = () => join(mkdtempSync(join(tmpdir(), 'subscription-tracker-command-')), 'data');

export interface StackSettings {
  env: { PORT: string; SES_PORT: string; DATA_DIR: string };
  url: string;
  mailboxUrl: string;
  dataDir: string;
}

export async function stackSettings(dataDir = newDataDir()): Promise<StackSettings> {
  const port = await freePort();
  const sesPort = await freePort();
  return {
    env: { PORT: String(port), SES_PORT: String(sesPort), DATA_DIR: dataDir },
    url: `http://localhost:${port}`,
    mailboxUrl: `http://localhost:${sesPort}`,
    dataDir,
  };
}

/** The DynamoDB Local (Java) process working on `dataDir`, if one runs. */
export function javaOn(dataDir: string): number | undefined {
  const list = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const line = list.split('\n').find((row) => row.includes('DynamoDBLocal.jar') && row.includes(`-dbPath ${join(dataDir, 'dynamodb')}`));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops a running stack as a terminal's Ctrl-C or a service manager does: SIGTERM to the whole
 * process group (npm, its script, the stack). Expects `npm` itself to exit 0 and the Java process to be gone.
 */
export async function stopWithSigterm(command: RunningCommand, dataDir: string): Promise<void> {
  const java = javaOn(dataDir);
  expect(java, 'DynamoDB Local runs on the data folder').toBeDefined();
  stopGroup(command, 'SIGTERM');
  expect(await command.exited).toBe(0);
  expect(command.output()).toContain('SIGTERM: stopping the local stack');
  expect(isRunning(java as number), 'DynamoDB Local stopped with the stack').toBe(false);
}

/** One JSON call to the app's API, as the SPA makes it. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: await response.json() };
}

export interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

/** The mail captured by the SES emulator for `address`, from its JSON store. */
export async function mailsTo(mailboxUrl: string, address: string): Promise<Mail[]> {
  const { emails } = (await (await fetch(`${mailboxUrl}/store`)).json()) as { emails: Mail[] };
  return emails.filter((mail) => mail.destination.to.includes(address));
}

export const PASSWORD = 'Secret123!';

/** Signs up through the API, follows the mailed verification link and signs in: the README's first steps. */
export async function signUp(stack: StackSettings, username: string): Promise<{ email: string; token: string }> {
  const email = `${username}@example.com`;
  const registered = await call(stack.url, 'POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const [mail] = await mailsTo(stack.mailboxUrl, email);
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '')?.[1];
  expect(token, 'a verification link in the mail').toBeDefined();
  expect((await call(stack.url, 'GET', `/api/auth/verify-email/${token}`)).status).toBe(200);
  return { email, token: await signIn(stack, username) };
}

export async function signIn(stack: StackSettings, username: string): Promise<string> {
  const login = await call(stack.url, 'POST', '/api/auth/login', { body: { username, password: PASSWORD } });
  expect(login.status).toBe(200);
  return login.body.token as string;
}
