import { type AddressInfo, createServer, type Server } from 'node:net';
import { CannotStart } from './cannot-start.js';

/** The port a server listens on, and the variable of `npm start` that sets it (named when it is taken). */
export interface PortSetting {
  port: number;
  variable: 'PORT' | 'SES_PORT';
  host?: string;
}

function cannotListen(setting: PortSetting, error: NodeJS.ErrnoException): Error {
  const { port, variable, host } = setting;
  if (host && (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN')) {
    return new CannotStart(
      `HOST ${host} is not an address of this machine: leave it unset (127.0.0.1) or set an address this machine has.`,
    );
  }
  if (error.code === 'EADDRINUSE') {
    return new CannotStart(`Port ${port} is already in use: stop the program that listens there or set ${variable} to a free port.`);
  }
  if (error.code === 'EACCES') {
    return new CannotStart(`Port ${port} needs administrator rights: set ${variable} to a port above 1023.`);
  }
  return new CannotStart(`Cannot listen on port ${port} (${error.code ?? error.message}): set ${variable} to a free port.`);
}

/** `server` listening on the setting's port (0 picks a free one); a port that cannot be used is one sentence. */
export function listen(server: Server, setting: PortSetting): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(cannotListen(setting, error));
    server.once('error', failed);
    server.listen(setting.port, setting.host, () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Checks that the setting's port can be listened on, before anything slow starts, and returns it
 * (a free one for 0), so the server listens there once the whole stack is ready.
 */
export async function availablePort(setting: PortSetting): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, setting);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A port held from the stack's first step until its server listens there, so no other program takes it meanwhile. */
export interface PortReservation {
  port: number;
  /** Frees the port for the server that listens there next (the holder refuses connections until then). */
  release(): Promise<void>;
}

/**
 * Checks that the setting's port can be listened on, before anything slow starts, and holds it (a free one
 * for 0) until `release`: a connection made while the stack starts is closed at once.
 */
export async function reservePort(setting: PortSetting): Promise<PortReservation> {
  const holder = createServer((connection) => connection.destroy());
  const port = await listen(holder, setting);
  return { port, release: () => new Promise((resolve) => holder.close(() => resolve())) };
}

/** A free TCP port on the loopback interface, for the emulators the user never opens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
