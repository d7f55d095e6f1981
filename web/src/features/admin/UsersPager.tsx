import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui';
import styles from './Admin.module.css';

interface UsersPagerProps {
  pageNumber: number;
  /** The number of pages when it is known (the whole list), null for a search (decision 0073). */
  pageCount: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** The All Users pager: Previous, 'Page X of N' (or 'Page X' for a search), Next. */
export function UsersPager({ pageNumber, pageCount, hasPrevious, hasNext, loading, onPrevious, onNext }: UsersPagerProps) {
  return (
    <nav className={styles.paging} aria-label="All Users pages">
      <Button
        variant="secondary"
        size="sm"
        icon={<ChevronLeft aria-hidden="true" />}
        disabled={!hasPrevious || loading}
        onClick={onPrevious}
      >
        Previous
      </Button>
      <span className={styles.pageNumber} aria-live="polite">
        {pageCount ? `Page ${pageNumber} of ${pageCount}` : `Page ${pageNumber}`}
      </span>
      <Button
        variant="secondary"
        size="sm"
        trailingIcon={<ChevronRight aria-hidden="true" />}
        disabled={!hasNext || loading}
        onClick={onNext}
      >
        Next
      </Button>
    </nav>
  );
}
