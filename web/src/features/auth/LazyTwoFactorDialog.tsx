import { lazy, Suspense } from 'react';
import type { TwoFactorDialogProps } from './TwoFactorDialog';

const TwoFactorDialog = lazy(async () => ({ default: (await import('./TwoFactorDialog')).TwoFactorDialog }));

/**
 * The two-factor code dialog, in a chunk of its own (issue 36 §6): most sign-ins ask for no code, so the sign-in
 * pages do not download it (with the dialog and the code input) before they show. A sign-in preloads it when it is
 * sent (preloadTwoFactorDialog), so the dialog opens as soon as the answer asks for a code.
 */
export function LazyTwoFactorDialog(props: TwoFactorDialogProps) {
  return (
    <Suspense fallback={null}>
      <TwoFactorDialog {...props} />
    </Suspense>
  );
}

/** Starts loading the dialog's chunk: the sign-in being sent may ask for a code. */
export function preloadTwoFactorDialog(): void {
  void import('./TwoFactorDialog');
}
