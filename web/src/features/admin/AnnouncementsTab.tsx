import { type Announcement, announcementMessages } from '@shared/api/announcements';
import { formatDateShort } from '@shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Eye, GripVertical, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { type DragEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { announcementsQuery, showOrder, useDeleteAnnouncement, useReorderAnnouncements } from '../../api/announcements';
import { errorMessage } from '../../api/client';
import { AnnouncementDetailModal } from '../../components/AnnouncementDetailModal';
import { Button, IconButton } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import styles from './AnnouncementsTab.module.css';

type Direction = 'up' | 'down';

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * SPEC §2 Admin 'Announcements tab': the list with its total, add, edit, delete, the detail view,
 * and reordering by drag and drop or by keyboard (Move up / Move down on each row), each move
 * saved at once with PUT /announcements/reorder and told to screen readers.
 */
export function AnnouncementsTab() {
  const toast = useToast();
  const headingId = useId();
  const { data: announcements = [], isPending } = useQuery(announcementsQuery);
  const reorder = useReorderAnnouncements();
  const remove = useDeleteAnnouncement();

  const [form, setForm] = useState<{ announcement?: Announcement } | null>(null);
  const [viewing, setViewing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [liveMessage, setLiveMessage] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [refocus, setRefocus] = useState<{ id: string; direction: Direction } | null>(null);
  /** After a delete, the row that takes the deleted one's place (or the Add button when none is left) gets the focus. */
  const [focusAfterDelete, setFocusAfterDelete] = useState<string | 'add' | null>(null);
  const headerRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    if (!focusAfterDelete) return;
    const row =
      focusAfterDelete === 'add' ? null : listRef.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(focusAfterDelete)}"]`);
    (
      row?.querySelector<HTMLButtonElement>('[data-action="view"]') ??
      headerRef.current?.querySelector<HTMLButtonElement>('[data-action="add"]')
    )?.focus();
    setFocusAfterDelete(null);
  }, [focusAfterDelete]);

  // Keeps focus on the moved row's button; at the top or bottom that button is disabled, so the other one takes it.
  useLayoutEffect(() => {
    if (!refocus || !listRef.current) return;
    const row = listRef.current.querySelector<HTMLElement>(`[data-id="${CSS.escape(refocus.id)}"]`);
    const buttons = ['up', 'down'].map((direction) => row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`));
    const [up, down] = buttons;
    const preferred = refocus.direction === 'up' ? up : down;
    const fallback = refocus.direction === 'up' ? down : up;
    (preferred && !preferred.disabled ? preferred : fallback)?.focus();
    setRefocus(null);
  }, [refocus]);

  function saveOrder(from: number, to: number, how: 'keyboard' | 'drag') {
    if (from === to || to < 0 || to >= announcements.length) return;
    const previous = announcements;
    const order = moved(announcements, from, to);
    const item = announcements[from];
    showOrder(order);
    setLiveMessage(`“${item.title}” moved to position ${to + 1} of ${order.length}.`);
    if (how === 'keyboard') setRefocus({ id: item.id, direction: to < from ? 'up' : 'down' });
    reorder.mutate(
      { order, previous },
      {
        onError: (error) => {
          toast.error(errorMessage(error, announcementMessages.failedToReorder));
          setLiveMessage(`${announcementMessages.failedToReorder}. The previous order is back.`);
        },
      },
    );
  }

  function onDragStart(event: DragEvent<HTMLLIElement>, id: string) {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', id);
    setDragged(id);
  }

  function onDragOver(event: DragEvent<HTMLLIElement>, id: string) {
    if (!dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== id) setDropTarget(id);
  }

  /** A row dropped on another takes that row's place. */
  function onDrop(event: DragEvent<HTMLLIElement>, id: string) {
    event.preventDefault();
    const from = announcements.findIndex((a) => a.id === dragged);
    const to = announcements.findIndex((a) => a.id === id);
    setDragged(null);
    setDropTarget(null);
    if (from >= 0 && to >= 0) saveOrder(from, to, 'drag');
  }

  function endDrag() {
    setDragged(null);
    setDropTarget(null);
  }

  function confirmDelete() {
    if (!deleting) return;
    const { title, id } = deleting;
    const index = announcements.findIndex((a) => a.id === id);
    const neighbour = announcements[index + 1] ?? announcements[index - 1];
    remove.mutate(id, {
      onSuccess: () => {
        setFocusAfterDelete(neighbour?.id ?? 'add');
        toast.success('Announcement deleted');
        setLiveMessage(`“${title}” deleted.`);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, announcementMessages.failedToDelete));
        setDeleting(null);
      },
    });
  }

  const draggedIndex = announcements.findIndex((a) => a.id === dragged);
  const count = announcements.length;

  return (
    <Card aria-labelledby={headingId}>
      <header ref={headerRef} className={styles.header}>
        <div>
          <h2 id={headingId} className={styles.heading}>
            Announcements
          </h2>
          <p className={styles.total}>
            Total: <strong className={styles.count}>{count}</strong> {count === 1 ? 'announcement' : 'announcements'}
          </p>
        </div>
        <Button data-action="add" icon={<Plus aria-hidden="true" />} onClick={() => setForm({})}>
          Add Announcement
        </Button>
      </header>
      <p className={styles.hint}>Dashboards show them in this order. Drag a row by its handle, or use its Move up and Move down buttons.</p>
      <div className="visually-hidden" role="status" aria-live="polite">
        {liveMessage}
      </div>

      {isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading announcements" />
        </div>
      ) : count === 0 ? (
        <EmptyState icon={<Megaphone />} title="No announcements yet" description="Add one to tell every user what's new." />
      ) : (
        <ol ref={listRef} className={styles.list} aria-label="Announcements">
          {announcements.map((announcement, index) => {
            const isTarget = dropTarget === announcement.id && dragged !== announcement.id;
            const dropSide = isTarget ? (index < draggedIndex ? styles.dropBefore : styles.dropAfter) : null;
            return (
              <li
                key={announcement.id}
                data-id={announcement.id}
                draggable
                onDragStart={(event) => onDragStart(event, announcement.id)}
                onDragOver={(event) => onDragOver(event, announcement.id)}
                onDragLeave={() => setDropTarget((target) => (target === announcement.id ? null : target))}
                onDrop={(event) => onDrop(event, announcement.id)}
                onDragEnd={endDrag}
                className={[styles.row, dragged === announcement.id ? styles.dragging : null, dropSide].filter(Boolean).join(' ')}
                aria-labelledby={`${headingId}-${announcement.id}`}
              >
                <span className={styles.handle} aria-hidden="true" title="Drag to reorder">
                  <GripVertical />
                </span>
                <span className={styles.position} aria-hidden="true">
                  {index + 1}
                </span>
                <div className={styles.info}>
                  <h3 id={`${headingId}-${announcement.id}`} className={styles.title}>
                    {announcement.title}
                  </h3>
                  <p className={styles.meta}>
                    <time dateTime={announcement.date}>{formatDateShort(announcement.date)}</time>
                    <span aria-hidden="true">·</span>
                    <span>
                      {announcement.changes.length} {announcement.changes.length === 1 ? 'change' : 'changes'}
                    </span>
                  </p>
                </div>
                <div className={styles.actions}>
                  <div className={styles.moves}>
                    <IconButton
                      label={`Move “${announcement.title}” up`}
                      icon={<ArrowUp aria-hidden="true" />}
                      size="sm"
                      data-move="up"
                      disabled={index === 0}
                      onClick={() => saveOrder(index, index - 1, 'keyboard')}
                    />
                    <IconButton
                      label={`Move “${announcement.title}” down`}
                      icon={<ArrowDown aria-hidden="true" />}
                      size="sm"
                      data-move="down"
                      disabled={index === count - 1}
                      onClick={() => saveOrder(index, index + 1, 'keyboard')}
                    />
                  </div>
                  <div className={styles.tools}>
                    <IconButton
                      label={`View “${announcement.title}”`}
                      icon={<Eye aria-hidden="true" />}
                      size="sm"
                      aria-haspopup="dialog"
                      data-action="view"
                      onClick={() => setViewing(announcement)}
                    />
                    <IconButton
                      label={`Edit “${announcement.title}”`}
                      icon={<Pencil aria-hidden="true" />}
                      size="sm"
                      aria-haspopup="dialog"
                      onClick={() => setForm({ announcement })}
                    />
                    <IconButton
                      label={`Delete “${announcement.title}”`}
                      icon={<Trash2 aria-hidden="true" />}
                      size="sm"
                      aria-haspopup="dialog"
                      className={styles.delete}
                      onClick={() => setDeleting(announcement)}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <AnnouncementFormModal open={form !== null} announcement={form?.announcement} onClose={() => setForm(null)} />
      <AnnouncementDetailModal announcement={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        type="danger"
        title="Delete announcement?"
        message={<>“{deleting?.title}” will be removed from every dashboard. This cannot be undone.</>}
        confirmLabel="Delete"
        loading={remove.isPending}
        loadingLabel="Deleting..."
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
