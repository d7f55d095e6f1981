import { Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { SITE_CONFIG_FILE, type SiteConfig } from '../shared/api/contract.js';
import { EDGE_HEADERS } from '../shared/api/edge.js';
import { SITE_LOGOS_FOLDER } from '../shared/domain/logos/brand-names.js';
import { SITE_LOGO_KEY_PREFIX } from '../shared/domain/logos/site-logo.js';
import { avatarUploadOrigin } from './avatars.js';
import { acknowledge } from './checks.js';
import type { CustomDomain } from './config.js';
import { LOG_RETENTION } from './product-function.js';
import { contentSecurityPolicy, contentTypeOf, SITE_CACHE_CONTROL, SITE_PAGES, WEB_MANIFEST } from './site-files.js';

/**
 * CloudFront Function on the site's default behaviour: a path whose last segment has no file
 * extension is one of the SPA's screens — `/` the prerendered landing page, any other (`/dashboard`,
 * `/verify-email`) the app shell (SITE_PAGES). Files that do not exist still answer 403/404, and
 * `/api/*` and `/avatars/*` never pass through here, so API errors are never replaced by a page.
 */
export const SPA_ROUTING_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = request.uri === '/' ? '/${SITE_PAGES.landing}' : '/${SITE_PAGES.appShell}';
  }
  return request;
}`;

export interface CloudFrontSiteProps {
  /** The built SPA (see builtSite, infra/site-build.ts). */
  site: s3deploy.ISource;
  /** Host name of the HTTP API, served at `/api/*`. */
  apiDomainName: string;
  /**
   * The origin secret's value (a dynamic reference, infra/edge.ts), sent to the API in the
   * `x-origin-verify` header: the functions refuse requests without it.
   */
  originSecretValue: string;
  /** The WAF web ACL in front of the distribution (infra/edge.ts); none with `-c waf=false`. */
  webAclArn?: string;
  /** The avatars bucket (from the data stack), served at `/avatars/*`. */
  avatarsBucket: s3.IBucket;
  domain?: CustomDomain;
  hostedZone?: route53.IPublicHostedZone;
}

/**
 * The site in the cloud: one CloudFront distribution in front of a private bucket with the SPA
 * (Origin Access Control), the HTTP API at `/api/*` (never cached, all viewer headers but Host
 * forwarded, with CloudFront's headers such as the viewer's address, plus the origin secret) and
 * the avatars bucket at `/avatars/*`, with security headers on every answer, behind the WAF.
 */
