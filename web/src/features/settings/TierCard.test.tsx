import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { TierCard } from './TierCard';

/**
 * The Current Tier card's states for a user the server describes (SPEC §2 'Account Settings', §4
 * 'Paid-tier subscription'): which options Manage Subscription offers a VIP and a lifetime member, and
 * the Payment Method area for a card on file. The browser tests keep the actions the server answers
 * (test/e2e/settings.spec.ts).
 */

/** The card, once it shows. */
async function findTierCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Current Tier' });
  return within(heading.closest('section') as HTMLElement);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the Current Tier card', () => {
  test('a VIP may upgrade to Premium and has no downgrade to offer', async () => {
    const { user } = renderApp(<TierCard onCustomizeProfile={() => undefined} />, {
      signedIn: aUser({ role: 'vip', subscriptionType: 'vip', subscriptionEnd: inDays(14) }),
    });
    const card = await findTierCard();
    const manage = card.getByRole('button', { name: 'Manage Subscription' });
    await user.click(manage);
    expect(manage.getAttribute('aria-expanded')).toBe('true');
    const options = within(card.getByRole('list', { name: 'Subscription options' }));
    expect(options.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/upgrade');
    expect(options.queryByRole('button', { name: 'Downgrade to VIP' })).toBeNull();
  });

  test('a lifetime membership shows Forever and has nothing to cancel or downgrade', async () => {
    const { user } = renderApp(<TierCard onCustomizeProfile={() => undefined} />, {
      signedIn: aUser({ role: 'premium', subscriptionType: 'premium', subscriptionEnd: null, isForever: true }),
    });
    const card = await findTierCard();
    expect(card.getByText('Forever', { exact: true })).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Manage Subscription' }));
    const options = within(card.getByRole('list', { name: 'Subscription options' }));
    expect(options.getByText('Your lifetime membership has no end date, so there is nothing to cancel or downgrade.')).toBeTruthy();
    expect(options.queryAllByRole('button')).toHaveLength(0);
  });

  test('a card on file shows its last 4 digits, with Change Payment Method leading to the plans', async () => {
    renderApp(<TierCard onCustomizeProfile={() => undefined} />, {
      signedIn: aUser({ paymentMethod: 'card', cardLast4: '4242' }),
    });
    const card = await findTierCard();
    const payment = within(screen.getByRole('heading', { level: 3, name: 'Payment Method' }).closest('section') as HTMLElement);
    expect(payment.getByText('Card', { exact: true })).toBeTruthy();
    expect(payment.getByText('Ending in 4242', { exact: true })).toBeTruthy();
    expect(payment.getByRole('link', { name: 'Change Payment Method' }).getAttribute('href')).toBe('/upgrade');
    expect(payment.queryByRole('button', { name: 'Add Payment Method' })).toBeNull();
    // A member has no Manage Subscription.
    expect(card.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });
});
