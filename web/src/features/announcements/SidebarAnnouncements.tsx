import { ANNOUNCEMENTS_PER_PAGE, type Announcement } from '@shared/api/announcements';
import { formatDateShort } from '@shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Megaphone } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { announcementsQuery } from '../../api/announcements';
import { AnnouncementDetailModal } from '../../components/AnnouncementDetailModal';
import { Pagination } from '../../components/ui/Pagination';
import styles from './SidebarAnnouncements.module.css';

/**
 * SPEC §2 Dashboard 'Sidebar Announcements list': 3 per page with Previous/Next and 'Page X of Y';
 * an item opens its detail. Reloads on load and on window focus (SPEC §4); a failed load leaves the
 * list empty (SPEC §8).
 */
export function SidebarAnnouncements() {
  const headingId = useId();
  const { data: announcements = [], refetch } = useQuery(announcementsQuery);

  // TanStack Query refetches when the tab becomes visible; a window regaining focus from another
  // window (SPEC §4) reloads too. A reload already under way is joined, not restarted.
  useEffect(() => {
    const reload = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [refetch]);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Announcement | null>(null);

  const totalPages = Math.max(1, Math.ceil(announcements.length / ANNOUNCEMENTS_PER_PAGE));
  const current = Math.min(page, totalPages);
  const shown = announcements.slice((current - 1) * ANNOUNCEMENTS_PER_PAGE, current * ANNOUNCEMENTS_PER_PAGE);

  return (
    <section className={styles.announcements} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <Megaphone aria-hidden="true" />
        Announcements
      </h2>
      {announcements.length === 0 ? (
        <p className={styles.empty}>No announcements available</p>
      ) : (
        <>
          <ul className={styles.list}>
            {shown.map((announcement) => (
              <li key={announcement.id}>
                <button type="button" className={styles.item} onClick={() => setOpen(announcement)} aria-haspopup="dialog">
                  <span className={styles.text}>
                    <span className={styles.title}>{announcement.title}</span>
                    <time className={styles.date} dateTime={announcement.date}>
                      {formatDateShort(announcement.date)}
                    </time>
                  </span>
                  <ChevronRight aria-hidden="true" className={styles.chevron} />
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={current} totalPages={totalPages} onPageChange={setPage} label="Announcements pages" size="sm" />
        </>
      )}
      <AnnouncementDetailModal announcement={open} onClose={() => setOpen(null)} />
    </section>
  );
}
