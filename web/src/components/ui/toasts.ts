/**
 * What a toast is, shared by the provider (Toast.tsx) and the lazily loaded toasts themselves
 * (ToastItems.tsx) without either importing the other.
 */

/** SPEC §9: toasts last 3 seconds. */
export const TOAST_DURATION_MS = 3000;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}
