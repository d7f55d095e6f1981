import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { statsRoutes } from '../../shared/api/stats.js';
import { landingStats } from '../../shared/domain/landing-counters.js';
import { dynamo } from '../lib/chassis/aws.js';
import { config } from '../lib/chassis/config.js';
import { createApiHandler } from '../lib/chassis/http.js';
import { keys, tableName } from '../lib/chassis/table.js';

/**
 * The landing counters: one item kept by atomic counters (DESIGN §4 'counters'), shown once there
 * are LANDING_COUNTERS_MIN_USERS accounts (shared/domain/landing-counters.ts `landingStats`).
 */
export const handler = createApiHandler(statsRoutes, {
  landingStats: async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.stats() }));
    // Never below 0: a table whose counters predate the decrements (functions/lib/stats/counters.ts) can dip under.
    const counter = (name: string) => Math.max(0, Number(Item?.[name] ?? 0) || 0);
    const counts = {
      totalUsers: counter('totalUsers'),
      totalSubscriptions: counter('totalSubscriptions'),
      moneySaved: Math.round(counter('moneySaved') * 100) / 100,
    };
    return landingStats(counts, config().LANDING_COUNTERS_MIN_USERS);
  },
});
