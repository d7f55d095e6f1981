import { config } from './config.js';
import { invocationFields } from './invocation.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Keys whose values never reach a log line (DESIGN §7c). */
const SECRET_KEYS = /password|token|secret|authorization|hash|code/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = SECRET_KEYS.test(key) ? '[redacted]' : value;
  return out;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/**
 * Structured JSON logs, one line per entry, with the invocation's request id and trace id
 * (lib/chassis/invocation.ts) and the logger's context fields.
 */
export function createLogger(context: Record<string, unknown> = {}): Logger {
  const write = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (order[level] < order[config().LOG_LEVEL]) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...invocationFields(), ...context, ...redact(fields) });
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...context, ...fields }),
  };
}
