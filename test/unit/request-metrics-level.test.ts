import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeRequestMetrics } from '../../functions/lib/chassis/metrics.js';
import { setFunctionEnv } from './function-env.js';

/**
 * Issue 22 §5: the alarms read the metrics records, so in Lambda a function logging only warnings
 * still writes them; the local stack's quiet test stacks (LOG_LEVEL warn) do not.
 */
beforeAll(() => {
  setFunctionEnv({
    LOG_LEVEL: 'warn',
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
});

function written(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  writeRequestMetrics({ area: 'auth', route: 'login', status: 500, ms: 12 });
  return lines;
}

describe('at LOG_LEVEL warn', () => {
  it('a function in Lambda writes its metrics record', () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'product-AuthFunction';
    const lines = written();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ Function: 'auth', Route: 'login', Errors: 1, Latency: 12 });
  });

  it('the local stack writes none', () => {
    expect(written()).toEqual([]);
  });
});
