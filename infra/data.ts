import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { prepareAvatarsBucket } from './avatars.js';
import { acknowledge } from './checks.js';

/** Object keys of avatar images start with this prefix; CloudFront serves them at `/avatars/...` (the contract's constant). */
export { AVATAR_KEY_PREFIX } from '../shared/api/account.js';

/** Attribute whose epoch-seconds value makes DynamoDB delete an item (tokens, throttles, deleted subscriptions). */
export const TTL_ATTRIBUTE = 'expiresAt';

export interface DataStoreProps {
  /**
   * RETAIN keeps the table and the avatars when the stack is deleted (the cloud); DESTROY lets a
   * throwaway LocalStack deployment be torn down completely.
   */
  removalPolicy: RemovalPolicy;
}

/**
 * Everything the product must not lose: the single DynamoDB table of DESIGN §4 and the bucket of
 * users' avatar images.
 */
export class DataStore extends Construct {
  readonly table: dynamodb.Table;
  readonly avatarsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStoreProps) {
    super(scope, id);
    const retained = props.removalPolicy === RemovalPolicy.RETAIN;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: retained,
      // Profile removals reach the avatar function, which deletes the user's avatars (infra/avatars.ts).
      stream: dynamodb.StreamViewType.KEYS_ONLY,
      removalPolicy: props.removalPolicy,
    });
    // gsi1: admin user list (USERS / createdAt#id), the due-date index (DUE#date / …) and the reminder index
    // by send hour (REMINDAT#<YYYY-MM-DDTHH> / …; issue 25 §1).
    this.table.addGlobalSecondaryIndex({
      indexName: 'gsi1',
      partitionKey: { name: 'gsi1pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'gsi1sk', type: dynamodb.AttributeType.STRING },
    });
    // gsi2: a second access path for lookups the primary key and gsi1 do not serve.
    this.table.addGlobalSecondaryIndex({
      indexName: 'gsi2',
      partitionKey: { name: 'gsi2pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'gsi2sk', type: dynamodb.AttributeType.STRING },
    });

    this.avatarsBucket = new s3.Bucket(this, 'AvatarsBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // The bucket policy (CloudFront read access, TLS only) is owned by the application stack,
      // which knows the distribution; see cloudfront-site.ts.
      enforceSSL: false,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: props.removalPolicy,
    });
    prepareAvatarsBucket(this.avatarsBucket);
    acknowledge(
      this.avatarsBucket,
      'Every read comes through CloudFront, whose access logs are on (infra/cloudfront-site.ts); uploads come from browsers with a policy the account function signs, every other put and delete from the avatar function, whose logs record them.',
      'AwsSolutions-S1',
    );
    acknowledge(
      this.avatarsBucket,
      'TLS-only is a statement of the bucket policy the application stack writes beside CloudFront’s read access (infra/cloudfront-site.ts); LocalStack has no TLS to require.',
      'AwsSolutions-S10',
    );
  }
}
