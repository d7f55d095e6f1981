import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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

/**
 * Previous / 'Page X of Y' / Next (SPEC §2). Renders nothing for a single page. A button that
 * reaches the first or last page is disabled, so the focus moves on to the other one rather than
 * dropping to the page.
 */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination', size = 'md' }: PaginationProps) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState<'previous' | 'next' | null>(null);

  useEffect(() => {
    if (!refocus) return;
    setRefocus(null);
    const target = refocus === 'previous' ? previousRef.current : nextRef.current;
    if (target && !target.disabled) target.focus();
  }, [refocus]);

  if (totalPages <= 1) return null;

  function go(to: number, from: 'previous' | 'next') {
    const reachesEnd = from === 'previous' ? to <= 1 : to >= totalPages;
    if (reachesEnd) setRefocus(from === 'previous' ? 'next' : 'previous');
    onPageChange(to);
  }

  return (
    <nav className={styles.pagination} aria-label={label}>
      <Button
        ref={previousRef}
        variant="secondary"
        size={size === 'sm' ? 'sm' : 'md'}
        icon={<ChevronLeft aria-hidden="true" />}
        onClick={() => go(page - 1, 'previous')}
        disabled={page <= 1}
      >
        Previous
      </Button>
      <span className={styles.status} aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button
        ref={nextRef}
        variant="secondary"
        size={size === 'sm' ? 'sm' : 'md'}
        trailingIcon={<ChevronRight aria-hidden="true" />}
        onClick={() => go(page + 1, 'next')}
        disabled={page >= totalPages}
      >
        Next
      </Button>
    </nav>
  );
}
