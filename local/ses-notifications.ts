import type { SNSEvent } from 'aws-lambda';

/**
 * The cloud's SES → SNS → e-mail feedback function path, without SNS: the body of
 * `POST /_local/ses-notifications` is the SES event (what SES publishes to the topic, JSON), which
 * the local stack wraps in the SNS event Lambda would receive and passes to the same handler.
 */
export type DeliverSesNotification = (message: string) => Promise<unknown>;

export function snsEventOf(message: string, topicArn = 'arn:aws:sns:us-east-1:000000000000:local-email-feedback'): SNSEvent {
  const messageId = crypto.randomUUID();
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${messageId}`,
        Sns: {
          Type: 'Notification',
          MessageId: messageId,
          TopicArn: topicArn,
          Subject: 'Amazon SES Email Event Notification',
          Message: message,
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: '',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}
