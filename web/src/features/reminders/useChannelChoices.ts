import { useQuery } from '@tanstack/react-query';
import { channelsQuery } from '../../api/queries';
import { type ChannelChoice, channelChoices } from './RuleEditor';

const EMAIL_ONLY = channelChoices([]);

/**
 * E-mail and the user's channels, for the rules' checkboxes and sentences; null while they load. Members
 * have no channels (GET /api/channels answers them 403): theirs is E-mail alone, without a request. A
 * channel added or removed in Settings shows here at once (channelsChanged).
 */
export function useChannelChoices(paid: boolean): ChannelChoice[] | null {
  const choices = useQuery({ ...channelsQuery, enabled: paid, select: channelChoices });
  if (!paid || choices.isError) return EMAIL_ONLY;
  return choices.data ?? null;
}
