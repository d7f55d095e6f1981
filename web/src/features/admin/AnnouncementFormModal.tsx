import {
  ANNOUNCEMENT_LIMITS,
  type Announcement,
  type AnnouncementInput,
  announcementBody,
  announcementMessages,
} from '@shared/api/announcements';
import { localToday } from '@shared/domain/dates';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSaveAnnouncement } from '../../api/announcements';
import { errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button, IconButton } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { TextArea } from '../../components/ui/TextArea';
import { useToast } from '../../components/ui/Toast';
import styles from './AnnouncementFormModal.module.css';

export interface AnnouncementFormModalProps {
  open: boolean;
  /** The announcement edited; undefined adds a new one. */
  announcement?: Announcement;
  onClose: () => void;
}

interface Draft {
  date: string;
  title: string;
  content: string;
  /** Each change with a stable key, so removing one keeps the others' inputs (and focus) in place. */
  changes: Array<{ key: number; text: string }>;
}

let nextKey = 0;
const change = (text = '') => ({ key: nextKey++, text });

function draftOf(announcement?: Announcement): Draft {
  return {
    date: announcement?.date ?? localToday(),
    title: announcement?.title ?? '',
    content: announcement?.content ?? '',
    changes: announcement?.changes.length ? announcement.changes.map((text) => change(text)) : [change()],
  };
}

/** The Add/Edit form (SPEC §2 Admin 'Announcements tab', §5 'Announcement'): opened fresh each time. */
export function AnnouncementFormModal({ open, announcement, onClose }: AnnouncementFormModalProps) {
  return open ? <AnnouncementForm announcement={announcement} onClose={onClose} /> : null;
}

function AnnouncementForm({ announcement, onClose }: Omit<AnnouncementFormModalProps, 'open'>) {
  const formId = useId();
  const toast = useToast();
  const save = useSaveAnnouncement();
  const [draft, setDraft] = useState(() => draftOf(announcement));
  const [problem, setProblem] = useState<string | null>(null);
  const changeRefs = useRef(new Map<number, HTMLInputElement>());
  const editing = announcement !== undefined;

  const setChanges = (changes: Draft['changes']) => setDraft((d) => ({ ...d, changes }));

  function addChange() {
    const added = change();
    setChanges([...draft.changes, added]);
    requestAnimationFrame(() => changeRefs.current.get(added.key)?.focus());
  }

  function removeChange(index: number) {
    // The list always keeps one input (SPEC §5); focus moves to the neighbour that takes its place.
    const rest = draft.changes.filter((_, i) => i !== index);
    setChanges(rest);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    requestAnimationFrame(() => changeRefs.current.get(neighbour.key)?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Blank changes are dropped before saving (SPEC §5); the API's own schema gives the message.
    const input: AnnouncementInput = {
      date: draft.date,
      title: draft.title,
      content: draft.content,
      changes: draft.changes.map((c) => c.text.trim()).filter((text) => text !== ''),
    };
    const checked = announcementBody.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? announcementMessages.required);
      return;
    }
    setProblem(null);
    save.mutate(
      { id: announcement?.id, input },
      {
        onSuccess: () => {
          toast.success(editing ? 'Announcement updated' : 'Announcement created');
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, announcementMessages.failedToSave)),
      },
    );
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      title={editing ? 'Edit Announcement' : 'Add Announcement'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} loadingText="Saving...">
            {editing ? 'Save Changes' : 'Add Announcement'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {problem && <Alert tone="danger">{problem}</Alert>}
        <div className={styles.row}>
          <Input
            label="Date"
            type="date"
            required
            value={draft.date}
            onChange={(e) => setDraft((d) => ({ ...d, date: e.target.value }))}
            className={styles.date}
          />
          <Input
            label="Title"
            required
            maxLength={ANNOUNCEMENT_LIMITS.title}
            value={draft.title}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            placeholder="e.g. Version 2.4 is here"
            className={styles.title}
          />
        </div>
        <TextArea
          label="Content"
          required
          rows={4}
          maxLength={ANNOUNCEMENT_LIMITS.content}
          value={draft.content}
          onChange={(e) => setDraft((d) => ({ ...d, content: e.target.value }))}
          placeholder="What is this announcement about?"
        />
        <fieldset className={styles.changes}>
          <legend className={styles.legend}>Changes</legend>
          <p className={styles.hint}>Shown as the What&apos;s New list. Empty lines are left out.</p>
          <ol className={styles.changeList}>
            {draft.changes.map((item, index) => (
              <li key={item.key} className={styles.change}>
                <Input
                  ref={(element) => {
                    if (element) changeRefs.current.set(item.key, element);
                    else changeRefs.current.delete(item.key);
                  }}
                  label={`Change ${index + 1}`}
                  value={item.text}
                  maxLength={ANNOUNCEMENT_LIMITS.change}
                  onChange={(e) => setChanges(draft.changes.map((c) => (c.key === item.key ? { ...c, text: e.target.value } : c)))}
                  className={styles.changeInput}
                />
                <IconButton
                  label={`Remove change ${index + 1}`}
                  icon={<X aria-hidden="true" />}
                  onClick={() => removeChange(index)}
                  disabled={draft.changes.length === 1}
                  className={styles.remove}
                />
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden="true" />}
            onClick={addChange}
            disabled={draft.changes.length >= ANNOUNCEMENT_LIMITS.changes}
            className={styles.addChange}
          >
            Add change
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}
