import { localToday } from '@shared/domain/dates';
import { useEffect, useState } from 'react';

const CHECK_EVERY_MS = 60_000;

/** The viewer's local calendar date (DESIGN §5), kept current when the dashboard stays open past midnight. */
export function useToday(): string {
  const [today, setToday] = useState(() => localToday());
  useEffect(() => {
    const timer = window.setInterval(() => setToday(localToday()), CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}
