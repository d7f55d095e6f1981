import { expect } from '@playwright/test';
import { stack } from './stacks';

/** One e-mail captured by the local stack's SES emulator. */
export interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** The SES emulator's mailbox of the stack the test runs on (stacks.ts). */
const mailboxUrl = (): string => stack().mailboxUrl;

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${mailboxUrl()}/store`);
  const { emails } = (await response.json()) as { emails: Mail[] };
  return emails.filter((mail) => mail.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/**
 * The newest `/verify-email`, `/reset-password` or `/confirm-sign-in` link mailed to the address,
 * waiting for it to arrive; `after` skips mails already counted.
 */
export async function linkFromMail(
  address: string,
  kind: 'verify-email' | 'reset-password' | 'confirm-sign-in',
  after = 0,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/${kind}\\?token=[A-Za-z0-9_%-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).slice(after);
        link = mails
          .map((mail) => pattern.exec(mail.body.text ?? mail.body.html ?? '')?.[0])
          .filter(Boolean)
          .at(-1);
        return link;
      },
      { message: `a ${kind} link mailed to ${address}` },
    )
    .toBeTruthy();
  return link as string;
}
