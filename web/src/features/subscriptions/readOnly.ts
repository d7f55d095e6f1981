import { createContext, useContext } from 'react';

/**
 * True inside the landing page's demo dashboard (SPEC §1): the real dashboard components, shown with
 * sample subscriptions and every control disabled — search, filters, sort, currency, add and each
 * card's actions. The dashboard itself never sets it.
 */
export const ReadOnlyContext = createContext(false);

export const useReadOnly = () => useContext(ReadOnlyContext);
