import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { availablePort, reservePort } from '../../local/ports.js';
import { isFromThisMachine, isLoopbackAddress, localRoutesMessages, localRoutesRefusal } from '../../local/server.js';
import { appUrl, DEFAULT_HOST } from '../../local/stack.js';

/** The local stack's network rules (issue 21 §7): HOST, and `/_local/*` for this machine only. */
describe('the local stack on the network', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise, and names its URL for the address', () => {
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(appUrl('127.0.0.1', 3000)).toBe('http://localhost:3000');
    expect(appUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(appUrl('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
    expect(appUrl('fd00::20', 3000)).toBe('http://[fd00::20]:3000');
  });

  it('says in one sentence that a HOST is not an address of this machine', async () => {
    // TEST-NET-1 (RFC 5737): no machine has it; binding fails without a packet sent.
    await expect(availablePort({ port: 0, variable: 'PORT', host: '192.0.2.1' })).rejects.toThrow(
      'HOST 192.0.2.1 is not an address of this machine: leave it unset (127.0.0.1) or set an address this machine has.',
    );
  });

  it('holds the app’s port from the first step of the start until the server listens there', async () => {
    const reservation = await reservePort({ port: 0, variable: 'PORT', host: '127.0.0.1' });
    const other = createServer();
    const otherListens = () =>
      new Promise<string>((resolve) => {
        other.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        other.listen(reservation.port, '127.0.0.1', () => resolve('listening'));
      });
    expect(await otherListens()).toBe('EADDRINUSE');
    // A browser that connects while the stack starts is closed at once, not left waiting.
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect(reservation.port, '127.0.0.1');
      socket.on('close', () => resolve(true));
      socket.on('error', () => undefined);
    });
    expect(closed).toBe(true);
    await reservation.release();
    expect(await otherListens()).toBe('listening');
    await new Promise((resolve) => other.close(resolve));
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.20', false],
    ['::ffff:192.168.1.20', false],
    ['10.0.0.1', false],
    ['fd00::1', false],
    ['127.0.0.1.example', false],
    [undefined, false],
  ])('counts %s as loopback: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it('answers /_local/* for a loopback peer only when it forwards nobody else’s request', () => {
    const from = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
      isFromThisMachine({ socket: { remoteAddress }, headers });
    expect(from('127.0.0.1')).toBe(true);
    expect(from('192.168.1.20')).toBe(false);
    expect(from(undefined)).toBe(false);
    expect(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(false);
    expect(from('::1', { forwarded: 'for=203.0.113.7' })).toBe(false);
  });

  it('refuses /_local/* to the app’s own outbound requests, and asks for the token once HOST opens the stack (issue 34 §14)', () => {
    const refusal = (headers: Record<string, string>, token: string | null, remoteAddress = '127.0.0.1') =>
      localRoutesRefusal({ socket: { remoteAddress }, headers }, token);
    expect(refusal({}, null)).toBeNull();
    // A channel pointed at the stack: the outbound client marks every request it makes.
    expect(refusal({ 'x-subtracker-outbound': '1' }, null)).toBe(localRoutesMessages.ownRequest);
    expect(refusal({}, null, '192.168.1.20')).toBe(localRoutesMessages.thisMachineOnly);
    // Opened to the network: any loopback peer needs the token.
    expect(refusal({}, 'sekret-token')).toBe(localRoutesMessages.tokenRequired);
    expect(refusal({ 'x-local-routes-token': 'wrong-token!' }, 'sekret-token')).toBe(localRoutesMessages.tokenRequired);
    expect(refusal({ 'x-local-routes-token': 'sekret-token' }, 'sekret-token')).toBeNull();
    expect(refusal({ 'x-local-routes-token': 'sekret-token', 'x-subtracker-outbound': '1' }, 'sekret-token')).toBe(
      localRoutesMessages.ownRequest,
    );
  });
});
