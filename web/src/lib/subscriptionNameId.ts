/**
 * The id of a subscription card's name: the card is labelled by it, and the dashboard's list and the
 * invitations panel move focus to it (after a confirm, after accepting an invitation).
 */
export const subscriptionNameId = (id: string): string => `subscription-${id}-name`;
