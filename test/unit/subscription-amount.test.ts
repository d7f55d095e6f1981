import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { subscriptionBody, subscriptionMessages } from '../../shared/api/subscriptions.js';

describe('the amount of a subscription form (contract: subscriptionBody)', () => {
  const form = { name: 'Netflix', amount: 1, category: 'streaming', dueDate: '2030-01-31' };
  const parse = (amount: unknown) => safeParse(subscriptionBody, { ...form, amount });

  it.each([
    ['0x1F', subscriptionMessages.amountNotNumber],
    ['0b11', subscriptionMessages.amountNotNumber],
    ['1e3', subscriptionMessages.amountNotNumber],
    ['Infinity', subscriptionMessages.amountNotNumber],
    ['', subscriptionMessages.amountRequired],
    ['  ', subscriptionMessages.amountRequired],
    ['-0.5', subscriptionMessages.amountNegative],
    ['0.125', subscriptionMessages.amountDecimals],
    [null, subscriptionMessages.amountRequired],
  ])('refuses %o with "%s"', (amount, message) => {
    const result = parse(amount);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    [' 12 ', 12],
    ['12.5', 12.5],
    ['12.', 12],
    ['.5', 0.5],
    [12.5, 12.5],
    [1e3, 1000],
    [0, 0],
  ])('reads %o as %d', (amount, expected) => {
    expect(parse(amount).data?.amount).toBe(expected);
  });
});
