import type { Announcement } from '@shared/api/announcements';
import { formatDateShort } from '@shared/domain/dates';
import { CalendarDays, Sparkles } from 'lucide-react';
import styles from './AnnouncementDetailModal.module.css';
import { Button } from './ui/Button';
import { Modal } from './ui/Modal';

export interface AnnouncementDetailModalProps {
  /** The announcement shown; null keeps the dialog closed. */
  announcement: Announcement | null;
  onClose: () => void;
}

/** SPEC §2: an announcement's title, date, content and its What's New list of changes. */
export function AnnouncementDetailModal({ announcement, onClose }: AnnouncementDetailModalProps) {
  return (
    <Modal
      open={announcement !== null}
      onClose={onClose}
      title={announcement?.title ?? ''}
      description={
        announcement && (
          <span className={styles.date}>
            <CalendarDays aria-hidden="true" />
            <time dateTime={announcement.date}>{formatDateShort(announcement.date)}</time>
          </span>
        )
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {announcement && (
        <div className={styles.detail}>
          <p className={styles.content}>{announcement.content}</p>
          <section className={styles.changes} aria-labelledby="announcement-whats-new">
            <h3 id="announcement-whats-new" className={styles.changesTitle}>
              <Sparkles aria-hidden="true" />
              What&apos;s New
            </h3>
            <ul className={styles.list}>
              {announcement.changes.map((change, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: changes are plain text and may repeat; the list never reorders while shown.
                <li key={index}>{change}</li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </Modal>
  );
}
