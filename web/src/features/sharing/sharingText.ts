import { formatAmount } from '@shared/domain/currency';
import { type SettlementState, SHARE_MODES, type ShareMode, type ShareSpec, sharingMessages } from '@shared/domain/sharing/sharing';
import type { BadgeTone } from '../../components/ui/Badge';

/** What the Sharing section says when an action fails. */
export const failures = {
  load: 'Failed to load who shares this subscription',
  invite: 'Failed to send the invitation',
  change: 'Failed to change the share',
  remove: 'Failed to remove the member',
  withdraw: 'Failed to withdraw the invitation',
  settle: 'Failed to record the settlement',
} as const;

export const modeOptions = SHARE_MODES.map((mode) => ({
  value: mode,
  label: { equal: 'Equal', percent: 'Percentage', fixed: 'Fixed amount' }[mode],
}));

/** What a share is set to: 'Equal split', '25%', 'Fixed €5.00'. */
export function shareLabel(share: ShareSpec, currency: string): string {
  if (share.mode === 'percent') return `${share.value}%`;
  if (share.mode === 'fixed') return `Fixed ${formatAmount(share.value ?? 0, currency)}`;
  return 'Equal split';
}

export const stateLook: Record<SettlementState, { text: string; tone: BadgeTone }> = {
  owed: { text: 'Owed', tone: 'warning' },
  paid: { text: 'Paid, to confirm', tone: 'info' },
  confirmed: { text: 'Settled', tone: 'success' },
};

/** The share a form sends: the mode, and the number typed for percent and fixed (a word is sent as is, and refused). */
export function shareFrom(mode: ShareMode, value: string): ShareSpec {
  if (mode === 'equal') return { mode };
  return { mode, value: value.trim() === '' ? Number.NaN : Number(value) };
}

/** A refusal that belongs to the share's value rather than to the person (the contract's share messages). */
export function isShareMessage(message: string): boolean {
  return (Object.values(sharingMessages) as unknown[]).includes(message) && message !== sharingMessages.paidOnly;
}
