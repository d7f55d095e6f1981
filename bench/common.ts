/** Shared helpers of the benchmark sections: options, tables, load runs, JSON calls. */
import autocannon from 'autocannon';

export const quick = process.argv.includes('--quick');
export const DURATION = quick ? 3 : 8;
export const CONNECTIONS = 16;

export const table = (title: string, rows: Record<string, string | number>[]) => {
  console.log(`\n## ${title}\n`);
  console.table(rows);
};

export async function load(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...init });
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
