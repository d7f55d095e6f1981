import { type Dispatch, type SetStateAction, useState } from 'react';

/**
 * A form's working copy of saved values. It follows the saved values while the form is untouched
 * (the first render may come from the stored user record, and the session poll then brings the
 * server's), and keeps what the user typed once they have edited it: a poll never overwrites an edit.
 */
export function useEditableCopy<T>(saved: T): [T, Dispatch<SetStateAction<T>>] {
  const savedKey = JSON.stringify(saved);
  const [values, setValues] = useState(saved);
  const [baseKey, setBaseKey] = useState(savedKey);
  if (savedKey !== baseKey) {
    setBaseKey(savedKey);
    if (JSON.stringify(values) === baseKey) setValues(saved);
  }
  return [values, setValues];
}
