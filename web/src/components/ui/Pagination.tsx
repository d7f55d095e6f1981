import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the paginated list for screen readers, e.g. 'Subscriptions pages'. */
  label?: string;
  size?: 'sm' | 'md';
}

/** Previous / 'Page X of Y' / Next (SPEC §2). Renders nothing for a single page. */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination', size = 'md' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <Button
        variant="secondary"
        size={size === 'sm' ? 'sm' : 'md'}
        icon={<ChevronLeft aria-hidden="true" />}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        Previous
      </Button>
      <span className={styles.status} aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button
        variant="secondary"
        size={size === 'sm' ? 'sm' : 'md'}
        trailingIcon={<ChevronRight aria-hidden="true" />}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
      >
        Next
      </Button>
    </nav>
  );
}
