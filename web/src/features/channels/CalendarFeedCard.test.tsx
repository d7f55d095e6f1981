import { routes } from '@shared/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { failure, on } from '../../testing/api';
import { renderApp } from '../../testing/render';
import { CalendarFeedCard } from './CalendarFeedCard';
import { calendarFeedText } from './calendarFeedText';

const link = {
  url: 'http://localhost/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('Settings → Calendar', () => {
  test('loading, then a feed that is off offers to turn it on; the new link shows once, selected, and copies', async () => {
    const { user } = renderApp(<CalendarFeedCard />, {
      api: [on(routes.getCalendarFeed, { active: false, createdAt: null }), on(routes.createCalendarFeed, link)],
    });
    expect(screen.getByText('Loading your calendar feed…')).toBeTruthy();
    expect(await screen.findByText(calendarFeedText.offIntro)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on calendar feed' }));

    const field = (await screen.findByLabelText('Your calendar feed URL')) as HTMLInputElement;
    expect(field.value).toBe(link.url);
    expect(document.activeElement).toBe(field);
    expect(screen.getByText(calendarFeedText.keepPrivate)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link.url);
    expect(await screen.findByText(calendarFeedText.copied)).toBeTruthy();
  });

  test('a feed that is on says since when, without the link; Turn off asks first and says so', async () => {
    const { user, api } = renderApp(<CalendarFeedCard />, {
      api: [on(routes.getCalendarFeed, { active: true, createdAt: link.createdAt }), on(routes.deleteCalendarFeed, null)],
    });
    expect(await screen.findByText(/^Your calendar feed is on \(link made /)).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar feed URL')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Turn off the calendar feed?' });
    expect(within(confirm).getByText(calendarFeedText.turnOffWarning)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(calendarFeedText.turnedOff)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Turn on calendar feed' }));
    expect(api.callsTo(routes.deleteCalendarFeed)).toHaveLength(1);
  });

  test('Regenerate warns that the old link stops, then shows the new one', async () => {
    const { user } = renderApp(<CalendarFeedCard />, {
      api: [on(routes.getCalendarFeed, { active: true, createdAt: link.createdAt }), on(routes.createCalendarFeed, link)],
    });
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Make a new calendar link?' });
    expect(within(confirm).getByText(calendarFeedText.regenerateWarning)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    expect(((await screen.findByLabelText('Your calendar feed URL')) as HTMLInputElement).value).toBe(link.url);
  });

  test('failures: loading, making a link, and copying each say so', async () => {
    const { unmount } = renderApp(<CalendarFeedCard />, { api: [on(routes.getCalendarFeed, failure(500, ''))] });
    expect((await screen.findByRole('alert')).textContent).toBe(calendarFeedText.loadFailed);
    unmount();

    const { user } = renderApp(<CalendarFeedCard />, {
      api: [
        on(routes.getCalendarFeed, { active: false, createdAt: null }),
        on(routes.createCalendarFeed, failure(500, ''), 1),
        on(routes.createCalendarFeed, link),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on calendar feed' }));
    expect(await screen.findByText(calendarFeedText.createFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on calendar feed' }));
    // The browser refuses the clipboard (a permission, an insecure page).
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(calendarFeedText.copyFailed)).toBeTruthy();
  });
});
