import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '@shared/domain/currency';
import { ENDING_SOON_DAYS, SORT_KEYS, type SortKey, STATUS_FILTERS, type StatusFilter } from '@shared/domain/subscription-list';
import { Plus, Search, SlidersHorizontal, X } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Select, type SelectOption } from '../../components/ui/Select';
import { useReadOnly } from './readOnly';
import styles from './SubscriptionToolbar.module.css';

const sortLabels: Record<SortKey, string> = {
  dueDate: 'Due Date',
  name: 'Name',
  amount: 'Amount (high to low)',
  category: 'Category',
};
const sortOptions: SelectOption[] = SORT_KEYS.map((key) => ({ value: key, label: sortLabels[key] }));

const statusLabels: Record<StatusFilter, string> = {
  all: 'All (not deleted)',
  active: 'Active',
  canceled: 'Canceled',
  deleted: 'Deleted (trash)',
};
const statusOptions: SelectOption[] = STATUS_FILTERS.map((status) => ({ value: status, label: statusLabels[status] }));

const currencyOptions: SelectOption[] = CURRENCY_CODES.map((code) => ({
  value: code,
  label: `${code} (${CURRENCIES[code].symbol})`,
}));

/** The list filters besides the search text (SPEC §3 'Filters', issue 24 §3 'Trials' and 'Ending soon'). */
export interface ListFilters {
  category: string;
  dueSoon: boolean;
  trials: boolean;
  endingSoon: boolean;
  status: StatusFilter;
}

export const NO_FILTERS: ListFilters = { category: 'all', dueSoon: false, trials: false, endingSoon: false, status: 'all' };

export function activeFilterCount(filters: ListFilters): number {
  return (
    Number(filters.category !== 'all') +
    Number(filters.dueSoon) +
    Number(filters.trials) +
    Number(filters.endingSoon) +
    Number(filters.status !== 'all')
  );
}

export interface SubscriptionToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  /** 'all' plus every category the user can filter by, custom ones included. */
  categoryOptions: SelectOption[];
  filtersOpen: boolean;
  onToggleFilters: () => void;
  sort: SortKey;
  onSortChange: (sort: SortKey) => void;
  currency: CurrencyCode;
  onCurrencyChange: (currency: CurrencyCode) => void;
  onAdd: () => void;
}

const FILTERS_ID = 'subscription-filters';

/**
 * The list's controls (SPEC §2): search box, Filters toggle (category, status, due soon, trials,
 * ending soon),
 * currency selector, Add Subscription and the sort selector.
 */
export function SubscriptionToolbar({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
  categoryOptions,
  filtersOpen,
  onToggleFilters,
  sort,
  onSortChange,
  currency,
  onCurrencyChange,
  onAdd,
}: SubscriptionToolbarProps) {
  const count = activeFilterCount(filters);
  const readOnly = useReadOnly();
  return (
    <div className={styles.wrapper}>
      <div className={styles.toolbar}>
        <Input
          className={styles.search}
          label="Search"
          type="search"
          placeholder="Search by name or description"
          icon={<Search />}
          value={search}
          disabled={readOnly}
          onChange={(e) => onSearchChange(e.target.value)}
        />
        <Select
          className={styles.sort}
          label="Sort by"
          options={sortOptions}
          value={sort}
          disabled={readOnly}
          onChange={(e) => onSortChange(e.target.value as SortKey)}
        />
        <Select
          className={styles.currency}
          label="Currency"
          options={currencyOptions}
          value={currency}
          disabled={readOnly}
          onChange={(e) => onCurrencyChange(e.target.value as CurrencyCode)}
        />
        <Button
          variant="secondary"
          className={[styles.button, styles.filtersButton, filtersOpen ? styles.pressed : ''].join(' ')}
          icon={<SlidersHorizontal aria-hidden="true" />}
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_ID}
          disabled={readOnly}
          onClick={onToggleFilters}
        >
          Filters
          {count > 0 && (
            <span className={styles.count}>
              {count}
              <span className="visually-hidden"> active</span>
            </span>
          )}
        </Button>
        <Button className={[styles.button, styles.add].join(' ')} icon={<Plus aria-hidden="true" />} disabled={readOnly} onClick={onAdd}>
          Add Subscription
        </Button>
      </div>

      {filtersOpen && (
        <fieldset id={FILTERS_ID} className={styles.filters}>
          <legend className="visually-hidden">Filters</legend>
          <Select
            className={styles.categoryFilter}
            label="Category"
            options={categoryOptions}
            value={filters.category}
            onChange={(e) => onFiltersChange({ ...filters, category: e.target.value })}
          />
          <Select
            className={styles.statusFilter}
            label="Status"
            options={statusOptions}
            value={filters.status}
            onChange={(e) => onFiltersChange({ ...filters, status: e.target.value as StatusFilter })}
          />
          <div className={styles.flags}>
            <Checkbox
              label="Due soon"
              description="Active, due in the next 10 days"
              checked={filters.dueSoon}
              onChange={(e) => onFiltersChange({ ...filters, dueSoon: e.target.checked })}
            />
            <Checkbox
              label="Trials"
              description="Active, in a free trial"
              checked={filters.trials}
              onChange={(e) => onFiltersChange({ ...filters, trials: e.target.checked })}
            />
            <Checkbox
              label="Ending soon"
              description={`Ends, or must be canceled, within ${ENDING_SOON_DAYS} days`}
              checked={filters.endingSoon}
              onChange={(e) => onFiltersChange({ ...filters, endingSoon: e.target.checked })}
            />
          </div>
          <Button
            variant="ghost"
            className={styles.clear}
            icon={<X aria-hidden="true" />}
            disabled={count === 0}
            onClick={() => onFiltersChange(NO_FILTERS)}
          >
            Clear filters
          </Button>
        </fieldset>
      )}
    </div>
  );
}
