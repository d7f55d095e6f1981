import { createHash } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type SsoLink, ssoMessages } from '../../../shared/api/sso-messages.js';
import { dynamo } from '../chassis/aws.js';
import { HttpError } from '../chassis/errors.js';
import { getMany, queryPrefix } from '../chassis/query.js';
import { nowIso, tableName } from '../chassis/table.js';
import { ACCOUNT_OPEN, accountClosed, isAccountClosed } from '../users/account-closing.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes } from '../users/user-counters.js';
import { authKeys, SSO_LINK_PREFIX } from './keys.js';

/**
 * Sign-ins linked with the single sign-on provider (issue 38 §2; docs/decisions/0145-single-sign-on.md), apart from
 * the protocol (./sso.ts), so account deletion unlinks without carrying openid-client.
 *
 * An identity is the ID token's issuer and subject, never its e-mail address. `SSOID#<sha256 of issuer and subject>`
 * names the account it signs in to (one account at most, by its condition); `USER#<id>` / `SSOLINK#<linkId>` is the
 * link as Settings shows it.
 */

const identityKey = (identity: Pick<Identity, 'issuer' | 'subject'>) =>
  authKeys.ssoIdentity(createHash('sha256').update(`${identity.issuer}\n${identity.subject}`).digest('hex'));
const linkKey = authKeys.ssoLink;

/** Who the provider says signed in: its issuer and subject, and how to show the account. */
export interface Identity {
  issuer: string;
  subject: string;
  /** The address the provider vouches for (`email_verified`), else null. */
  verifiedEmail: string | null;
  /** An e-mail address or a name to recognise the provider's account by, or null. */
  account: string | null;
  /** A username to offer for a new account: the provider's preferred one, else the address's local part. */
  suggestedUsername: string;
}

interface LinkItem {
  pk: string;
  sk: string;
  id: string;
  provider: string;
  issuer: string;
  subject: string;
  account: string | null;
  linkedAt: string;
}

/** The account an identity signs in to, when one is linked to it. */
export async function accountOf(identity: Identity): Promise<string | undefined> {
  const [found] = await getMany<{ userId: string }>([identityKey(identity)]);
  return found?.userId;
}

const view = (item: LinkItem): SsoLink => ({ id: item.id, provider: item.provider, account: item.account, linkedAt: item.linkedAt });

/** The user's linked sign-ins, oldest first. */
export async function listLinks(userId: string): Promise<SsoLink[]> {
  return (await queryPrefix<LinkItem>(userKeys.user(userId).pk, SSO_LINK_PREFIX, { consistent: true }))
    .map(view)
    .sort((a, b) => a.linkedAt.localeCompare(b.linkedAt));
}

/**
 * Links an identity to the user: the identity's entry (on the condition that no account has it) and the user's link
 * in one transaction, while the account is open. A 409 when another account (or this one) has it already.
 */
export async function linkIdentity(userId: string, identity: Identity, providerName: string): Promise<SsoLink> {
  const id = crypto.randomUUID();
  const link: LinkItem = {
    ...linkKey(userId, id),
    id,
    provider: providerName,
    issuer: identity.issuer,
    subject: identity.subject,
    account: identity.account,
    linkedAt: nowIso(),
  };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...identityKey(identity), userId, linkId: id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: link } },
          { ConditionCheck: { TableName: tableName(), Key: userKeys.user(userId), ConditionExpression: ACCOUNT_OPEN } },
        ],
      }),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') {
      throw new HttpError(409, (await accountOf(identity)) === userId ? ssoMessages.alreadyLinked : ssoMessages.usedElsewhere);
    }
    if (codes?.[2] === 'ConditionalCheckFailed' && (await isAccountClosed(userId))) throw accountClosed();
    throw error;
  }
  return view(link);
}

/** Unlinks one of the user's sign-ins: its link and its identity's entry; false when they have none of that id. */
export async function unlinkIdentity(userId: string, linkId: string): Promise<LinkItem | undefined> {
  const [link] = await getMany<LinkItem>([linkKey(userId, linkId)]);
  if (!link) return undefined;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: linkKey(userId, linkId) } },
        { Delete: { TableName: tableName(), Key: identityKey(link) } },
      ],
    }),
  );
  return link;
}

/** Removes every link's identity entry of an account being deleted (they are outside its partition). */
export async function unlinkAll(userId: string): Promise<void> {
  const links = await queryPrefix<LinkItem>(userKeys.user(userId).pk, SSO_LINK_PREFIX, { consistent: true });
  await Promise.all(links.map((link) => unlinkIdentity(userId, link.id)));
}
