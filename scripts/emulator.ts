/**
 * The local AWS emulator the testers' stack is deployed to (README, "Test on LocalStack"): LocalStack, or
 * MiniStack, which answers LocalStack's API without Docker. The commands find it by AWS_ENDPOINT_URL alone
 * (default http://localhost:4566) and never start one (docs/decisions/0146).
 */
import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
  type StackResourceSummary,
} from '@aws-sdk/client-cloudformation';
import {
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { OWNER_PASSWORD_GENERATION } from '../infra/secrets.js';
import { passwordProblem } from '../shared/domain/password.js';

// Node 20 is supported here (DESIGN §9); the SDK's notice about Node 22 is noise for these commands.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const emulatorEndpoint = (process.env.AWS_ENDPOINT_URL ?? 'http://localhost:4566').replace(/\/+$/, '');

/** The emulators accept any credentials; these are used when none are configured. */
export const clientConfig = {
  endpoint: emulatorEndpoint,
  region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
  credentials:
    process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY ? undefined : { accessKeyId: 'test', secretAccessKey: 'test' },
};

export const cloudFormation = new CloudFormationClient(clientConfig);

/** The stack's status, or undefined when there is no such stack (or it is deleted). */
export async function stackStatus(name: string): Promise<string | undefined> {
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: name }));
    const status = Stacks?.[0]?.StackStatus;
    return status === 'DELETE_COMPLETE' ? undefined : status;
  } catch (error) {
    if (/does not exist/.test((error as Error).message)) return undefined;
    throw error;
  }
}

/** Every resource of the stack, page by page. */
export async function stackResources(name: string): Promise<StackResourceSummary[]> {
  const resources: StackResourceSummary[] = [];
  let NextToken: string | undefined;
  do {
    const page = await cloudFormation.send(new ListStackResourcesCommand({ StackName: name, NextToken }));
    resources.push(...(page.StackResourceSummaries ?? []));
    NextToken = page.NextToken;
  } while (NextToken);
  return resources;
}

/** What the stacks use, each by the names the emulators list it under (CloudWatch is MiniStack's `monitoring`). */
const SERVICES_USED: (string | string[])[] = [
  'cloudformation',
  'iam',
  'sts',
  'lambda',
  'dynamodb',
  's3',
  'ses',
  'apigateway',
  'secretsmanager',
  'sqs',
  'sns',
  'scheduler',
  ['cloudwatch', 'monitoring'],
  'logs',
];

export type EmulatorKind = 'localstack' | 'ministack';

/**
 * Which emulator answers at the endpoint (AWS_ENDPOINT_URL's unless given), after checking it offers every service the stacks use; throws one
 * sentence saying what is missing otherwise.
 */
export async function checkEmulator(endpoint = emulatorEndpoint): Promise<EmulatorKind> {
  let services: Record<string, string> | undefined;
  try {
    const response = await fetch(`${endpoint}/_localstack/health`, { signal: AbortSignal.timeout(5_000) });
    ({ services } = (await response.json()) as { services?: Record<string, string> });
  } catch {
    throw new Error(
      `No AWS emulator is answering at ${endpoint}: start LocalStack or MiniStack first (README, "Test on LocalStack"), or set AWS_ENDPOINT_URL to where one runs.`,
    );
  }
  const offered = (name: string) => Boolean(services?.[name]) && services?.[name] !== 'disabled';
  const missing = SERVICES_USED.filter((names) => ![names].flat().some(offered)).map((names) => [names].flat()[0]);
  if (missing.length) throw new Error(`The emulator at ${endpoint} does not offer ${missing.join(', ')}, which the stacks use.`);
  const ministack = await fetch(`${endpoint}/_ministack/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
  return ministack?.ok ? 'ministack' : 'localstack';
}

/**
 * The host and port the deployment's URLs name (the `localstackHost` context): LocalStack's own domain, whose
 * names resolve to this machine; for MiniStack, `localhost`, whose subdomains browsers send to this machine and
 * whose API Gateway matches `<api>.execute-api.localhost`.
 */
export function emulatorHost(kind: EmulatorKind): string {
  const { port } = new URL(emulatorEndpoint);
  return `${kind === 'ministack' ? 'localhost' : 'localhost.localstack.cloud'}:${port || '80'}`;
}

/**
 * The owner's first password the stack generated, made again when it breaks the password rules: MiniStack's CloudFormation
 * ignores GenerateSecretString's RequireEachIncludedType (about one generated password in thirteen lacks a digit or one of !@#$%^&*), while its
 * GetRandomPassword keeps it. Answers whether it was made again.
 */
export async function ownerPasswordWithinRules(secretId: string): Promise<boolean> {
  const secrets = new SecretsManagerClient(clientConfig);
  const { SecretString = '' } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!passwordProblem(SecretString)) return false;
  const { passwordLength, requireEachIncludedType, excludeCharacters } = OWNER_PASSWORD_GENERATION;
  const { RandomPassword } = await secrets.send(
    new GetRandomPasswordCommand({
      PasswordLength: passwordLength,
      RequireEachIncludedType: requireEachIncludedType,
      ExcludeCharacters: excludeCharacters,
    }),
  );
  if (!RandomPassword || passwordProblem(RandomPassword))
    throw new Error(`The emulator generated no password within the rules for ${secretId}`);
  await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: RandomPassword }));
  return true;
}

/** An e-mail the emulator's SES took (the product sends raw MIME: a text and an HTML part in base64). */
export interface EmulatorMail {
  to: string[];
  subject: string;
  text: string;
}

/** The text part of a raw MIME message as the product writes it (functions/lib/email/mime.ts). */
function textPartOf(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  return part ? Buffer.from(part[1].replace(/\s+/g, ''), 'base64').toString('utf8') : '';
}

/**
 * Every e-mail the emulator's SES has taken: MiniStack lists them at `/_ministack/ses/messages`, LocalStack at
 * `/_aws/ses` (with the raw message of a SendRawEmail).
 */
export async function emulatorMail(): Promise<EmulatorMail[]> {
  const ministack = await fetch(`${emulatorEndpoint}/_ministack/ses/messages`);
  if (ministack.ok) {
    const { messages } = (await ministack.json()) as {
      messages: Record<string, Array<{ To: string[]; Subject: string; BodyText: string }>>;
    };
    return Object.values(messages)
      .flat()
      .map((mail) => ({ to: mail.To, subject: mail.Subject, text: mail.BodyText }));
  }
  const localstack = await fetch(`${emulatorEndpoint}/_aws/ses`);
  const { messages } = (await localstack.json()) as {
    messages: Array<{ Destination?: { ToAddresses?: string[] }; Subject?: string; Body?: { text_part?: string }; RawData?: string }>;
  };
  return messages.map((mail) => {
    const raw = mail.RawData ?? '';
    return {
      to: mail.Destination?.ToAddresses ?? [/^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? ''],
      subject: mail.Subject ?? /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
      text: mail.Body?.text_part ?? textPartOf(raw),
    };
  });
}
