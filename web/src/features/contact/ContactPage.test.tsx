import { contactMessages, contactRoutes } from '@shared/api/contact';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { failure, on } from '../../testing/api';
import { renderApp } from '../../testing/render';
import { ContactPage } from './ContactPage';

/**
 * The contact form's own states (SPEC §2 Contact, §8 messages), once checked in the browser
 * (test/e2e/public-site.spec.ts), which keeps the sending, the confirmation's focus and the 3 s return.
 */
describe('the contact form', () => {
  test('names each empty field and sends nothing; a failed answer and a network failure each say so; then it sends', async () => {
    const { user, api } = renderApp(<ContactPage />, {
      at: '/contact',
      api: [
        on(contactRoutes.sendContactMessage, failure(500, ''), 1),
        on(
          contactRoutes.sendContactMessage,
          () => {
            throw new TypeError('Failed to fetch');
          },
          1,
        ),
        on(contactRoutes.sendContactMessage, { message: contactMessages.sent }),
        on(contactRoutes.contactDetails, { supportEmail: 'support@example.com' }),
      ],
    });
    const send = await screen.findByRole('button', { name: 'SEND MESSAGE' });
    await user.click(send);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(api.callsTo(contactRoutes.sendContactMessage)).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Message'), 'How do I export my <data>?');
    await user.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send message. Please try again.');
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByText("Message sent successfully! We'll respond within 1-3 business days.")).toBeTruthy();
    expect(api.callsTo(contactRoutes.sendContactMessage).map((call) => call.body)).toEqual([
      { name: 'Ann', email: 'ann@example.com', message: 'How do I export my <data>?' },
      { name: 'Ann', email: 'ann@example.com', message: 'How do I export my <data>?' },
      { name: 'Ann', email: 'ann@example.com', message: 'How do I export my <data>?' },
    ]);
  });
});
