/** Shared helpers of the benchmark sections: options, tables, load runs, JSON calls. */
import { request } from 'node:http';
import autocannon from 'autocannon';

export const quick = process.argv.includes('--quick');
export const DURATION = quick ? 3 : 8;
export const CONNECTIONS = 16;
/**
 * The API and its floor are compared in ROUNDS short runs each of FLOOR_RUN seconds, in ABBA order
 * (bench/api.ts): many short alternations cancel the drift of the machine's other work and of
 * DynamoDB Local's warming better than two long ones.
 */
export const ROUNDS = 4;
export const FLOOR_RUN = quick ? 2 : 4;
/** Seconds of unreported load that warm DynamoDB Local's JIT before the API and its floor are compared. */
export const WARM_UP = quick ? 3 : 5;

/** The middle value of `values` (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const table = (title: string, rows: Record<string, string | number>[]) => {
  console.log(`\n## ${title}\n`);
  console.table(rows);
};

export async function load(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  duration = DURATION,
  connections = CONNECTIONS,
) {
  const result = await autocannon({ url, connections, duration, ...init });
  // The load ends with requests still in flight; one more, answered after them, lets them finish
  // before the next measurement (or the stack's stop) starts.
  await fetch(url, init);
  return {
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'req/s': Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/**
 * One JSON call to the local stack, however long its answer takes: node:http rather than fetch, whose
 * headers timeout (300 s) a reminder run of 100,000 e-mails outlasts.
 */
export function json(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Record<string, any>>((resolve, reject) => {
    const call = request(
      url,
      { method: init.method ?? 'GET', headers: { 'content-type': 'application/json', ...init.headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            resolve(JSON.parse(text) as Record<string, any>);
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(init.body);
  });
}
