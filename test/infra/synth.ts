import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { inject } from 'vitest';
import { projectRoot } from '../../infra/bundling.js';
import { readDeploymentConfig } from '../../infra/config.js';
import { addSubscriptionTracker, type SubscriptionTrackerStacks } from '../../infra/subscription-tracker.js';

/**
 * The contexts the test files share (docs/decisions/0125-infra-tests-synthesize-once.md): a file that needs
 * the cloud variant asks for this one, so the run synthesizes it once for all of them.
 */
export const CLOUD_CONTEXT: Record<string, string> = {
  senderEmail: 'reminders@subscriptions.example.com',
  ownerUsername: 'owner',
  ownerEmail: 'owner@subscriptions.example.com',
  supportEmail: 'help@subscriptions.example.com',
};
/** The certificate of CUSTOM_DOMAIN_CONTEXT's domain. */
export const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-1234567890ab';
/** The cloud with a custom domain and its hosted zone, which holds the sender's domain too. */
export const CUSTOM_DOMAIN_CONTEXT: Record<string, string> = {
  senderEmail: 'reminders@example.com',
  domainName: 'subscriptions.example.com',
  certificateArn: CERTIFICATE,
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'example.com',
};
/** A region other than us-east-1, as `cdk deploy` gives it: the web ACL goes to a us-east-1 edge stack of its own. */
export const OTHER_REGION = { account: '123456789012', region: 'eu-west-1' };
/** The LocalStack variant as `npm run deploy:local` deploys it, with the first owner. */
export const LOCALSTACK_CONTEXT: Record<string, string> = {
  target: 'localstack',
  senderEmail: 'reminders@example.com',
  ownerUsername: 'owner',
  ownerEmail: 'owner@subscriptions.example.com',
};

export interface SynthesizedProduct {
  app: App;
  stacks: SubscriptionTrackerStacks;
  data: Template;
  application: Template;
  /** The web ACL's us-east-1 stack, when the application is in another region with the WAF on. */
  edge?: Template;
  /** The synthesized template files of every stack, for tools that read templates (cfn-lint). */
  templateFiles: string[];
}

/** A stand-in for web/dist, so the infra tests neither need nor run the web build. */
function builtSiteFixture(dir: string): s3deploy.ISource {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Subscription Tracker</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  return s3deploy.Source.asset(dir);
}

export interface SynthesisOptions {
  /** Run esbuild on every function (default true); off when a test does not look at function code. */
  bundle?: boolean;
  /** Check the templates against CloudFormation's schemas, as `cdk synth` does (default true; ~7 s). */
  validate?: boolean;
  /** Account and region, as `cdk deploy` gives them (CDK_DEFAULT_ACCOUNT/REGION); environment-agnostic without. */
  env?: { account: string; region: string };
}

/**
 * Where the cloud assemblies go: the folder test/infra/global-setup.ts made for the run (and deletes after
 * it), or a temporary folder of this process when a file runs outside the infra project.
 */
function synthesisRoot(): string {
  let root: string | undefined;
  try {
    root = inject('infraSynthesisRoot');
  } catch {
    root = undefined;
  }
  return mkdtempSync(join(root ?? tmpdir(), 'subscription-tracker-synth-'));
}

/** The products this worker has synthesized, by context, environment and bundling; with whether they were validated. */
const synthesized = new Map<string, { product: SynthesizedProduct; validated: boolean }>();

/**
 * Synthesizes the product the way `cdk synth` does (cdk.json's feature flags, context values as
 * `-c key=value`), into a temporary folder. A template that breaks CloudFormation's rules fails
 * synthesis, because cdk.json sets `@aws-cdk/core:validateAgainstDefaultRules`.
 *
 * Once per worker for each context, environment and bundling: the infra files share their worker's module
 * graph (vitest.config.ts), so a file asking for a product another file synthesized gets the same one. A
 * product synthesized with the schema check serves a request without it, not the other way round. The
 * product is shared: a test reads it, and changes nothing in it.
 */
export function synthesize(context: Record<string, string>, options: SynthesisOptions = {}): SynthesizedProduct {
  const key = JSON.stringify([Object.entries(context).sort(([a], [b]) => a.localeCompare(b)), options.env ?? null, options.bundle ?? true]);
  const validate = options.validate ?? true;
  const cached = synthesized.get(key);
  if (cached && (cached.validated || !validate)) return cached.product;
  const product = synthesizeNow(context, { ...options, validate });
  synthesized.set(key, { product, validated: validate });
  return product;
}

function synthesizeNow(context: Record<string, string>, options: SynthesisOptions): SynthesizedProduct {
  const cdkJson = JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const workDir = synthesisRoot();
  const app = new App({
    outdir: join(workDir, 'cdk.out'),
    builtinCloudFormationValidation: options.validate ?? true,
    context: { ...cdkJson.context, ...context, ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}) },
  });
  const config = readDeploymentConfig((key) => app.node.tryGetContext(key));
  const stacks = addSubscriptionTracker(app, config, {
    site: config.target === 'aws' ? builtSiteFixture(join(workDir, 'site')) : undefined,
    env: options.env,
  });
  const templates = {
    data: Template.fromStack(stacks.data),
    application: Template.fromStack(stacks.application),
    edge: stacks.edge ? Template.fromStack(stacks.edge) : undefined,
  };
  return {
    app,
    stacks,
    ...templates,
    templateFiles: [stacks.data, stacks.application, ...(stacks.edge ? [stacks.edge] : [])].map((stack) =>
      join(app.outdir, stack.templateFile),
    ),
  };
}

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

/** The template's resources of one type, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

export interface ProductFunctionResource {
  logicalId: string;
  roleLogicalId: string;
  properties: {
    Description: string;
    Runtime: string;
    Architectures: string[];
    MemorySize: number;
    Timeout: number;
    Environment: { Variables: Record<string, unknown> };
  };
}

/** The product's own functions (not CDK's helper functions): those configured with TABLE_NAME. */
export function productFunctions(template: Template): ProductFunctionResource[] {
  return Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))
    .filter(([, resource]) => {
      const environment = resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined;
      return environment?.Variables?.TABLE_NAME !== undefined;
    })
    .map(([logicalId, resource]) => {
      const role = resource.Properties.Role as { 'Fn::GetAtt': [string, string] };
      return {
        logicalId,
        roleLogicalId: role['Fn::GetAtt'][0],
        properties: resource.Properties as ProductFunctionResource['properties'],
      };
    });
}

export interface PolicyStatementJson {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Every identity-policy statement attached to a role, by role logical id. */
export function statementsByRole(template: Template): Map<string, PolicyStatementJson[]> {
  const byRole = new Map<string, PolicyStatementJson[]>();
  for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy'))) {
    const properties = policy.Properties as {
      Roles: Array<{ Ref: string }>;
      PolicyDocument: { Statement: PolicyStatementJson[] };
    };
    for (const role of properties.Roles) {
      byRole.set(role.Ref, [...(byRole.get(role.Ref) ?? []), ...properties.PolicyDocument.Statement]);
    }
  }
  return byRole;
}
