import type { DynamoDBStreamEvent } from 'aws-lambda';
import { config } from '../lib/chassis/config.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { getMany } from '../lib/chassis/query.js';
import { isSubscriptionSaved } from '../lib/logos/logo-events.js';
import { settleSubscriptionSiteLogo } from '../lib/logos/site-logos.js';
import type { SubscriptionItem } from '../lib/subscriptions/subscriptions.js';

/**
 * The logo function (issue 36 §3; docs/decisions/0139-website-icons.md): for each subscription written (the
 * table's stream, filtered to INSERT and MODIFY of `SUB#` items), the icon of its website, fetched through the
 * outbound guard once per site and kept in the avatars bucket. A failure to read or write the table or the bucket
 * throws, and the stream delivers the batch again; a site that cannot be reached is not a failure (it has no icon).
 */
config();

async function handleSubscriptionsSaved(event: DynamoDBStreamEvent): Promise<{ settled: number }> {
  const log = createLogger({ function: 'logos' });
  const keys = new Map<string, { pk: string; sk: string }>();
  for (const record of event.Records ?? []) {
    const pk = record.dynamodb?.Keys?.pk?.S;
    const sk = record.dynamodb?.Keys?.sk?.S;
    // A subscription written several times in one batch is settled once.
    if (isSubscriptionSaved(record) && pk && sk) keys.set(`${pk} ${sk}`, { pk, sk });
  }
  let settled = 0;
  for (const subscription of await getMany<SubscriptionItem>([...keys.values()])) {
    if ((await settleSubscriptionSiteLogo(subscription, log)) === 'settled') settled++;
  }
  return { settled };
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(handleSubscriptionsSaved);
