import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { isAnyDialogOpen, Modal } from '../../components/ui/Modal';

/** SPEC §9: 'E-mail prompt: 2 s delay, once per session, at most once per 4 hours'. */
const PROMPT_DELAY_MS = 2000;
const PROMPT_INTERVAL_MS = 4 * 60 * 60 * 1000;
const SESSION_KEY = 'email-prompt-shown';
const LAST_SHOWN_KEY = 'email-prompt-last-shown';

function storageKey(base: string, userId: string): string {
  return `${base}:${userId}`;
}

/** Whether the prompt may show now: not yet this session, and not within the last 4 hours. */
function mayPrompt(userId: string, now: number): boolean {
  try {
    if (window.sessionStorage.getItem(storageKey(SESSION_KEY, userId))) return false;
    const last = Number(window.localStorage.getItem(storageKey(LAST_SHOWN_KEY, userId)));
    return !(Number.isFinite(last) && last > 0 && now - last < PROMPT_INTERVAL_MS);
  } catch {
    return false;
  }
}

function rememberPrompt(userId: string, now: number): void {
  try {
    window.sessionStorage.setItem(storageKey(SESSION_KEY, userId), '1');
    window.localStorage.setItem(storageKey(LAST_SHOWN_KEY, userId), String(now));
  } catch (error) {
    console.error('Could not remember the e-mail prompt', error);
  }
}

/**
 * 'Setup Your Email' (SPEC §2, §4 'E-mail prompt'): for a user without an e-mail address, after
 * 2 seconds, at most once per session and once per 4 hours, until an address is added. `hasEmail`
 * is also true while a new address waits for its verification link (`user.pendingEmail`).
 */
export function EmailPrompt({ userId, hasEmail }: { userId: string; hasEmail: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hasEmail || !mayPrompt(userId, Date.now())) return;
    let timer = 0;
    // It never piles onto another dialog (the ad-blocker notice opens on load): while one is open,
    // the prompt waits another 2 s.
    const showWhenFree = () => {
      if (isAnyDialogOpen()) {
        timer = window.setTimeout(showWhenFree, PROMPT_DELAY_MS);
        return;
      }
      const now = Date.now();
      if (!mayPrompt(userId, now)) return;
      rememberPrompt(userId, now);
      setOpen(true);
    };
    timer = window.setTimeout(showWhenFree, PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [userId, hasEmail]);

  return (
    <Modal
      open={open && !hasEmail}
      onClose={() => setOpen(false)}
      size="sm"
      icon={<Mail aria-hidden="true" />}
      tone="info"
      title="Setup Your Email"
      description="Add an e-mail address to get reminders 10 and 3 days before each renewal, and to reset your password if you ever forget it."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Maybe Later
          </Button>
          <Button onClick={() => navigate('/settings')}>Go to Settings</Button>
        </>
      }
    />
  );
}
