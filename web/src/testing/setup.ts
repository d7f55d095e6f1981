/**
 * Before and after every component test (vitest.config.ts, project `web`): a fresh page, storage, query
 * cache and fetch, and no request left that the test did not answer (testing/api.ts).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../api/queries';
import { unansweredCalls } from './api';

// findBy… and waitFor wait up to 5 s: on a busy machine a lazily loaded part (the toasts) takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  queryClient.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const unanswered = unansweredCalls.splice(0);
  if (unanswered.length > 0) throw new Error(`Requests the test did not answer: ${unanswered.join(', ')}`);
});
