import { type AddCategoryResult, type Category, categoryLabel, categoryOptions } from '@shared/domain/categories';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select, type SelectOption } from '../../components/ui/Select';
import styles from './SubscriptionFormModal.module.css';

export interface CategoryFieldProps {
  custom: readonly Category[];
  value: string;
  error?: string;
  onChange: (category: string) => void;
  /** Adds a custom category; the field chooses it when it is added. */
  onAddCategory: (label: string) => AddCategoryResult;
}

/**
 * The subscription form's Category: the select (the built-in categories and the user's own), and 'Add
 * custom category', which names a new one and chooses it.
 */
export function CategoryField({ custom, value, error, onChange, onAddCategory }: CategoryFieldProps) {
  const categoryRef = useRef<HTMLSelectElement>(null);
  const [addingCategory, setAddingCategory] = useState(false);
  const [newCategory, setNewCategory] = useState('');
  const [categoryError, setCategoryError] = useState<string | null>(null);

  const categorySelectOptions = useMemo<SelectOption[]>(() => {
    const options: SelectOption[] = categoryOptions(custom);
    if (value && !options.some((o) => o.value === value)) {
      options.push({ value: value, label: categoryLabel(value, custom) });
    }
    return [{ value: '', label: 'Select a category', disabled: true }, ...options];
  }, [custom, value]);

  function addCategory() {
    const result = onAddCategory(newCategory);
    if (!result.ok) {
      setCategoryError(result.error);
      return;
    }
    onChange(result.category.value);
    setNewCategory('');
    setCategoryError(null);
    setAddingCategory(false);
    categoryRef.current?.focus();
  }

  function onCategoryKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addCategory();
  }

  return (
    <div className={[styles.category, styles.full].join(' ')}>
      <Select
        ref={categoryRef}
        label="Category"
        required
        options={categorySelectOptions}
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      {addingCategory ? (
        <div className={styles.addCategory}>
          <Input
            label="New category"
            placeholder="e.g. Fitness"
            maxLength={50}
            autoFocus
            value={newCategory}
            error={categoryError}
            onChange={(e) => {
              setNewCategory(e.target.value);
              setCategoryError(null);
            }}
            onKeyDown={onCategoryKeyDown}
          />
          <Button variant="secondary" className={styles.addButton} onClick={addCategory}>
            Add
          </Button>
        </div>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className={styles.addToggle}
          icon={<Plus aria-hidden="true" />}
          onClick={() => setAddingCategory(true)}
        >
          Add custom category
        </Button>
      )}
    </div>
  );
}
