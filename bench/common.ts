/** Shared helpers of the benchmark sections: options, tables, load runs, JSON calls. */
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

export async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return (await response.json()) as Record<string, any>;
}
