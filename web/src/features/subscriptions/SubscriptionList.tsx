import type { Subscription } from '@shared/api/subscription';
import { type AddCategoryResult, type Category, categoryColorsIn } from '@shared/domain/categories';
import type { CurrencyCode, RateTable } from '@shared/domain/currency';
import { PAGE_SIZE } from '@shared/domain/subscription-list';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Pagination } from '../../components/ui/Pagination';
import { useToast } from '../../components/ui/Toast';
import { ImportDialog } from '../import';
import { ImportExportMenu } from './ImportExportMenu';
import { useReadOnly } from './readOnly';
import { SubscriptionCard } from './SubscriptionCard';
import { SubscriptionDetailsModal } from './SubscriptionDetailsModal';
import { SubscriptionFormModal } from './SubscriptionFormModal';
import styles from './SubscriptionList.module.css';
import { SubscriptionListEmpty } from './SubscriptionListEmpty';
import { activeFilterCount, type ListFilters, NO_FILTERS, SubscriptionToolbar } from './SubscriptionToolbar';
import { confirmLooks } from './subscriptionActions';
import { useFocusAfterChange } from './useFocusAfterChange';
import { useListView } from './useListView';
import { useSubscriptionActions } from './useSubscriptionActions';
import type { SubscriptionsApi } from './useSubscriptions';

export interface SubscriptionListProps {
  data: SubscriptionsApi;
  currency: CurrencyCode;
  /** The rates a price billed in another currency is converted with (useRates). */
  rates: RateTable;
  onCurrencyChange: (currency: CurrencyCode) => void;
  today: string;
  custom: readonly Category[];
  onAddCategory: (label: string) => AddCategoryResult;
}

/**
 * The subscription list (SPEC §2): toolbar, filtered and sorted grid of cards 8 per page, the
 * empty state, the add/edit modal and the confirmations. Filtering, sorting and paging are
 * memoised and the search is deferred, so a list of 1,000 stays responsive; only one page of
 * cards is ever rendered. What the cards' buttons do is useSubscriptionActions; where the focus
 * goes after a change, useFocusAfterChange.
 */
export function SubscriptionList({ data, currency, rates, onCurrencyChange, today, custom, onAddCategory }: SubscriptionListProps) {
  const { subscriptions, save } = data;
  const toast = useToast();
  const readOnly = useReadOnly();
  const {
    search,
    setSearch,
    deferredSearch,
    filters,
    setFilters,
    filtersOpen,
    setFiltersOpen,
    sort,
    setSort,
    setPage,
    activeFilters,
    filtered,
    view,
    categoryFilterOptions,
  } = useListView(subscriptions, custom, today);
  const [form, setForm] = useState<{ subscription: Subscription | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  /** The subscription whose details are open, by id: the dialog shows it as the list has it now. */
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const openDetails = useCallback((sub: Subscription) => setDetailsId(sub.id), []);
  const details = detailsId ? subscriptions.find((sub) => sub.id === detailsId) : undefined;
  const { listRef, headingRef, focusAfter } = useFocusAfterChange(subscriptions);
  const edit = useCallback((sub: Subscription) => setForm({ subscription: sub }), []);
  const { busy, confirm, confirming, onAction, askLeave, onConfirm, dismissConfirm } = useSubscriptionActions({
    data,
    shown: { items: view.items, page: view.page, count: filtered.length },
    filters: activeFilters,
    today,
    setPage,
    onEdit: edit,
    focusAfter,
  });

  function changeFilters(next: ListFilters) {
    setFilters(next);
    setPage(1);
  }

  const owned = subscriptions.length;
  // The export holds the user's own subscriptions: one someone else shares is the payer's, and read back it would be a copy (issue 26).
  const own = useMemo(() => subscriptions.filter((sub) => !sub.shared), [subscriptions]);
  const colorOf = useMemo(() => categoryColorsIn(subscriptions, custom), [subscriptions, custom]);
  const look = confirm ? confirmLooks[confirm.kind] : null;
  const first = (view.page - 1) * PAGE_SIZE + 1;

  return (
    <section className={styles.section} aria-labelledby="subscriptions-title">
      <header className={styles.header}>
        <h2 id="subscriptions-title" ref={headingRef} tabIndex={-1} className={styles.title}>
          Your Subscriptions
        </h2>
        <div className={styles.headerEnd}>
          <p className={styles.count} aria-live="polite">
            {owned === 0
              ? 'No subscriptions yet'
              : view.totalItems === 0
                ? 'No matches'
                : view.totalPages > 1
                  ? `Showing ${first}–${first + view.items.length - 1} of ${view.totalItems}`
                  : `${view.totalItems} ${view.totalItems === 1 ? 'subscription' : 'subscriptions'}`}
          </p>
          {!readOnly && <ImportExportMenu subscriptions={own} onImport={() => setImportOpen(true)} />}
        </div>
      </header>

      <SubscriptionToolbar
        search={search}
        onSearchChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
        filters={filters}
        onFiltersChange={changeFilters}
        categoryOptions={categoryFilterOptions}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        sort={sort}
        onSortChange={(value) => {
          setSort(value);
          setPage(1);
        }}
        currency={currency}
        onCurrencyChange={onCurrencyChange}
        onAdd={() => setForm({ subscription: null })}
      />

      {view.items.length === 0 ? (
        <SubscriptionListEmpty
          owned={owned}
          narrowed={activeFilterCount(filters) > 0 || search !== ''}
          onAdd={() => setForm({ subscription: null })}
          onImport={() => setImportOpen(true)}
          onClear={() => {
            setSearch('');
            changeFilters(NO_FILTERS);
          }}
        />
      ) : (
        <ul ref={listRef} className={styles.grid} aria-label="Subscriptions" aria-busy={search !== deferredSearch || undefined}>
          {view.items.map((sub) => (
            <li key={sub.id} className={styles.item}>
              <SubscriptionCard
                subscription={sub}
                currency={currency}
                rates={rates}
                today={today}
                custom={custom}
                categoryColor={colorOf(sub.category)}
                busyAction={busy?.id === sub.id ? busy.action : null}
                onAction={onAction}
                onOpenDetails={openDetails}
                onLeave={askLeave}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={view.page} totalPages={view.totalPages} onPageChange={setPage} label="Subscription pages" />

      {importOpen && <ImportDialog open onClose={() => setImportOpen(false)} />}

      {form && (
        <SubscriptionFormModal
          subscription={form.subscription}
          defaultCurrency={currency}
          custom={custom}
          onAddCategory={onAddCategory}
          onSave={save}
          onSaved={(saved, created) => {
            const index = view.items.findIndex((item) => item.id === saved.id);
            setForm(null);
            setPage(1);
            if (!created) focusAfter(saved.id, index, saved);
            toast.success(created ? `${saved.name} added` : `${saved.name} updated`);
          }}
          onClose={() => setForm(null)}
        />
      )}

      {details && (
        <SubscriptionDetailsModal
          subscription={details}
          currency={currency}
          today={today}
          custom={custom}
          categoryColor={colorOf(details.category)}
          onLeave={(sub) => {
            setDetailsId(null);
            askLeave(sub);
          }}
          onClose={() => setDetailsId(null)}
        />
      )}

      {confirm && look && (
        <ConfirmDialog
          open
          type={look.type}
          title={look.title}
          message={look.message(confirm.subscription)}
          confirmLabel={look.confirmLabel}
          cancelLabel={look.cancelLabel}
          loadingLabel={look.loadingLabel}
          loading={confirming}
          onConfirm={() => void onConfirm()}
          onCancel={dismissConfirm}
        />
      )}
    </section>
  );
}
