// PLACEHOLDER on the contract branch only: the engineer building this area replaces this file.
import { accountRoutes } from '../../shared/api/account.js';
import { HttpError } from '../lib/errors.js';
import { createApiHandler } from '../lib/http.js';

const notBuilt = async (): Promise<never> => {
  throw new HttpError(501, 'Not built yet');
};

export const handler = createApiHandler(
  accountRoutes,
  Object.fromEntries(Object.keys(accountRoutes).map((name) => [name, notBuilt])) as never,
);
