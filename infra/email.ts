import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailSenderProps {
  /** The From address of every e-mail the product sends. */
  senderEmail: string;
  /**
   * When the sender's domain is this Route 53 zone, the whole domain is verified with DKIM records
   * written into the zone; otherwise the single address is verified by the link SES e-mails to it.
   */
  hostedZone?: route53.IPublicHostedZone;
}

/**
 * The SES identity the product sends e-mail from (verification, password reset, reminders).
 * The functions use the SES v1 API (`@aws-sdk/client-ses`), which LocalStack's free tier also has.
 */
export class EmailSender extends Construct {
  readonly senderEmail: string;
  readonly identity: ses.EmailIdentity;

  constructor(scope: Construct, id: string, props: EmailSenderProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    const senderDomain = props.senderEmail.split('@')[1];
    const zone = props.hostedZone;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: zone && zone.zoneName === senderDomain ? ses.Identity.publicHostedZone(zone) : ses.Identity.email(props.senderEmail),
    });
  }

  /**
   * Lets a function send e-mail from the sender address and from nothing else. The resource is
   * every identity because, while the account is in the SES sandbox, SES also authorizes against
   * the recipient's identity; the `ses:FromAddress` condition is what pins the sender.
   */
  grantSend(grantee: iam.IGrantable): void {
    const stack = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendFromProductSender',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': this.senderEmail } },
      }),
    );
  }
}
