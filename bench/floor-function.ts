import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../functions/lib/chassis/aws.js';
import { createApiHandler } from '../functions/lib/chassis/http.js';
import { tableName } from '../functions/lib/chassis/table.js';
import { statsKeys } from '../functions/lib/stats/keys.js';
import { route } from '../shared/api/contract.js';

/**
 * The floor of a request function's cold start (issue 22 §6): the chassis (configuration, logs,
 * middy, the router, sessions) and the DynamoDB document client, with one route that reads one item.
 * `npm run bench` times every function's module init against this one's, in the same run.
 */
const floorRoutes = {
  floor: route<{ found: boolean }>()({ method: 'GET', path: '/api/floor', area: 'stats', access: 'public', body: undefined }),
} as const;

export const handler = createApiHandler(floorRoutes, {
  floor: async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: statsKeys.counters() }));
    return { found: Boolean(Item) };
  },
});
