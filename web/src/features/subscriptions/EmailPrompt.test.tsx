import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Modal } from '../../components/ui/Modal';
import { EmailPrompt } from './EmailPrompt';

/**
 * 'Setup Your Email' on the dashboard (SPEC §2, §4 'E-mail prompt', §9: 2 s delay, once per session, at most
 * once per 4 hours), with the page's timers and clock faked. The browser keeps the journey: the prompt waiting
 * behind the real ad-blocker notice, then 'Go to Settings' and a first address (test/e2e/subscriptions.spec.ts).
 */

const HOUR = 60 * 60 * 1000;
const PROMPT = 'Setup Your Email';

function renderPrompt(ui = <EmailPrompt userId="u1" hasEmail={false} />) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={ui} />
        <Route path="/settings" element={<h1>Settings page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** A new session (the tab closed, opened again `ms` later) on the dashboard, 2.5 s after it opened. */
function newSessionAfter(ms: number) {
  window.sessionStorage.clear();
  vi.setSystemTime(Date.now() + ms);
  renderPrompt();
  advance(2500);
}
const prompt = () => screen.queryByRole('dialog', { name: PROMPT });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-29T09:00:00Z') });
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the e-mail prompt', () => {
  test('shows after 2 s, once per session; a new session within 4 hours does not ask, one after them does', async () => {
    const first = renderPrompt();
    advance(1900);
    expect(prompt()).toBeNull();
    advance(200);
    expect(prompt()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(prompt()).toBeNull();
    first.unmount();

    // The same session (a reload): not again.
    const reloaded = renderPrompt();
    advance(2500);
    expect(prompt()).toBeNull();
    reloaded.unmount();

    // A new session 3 hours later: still within the 4 hours.
    newSessionAfter(3 * HOUR);
    expect(prompt()).toBeNull();
    cleanup();

    // A new session past the 4 hours: asked again; 'Go to Settings' leads to /settings.
    newSessionAfter(1.5 * HOUR);
    expect(prompt()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Settings' }));
    expect(screen.getByRole('heading', { name: 'Settings page' })).not.toBeNull();
  });

  test('never piles onto another open dialog: it waits until that one is closed', async () => {
    function WithNotice() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <Modal open={open} onClose={() => setOpen(false)} role="alertdialog" title="Ad Blocker Detected" />
          <EmailPrompt userId="u1" hasEmail={false} />
        </>
      );
    }
    renderPrompt(<WithNotice />);
    const notice = screen.getByRole('alertdialog', { name: 'Ad Blocker Detected' });
    advance(2500);
    expect(prompt()).toBeNull();
    advance(2500);
    expect(prompt()).toBeNull();
    // The notice closes (its own close button): the prompt shows at its next look, 2 s on.
    fireEvent.click(within(notice).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alertdialog', { name: 'Ad Blocker Detected' })).toBeNull();
    advance(2500);
    expect(prompt()).not.toBeNull();
  });

  test('does not ask while an address waits for its verification link (hasEmail), nor once one is set', async () => {
    renderPrompt(<EmailPrompt userId="u1" hasEmail />);
    advance(10_000);
    expect(prompt()).toBeNull();
    // Nothing was remembered: the user was not asked.
    expect(window.sessionStorage.length).toBe(0);
  });
});
