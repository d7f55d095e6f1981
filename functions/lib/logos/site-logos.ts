import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SITE_LOGO_KEY_PREFIX, type SiteLogo, siteKeyOf } from '../../../shared/domain/logos/site-logo.js';
import { avatarsBucket } from '../avatars/avatar-url.js';
import { dynamo } from '../chassis/aws.js';
import { now } from '../chassis/clock.js';
import { config } from '../chassis/config.js';
import { isConditionFailure } from '../chassis/errors.js';
import type { Logger } from '../chassis/log.js';
import { s3Client } from '../chassis/s3.js';
import { tableName } from '../chassis/table.js';
import type { SubscriptionItem } from '../subscriptions/subscriptions.js';
import { findSiteIcon, SITE_ICON_CONTENT_TYPES } from './site-icon.js';

/**
 * Websites' icons, one copy per site (issue 36 §3; docs/decisions/0139-website-icons.md). The logo function
 * looks at a site once and keeps what it found: the icon as the object `logos/sites/<site>` of the avatars
 * bucket, served at `/logos/sites/<site>` on our origin (CloudFront's behaviour of that path, the local stack's
 * route), and a record of the look (`SITELOGO#<site>`). A subscription whose website is that site then carries
 * the outcome (`siteLogo`), which its logo is computed from (shared/domain/logos/logo.ts).
 */

/** A site's icon is looked for again after this long (it may have changed), when a subscription of it is saved. */
const FOUND_FRESH_DAYS = 30;
/** A site without one is asked again sooner (it may have been down). */
const NONE_FRESH_DAYS = 7;

/** The record of a look at a site. */
interface SiteLogoRecord extends SiteLogo {
  pk: string;
  sk: string;
  lookedAt: string;
}

const siteLogoKey = (site: string) => ({ pk: `SITELOGO#${site}`, sk: 'SITELOGO' });

/**
 * The address of a site's icon: `/logos/sites/<site>` on the site's origin; SITE_LOGOS_BASE_URL, when the stack
 * sets it, is that folder on another origin (the LocalStack deployment's bucket URL, as AVATARS_BASE_URL).
 */
export function siteLogoUrl(site: string): string {
  const base = (config().SITE_LOGOS_BASE_URL ?? `/${SITE_LOGO_KEY_PREFIX.replace(/\/$/, '')}`).replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(site)}`;
}

const isFresh = (record: SiteLogoRecord) => {
  const days = record.src ? FOUND_FRESH_DAYS : NONE_FRESH_DAYS;
  return now().getTime() - Date.parse(record.lookedAt) < days * 24 * 60 * 60 * 1000;
};

/** The site's icon, looked for now unless a recent look says; an icon found is stored before its record. */
export async function siteLogoOf(site: string, websiteUrl: string, log: Logger): Promise<SiteLogo> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: siteLogoKey(site) }));
  const known = Item as SiteLogoRecord | undefined;
  if (known && isFresh(known)) return outcomeOf(known);

  const search = await findSiteIcon(new URL(websiteUrl).origin);
  let found: SiteLogo;
  if (search.found) {
    await s3Client().send(
      new PutObjectCommand({
        Bucket: avatarsBucket(),
        Key: `${SITE_LOGO_KEY_PREFIX}${site}`,
        Body: search.bytes,
        ContentType: SITE_ICON_CONTENT_TYPES[search.format],
        CacheControl: 'public, max-age=86400',
      }),
    );
    found = { site, src: siteLogoUrl(site), format: search.format };
    log.info('website icon found', { site, icon: search.url, format: search.format, bytes: search.bytes.length });
  } else {
    // A site that had an icon keeps it when a later look finds none (it was down, say).
    found = known ? outcomeOf(known) : { site, src: null };
    log.info('no website icon found', { site, tried: search.tried });
  }
  const record: SiteLogoRecord = { ...siteLogoKey(site), ...found, lookedAt: now().toISOString() };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: record }));
  return found;
}

/** A look's outcome as a subscription keeps it. */
const outcomeOf = (record: SiteLogoRecord): SiteLogo => ({
  site: record.site,
  src: record.src,
  ...(record.format ? { format: record.format } : {}),
});

/**
 * Settles one saved subscription (read after a record of the table's stream): gives it its website's icon (or the word that
 * the site has none), looked for if the site's record is missing or old, on the condition that its website is still
 * the one looked at. A subscription without a website, or whose `siteLogo` is already that, is left as it is.
 */
export async function settleSubscriptionSiteLogo(subscription: SubscriptionItem, log: Logger): Promise<'settled' | 'unchanged'> {
  const site = siteKeyOf(subscription.url);
  if (!subscription.url || !site || subscription.status === 'deleted') return 'unchanged';
  // Read from the site's record while it is fresh; looked for again once it is not (refreshed now and then).
  const siteLogo = await siteLogoOf(site, subscription.url, log);
  const kept = subscription.siteLogo;
  if (kept?.site === siteLogo.site && kept.src === siteLogo.src && kept.format === siteLogo.format) return 'unchanged';
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: subscription.pk, sk: subscription.sk },
        UpdateExpression: 'SET siteLogo = :siteLogo',
        ConditionExpression: 'attribute_exists(pk) AND #url = :url',
        ExpressionAttributeNames: { '#url': 'url' },
        ExpressionAttributeValues: { ':siteLogo': siteLogo, ':url': subscription.url },
      }),
    );
  } catch (error) {
    // Its website changed meanwhile: that change's own record settles it.
    if (isConditionFailure(error)) return 'unchanged';
    throw error;
  }
  return 'settled';
}
