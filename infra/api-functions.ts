import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AREAS, type Area } from '../shared/api/index.js';
import { areaNeeds, readsSessionKey } from './area-needs.js';
import { areaEntry, functionsDir, lambdaBundlingFor } from './bundling.js';
import { acknowledge } from './checks.js';
import type { DeploymentTarget, SingleSignOnConfig } from './config.js';
import { type EmailSendGrant, grantSecretValue, grantTableAccess } from './grants.js';
import { ProductFunction } from './product-function.js';

/** `stats` → `Stats`, for construct ids. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_\s]+)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}

export interface ApiFunctionsProps {
  target: DeploymentTarget;
  /** Configuration every function gets (the chassis validates it at cold start). */
  environment: Record<string, string>;
  table: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
  /** Given (as TWO_FACTOR_KEY_ARN) and readable only to the areas that need it. */
  twoFactorKey: secretsmanager.ISecret;
  /** Given (as VAPID_KEY_ARN) and readable only to the areas that send Web Push messages. */
  vapidKey: secretsmanager.ISecret;
  /** The product's sender (EmailSender): areas that send e-mail are granted sending from it. */
  email: EmailSendGrant;
  /** Where contact messages go (SUPPORT_EMAIL of the areas that forward them). */
  supportEmail: string;
  /** Accounts there must be before the landing counters show (LANDING_COUNTERS_MIN_USERS of the stats area). */
  landingCountersMinUsers: number;
  /** Folder holding `<area>/handler.ts`; the repository's `functions/` by default. */
  functionsDir?: string;
  /** The header value CloudFront sends (cloud only): every API function reads it and refuses requests without it. */
  originSecret?: secretsmanager.ISecret;
  /** The single sign-on provider (issue 38 §2), given to the sso function with a grant on its client secret. */
  singleSignOn?: SingleSignOnConfig;
  /** False: password sign-in off for everyone but the owner (PASSWORD_SIGN_IN=off of the areas that take passwords). */
  passwordSignIn: boolean;
}

/**
 * One function per API area of the contract (`AREAS`), each granted only what its area uses:
 * exactly its DynamoDB actions, sending from the product's sender address, the session signing key,
 * the two-factor key, the VAPID key. No area touches avatar objects (infra/avatars.ts).
 */
export class ApiFunctions extends Construct {
  readonly byArea: ReadonlyMap<Area, NodejsFunction>;
  readonly all: ProductFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiFunctionsProps) {
    super(scope, id);
    const byArea = new Map<Area, NodejsFunction>();

    for (const area of AREAS) {
      const needs = areaNeeds(area);
      const productFunction = new ProductFunction(this, pascalCase(area), {
        entry: areaEntry(area, props.functionsDir ?? functionsDir),
        description: `Subscription Tracker API: ${area} routes`,
        target: props.target,
        memorySize: needs.memorySize,
        environment: {
          ...props.environment,
          ...(needs.twoFactorKey ? { TWO_FACTOR_KEY_ARN: props.twoFactorKey.secretArn } : {}),
          ...(needs.vapidKey ? { VAPID_KEY_ARN: props.vapidKey.secretArn } : {}),
          ...(needs.supportEmail || needs.vapidKey ? { SUPPORT_EMAIL: props.supportEmail } : {}),
          ...(needs.landingCounters ? { LANDING_COUNTERS_MIN_USERS: String(props.landingCountersMinUsers) } : {}),
          ...(props.originSecret ? { ORIGIN_SECRET_ARN: props.originSecret.secretArn } : {}),
          ...(needs.passwordSignIn && !props.passwordSignIn ? { PASSWORD_SIGN_IN: 'off' } : {}),
          ...(needs.singleSignOn && props.singleSignOn
            ? {
                OIDC_ISSUER: props.singleSignOn.issuer,
                OIDC_CLIENT_ID: props.singleSignOn.clientId,
                OIDC_NAME: props.singleSignOn.name,
                OIDC_CLIENT_SECRET_ARN: props.singleSignOn.clientSecretArn,
                OIDC_SIGN_UP: props.singleSignOn.signUp ? 'on' : 'off',
              }
            : {}),
        },
        bundling: lambdaBundlingFor(area),
      });
      const fn = productFunction.function;
      acknowledge(
        fn,
        'Invoked synchronously by API Gateway: the caller gets the error and no event is left to keep.',
        'Serverless-LambdaDLQ',
      );

      grantTableAccess(props.table, fn, needs.table);
      if (needs.sendsEmail) props.email.grantSend(fn);
      if (readsSessionKey(area)) grantSecretValue(props.jwtSecret, fn);
      if (needs.twoFactorKey) grantSecretValue(props.twoFactorKey, fn);
      if (needs.vapidKey) grantSecretValue(props.vapidKey, fn);
      if (props.originSecret) grantSecretValue(props.originSecret, fn);
      if (needs.singleSignOn && props.singleSignOn) {
        grantSecretValue(
          secretsmanager.Secret.fromSecretCompleteArn(this, `${pascalCase(area)}ClientSecret`, props.singleSignOn.clientSecretArn),
          fn,
        );
      }

      byArea.set(area, fn);
      this.all.push(productFunction);
    }
    this.byArea = byArea;
  }
}
