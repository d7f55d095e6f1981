import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_THROTTLE, AUTH_THROTTLE, MAIL_THROTTLE, PUBLIC_MAIL_ROUTES } from '../../infra/api.js';
import { findingsOf } from '../../infra/checks.js';
import { DEFAULT_SES_MAX_SEND_RATE } from '../../infra/config.js';
import { ASSUMPTIONS, PRICES, USER_COUNTS } from '../../scripts/cost-inputs.js';
import { monthlyBill } from '../../scripts/cost-model.js';
import { pollVariants, readUsage, sessionRoutes } from '../../scripts/cost-usage.js';
import {
  actionsOf,
  CLOUD_CONTEXT,
  CUSTOM_DOMAIN_CONTEXT,
  LOCALSTACK_CONTEXT,
  OTHER_REGION,
  productFunctions,
  type SynthesizedProduct,
  statementsByRole,
  synthesize,
} from './synth.js';

/**
 * The stacks checked by the tools of the field (issue 21 §8): cdk-nag's AWS Solutions and
 * Serverless packs and cfn-lint, over every variant the app synthesizes. Functions are not bundled
 * and CloudFormation's own schema check is skipped: neither tool reads function code, and the
 * cloud variant's test runs that check. The cloud, waf=false and LocalStack variants are the ones the
 * other files synthesize (test/infra/synth.ts): their worker synthesizes each once for all of them.
 */

interface Variant {
  context: Record<string, string>;
  env?: { account: string; region: string };
  /** Also linted by cfn-lint (one run for all, ~4 s of CPU a variant); waf=false's templates are the default's less the web ACL. */
  lint: boolean;
  /** With CloudFormation's schema check: the variants other files synthesize with it, shared with them. */
  validate?: boolean;
}
const VARIANTS: Record<string, Variant> = {
  'the cloud, in us-east-1 or with no region given (npm run synth), with the first owner and a support address': {
    context: CLOUD_CONTEXT,
    lint: true,
    validate: true,
  },
  'the cloud in another region (the web ACL in its us-east-1 edge stack), with a custom domain and hosted zone': {
    context: CUSTOM_DOMAIN_CONTEXT,
    env: OTHER_REGION,
    lint: true,
    validate: true,
  },
  'the cloud with -c waf=false': { context: { ...CLOUD_CONTEXT, waf: 'false' }, lint: false },
  'LocalStack (target=localstack), with the first owner': { context: LOCALSTACK_CONTEXT, lint: true },
};

/** cfn-lint: on PATH, or where CFN_LINT says (cfn-lint 1.x; `.ci/run` checks it is there). */
const CFN_LINT = process.env.CFN_LINT ?? 'cfn-lint';

interface CfnLintMatch {
  Filename: string;
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Rule: { Id: string };
  Location: { Path: Array<string | number> };
}

/**
 * cfn-lint's known false positives, ignored by rule id where the reason holds and nowhere else.
 * Its warnings (W3005: a DependsOn CDK writes beside a GetAtt) are not errors and are left alone.
 */
const CFN_LINT_FALSE_POSITIVES: Array<{ rule: string; reason: string; applies(match: CfnLintMatch, template: Template): boolean }> = [
  {
    rule: 'E6101',
    reason:
      "Fn::GetStackOutput, the weak cross-stack reference the application stack reads the data stack with (infra/application-stack.ts), is not in cfn-lint's schema: it takes the reference for a non-string output value.",
    applies: (match) => match.Message.includes('Fn::GetStackOutput'),
  },
  {
    rule: 'E3002',
    reason:
      "cfn-lint's schema of AWS::CloudWatch::Dashboard has no Tags, which CloudFormation takes (CDK tags every taggable resource with Product).",
    applies: (match, template) => {
      const [section, logicalId, properties, property] = match.Location.Path;
      return (
        section === 'Resources' &&
        properties === 'Properties' &&
        property === 'Tags' &&
        template.Resources[String(logicalId)]?.Type === 'AWS::CloudWatch::Dashboard'
      );
    },
  },
];

interface Template {
  Resources: Record<string, { Type: string }>;
}

/** cfn-lint's errors over the template files, less the known false positives. */
function cfnLintErrors(files: string[]): Promise<Array<{ file: string; error: string }>> {
  return new Promise((resolve, reject) => {
    const lint = spawn(CFN_LINT, ['--format', 'json', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    lint.stdout.on('data', (chunk) => {
      out += chunk;
    });
    lint.stderr.on('data', (chunk) => {
      err += chunk;
    });
    lint.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(`cfn-lint was not found (${CFN_LINT}): install cfn-lint 1.x (pip install cfn-lint) or set CFN_LINT to its path.`)
          : error,
      );
    });
    lint.on('close', () => {
      let matches: CfnLintMatch[];
      try {
        matches = JSON.parse(out) as CfnLintMatch[];
      } catch {
        reject(new Error(`cfn-lint did not answer JSON: ${err || out}`));
        return;
      }
      const templates = new Map(files.map((file) => [file, JSON.parse(readFileSync(file, 'utf8')) as Template]));
      resolve(
        matches
          .filter((match) => match.Level === 'Error')
          .filter(
            (match) =>
              !CFN_LINT_FALSE_POSITIVES.some(
                (known) => known.rule === match.Rule.Id && known.applies(match, templates.get(match.Filename) as Template),
              ),
          )
          .map((match) => ({ file: match.Filename, error: `${match.Rule.Id} ${match.Location.Path.join('/')}: ${match.Message}` })),
      );
    });
  });
}

