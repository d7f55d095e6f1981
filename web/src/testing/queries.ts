/** What assistive technology reads out for a field: whether it is invalid, and its description (hint and error). */
import { expect } from 'vitest';

export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The field is marked invalid and its description says `message`. */
export function expectFieldError(field: HTMLElement, message: string): void {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(field)).toContain(message);
}

/** The field is not marked invalid. */
export function expectFieldValid(field: HTMLElement): void {
  expect(field.getAttribute('aria-invalid')).toBeNull();
}
