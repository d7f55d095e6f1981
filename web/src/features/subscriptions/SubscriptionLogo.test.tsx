import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { SubscriptionLogo } from './SubscriptionLogo';

describe('a subscription’s logo', () => {
  test('is its image, decoration beside the name (empty alt text), loaded lazily from our origin', () => {
    const { container } = render(
      <SubscriptionLogo logo={{ kind: 'website', src: '/logos/sites/disneyplus.com' }} name="Disney+" color="#7c3aed" />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/logos/sites/disneyplus.com');
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('gives way to the monogram, hidden from screen readers, when its image does not load (issue 36 §3)', () => {
    const { container } = render(
      <SubscriptionLogo logo={{ kind: 'website', src: '/logos/sites/gone.example' }} name="Disney+" color="#7c3aed" />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    const monogram = container.querySelector('[aria-hidden="true"]');
    expect(monogram?.textContent).toBe('D');
  });
});
