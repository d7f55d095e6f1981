import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';

/**
 * The DynamoDB actions a function may be given: reads and writes of items, and queries. Never
 * `dynamodb:Scan` (it reads every item of the table, users' password hashes included) and never a
 * wildcard. A transaction (TransactWriteItems) is authorized item by item, so a function that writes
 * in one needs the action of each kind of item it puts in it (Put, Update, Delete, ConditionCheck).
 */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/** The table's global secondary indexes (infra/data.ts). */
export type TableIndex = 'gsi1' | 'gsi2';

/** What one function does with the table: exactly the actions its code uses. */
export interface TableAccess {
  /** Actions on the table's own items and keys (`dynamodb:Query` here queries the table's primary key). */
  actions: TableAction[];
  /** Indexes it queries: `dynamodb:Query` on each of them, and nothing else on any index. */
  queriedIndexes?: TableIndex[];
}

/**
 * Grants a function exactly `access` on the table: one statement with its item actions on the table,
 * one with `dynamodb:Query` on the indexes it queries (if any). The table's own `grant*` methods are
 * not used: they add every index of the table to each action, and the read ones include Scan.
 */
export function grantTableAccess(table: dynamodb.ITable, grantee: iam.IGrantable, access: TableAccess): void {
  if (access.actions.length > 0) {
    iam.Grant.addToPrincipal({ grantee, actions: access.actions, resourceArns: [table.tableArn] });
  }
  const indexes = access.queriedIndexes ?? [];
  if (indexes.length > 0) {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:Query'],
      resourceArns: indexes.map((index) => `${table.tableArn}/index/${index}`),
    });
  }
}

/**
 * Lets a function read a secret's value (any version or stage: the session key's current and
 * previous) and nothing else of it. `Secret.grantRead` adds `DescribeSecret`, which no function calls.
 */
export function grantSecretValue(secret: secretsmanager.ISecret, grantee: iam.IGrantable): void {
  iam.Grant.addToPrincipal({
    grantee,
    actions: ['secretsmanager:GetSecretValue'],
    // A secret imported by name has a partial ARN: Secrets Manager appends six random characters.
    resourceArns: [secret.secretFullArn ?? `${secret.secretArn}-??????`],
  });
}

/**
 * What can let a function send the product's e-mail (infra/email.ts's EmailSender): the functions'
 * constructs take this, not the sender construct, so they do not depend on it.
 */
export interface EmailSendGrant {
  grantSend(grantee: iam.IGrantable): void;
}
