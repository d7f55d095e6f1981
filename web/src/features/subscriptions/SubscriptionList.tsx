import type { Subscription, SubscriptionStatus } from '@shared/api/subscription';
import { type AddCategoryResult, type Category, categoryColorsIn } from '@shared/domain/categories';
import type { CurrencyCode, RateTable } from '@shared/domain/currency';
import { emptyStateText, filterSubscriptions, PAGE_SIZE, pageAfterDelete } from '@shared/domain/subscription-list';
import type { SubscriptionAction } from '@shared/domain/subscription-rules';
import { FileUp, Plus, SearchX, WalletCards, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import type { StatusAction } from '../../api/queries';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pagination } from '../../components/ui/Pagination';
import { useToast } from '../../components/ui/Toast';
import { subscriptionNameId } from '../../lib/subscriptionNameId';
import { ImportDialog } from '../import';
import { ImportExportMenu } from './ImportExportMenu';
import { useReadOnly } from './readOnly';
import { SubscriptionCard } from './SubscriptionCard';
import { SubscriptionDetailsModal } from './SubscriptionDetailsModal';
import { SubscriptionFormModal } from './SubscriptionFormModal';
import styles from './SubscriptionList.module.css';
import { activeFilterCount, type ListFilters, NO_FILTERS, SubscriptionToolbar } from './SubscriptionToolbar';
import { type ConfirmKind, confirmLooks, failures, successes } from './subscriptionActions';
import { useListView } from './useListView';
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
 * cards is ever rendered.
 */
export function SubscriptionList({ data, currency, rates, onCurrencyChange, today, custom, onAddCategory }: SubscriptionListProps) {
  const { subscriptions, save, change, deleteForever, leave } = data;
  const toast = useToast();

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
  const readOnly = useReadOnly();
  const [confirm, setConfirm] = useState<{ kind: ConfirmKind; subscription: Subscription } | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The subscription whose details are open, by id: the dialog shows it as the list has it now. */
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const openDetails = useCallback((sub: Subscription) => setDetailsId(sub.id), []);
  const askLeave = useCallback((sub: Subscription) => setConfirm({ kind: 'leave', subscription: sub }), []);
  const details = detailsId ? subscriptions.find((sub) => sub.id === detailsId) : undefined;
  const [busy, setBusy] = useState<{ id: string; action: SubscriptionAction } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /**
   * A confirmed cancel or delete takes away the button that opened the confirmation (the dialog
   * cannot give the focus back to it): the focus goes to the card's first action if it is still
   * shown, else to the card now in its place (or the last one), else to the list's heading. The
   * query cache tells the list about the answer a moment after the mutation resolves, so the focus
   * waits until the list shows the subscription as the answer left it (`status`, null once deleted).
   */
  const [focusAfterConfirm, setFocusAfterConfirm] = useState<{ id: string; index: number; status: SubscriptionStatus | null } | null>(null);
  useEffect(() => {
    if (!focusAfterConfirm) return;
    const shown = subscriptions.find((sub) => sub.id === focusAfterConfirm.id);
    if ((shown?.status ?? null) !== focusAfterConfirm.status) return;
    setFocusAfterConfirm(null);
    const cards = [...(listRef.current?.querySelectorAll('article') ?? [])];
    const own = cards.find((card) => card.getAttribute('aria-labelledby') === subscriptionNameId(focusAfterConfirm.id));
    const card = own ?? cards[Math.min(focusAfterConfirm.index, cards.length - 1)];
    (card?.querySelector<HTMLButtonElement>('button[data-action]:not(:disabled)') ?? headingRef.current)?.focus();
  }, [focusAfterConfirm, subscriptions]);

  /** What the page needs to settle after an action, read from event handlers the cards hold on to. */
  const latest = useRef({ page: view.page, count: filtered.length, filters: activeFilters, today });
  useEffect(() => {
    latest.current = { page: view.page, count: filtered.length, filters: activeFilters, today };
  });

  /**
   * After an action took a subscription out of the filtered list (deleted, recovered out of the
   * trash view…), go back a page when it was the last one on a page beyond 1 (SPEC §4).
   */
  const settlePage = useCallback(
    (after: Subscription | null) => {
      const { page: current, count, filters: shown, today: day } = latest.current;
      const stays = after !== null && filterSubscriptions([after], shown, day).length > 0;
      setPage(pageAfterDelete(current, stays ? count : count - 1));
    },
    [setPage],
  );

  const runChange = useCallback(
    async (action: StatusAction, sub: Subscription) => {
      setBusy({ id: sub.id, action });
      try {
        const updated = await change(action, sub.id);
        toast.success(successes[action](updated));
        settlePage(updated);
      } catch (error) {
        toast.error(errorMessage(error, failures[action]));
      } finally {
        setBusy(null);
      }
    },
    [change, settlePage, toast],
  );

  const onAction = useCallback(
    (action: SubscriptionAction, sub: Subscription) => {
      if (action === 'edit') setForm({ subscription: sub });
      else if (action === 'delete' || action === 'cancel' || action === 'deleteForever') setConfirm({ kind: action, subscription: sub });
      else void runChange(action, sub);
    },
    [runChange],
  );

  async function onConfirm() {
    if (!confirm) return;
    const { kind, subscription: sub } = confirm;
    const index = view.items.findIndex((item) => item.id === sub.id);
    setConfirming(true);
    try {
      if (kind === 'deleteForever' || kind === 'leave') {
        toast.success(await (kind === 'leave' ? leave(sub.id) : deleteForever(sub.id)));
        settlePage(null);
        setFocusAfterConfirm({ id: sub.id, index, status: null });
      } else {
        const updated = await change(kind, sub.id);
        toast.success(successes[kind](updated));
        settlePage(updated);
        setFocusAfterConfirm({ id: sub.id, index, status: updated.status });
      }
    } catch (error) {
      toast.error(errorMessage(error, failures[kind]));
    } finally {
      setConfirming(false);
      setConfirm(null);
    }
  }

  function changeFilters(next: ListFilters) {
    setFilters(next);
    setPage(1);
  }

  const owned = subscriptions.length;
  // The export holds the user's own subscriptions: one someone else shares is the payer's, and read back it would be a copy (issue 26).
  const own = useMemo(() => subscriptions.filter((sub) => !sub.shared), [subscriptions]);
  const colorOf = useMemo(() => categoryColorsIn(subscriptions, custom), [subscriptions, custom]);
  const empty = emptyStateText(owned);
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
        <EmptyState
          icon={owned === 0 ? <WalletCards /> : <SearchX />}
          title={empty.title}
          description={empty.hint}
          action={
            owned === 0 ? (
              <div className={styles.emptyActions}>
                <Button icon={<Plus aria-hidden="true" />} onClick={() => setForm({ subscription: null })}>
                  Add your first subscription
                </Button>
                {!readOnly && (
                  <Button variant="secondary" icon={<FileUp aria-hidden="true" />} onClick={() => setImportOpen(true)}>
                    Import from a file
                  </Button>
                )}
              </div>
            ) : activeFilterCount(filters) > 0 || search ? (
              <Button
                variant="secondary"
                icon={<X aria-hidden="true" />}
                onClick={() => {
                  setSearch('');
                  changeFilters(NO_FILTERS);
                }}
              >
                Clear search and filters
              </Button>
            ) : undefined
          }
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
            setForm(null);
            setPage(1);
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
          onCancel={() => setConfirm(null)}
        />
      )}
    </section>
  );
}
