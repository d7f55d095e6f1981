import { reminderRuleMessages, routes, type SubscriptionReminderRules } from '@shared/api';
import { startingRules } from '@shared/domain/reminders/rule-labels';
import { hasCustomReminderRules } from '@shared/domain/reminders/rules';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import styles from './Reminders.module.css';
import { RuleEditor } from './RuleEditor';
import { RuleList } from './RuleList';
import { useChannelChoices } from './useChannelChoices';

const SOURCE_TEXT: Record<SubscriptionReminderRules['source'], string> = {
  default: "Follows your account's reminders (the standard ones):",
  account: "Follows your account's reminders:",
  subscription: 'Its own reminders:',
};

/**
 * A subscription's reminders in its details dialog (issue 25 §1): the rules in force and where they come
 * from; VIP and Premium 'Customize' them with the account's editor, and 'Use account reminders' again.
 */
export function SubscriptionReminders({ subscriptionId, name }: { subscriptionId: string; name: string }) {
  const user = useCurrentUser();
  const paid = hasCustomReminderRules(user.role);
  const channels = useChannelChoices(paid);
  const [answer, setAnswer] = useState<SubscriptionReminderRules | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [focusHeading, setFocusHeading] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api(routes.getSubscriptionReminders, { params: { id: subscriptionId } })
      .then(setAnswer)
      .catch((error) => setFailure(errorMessage(error, 'Its reminders could not be loaded. Please try again.')));
  }, [subscriptionId]);

  useEffect(() => {
    if (editing) editorRef.current?.querySelector<HTMLSelectElement>('select')?.focus();
  }, [editing]);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  async function save(rules: SubscriptionReminderRules['rules'] | null) {
    const saved = await api(routes.saveSubscriptionReminders, { params: { id: subscriptionId }, body: { rules } });
    setAnswer(saved);
    return rules ? reminderRuleMessages.saved : "Reminders follow your account's again";
  }

  function closeEditor() {
    setEditing(false);
    setFocusHeading((n) => n + 1);
  }

  return (
    <section aria-labelledby="subscription-reminders-title" className={styles.subscriptionSection}>
      <h3 id="subscription-reminders-title" ref={headingRef} tabIndex={-1} className={styles.dialogHeading}>
        Reminders
      </h3>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : !answer || !channels ? (
        <Spinner label="Loading its reminders" />
      ) : editing ? (
        <div ref={editorRef}>
          <RuleEditor
            label={`Reminders for ${name}`}
            initial={answer.source === 'default' ? startingRules(answer.rules) : answer.rules}
            channels={channels}
            save={save}
            resetLabel="Use account reminders"
            onSaved={closeEditor}
          />
          <Button variant="ghost" size="sm" onClick={closeEditor}>
            Cancel
          </Button>
        </div>
      ) : (
        <>
          <p className={styles.muted}>{SOURCE_TEXT[answer.source]}</p>
          <RuleList rules={answer.rules} channels={channels} />
          {answer.editable ? (
            <div className={styles.buttons}>
              <Button variant="secondary" size="sm" icon={<SlidersHorizontal aria-hidden="true" />} onClick={() => setEditing(true)}>
                Customize
              </Button>
              {answer.source === 'subscription' && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    void save(null).then(
                      () => setFocusHeading((n) => n + 1),
                      (error) => setFailure(errorMessage(error, 'Its reminders could not be saved. Please try again.')),
                    )
                  }
                >
                  Use account reminders
                </Button>
              )}
            </div>
          ) : (
            !paid && (
              <p className={styles.muted}>
                VIP and Premium choose each subscription's own reminders. <Link to="/upgrade">Upgrade</Link>
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}
