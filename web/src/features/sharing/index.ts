/**
 * What other features may use of the sharing feature (issue 40 §3, docs/decisions/0111): a shared
 * subscription's Sharing section in its details dialog, the dashboard's panel of invitations, and leaving
 * a subscription someone shares with the user. All in the dashboard's chunk.
 */
export { InvitationsPanel } from './InvitationsPanel';
export { SharingSection } from './SharingSection';
export { useRemoveMember } from './sharingQueries';