export class CloudFrontSite extends Construct {
  readonly bucket: s3.Bucket;
  /** CloudFront's access logs (`cloudfront/`) and the site bucket's (`site-bucket/`), kept as long as the functions' logs. */
  readonly logsBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  /** `https://<custom domain or distribution domain>`, no trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: CloudFrontSiteProps) {
    super(scope, id);

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // CloudFront's standard logs are delivered with an object ACL; the bucket owner still owns them.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(LOG_RETENTION) }],
      // Like the functions' logs: an incident's logs outlive the stack, and expire on their own.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'The logs bucket itself: logging its own access would log the log deliveries.',
    });

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Rebuilt from the web build on every deploy; nothing in it is worth keeping.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // The avatars bucket lives in the data stack, which must not depend on this distribution,
    // so its bucket policy (CloudFront read access, TLS only) is created here.
    const avatarsBucket = s3.Bucket.fromBucketAttributes(this, 'AvatarsBucket', {
      bucketName: props.avatarsBucket.bucketName,
      bucketArn: props.avatarsBucket.bucketArn,
      bucketRegionalDomainName: props.avatarsBucket.bucketRegionalDomainName,
    });
    const avatarsPolicy = new s3.BucketPolicy(this, 'AvatarsBucketPolicy', { bucket: avatarsBucket });
    avatarsPolicy.document.addStatements(
      new iam.PolicyStatement({
        sid: 'DenyInsecureTransport',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:*'],
        resources: [avatarsBucket.bucketArn, avatarsBucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    avatarsBucket.policy = avatarsPolicy;

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Subscription Tracker security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(avatarUploadOrigin(avatarsBucket)), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
        ],
      },
    });

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      comment: 'Serves index.html for the SPA screens (extension-less paths)',
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const certificate = props.domain ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn) : undefined;

    const avatarsBucketBehavior: cloudfront.BehaviorOptions = {
      origin: origins.S3BucketOrigin.withOriginAccessControl(avatarsBucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: this.responseHeadersPolicy,
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Subscription Tracker',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      domainNames: props.domain ? [props.domain.name] : undefined,
      certificate,
      // Only settable with a custom certificate; the default *.cloudfront.net one has a fixed policy.
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: spaRouting }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // A viewer's own header of this name is replaced by CloudFront's.
            customHeaders: { [EDGE_HEADERS.originSecret]: props.originSecretValue },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway needs its own), and CloudFront's headers,
          // CloudFront-Viewer-Address among them: the client address the functions count by.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        '/avatars/*': avatarsBucketBehavior,
        // Websites' icons, kept by the logo function in the avatars bucket (infra/logos.ts): the path is the key.
        [`/${SITE_LOGO_KEY_PREFIX}*`]: avatarsBucketBehavior,
      },
    });

    acknowledge(this.distribution, 'The product is offered everywhere: no country is excluded.', 'AwsSolutions-CFR1');
    if (!certificate) {
      acknowledge(
        this.distribution,
        "Without a custom domain the distribution answers with CloudFront's default certificate, whose TLS policy cannot be set; with one (domainName) the minimum is TLSv1.2_2021.",
        'AwsSolutions-CFR4',
      );
    }
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'Deployed with -c waf=false: a cost-sensitive test deployment without the WAF, by choice.',
        'AwsSolutions-CFR2',
      );
    }

    if (props.domain && props.hostedZone) {
      const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'AliasRecord', { zone: props.hostedZone, recordName: props.domain.name, target });
      new route53.AaaaRecord(this, 'AliasRecordIpv6', {
        zone: props.hostedZone,
        recordName: props.domain.name,
        target,
      });
    }

    this.url = props.domain ? `https://${props.domain.name}` : Fn.join('', ['https://', this.distribution.distributionDomainName]);

    // Hashed build output never changes under its name: cache it for a year. Every release's files
    // stay (no prune here, `assets/*` excluded from the pages' prune, no lifecycle rule), so a tab
    // opened before a deploy still loads its screens' code after it
    // (docs/decisions/0053-deploy-under-open-tabs.md).
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [props.site],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(SITE_CACHE_CONTROL.hashedAssets)],
      memoryLimit: 512,
    });
    // Everything else (index.html, favicon, config.json) is revalidated on every load.
    const siteConfig: SiteConfig = { apiBaseUrl: '' };
    // The web app manifest with its registered type: the deployment guesses types by file extension,
    // and not every guess knows `.webmanifest`.
    const manifest = new s3deploy.BucketDeployment(this, 'DeployManifest', {
      destinationBucket: this.bucket,
      sources: [props.site],
      exclude: ['*'],
      include: [WEB_MANIFEST],
      prune: false,
      contentType: contentTypeOf(WEB_MANIFEST),
      cacheControl: [s3deploy.CacheControl.fromString(SITE_CACHE_CONTROL.pages)],
      memoryLimit: 512,
    });
    // The built-in brand logos (issue 36 §1): a day in the cache, and kept, as the assets are, for open tabs.
    const logos = new s3deploy.BucketDeployment(this, 'DeployLogos', {
      destinationBucket: this.bucket,
      sources: [props.site],
      exclude: ['*'],
      include: [`${SITE_LOGOS_FOLDER}/*`],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(SITE_CACHE_CONTROL.logos)],
      memoryLimit: 512,
    });
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      destinationBucket: this.bucket,
      sources: [props.site, s3deploy.Source.jsonData(SITE_CONFIG_FILE, siteConfig)],
      exclude: ['assets/*', `${SITE_LOGOS_FOLDER}/*`, WEB_MANIFEST],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(SITE_CACHE_CONTROL.pages)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    pages.node.addDependency(logos);
    pages.node.addDependency(manifest);
  }
}
