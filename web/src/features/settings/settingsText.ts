import { formatInstantShort } from '@shared/domain/dates';

/** SPEC §8 'Settings' fallbacks, and the texts of the sections SPEC leaves to the product. */
export const settingsFailures = {
  settings: 'Failed to update settings',
  password: 'Failed to change password',
  resubscribe: 'Failed to resubscribe',
  logoutAll: 'Failed to sign out of all devices',
  exportData: 'Failed to download your data',
  deleteAccount: 'Failed to delete account',
} as const;

/** An instant (a membership's end) as SPEC §9's en-US short date in the viewer's zone: 'Dec 5, 2026'. */
export const endDate = (iso: string): string => formatInstantShort(iso);
