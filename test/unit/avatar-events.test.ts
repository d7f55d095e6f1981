import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isProfileRemoval } from '../../infra/avatar-events.js';

const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', pk: string, sk: string): DynamoDBRecord => ({
  eventName,
  dynamodb: { Keys: { pk: { S: pk }, sk: { S: sk } } },
});

describe("the table stream records the avatar function is given (the cloud's filter and the local stack's)", () => {
  it('takes the removal of a user profile only', () => {
    expect(isProfileRemoval(record('REMOVE', 'USER#7f1c', 'PROFILE'))).toBe(true);
    expect(isProfileRemoval(record('MODIFY', 'USER#7f1c', 'PROFILE'))).toBe(false);
    expect(isProfileRemoval(record('REMOVE', 'USER#7f1c', 'SUB#1'))).toBe(false);
    expect(isProfileRemoval(record('REMOVE', 'USER#7f1c', 'AVATARUPLOAD#1'))).toBe(false);
    expect(isProfileRemoval(record('REMOVE', 'USERNAME#ada', 'PROFILE'))).toBe(false);
  });
});
