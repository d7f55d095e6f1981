import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './checks.js';
import { SITE_PAGES } from './site-files.js';

export interface LocalStackSiteProps {
  /** Host and port LocalStack answers on (`localhost.localstack.cloud:4566`). */
  localstackHost: string;
}

/**
 * The LocalStack variant of the site: LocalStack's free tier has no CloudFront, so the SPA is an
 * S3 static website whose index document is the prerendered landing page and whose error document
 * is the app shell (deep links such as /dashboard load the SPA). Its content is uploaded after
 * deployment by `scripts/deploy-local.ts`, because BucketDeployment's custom resource needs Lambda
 * layers, which the free tier does not run.
 */
export class LocalStackSite extends Construct {
  readonly bucket: s3.Bucket;
  /** `http://<bucket>.s3-website.<localstackHost>`. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: LocalStackSiteProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      websiteIndexDocument: SITE_PAGES.landing,
      websiteErrorDocument: SITE_PAGES.appShell,
      publicReadAccess: true,
      blockPublicAccess: new s3.BlockPublicAccess({
        blockPublicAcls: true,
        ignorePublicAcls: true,
        blockPublicPolicy: false,
        restrictPublicBuckets: false,
      }),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.bucket,
      "LocalStack only: an S3 website on this machine (LocalStack's free tier has no CloudFront), public and plain HTTP by nature, holding nothing but the built site.",
      'AwsSolutions-S1',
      'AwsSolutions-S2',
      'AwsSolutions-S5',
      'AwsSolutions-S10',
    );
    this.url = Fn.join('', ['http://', this.bucket.bucketName, `.s3-website.${props.localstackHost}`]);
  }
}
