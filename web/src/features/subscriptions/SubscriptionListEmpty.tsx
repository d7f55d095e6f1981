import { emptyStateText } from '@shared/domain/subscription-list';
import { FileUp, Plus, SearchX, WalletCards, X } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { useReadOnly } from './readOnly';
import styles from './SubscriptionList.module.css';

export interface SubscriptionListEmptyProps {
  /** How many subscriptions the user has, whatever the search and filters. */
  owned: number;
  /** Whether a search or a filter is what leaves the list empty. */
  narrowed: boolean;
  onAdd: () => void;
  onImport: () => void;
  onClear: () => void;
}

/**
 * The list's empty state (SPEC §2 'Empty state'): with no subscriptions yet, the first one to add or a
 * file to import; with a search or filters that match none, the way back to the whole list.
 */
export function SubscriptionListEmpty({ owned, narrowed, onAdd, onImport, onClear }: SubscriptionListEmptyProps) {
  const readOnly = useReadOnly();
  const empty = emptyStateText(owned);
  return (
    <EmptyState
      icon={owned === 0 ? <WalletCards /> : <SearchX />}
      title={empty.title}
      description={empty.hint}
      action={
        owned === 0 ? (
          <div className={styles.emptyActions}>
            <Button icon={<Plus aria-hidden="true" />} onClick={onAdd}>
              Add your first subscription
            </Button>
            {!readOnly && (
              <Button variant="secondary" icon={<FileUp aria-hidden="true" />} onClick={onImport}>
                Import from a file
              </Button>
            )}
          </div>
        ) : narrowed ? (
          <Button variant="secondary" icon={<X aria-hidden="true" />} onClick={onClear}>
            Clear search and filters
          </Button>
        ) : undefined
      }
    />
  );
}