/** Every acknowledgement in the app's construct tree: rule id → reason. */
function acknowledgements(root: IConstruct): Array<{ path: string; id: string; reason: string }> {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ path: construct.node.path, id, reason })),
  );
}

const products = new Map<string, SynthesizedProduct>();
let lintErrors: Promise<Array<{ file: string; error: string }>>;

beforeAll(() => {
  for (const [name, { context, env, validate }] of Object.entries(VARIANTS)) {
    products.set(name, synthesize(context, { bundle: false, validate: validate ?? false, env }));
  }
  // One cfn-lint run over every linted variant's templates, going on while the cdk-nag tests run.
  const files = Object.entries(VARIANTS).flatMap(([name, { lint }]) =>
    lint ? (products.get(name) as SynthesizedProduct).templateFiles : [],
  );
  lintErrors = cfnLintErrors(files);
  lintErrors.catch(() => undefined);
});

describe.each(Object.keys(VARIANTS))('%s', (name) => {
  it('has no cdk-nag finding (AWS Solutions, Serverless) that is not acknowledged in code', () => {
    const product = products.get(name) as SynthesizedProduct;
    expect(product.stacks.edge !== undefined).toBe(VARIANTS[name].env !== undefined);
    const findings = findingsOf(product.app).map(
      (finding) => `${finding.ruleName}: ${finding.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('acknowledges each finding with its reason, in words', () => {
    const acknowledged = acknowledgements((products.get(name) as SynthesizedProduct).app);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledged) {
      expect(reason.split(' ').length, `${path} ${id}`).toBeGreaterThanOrEqual(8);
    }
  });
});

describe.each(Object.keys(VARIANTS).filter((name) => VARIANTS[name].lint))('cfn-lint, %s', (name) => {
  it('has no error but its known false positives', async () => {
    const files = new Set((products.get(name) as SynthesizedProduct).templateFiles);
    expect(files.size).toBeGreaterThanOrEqual(2);
    expect((await lintErrors).filter((error) => files.has(error.file))).toEqual([]);
  });
});

describe('the acknowledgements that could hide a real finding', () => {
  it('grants a product function nothing on `*` but X-Ray’s tracing calls (acknowledged as AwsSolutions-IAM5[Resource::*]), and the stream consumer ListStreams', () => {
    const product = products.values().next().value as SynthesizedProduct;
    for (const template of [product.data, product.application]) {
      const statements = statementsByRole(template);
      for (const fn of productFunctions(template)) {
        for (const statement of statements.get(fn.roleLogicalId) ?? []) {
          if (statement.Resource !== '*') continue;
          // The avatar and logo functions' stream mappings (infra/avatars.ts, infra/logos.ts) need ListStreams, which has no resource to name.
          const streamConsumer = /checks avatar uploads|fetches the icons of subscriptions’ websites/.test(
            String(fn.properties.Description),
          );
          expect(
            actionsOf(statement).sort((a, b) => a.localeCompare(b)),
            fn.properties.Description,
          ).toEqual([...(streamConsumer ? ['dynamodb:ListStreams'] : []), 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
        }
      }
    }
  });

  it('keeps the TLS-only statement on the avatars bucket, which the data stack acknowledges as AwsSolutions-S10', () => {
    const product = products.values().next().value as SynthesizedProduct;
    product.application.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { 'Fn::GetStackOutput': Match.objectLike({ StackName: product.stacks.data.stackName }) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Sid: 'DenyInsecureTransport', Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('the route throttles, capacity limits sized from docs/COST.md', () => {
  const SECONDS_A_MONTH = 30 * 24 * 3600;
  const users = Math.max(...USER_COUNTS);
  const usage = readUsage();
  const poll = pollVariants(usage, ASSUMPTIONS).at(-1);
  const month = monthlyBill({
    prices: PRICES,
    assumptions: ASSUMPTIONS,
    users,
    sessionRoutes: sessionRoutes(usage),
    poll: poll as NonNullable<typeof poll>,
  });

  it('leave every route more than 3 times the API’s average rate at the largest load', () => {
    expect(API_THROTTLE.rateLimit).toBeGreaterThan((3 * month.apiRequests) / SECONDS_A_MONTH);
  });

  it('leave sign-in more than 10 times its average rate', () => {
    const signInsPerSecond = (users * ASSUMPTIONS.sessionsPerUserPerMonth) / SECONDS_A_MONTH;
    expect(AUTH_THROTTLE.rateLimit).toBeGreaterThan(10 * signInsPerSecond);
  });

  it('leave sign-up 100 times its average rate, and the public mail routes together under a new SES account’s send rate', () => {
    const signUpsPerSecond = (users * ASSUMPTIONS.newUserShare) / SECONDS_A_MONTH;
    expect(MAIL_THROTTLE.rateLimit).toBeGreaterThan(100 * signUpsPerSecond);
    expect(PUBLIC_MAIL_ROUTES.length * MAIL_THROTTLE.rateLimit).toBeLessThan(DEFAULT_SES_MAX_SEND_RATE);
  });
});
