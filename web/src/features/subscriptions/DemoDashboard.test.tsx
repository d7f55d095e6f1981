import { subscriptionLogo } from '@shared/domain/logos/logo';
import { describe, expect, test } from 'vitest';
import { sampleSubscriptions } from './DemoDashboard';

describe('the landing page’s demo dashboard', () => {
  test('shows for each sample the logo the app would find for its name (issue 36 §5)', () => {
    const samples = sampleSubscriptions('2026-12-01');
    for (const sample of samples) expect(sample.logo, sample.name).toEqual(subscriptionLogo(sample));
    expect(samples.filter((sample) => sample.logo !== null).map((sample) => sample.name)).toEqual([
      'Netflix',
      'Spotify',
      'Google One',
      'Notion',
    ]);
  });
});
