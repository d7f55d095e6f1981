// PLACEHOLDER on the contract branch only: the engineer building this area replaces this file.
import { twoFactorRoutes } from '../../shared/api/twofa.js';
import { HttpError } from '../lib/errors.js';
import { createApiHandler } from '../lib/http.js';

const notBuilt = async (): Promise<never> => {
  throw new HttpError(501, 'Not built yet');
};

export const handler = createApiHandler(
  twoFactorRoutes,
  Object.fromEntries(Object.keys(twoFactorRoutes).map((name) => [name, notBuilt])) as never,
);
