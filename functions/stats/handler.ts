import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { statsRoutes } from '../../shared/api/stats.js';
import { dynamo } from '../lib/aws.js';
import { createApiHandler } from '../lib/http.js';
import { keys, tableName } from '../lib/table.js';

/** The landing counters: one item kept by atomic counters (DESIGN §4 'counters'). */
export const handler = createApiHandler(statsRoutes, {
  landingStats: async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.stats() }));
    return {
      totalUsers: Number(Item?.totalUsers ?? 0),
      totalSubscriptions: Number(Item?.totalSubscriptions ?? 0),
      moneySaved: Math.round(Number(Item?.moneySaved ?? 0) * 100) / 100,
    };
  },
});
