import { Stack } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaNeeds } from '../../infra/area-needs.js';
import { functionEntries } from '../../infra/bundling.js';
import { ProductFunction } from '../../infra/product-function.js';
import { AREAS } from '../../shared/api/index.js';
import { functionBundles } from './bundles.js';
import { actionsOf, CLOUD_CONTEXT, type PolicyStatementJson, type SynthesizedProduct, statementsByRole, synthesize } from './synth.js';

/**
 * Least privilege (issue 11 §4): no policy allows a Scan, each API area has exactly the table actions
 * infra/area-needs.ts lists for it, and every function's grants match what its bundle can call — read
 * from the bundle itself, so a new SDK call without its grant (or a grant left behind by removed code)
 * fails here.
 */

/** IAM actions of each SDK command the functions construct; a command missing here fails the guard below. */
const COMMAND_ACTIONS: Record<string, string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  TransactGetCommand: ['dynamodb:GetItem'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  ScanCommand: ['dynamodb:Scan'],
  // Authorized per item: the kinds of items the code puts in its transactions (transactionItemActions).
  TransactWriteCommand: [],
  // On the table or on an index (queriedTargets).
  QueryCommand: [],
  SendEmailCommand: ['ses:SendEmail'],
  SendRawEmailCommand: ['ses:SendRawEmail'],
  GetSecretValueCommand: ['secretsmanager:GetSecretValue'],
  DescribeSecretCommand: ['secretsmanager:DescribeSecret'],
  PutSecretValueCommand: ['secretsmanager:PutSecretValue'],
  UpdateSecretVersionStageCommand: ['secretsmanager:UpdateSecretVersionStage'],
  GetRandomPasswordCommand: ['secretsmanager:GetRandomPassword'],
  PutObjectCommand: ['s3:PutObject'],
  GetObjectCommand: ['s3:GetObject'],
  // Reads the source object and puts the copy.
  CopyObjectCommand: ['s3:GetObject', 's3:PutObject'],
  DeleteObjectCommand: ['s3:DeleteObject'],
  ListObjectsV2Command: ['s3:ListBucket'],
  CreateScheduleCommand: ['scheduler:CreateSchedule'],
  DeleteScheduleCommand: ['scheduler:DeleteSchedule'],
  SendMessageCommand: ['sqs:SendMessage'],
  SendMessageBatchCommand: ['sqs:SendMessage'],
};

const TRANSACTION_ITEM_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

/**
 * Services whose rights must follow the code: any action of them granted ⇔ the bundle calls one.
 * (SQS is left out: an event source mapping grants a consumer the receive actions its code never calls.)
 */
const SERVICES_FOLLOWING_THE_CODE = ['dynamodb', 's3', 'ses', 'secretsmanager', 'scheduler'];
/** Of those, the ones whose granted actions must be exactly the ones called (DynamoDB is compared by resource below). */
const EXACT_SERVICES = ['s3', 'secretsmanager'];

/** What a bundle can reach, read from its unminified code (tree-shaken like the deployed one). */
interface Reached {
  tableActions: string[];
  queriedIndexes: string[];
  /** Every IAM action of the services above, table actions included. */
  actions: string[];
}

/** The text of each call's argument list: `new QueryCommand({ ... })` → `{ ... }`. */
function callArguments(code: string, callee: RegExp): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(callee)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    while (depth > 0 && end < code.length) {
      if (code[end] === '(') depth += 1;
      else if (code[end] === ')') depth -= 1;
      end += 1;
    }
    found.push(code.slice((match.index ?? 0) + match[0].length, end - 1));
  }
  return found;
}

/**
 * What a function's bundle reaches. Every function's unminified bundle comes from one esbuild run (test/infra/bundles.ts),
 * each the one a run for that function alone makes, with its options (bundleOptionsFor).
 */
