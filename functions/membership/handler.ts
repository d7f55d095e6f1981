// PLACEHOLDER on the contract branch only: the engineer building this area replaces this file.
import { membershipRoutes } from '../../shared/api/membership.js';
import { HttpError } from '../lib/errors.js';
import { createApiHandler } from '../lib/http.js';

const notBuilt = async (): Promise<never> => {
  throw new HttpError(501, 'Not built yet');
};

export const handler = createApiHandler(
  membershipRoutes,
  Object.fromEntries(Object.keys(membershipRoutes).map((name) => [name, notBuilt])) as never,
);
