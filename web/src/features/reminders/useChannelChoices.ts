import { routes } from '@shared/api';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { type ChannelChoice, channelChoices } from './RuleEditor';

/**
 * E-mail and the user's channels, for the rules' checkboxes and sentences. Members have no channels
 * (GET /api/channels answers them 403): theirs is E-mail alone, without a request.
 */
export function useChannelChoices(paid: boolean): ChannelChoice[] | null {
  const [choices, setChoices] = useState<ChannelChoice[] | null>(paid ? null : channelChoices([]));
  useEffect(() => {
    if (!paid) return;
    let current = true;
    api(routes.listChannels)
      .then((channels) => current && setChoices(channelChoices(channels)))
      .catch(() => current && setChoices(channelChoices([])));
    return () => {
      current = false;
    };
  }, [paid]);
  return choices;
}
