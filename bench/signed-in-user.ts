import { addDays } from '../shared/domain/dates.js';
import { json } from './common.js';

/** A verified, signed-in user with `count` subscriptions (a Premium one, for its ceiling): its token and user record. */
/** Brands of the built-in logos: the bench's subscriptions show logos as a user's do (issue 36 §6). */
const BRANDS = ['Netflix', 'Spotify', 'GitHub', 'Notion', 'Dropbox', 'Twitch', 'Figma', 'Zoom', 'Duolingo', 'Audible'];

/** The n-th subscription's name: a brand, then 'Service <n>' (what the dashboard bench searches for). */
export const benchSubscriptionName = (n: number) => `${BRANDS[n % BRANDS.length]} Service ${n}`;

export async function signedInUser(url: string, prefix: string, count: number) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await json(`${url}/api/auth/register`, { method: 'POST', body: JSON.stringify({ username, email, password: 'Secret123!' }) });
  const mailbox = (await json(`${process.env.AWS_ENDPOINT_URL_SES?.replace('127.0.0.1', 'localhost')}/store`)) as {
    emails: Array<{ destination: { to: string[] }; body: { text: string } }>;
  };
  const mail = mailbox.emails.find((m) => m.destination.to.includes(email));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '')?.[1];
  await fetch(`${url}/api/auth/verify-email/${token}`);
  const login = await json(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password: 'Secret123!' }) });
  const headers = { authorization: `Bearer ${login.token}` };
  // Premium's ceiling (shared/domain/subscription-limits.ts): a member keeps 50.
  const { dynamo } = await import('../functions/lib/chassis/aws.js');
  const { tableName } = await import('../functions/lib/chassis/table.js');
  const { userKeys } = await import('../functions/lib/users/keys.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.user(login.user.id),
      UpdateExpression: 'SET #role = :premium',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':premium': 'premium' },
    }),
  );
  let created = 0;
  for (let i = 0; i < count; i += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) =>
        fetch(`${url}/api/subscriptions`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: benchSubscriptionName(i + j),
            amount: 1 + ((i + j) % 40),
            category: 'software',
            dueDate: addDays('2031-01-01', (i + j) % 365),
          }),
        }),
      ),
    );
    created += answers.filter((answer) => answer.status === 201).length;
  }
  if (created !== count) throw new Error(`only ${created} of ${count} subscriptions were created for the bench's user`);
  return { token: login.token as string, user: JSON.stringify(login.user) };
}
