import {
  type AddCategoryResult,
  addCustomCategory,
  type Category,
  CUSTOM_CATEGORIES_STORAGE_KEY,
  parseCustomCategories,
} from '@shared/domain/categories';
import { useCallback, useEffect, useState } from 'react';

function readStored(): Category[] {
  try {
    return parseCustomCategories(window.localStorage.getItem(CUSTOM_CATEGORIES_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeStored(categories: Category[]): void {
  try {
    window.localStorage.setItem(CUSTOM_CATEGORIES_STORAGE_KEY, JSON.stringify(categories));
  } catch (error) {
    console.error('Could not store custom categories', error);
  }
}

/**
 * The custom categories kept in this browser under 'custom-categories' as [{value, label}]
 * (SPEC §3), shared with other open tabs through the storage event.
 */
export function useCustomCategories(): { custom: Category[]; add(label: string): AddCategoryResult } {
  const [custom, setCustom] = useState(readStored);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CUSTOM_CATEGORIES_STORAGE_KEY || event.key === null) setCustom(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback(
    (label: string) => {
      const result = addCustomCategory(custom, label);
      if (result.ok && result.added) {
        setCustom(result.categories);
        writeStored(result.categories);
      }
      return result;
    },
    [custom],
  );

  return { custom, add };
}
