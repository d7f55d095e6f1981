import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { tableName } from '../chassis/table.js';
import { calendarKeys } from './keys.js';

/**
 * What ends every session also ends the calendar feed's link (issue 34 §16,
 * docs/decisions/0099-what-ends-with-an-account-and-its-sessions.md): whoever held a session or the password may
 * have copied it. The REMOVE goes into the profile's update that bumps the token version, so the link
 * stops in the same write (the feed answers only while the profile names its hash). A module of its own,
 * on the chassis alone: the functions that end sessions through the user directory (avatars among them)
 * need no session code for it.
 */
export const END_CALENDAR_FEED = 'calendarFeedHash, calendarFeedCreatedAt';

/** Deletes the lookup entry of a calendar feed the profile no longer names (`hash` from the update's old values). */
export async function deleteEndedCalendarFeed(hash: unknown): Promise<void> {
  if (typeof hash !== 'string') return;
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: calendarKeys.calendarFeed(hash) }));
}
