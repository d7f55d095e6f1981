import { normalizeBackupCode } from '@shared/domain/two-factor';
import { type Ref, useEffect, useRef } from 'react';
import styles from './OneTimeCodeInput.module.css';
import { Input } from './ui/Input';

export type CodeKind = 'authenticator' | 'backup';

/** SPEC §5: an authenticator code keeps digits only, at most 6. */
export function normalizeAuthenticatorCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** SPEC §5: a backup code is upper-cased, XXXX-XXXX (9 characters); the hyphen is put in as the user types or pastes. */
export function typedBackupCode(value: string): string {
  return normalizeBackupCode(value.replace(/[^A-Za-z0-9]/g, '').slice(0, 8));
}

/** How long after the 6th digit the code is sent by itself (SPEC §4 '2FA wizard'). */
export const AUTO_SUBMIT_DELAY_MS = 100;

/**
 * Sends a complete 6-digit code about 100 ms after it was typed, once per code: a code the server
 * refused is not sent again until the user changes it.
 */
export function useAutoSubmit(code: string, enabled: boolean, submit: (code: string) => void): void {
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    if (!enabled || code.length !== 6) return;
    const timer = window.setTimeout(() => submitRef.current(code), AUTO_SUBMIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [code, enabled]);
}

export interface OneTimeCodeInputProps {
  kind?: CodeKind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The 6-digit authenticator code (or a backup code) input: numeric keypad, one-time-code autofill, large monospace digits. */
export function OneTimeCodeInput({ kind = 'authenticator', label, value, onChange, error, hint, disabled, ref }: OneTimeCodeInputProps) {
  const backup = kind === 'backup';
  return (
    <Input
      ref={ref}
      label={label}
      className={styles.field}
      name={backup ? 'backupCode' : 'code'}
      value={value}
      onChange={(event) => onChange(backup ? typedBackupCode(event.target.value) : normalizeAuthenticatorCode(event.target.value))}
      inputMode={backup ? 'text' : 'numeric'}
      autoComplete={backup ? 'off' : 'one-time-code'}
      autoCapitalize={backup ? 'characters' : 'off'}
      spellCheck={false}
      maxLength={backup ? 9 : 6}
      pattern={backup ? '[A-Z0-9]{4}-[A-Z0-9]{4}' : '[0-9]{6}'}
      placeholder={backup ? 'XXXX-XXXX' : '000000'}
      error={error ?? undefined}
      hint={hint}
      disabled={disabled}
      required
    />
  );
}
