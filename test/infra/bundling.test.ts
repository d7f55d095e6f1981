import { existsSync } from 'node:fs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LOCAL_CLOCK_ONLY } from '../../functions/lib/chassis/clock.js';
import {
  BUNDLE_ALIASES,
  bundleOptions,
  bundleOptionsFor,
  ESM_REQUIRE_SHIM,
  FULL_CHECKSUM_FUNCTIONS,
  functionEntries,
  lambdaBundling,
  lambdaBundlingFor,
} from '../../infra/bundling.js';
import { LAMBDA_RUNTIME } from '../../infra/product-function.js';
import { AREAS } from '../../shared/api/index.js';

describe('function bundling', () => {
  it('lists one entry per API area, each an existing handler module', () => {
    const entries = functionEntries();
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(AREAS));
    for (const { entry } of entries) expect(existsSync(entry)).toBe(true);
  });

  it('gives the stack the same options the benchmark bundles with', () => {
    expect(lambdaBundling).toMatchObject({
      format: bundleOptions.format,
      target: bundleOptions.target,
      minify: bundleOptions.minify,
      sourceMap: bundleOptions.sourcemap,
      sourcesContent: bundleOptions.sourcesContent,
      mainFields: bundleOptions.mainFields,
      banner: bundleOptions.banner.js,
      externalModules: bundleOptions.external,
      esbuildArgs: {
        '--alias:@aws-sdk/credential-provider-node': BUNDLE_ALIASES['@aws-sdk/credential-provider-node'],
        '--alias:@smithy/core/event-streams': BUNDLE_ALIASES['@smithy/core/event-streams'],
        '--alias:@aws-sdk/middleware-endpoint-discovery': BUNDLE_ALIASES['@aws-sdk/middleware-endpoint-discovery'],
        '--alias:@smithy/core/checksum': BUNDLE_ALIASES['@smithy/core/checksum'],
      },
      forceDockerBundling: false,
    });
    expect(bundleOptions).toMatchObject({ format: 'esm', target: 'node24', minify: true, external: [] });
  });

  it('targets the functions’ runtime, the newest Node.js CDK offers', () => {
    const newest = Math.max(
      ...lambda.Runtime.ALL.filter((runtime) => /^nodejs\d+\.x$/.test(runtime.name)).map((runtime) =>
        Number(runtime.name.match(/\d+/)?.[0]),
      ),
    );
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${newest}.x`);
    expect(bundleOptions.target).toBe(`node${newest}`);
  });

  it('keeps the whole SDK checksum module only in the function that uses S3 (the avatar function)', () => {
    expect([...FULL_CHECKSUM_FUNCTIONS]).toEqual(['avatars']);
    expect(lambdaBundlingFor('avatars').esbuildArgs).not.toHaveProperty('--alias:@smithy/core/checksum');
    expect(lambdaBundlingFor('account').esbuildArgs).toEqual(lambdaBundling.esbuildArgs);
    expect(lambdaBundlingFor('auth').esbuildArgs).toEqual(lambdaBundling.esbuildArgs);
    expect(bundleOptionsFor('stats').alias).toEqual(BUNDLE_ALIASES);
  });

  it('builds a self-contained ES module that can require CommonJS dependencies', async () => {
    const stats = functionEntries().find((e) => e.name === 'stats');
    if (!stats) throw new Error('no stats function');
    const result = await build({
      ...bundleOptions,
      entryPoints: [stats.entry],
      outfile: 'index.mjs',
      write: false,
      metafile: true,
    });
    const code = result.outputFiles.find((file) => file.path.endsWith('index.mjs'))?.text ?? '';
    expect(code.startsWith(ESM_REQUIRE_SHIM)).toBe(true);
    expect(code).toMatch(/export\s*\{/);
    // The AWS SDK is inside the bundle, at the version package.json pins.
    expect(Object.keys(result.metafile.inputs).some((input) => input.includes('node_modules/@aws-sdk/'))).toBe(true);
  });

  /**
   * Minified size ceilings, KB. Issue 8's goal is 250 KB for every function. The AWS SDK's part of
   * the auth and admin functions (DynamoDB with the document client, SES and Secrets Manager) is
   * about 220 KB after BUNDLE_ALIASES, which leaves too little room for zod, jose and (auth) bcrypt,
   * so those two keep their measured size plus a little (docs/decisions/0054-lean-function-bundles.md). Any growth fails here.
   * Issue 9: auth measured 327.8 KB (the contract's sessions, the settings kinds, the activity log; esbuild's
   * metafile shows only our own modules grew) and ~1 KB more with two-factor login (the ticket, the
   * remembered-device check); account 431.9 KB, of which the S3 client with its checksums is about 230 KB
   * (docs/decisions/0031-avatars.md). twofa has the SDK part of auth
   * without SES, plus jose, bcrypt (the password confirms disabling), otplib (~30 KB with its noble hashes
   * and scure base32) and qrcode's core (~20 KB; its renderers and pngjs are left out,
   * docs/decisions/0013-two-factor-sign-in.md). Every function now settles the signed-in user's membership (about 5 KB: the
   * rules and a transaction), which takes subscriptions past 250 KB; the membership function carries the
   * EventBridge Scheduler client (REST-JSON protocol, about 38 KB) (docs/decisions/0034-memberships.md).
   * Issue 10: the admin function deletes a deleted user's avatar, so it carries the S3 client with its
   * checksums like account (about 185 KB more): measured 481.4 KB. The per-role counters in every user
   * write (functions/lib/users/user-counters.ts), the login-lockout and subscription activity add under 1 KB:
   * auth 334.6, subscriptions 256.2, membership 283.7, account 438.2 KB (docs/decisions/0037-admin-user-management.md).
   * announcements measured 251.2 KB: the same chassis and membership settling as subscriptions, with
   * its own contract (~3 KB) and data access (~3 KB) (docs/decisions/0049-announcements.md).
   * Issue 11 §4: tokens name their signing key and the functions keep the current and previous keys for
   * minutes (functions/lib/auth/jwt.ts, 678 → 1,487 bytes): +0.8 KB in every function that reads sessions
   * (docs/decisions/0016-signing-key-rotation.md).
   * Issue 11 §2: every API function checks CloudFront's origin secret and reads the client address
   * (functions/lib/chassis/origin.ts, client-address.ts: about 1.5 KB); auth and admin also carry the mail
   * throttles (about 2 KB more). With both, measured auth 342.0, admin 488.5, account 442.7, twofa 333.8,
   * membership 287.1, subscriptions 259.8, announcements 255.7, contact 293.5 KB (docs/decisions/0062-the-edge.md).
   * Issue 11 §1: the reminder job became a planner (DynamoDB and SQS, no SES: measured 211.0 KB) and a sender
   * (DynamoDB and SES, no SQS; with §3's MIME writer, suppression check and unsubscribe token signed with
   * the key ring: 244.2 KB); each keeps its measured size plus about 1 KB (docs/decisions/0028-reminder-fan-out.md).
   * Issue 21 §3 and §7: the one e-mail address rule in every schema and the mailer, and the chassis's path
   * parameter shapes (under 1.5 KB): measured auth 343.2, admin 490.4, account 444.0, twofa 334.7, membership
   * 288.3, subscriptions 260.7, announcements 257.2 (its reorder ids a UUID too), contact 294.8, reminder-sender 245.1 KB
   * (docs/decisions/0023-mailable-addresses.md, docs/decisions/0005-ids-checked-by-the-contract.md).
   * Issue 21 §1, §4, §5: security notices, the sign-in link and the current-password check (auth 350.1), the
   * subscription ceilings and paged lists (subscriptions 264.8, account 446.9, admin 493.7), and two-factor's
   * notice when it is turned off, which brings the SES client into twofa (about 48 KB: 383.5 KB).
   * Issue 22 §5: the request's id and trace id on every log line and the chassis's metrics record
   * (functions/lib/chassis/invocation.ts, metrics.ts: about 1.3 KB): measured auth 351.5, admin 495.0, account 448.3,
   * twofa 385.3, membership 289.8, subscriptions 266.0, announcements 258.5, contact 296.1 KB
   * (docs/decisions/0007-request-logs-and-route-metrics.md).
   * Issue 22 §6: avatars go straight to S3 (docs/decisions/0077-avatar-uploads.md): account and admin
   * carry no S3 client any more, account 448.3 → 282.9 KB (the POST policy is signed with node:crypto),
   * admin 495.0 → 350.8 KB; the new avatar function carries it (with its checksums): 359.7 KB (its messages
   * come from shared/api/account-messages.ts, without the route schemas and zod).
   * Issue 22 §1 and issue 23: the functions' clock (chassis/clock.ts), the activity log's folded repeats
   * (auth, subscriptions) and the subscription activity entries: measured auth 353.2, admin 351.2,
   * account 283.3, twofa 385.8, membership 290.3, subscriptions 268.0, announcements 259.0, contact 296.7,
   * reminder-planner 212.0, reminder-sender 246.1, avatars 360.1 KB.
   * Issue 24 §3: the planner finds trials' ends and cancel-by dates and prices each reminder at the renewal's
   * price (shared/domain/billing.ts and the currency table it rounds with): 216.9 KB; the sender writes
   * prices as billed and in the display currency (formatAmount's table, Intl's currency formatter): 251.0 KB
   * (docs/decisions/0089-trial-and-cancel-by-reminders.md).
   * Issue 24 §4: the subscriptions function records payments (their contract, the payments store, the
   * lifetime spend): 275.1 → 279.4 KB.
   * Issue 24 (money as billed): the contract's subscription (currency, price history, trial, end and notice
   * fields with their checks) and the chassis's optional sign-in reach every API function: measured auth
   * 356.0, account 288.0, twofa 386.3, subscriptions 282.2 (payments, rates), admin 356.6, contact 297.2,
   * import 289.0, budgets 305.3 KB.
   * Issue 25 §3: the chassis's text answers and the calendar feed's path parameter (about 0.2 KB in every
   * function): measured membership 291.0 KB. Issue 25 §2: the admin's view of a user's deliveries
   * (with the chassis's text answers): measured admin 357.1 KB. Issue 25 §1: the reminder rules' contract
   * (its rule checks), the rules in force and their channels: measured subscriptions 290.2, channels 286.3 KB;
   * the reminder hour in settings: auth 357.3 KB.
   * Issue 25 §1: the reminder index is written with every subscription change and rewritten after a change
   * of the account's rules or reminder settings (functions/lib/reminders/reminder-index.ts: the rules in
   * force, the send hours in the user's zone, shared/domain/reminder-schedule.ts): measured auth 365.9, account 289.7, subscriptions 292.2, import 293.5, stats 247.3, budgets 306.9, calendar 249.2, admin 359.7, channels 292.7, reminder-planner 226.7 KB.
   * Issue 25 §1: a change into or out of the paid tiers (the membership function, an admin's role change)
   * indexes the user's reminders again: measured membership 302.8, admin 365.6 KB.
   * Issue 26: shared subscriptions. The subscriptions function mails invitations, which brings the SES client,
   * the e-mail layout and MIME writer (about 60 KB), and carries the sharing store and the split rules: measured
   * 362.0 KB. Account deletion releases shared subscriptions (functions/lib/sharing/sharing-store.ts) in account
   * and admin, and verifying an address claims its invitations in auth: measured auth 367.5, account 292.6,
   * admin 368.5, twofa 387.1, announcements 260.2 KB (the new table keys reach every function).
   * Issue 34 §2: the subscriptions function queues invitations' mails (the SQS client) instead of sending them
   * (no SES client, e-mail layout or MIME writer): measured 341.6 KB.
   */
  const CEILING_KB: Record<string, number> = {
    auth: 369,
    admin: 370,
    subscriptions: 343,
    // Issue 24 §6: the subscriptions' data access and the chassis, plus the import parsers, the plan and
    // its contract (about 25 KB): measured 286.5 KB. A function of its own keeps them out of the list's.
    // Issue 26: a re-imported price must still split a shared subscription (the split rules): measured 297.2 KB.
    import: 298,
    membership: 304,
    // Issue 26: an account's deletion takes its owner out of shared subscriptions and re-indexes their
    // payers' reminders (the sharing store, the reminder index): measured 298.8 KB.
    account: 300,
    // The S3 client with its checksums (about 98 + 30 KB), the DynamoDB document client, the upload checks.
    avatars: 361,
    twofa: 388,
    announcements: 261,
    // Issue 25 §2: the channel types' rules the planner reads (shared/domain/channels.ts): measured 218.6 KB.
    // Issue 26: a shared renewal's reminder to each member with their share (the split rules): measured 231.1 KB.
    'reminder-planner': 232,
    // Issue 25 §2: the channels' delivery (the outbound guard, the senders by type, the deliveries log: 312.1 KB)
    // and Web Push (the VAPID key from Secrets Manager, RFC 8291's encryption): measured 317.1 KB.
    // Issue 34 §2: invitations' mails sent from the queue (the invitation mails, the mail throttle): measured 322.0 KB.
    'reminder-sender': 323,
    // Issue 25 §2: the channels area (its contract, the channels and deliveries, the senders: 274.2 KB) and
    // Web Push (the VAPID key, the encryption): measured 279.0 KB.
    channels: 294,
    // The chassis, zod/mini for its body, the SES client, the e-mail layout and MIME writer.
    contact: 298,
    // Issue 24 §5: what contact carries, plus the subscriptions' query and the figures that project a month
    // (shared/domain/billing.ts, insights.ts, the rate table): measured 304.3 KB (docs/decisions/*-budget-alerts.md).
    budgets: 308,
    // Issue 24 §1: the landing counters and, signed in, the user's figures in a currency (the sign-in path,
    // the subscriptions' reading, the money functions): measured 245.6 KB. Issue 26: the subscriptions shared
    // with the user, at their share (the sharing store's reads, the split rules): measured 253.0 KB.
    stats: 254,
    // Issue 25 §3: the chassis, the subscriptions' query and the feed's iCalendar writer (billing.ts, the
    // reminder kinds, formatAmount's table): measured 247.8 KB. Issue 26: the subscriptions shared with the
    // feed's owner, at their share (the sharing store's reads, the split rules): measured 254.9 KB.
    calendar: 256,
    // The DynamoDB document client, fetch and the ECB file's parser: measured 180.5 KB.
    'daily-rates': 182,
  };

  it.each(functionEntries().map(({ name, entry }) => [name, entry]))(
    'keeps the %s function within its size ceiling, without the SDK parts BUNDLE_ALIASES replaces, zod classic or the local clock mover',
    async (name, entry) => {
      const result = await build({ ...bundleOptionsFor(name), entryPoints: [entry], outfile: 'index.mjs', write: false, metafile: true });
      const bundle = result.outputFiles.find((file) => file.path.endsWith('index.mjs'));
      const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('index.mjs'))?.[1];
      const inputs = Object.entries(output?.inputs ?? {})
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path);
      expect(
        inputs.filter((input) =>
          FULL_CHECKSUM_FUNCTIONS.has(name)
            ? /@aws-sdk\/(credential-provider|nested-clients|middleware-endpoint-discovery|endpoint-cache)|mnemonist|@smithy\/core\/.*\/event-streams\//.test(
                input,
              )
            : /@aws-sdk\/(credential-provider|nested-clients|middleware-endpoint-discovery|endpoint-cache)|mnemonist|@smithy\/core\/.*\/(event-streams|checksum)\//.test(
                input,
              ),
        ),
      ).toEqual([]);
      expect(inputs.filter((input) => /node_modules\/zod\/v4\/(classic|locales)\//.test(input))).toEqual([]);
      // Only the avatar function touches objects (issue 22 §6): no request function carries the S3 client.
      if (name !== 'avatars') expect(inputs.filter((input) => input.includes('@aws-sdk/client-s3/'))).toEqual([]);
      // The clock reads in every function; only the local stack can move it, and no bundle carries the mover.
      expect(bundle?.text).not.toContain(LOCAL_CLOCK_ONLY);
      expect((bundle?.contents.length ?? Number.POSITIVE_INFINITY) / 1024).toBeLessThanOrEqual(CEILING_KB[name] ?? 250);
    },
  );
});
