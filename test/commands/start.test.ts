import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OWNER } from '../../local/stack.js';
import { call, javaOn, READY_LINE, runCommand, signIn, signUp, stackSettings, stackTraceLines, stopWithSigterm } from './command.js';

/**
 * `npm ci && npm start`, as the README's first command, on a fresh data folder: the first run, a
 * sign-up, a restart that keeps everything, and a start-up that cannot succeed.
 */

const netflix = { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: '2031-01-15' };

describe('npm start', () => {
  it('starts on a new data folder, answers only once ready, and a restart finds the account and its subscription', async () => {
    const stack = await stackSettings();
    expect(existsSync(stack.dataDir)).toBe(false);

    const first = runCommand(['start'], stack.env);
    // Asked from the moment the command starts: the first answer the server ever gives is already
    // the whole stack's (the owner signs in), and until then connections are refused.
    let refused = 0;
    let firstAnswer: { status: number; body: any } | undefined;
    while (!firstAnswer) {
      try {
        firstAnswer = await call(stack.url, 'POST', '/api/auth/login', {
          body: { username: DEFAULT_OWNER.username, password: DEFAULT_OWNER.password },
        });
      } catch {
        refused++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(firstAnswer.status).toBe(200);
    expect(firstAnswer.body.token).toEqual(expect.any(String));
    await first.waitFor(READY_LINE, 5_000);

    const alice = await signUp(stack, 'alice');
    const created = await call(stack.url, 'POST', '/api/subscriptions', { token: alice.token, body: netflix });
    expect(created.status).toBe(201);
    for (const kept of ['dynamodb', 's3', 'jwt-secret']) expect(existsSync(join(stack.dataDir, kept))).toBe(true);
    await stopWithSigterm(first, stack.dataDir);
    expect(stackTraceLines(first.output())).toEqual([]);

    const second = runCommand(['start'], stack.env);
    await second.waitFor(READY_LINE);
    // The session signed before the restart is still valid: the signing secret was kept too.
    const me = await call(stack.url, 'GET', '/api/auth/me', { token: alice.token });
    expect(me).toMatchObject({ status: 200, body: { username: 'alice', email: alice.email } });
    const token = await signIn(stack, 'alice');
    const list = await call(stack.url, 'GET', '/api/subscriptions', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, ...netflix })]);
    await stopWithSigterm(second, stack.dataDir);
  });

  it('says in one sentence that PORT is taken, and exits 1 with no stack trace', async () => {
    const stack = await stackSettings();
    const other = createServer((_req, res) => res.end('another program'));
    await new Promise<void>((resolve) => other.listen(Number(stack.env.PORT), resolve));
    try {
      const start = runCommand(['start'], stack.env);
      expect(await start.exited).toBe(1);
      expect(start.stderr()).toContain(
        `Cannot start: Port ${stack.env.PORT} is already in use: stop the program that listens there or set PORT to a free port.`,
      );
      expect(stackTraceLines(start.output())).toEqual([]);
      expect(start.output()).not.toContain(READY_LINE);
      expect(javaOn(stack.dataDir)).toBeUndefined();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('says in one sentence that Java is missing, and exits 1 with no stack trace', async () => {
    // A PATH with Node.js, npm and the shell npm runs scripts with, as on a machine without Java.
    const bin = mkdtempSync(join(tmpdir(), 'subscription-tracker-no-java-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    for (const tool of ['npm', 'sh']) symlinkSync(execFileSync('which', [tool], { encoding: 'utf8' }).trim(), join(bin, tool));
    const stack = await stackSettings();
    const start = runCommand(['start'], { ...stack.env, PATH: bin });
    expect(await start.exited).toBe(1);
    expect(start.stderr()).toContain('Cannot start: A Java runtime was not found: DynamoDB Local needs Java 11 or newer on the PATH.');
    expect(stackTraceLines(start.output())).toEqual([]);
  });
});
