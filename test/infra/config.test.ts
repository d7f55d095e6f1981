import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALSTACK_HOST,
  LOCALSTACK_DEFAULT_OWNER,
  PLACEHOLDER_SENDER_EMAIL,
  PLACEHOLDER_SUPPORT_EMAIL,
  readDeploymentConfig,
} from '../../infra/config.js';

const read = (context: Record<string, unknown>) => readDeploymentConfig((key) => context[key]);
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-1234567890ab';

describe('deployment configuration', () => {
  it('deploys to AWS at 08:00 UTC with a placeholder sender when nothing is given', () => {
    expect(read({})).toEqual({
      target: 'aws',
      senderEmail: PLACEHOLDER_SENDER_EMAIL,
      senderEmailConfigured: false,
      supportEmail: PLACEHOLDER_SUPPORT_EMAIL,
      domain: undefined,
      owner: undefined,
      sesMaxSendRate: 14,
      logLevel: 'info',
      alarmEmail: undefined,
      webDistDir: undefined,
      localstackHost: DEFAULT_LOCALSTACK_HOST,
      waf: true,
      landingCountersMinUsers: 100,
      singleSignOn: undefined,
      passwordSignIn: true,
    });
  });

  const SECRET = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:oidc-client-AbCdEf';
  const sso = { oidcIssuer: 'https://accounts.google.com', oidcClientId: 'client-id', oidcName: 'Google', oidcClientSecretArn: SECRET };

  it('takes a single sign-on provider with its client secret in Secrets Manager, all its values together (issue 38 §2)', () => {
    expect(read(sso)).toMatchObject({
      singleSignOn: { issuer: 'https://accounts.google.com', clientId: 'client-id', name: 'Google', clientSecretArn: SECRET, signUp: true },
      passwordSignIn: true,
    });
    expect(read({ ...sso, oidcSignUp: 'false', passwordSignIn: 'false' })).toMatchObject({
      singleSignOn: { signUp: false },
      passwordSignIn: false,
    });
    expect(() => read({ oidcClientId: 'client-id' })).toThrow('oidcClientId');
    expect(() => read({ ...sso, oidcIssuer: 'http://accounts.example' })).toThrow('oidcIssuer');
    expect(() => read({ ...sso, oidcClientSecretArn: 'the-secret-itself' })).toThrow('oidcClientSecretArn');
    // Turning passwords off leaves nobody a way in without a provider.
    expect(() => read({ passwordSignIn: 'false' })).toThrow('passwordSignIn');
  });

  it('shows the landing counters from landingCountersMinUsers accounts, 100 unless told', () => {
    expect(read({ landingCountersMinUsers: '0' }).landingCountersMinUsers).toBe(0);
    expect(read({ landingCountersMinUsers: 5000 }).landingCountersMinUsers).toBe(5000);
    for (const bad of ['-1', '2.5', 'many', '1000000001']) {
      expect(() => read({ landingCountersMinUsers: bad })).toThrow(/landingCountersMinUsers/);
    }
  });

  it("paces reminders at the SES account's send rate, 14 a second unless told", () => {
    expect(read({}).sesMaxSendRate).toBe(14);
    expect(read({ sesMaxSendRate: '14' }).sesMaxSendRate).toBe(14);
    expect(read({ sesMaxSendRate: 0.5 }).sesMaxSendRate).toBe(0.5);
    for (const bad of ['0', '-3', 'fast', '5000']) expect(() => read({ sesMaxSendRate: bad })).toThrow(/sesMaxSendRate/);
  });

  it('forwards contact messages to the supportEmail address, and rejects one that is not an address', () => {
    expect(read({ supportEmail: ' help@subscriptions.example.com ' }).supportEmail).toBe('help@subscriptions.example.com');
    expect(read({}).supportEmail).toBe(PLACEHOLDER_SUPPORT_EMAIL);
    for (const bad of ['support', 'help@', 'a b@example.com']) expect(() => read({ supportEmail: bad })).toThrow(/supportEmail/);
  });

  it('rejects an unknown target and a sender that is not an address', () => {
    expect(() => read({ target: 'gcp' })).toThrow(/target/);
    expect(() => read({ senderEmail: 'reminders' })).toThrow(/senderEmail/);
  });

  it('never takes the owner password as a context value', () => {
    expect(() => read({ ownerUsername: 'owner', ownerEmail: 'o@example.com', ownerPassword: 'Secret1!' })).toThrow(/ownerPassword/);
  });

  it('needs the owner username and e-mail together', () => {
    expect(() => read({ ownerUsername: 'owner' })).toThrow(/ownerEmail/);
    expect(read({ ownerUsername: 'owner', ownerEmail: 'o@example.com', ownerPasswordSecretName: 'owner-password' }).owner).toEqual({
      username: 'owner',
      email: 'o@example.com',
      passwordSecretName: 'owner-password',
    });
  });

  it('needs a us-east-1 certificate for a custom domain, and a zone that contains it', () => {
    expect(() => read({ domainName: 'subs.example.com' })).toThrow(/certificateArn/);
    expect(() => read({ domainName: 'subs.example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') })).toThrow(
      /certificateArn/,
    );
    expect(() =>
      read({
        domainName: 'subs.example.com',
        certificateArn: CERTIFICATE,
        hostedZoneId: 'Z123',
        hostedZoneName: 'example.org',
      }),
    ).toThrow(/hostedZoneName/);
    expect(
      read({
        domainName: 'Subs.Example.com',
        certificateArn: CERTIFICATE,
        hostedZoneId: 'Z123',
        hostedZoneName: 'example.com',
      }).domain,
    ).toEqual({
      name: 'subs.example.com',
      certificateArn: CERTIFICATE,
      hostedZone: { id: 'Z123', name: 'example.com' },
    });
  });

  it('takes a Route 53 zone without a custom domain (for the e-mail identity), and a DMARC report address', () => {
    expect(read({ hostedZoneId: 'Z0123456789ABC', hostedZoneName: 'Example.com.', dmarcReportEmail: 'dmarc@example.com' })).toMatchObject({
      domain: undefined,
      hostedZone: { id: 'Z0123456789ABC', name: 'example.com' },
      dmarcReportEmail: 'dmarc@example.com',
    });
    expect(() => read({ hostedZoneName: 'example.com' })).toThrow(/hostedZoneId/);
    expect(() => read({ hostedZoneId: 'Z1', hostedZoneName: 'not a domain' })).toThrow(/hostedZoneName/);
    expect(() => read({ dmarcReportEmail: 'reports' })).toThrow(/dmarcReportEmail/);
  });

  it('gives LocalStack deployments a first owner unless one is configured', () => {
    expect(read({ target: 'localstack' }).owner).toEqual(LOCALSTACK_DEFAULT_OWNER);
    expect(read({ target: 'localstack', ownerUsername: 'boss', ownerEmail: 'boss@example.com' }).owner?.username).toBe('boss');
  });

  it('has no custom domain on LocalStack', () => {
    expect(() => read({ target: 'localstack', domainName: 'subs.example.com', certificateArn: CERTIFICATE })).toThrow(/domainName/);
  });

  it('puts the WAF in front of CloudFront unless waf=false, and never on LocalStack', () => {
    expect(read({}).waf).toBe(true);
    expect(read({ waf: 'true' }).waf).toBe(true);
    expect(read({ waf: 'false' }).waf).toBe(false);
    expect(read({ waf: false }).waf).toBe(false);
    expect(read({ waf: 'FALSE' }).waf).toBe(false);
    expect(read({ target: 'localstack' }).waf).toBe(false);
    expect(read({ target: 'localstack', waf: 'false' }).waf).toBe(false);
    for (const bad of ['off', 'no', '0', 'yes']) expect(() => read({ waf: bad })).toThrow(/waf/);
    expect(() => read({ target: 'localstack', waf: 'true' })).toThrow(/waf/);
  });
});
