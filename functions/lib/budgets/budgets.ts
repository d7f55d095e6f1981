import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Budgets, NO_BUDGETS } from '../../../shared/api/budgets.js';
import { dynamo } from '../chassis/aws.js';
import { nowIso, tableName } from '../chassis/table.js';
import { budgetKeys } from './keys.js';

/** The stored budgets of a user; none saved yet reads as no budget, in the user's display currency. */
export async function readBudgets(userId: string, displayCurrency: string): Promise<Budgets> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: budgetKeys.budgets(userId) }));
  if (!Item) return NO_BUDGETS(displayCurrency);
  return { monthly: Item.monthly ?? null, currency: Item.currency, categories: Item.categories ?? [] };
}

/** Replaces the user's budgets. */
export async function writeBudgets(userId: string, budgets: Budgets): Promise<Budgets> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...budgetKeys.budgets(userId), ...budgets, updatedAt: nowIso() } }));
  return budgets;
}
