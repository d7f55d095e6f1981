import type { Subscription } from '@shared/api/subscription';
import { type Category, categoryKey, categoryLabel, categoryOptions } from '@shared/domain/categories';
import {
  DEFAULT_SORT,
  filterSubscriptions,
  paginate,
  type SortKey,
  type SubscriptionFilters,
  sortSubscriptions,
} from '@shared/domain/subscription-list';
import { useDeferredValue, useMemo, useState } from 'react';
import type { SelectOption } from '../../components/ui/Select';
import { type ListFilters, NO_FILTERS } from './SubscriptionToolbar';

/**
 * What the dashboard's list shows (SPEC §2): the search (deferred, so typing stays quick), the filters and
 * whether their panel is open, the sort, the page; the subscriptions they leave, sorted and cut into pages
 * of 8, and the category filter's options (every category in use, with the user's own).
 */
export function useListView(subscriptions: Subscription[], custom: readonly Category[], today: string) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sort, setSort] = useState<SortKey>(DEFAULT_SORT);
  const [page, setPage] = useState(1);

  const activeFilters = useMemo<SubscriptionFilters>(() => ({ ...filters, search: deferredSearch }), [filters, deferredSearch]);
  const filtered = useMemo(() => filterSubscriptions(subscriptions, activeFilters, today), [subscriptions, activeFilters, today]);
  const sorted = useMemo(() => sortSubscriptions(filtered, sort, custom), [filtered, sort, custom]);
  const view = useMemo(() => paginate(sorted, page), [sorted, page]);

  const categoryFilterOptions = useMemo<SelectOption[]>(() => {
    const options: SelectOption[] = categoryOptions(custom);
    const known = new Set(options.map((o) => o.value));
    for (const sub of subscriptions) {
      const key = categoryKey(sub.category);
      if (known.has(key)) continue;
      known.add(key);
      options.push({ value: key, label: categoryLabel(sub.category, custom) });
    }
    return [{ value: 'all', label: 'All categories' }, ...options];
  }, [custom, subscriptions]);

  return {
    search,
    setSearch,
    deferredSearch,
    filters,
    setFilters,
    filtersOpen,
    setFiltersOpen,
    sort,
    setSort,
    page,
    setPage,
    activeFilters,
    filtered,
    view,
    categoryFilterOptions,
  };
}