async function reachedBy(name: string): Promise<Reached> {
  const code = (await functionBundles({ minify: false })).get(name)?.text;
  if (code === undefined) throw new Error(`${name}: no bundle (its entry is not in functionEntries(), infra/bundling.ts)`);
  // esbuild heads each module's code with `// <path>`: the product's own modules are the ones outside node_modules.
  const ownCode = code
    .split(/^\/\/ (?=\S+\.[cm]?[jt]sx?$)/m)
    .filter((module) => /^(functions|shared)\//.test(module))
    .join('\n');

  const commands = new Set([...ownCode.matchAll(/\bnew (\w+?Command)\d*\(/g)].map((match) => match[1]));
  const unknown = [...commands].filter((command) => !(command in COMMAND_ACTIONS));
  if (unknown.length > 0) throw new Error(`${name}: add the IAM actions of ${unknown.join(', ')} to COMMAND_ACTIONS`);

  const actions = new Set([...commands].flatMap((command) => COMMAND_ACTIONS[command]));
  // A signed S3 POST policy (functions/lib/avatars/post-policy.ts) puts objects with the signer's own rights.
  if (ownCode.includes('content-length-range')) actions.add('s3:PutObject');
  if (commands.has('TransactWriteCommand')) {
    for (const [, kind] of ownCode.matchAll(/\b(Put|Update|Delete|ConditionCheck)\s*:\s*\{/g)) actions.add(TRANSACTION_ITEM_ACTIONS[kind]);
  }
  const queriedIndexes = new Set<string>();
  for (const query of callArguments(ownCode, /\bnew QueryCommand\d*\(/g)) {
    const index = /\bIndexName:\s*["'](\w+)["']/.exec(query)?.[1];
    if (index) queriedIndexes.add(index);
    else actions.add('dynamodb:Query');
  }
  const sorted = (values: Iterable<string>) => [...values].sort();
  return {
    tableActions: sorted([...actions].filter((action) => action.startsWith('dynamodb:'))),
    queriedIndexes: sorted(queriedIndexes),
    actions: sorted([...actions].filter((action) => SERVICES_FOLLOWING_THE_CODE.includes(action.split(':')[0]))),
  };
}

interface Granted {
  tableActions: string[];
  queriedIndexes: string[];
  /** Actions of the index statements (only dynamodb:Query is expected). */
  indexActions: string[];
  services: string[];
  /** Actions of EXACT_SERVICES. */
  exactActions: string[];
}

/**
 * A stream event source mapping grants its consumer the stream's read actions, which its code never
 * calls (Lambda polls the stream): left out like SQS.
 */
const STREAM_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];

function grantedBy(statements: PolicyStatementJson[]): Granted {
  const allowed = statements
    .filter((statement) => statement.Effect === 'Allow')
    .map((statement) => ({ ...statement, Action: actionsOf(statement).filter((action) => !STREAM_ACTIONS.includes(action)) }))
    .filter((statement) => statement.Action.length > 0);
  const dynamodb = allowed.filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
  const onIndex = (statement: PolicyStatementJson) => JSON.stringify(statement.Resource).includes('/index/');
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
  return {
    tableActions: sorted(dynamodb.filter((statement) => !onIndex(statement)).flatMap(actionsOf)),
    queriedIndexes: sorted(
      dynamodb.filter(onIndex).flatMap((statement) => [...JSON.stringify(statement.Resource).matchAll(/\/index\/(\w+)/g)].map((m) => m[1])),
    ),
    indexActions: sorted(dynamodb.filter(onIndex).flatMap(actionsOf)),
    services: sorted(
      allowed
        .flatMap(actionsOf)
        .map((action) => action.split(':')[0])
        .filter((service) => SERVICES_FOLLOWING_THE_CODE.includes(service)),
    ),
    exactActions: sorted(allowed.flatMap(actionsOf).filter((action) => EXACT_SERVICES.includes(action.split(':')[0]))),
  };
}

let product: SynthesizedProduct;
/** Every function the two stacks deploy, with its grants. */
let deployed: Array<{ name: string; entry: string; granted: Granted }>;

beforeAll(() => {
  product = synthesize(CLOUD_CONTEXT, { bundle: false });
  const entries = functionEntries();
  deployed = [
    { stack: product.stacks.data, template: product.data },
    { stack: product.stacks.application, template: product.application },
  ].flatMap(({ stack, template }) => {
    const byRole = statementsByRole(template);
    return stack.node
      .findAll()
      .filter((construct): construct is ProductFunction => construct instanceof ProductFunction)
      .map((productFunction) => {
        const name = entries.find((entry) => entry.entry === productFunction.entry)?.name;
        if (!name) throw new Error(`${productFunction.node.path}: its entry is not in functionEntries() (infra/bundling.ts)`);
        const role = productFunction.function.role?.node.defaultChild as iam.CfnRole;
        return { name, entry: productFunction.entry, granted: grantedBy(byRole.get(Stack.of(role).getLogicalId(role)) ?? []) };
      });
  });
});

describe('DynamoDB permissions', () => {
  it('never allows a Scan or every DynamoDB action, in any policy of either stack', () => {
    for (const template of [product.data, product.application]) {
      const text = JSON.stringify(template.toJSON());
      expect(text).not.toContain('dynamodb:Scan');
      expect(text).not.toMatch(/"dynamodb:\*"|"dynamodb:[A-Za-z]*\*"/);
    }
  });

  it("gives each API area's function exactly the table actions its area lists, and queries an index only where it lists one", () => {
    for (const area of AREAS) {
      const fn = deployed.find((candidate) => candidate.name === area);
      const expected = areaNeeds(area).table;
      expect(fn?.granted.tableActions, area).toEqual([...expected.actions].sort());
      expect(fn?.granted.queriedIndexes, area).toEqual([...(expected.queriedIndexes ?? [])].sort());
    }
  });

  it('lets the stats function read the counters, a user with their subscriptions and the rates, and settle a membership: no Put, Delete or Scan', () => {
    expect(deployed.find((fn) => fn.name === 'stats')?.granted.tableActions).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it('allows only Query on an index', () => {
    for (const fn of deployed)
      if (fn.granted.queriedIndexes.length > 0) expect(fn.granted.indexActions, fn.name).toEqual(['dynamodb:Query']);
  });
});

describe("every function's grants follow its code", () => {
  it('deploys only functions whose bundles this guard reads', () => {
    expect(deployed.map((fn) => fn.name)).toEqual(
      expect.arrayContaining([...AREAS, 'reminder-planner', 'reminder-sender', 'membership-expiry', 'avatars', 'bootstrap']),
    );
  });

  it('grants each function the table actions and indexes its bundle calls, the S3 and Secrets Manager actions it calls, and no service it never calls', async () => {
    const found = await Promise.all(
      deployed.map(async (fn) => {
        const reached = await reachedBy(fn.name);
        const { indexActions: _checkedAbove, ...granted } = fn.granted;
        return {
          name: fn.name,
          granted,
          reached: {
            tableActions: reached.tableActions,
            queriedIndexes: reached.queriedIndexes,
            services: [...new Set(reached.actions.map((action) => action.split(':')[0]))].sort(),
            exactActions: reached.actions.filter((action) => EXACT_SERVICES.includes(action.split(':')[0])),
          },
        };
      }),
    );
    // All functions at once, so one run names every difference.
    expect(Object.fromEntries(found.map((fn) => [fn.name, fn.granted]))).toEqual(
      Object.fromEntries(found.map((fn) => [fn.name, fn.reached])),
    );
  });

  it('reads the calls a bundle makes, tree-shaken: an unused export adds nothing, a Scan would be seen', async () => {
    // The daily rates function puts one item and calls nothing else.
    const reached = await reachedBy('daily-rates');
    expect(reached.tableActions).toEqual(['dynamodb:PutItem']);
    expect(reached.actions).toEqual(['dynamodb:PutItem']);
    // The same bundle with its sign-in path (as an area with signed-in routes has it).
    const signedIn = await reachedBy('membership');
    expect(signedIn.tableActions).toEqual(expect.arrayContaining(['dynamodb:BatchGetItem', 'dynamodb:UpdateItem']));
    expect(signedIn.actions).toEqual(expect.arrayContaining(['scheduler:CreateSchedule', 'secretsmanager:GetSecretValue']));
  });
});
