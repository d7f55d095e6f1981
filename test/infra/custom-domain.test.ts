import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE,
  CUSTOM_DOMAIN_CONTEXT,
  OTHER_REGION,
  productFunctions,
  resourcesOf,
  type SynthesizedProduct,
  synthesize,
} from './synth.js';

let product: SynthesizedProduct;
let app: Template;

beforeAll(() => {
  // Only the site and e-mail settings differ from the cloud variant's test; functions are not bundled. In another
  // region, as test/infra/edge.test.ts and test/infra/checks.test.ts have it: one synthesis for the three.
  product = synthesize(CUSTOM_DOMAIN_CONTEXT, { bundle: false, env: OTHER_REGION });
  app = product.application;
});

describe('custom domain', () => {
  it('serves the site on the domain with its certificate and modern TLS only', () => {
    app.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['subscriptions.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          SslSupportMethod: 'sni-only',
          MinimumProtocolVersion: 'TLSv1.2_2021',
        },
      },
    });
  });

  it('points the domain at the distribution over IPv4 and IPv6', () => {
    const records = Object.values(resourcesOf(app, 'AWS::Route53::RecordSet'))
      .map((r) => r.Properties)
      .filter((r) => r.Name === 'subscriptions.example.com.');
    expect(records.map((r) => r.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) expect(record.HostedZoneId).toBe('Z0123456789ABC');
  });

  it('builds e-mail links from the domain', () => {
    for (const fn of productFunctions(app)) {
      expect(fn.properties.Environment.Variables.PUBLIC_URL).toBe('https://subscriptions.example.com');
    }
  });

  it('verifies the whole sender domain with DKIM records in the zone (the same zone as the site: test/infra/email.test.ts)', () => {
    app.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    const dkim = Object.values(resourcesOf(app, 'AWS::Route53::RecordSet')).filter((r) => r.Properties.Type === 'CNAME');
    expect(dkim).toHaveLength(3);
  });
});
