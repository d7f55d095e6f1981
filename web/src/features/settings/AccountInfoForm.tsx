import { authMessages, routes } from '@shared/api';
import type { User } from '@shared/api/user';
import { emailProblem, usernameProblem } from '@shared/domain/username';
import { MailCheck, Save } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { useCurrentUser, useSession } from '../../session/context';
import { type SectionMessage, SectionStatus } from './SectionStatus';
import styles from './Settings.module.css';
import { emailSuppressedNotice, settingsFailures } from './settingsText';
import { useEditableCopy } from './useEditableCopy';

type Field = 'email' | 'username' | 'displayName' | 'phoneNumber';

/** The notice by the e-mail field when SES reported the address (a permanent bounce or a complaint). */
const SUPPRESSION_NOTICE_ID = 'email-suppression-notice';
type Values = Record<Field, string>;

const valuesOf = (user: User): Values => ({
  email: user.email ?? '',
  username: user.username,
  displayName: user.displayName ?? '',
  phoneNumber: user.phoneNumber ?? '',
});

/** Which field a server refusal belongs to: the 409s name the username or the address. */
function fieldOfMessage(message: string): Field | null {
  if (message === authMessages.usernameTaken || /username/i.test(message)) return 'username';
  if (message === authMessages.emailTaken || /email/i.test(message)) return 'email';
  if (/display name/i.test(message)) return 'displayName';
  if (/phone/i.test(message)) return 'phoneNumber';
  return null;
}

/**
 * Account Information (SPEC §2, §4 'Saving account info', §5 'Settings'): email, username
 * (required, at least 3), display name and phone number. A new or changed address opens 'Email
 * Added Successfully!'; otherwise the success message shows under the form.
 */
export function AccountInfoForm() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const [values, setValues] = useEditableCopy<Values>(valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [addedEmail, setAddedEmail] = useState<string | null>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const fieldRefs = {
    email: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    displayName: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    if (focusMessage) messageRef.current?.focus();
  }, [focusMessage]);

  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const found: Partial<Record<Field, string>> = {};
    const usernameIssue = usernameProblem(values.username);
    if (usernameIssue) found.username = usernameIssue;
    const emailIssue = values.email.trim() ? emailProblem(values.email) : null;
    if (emailIssue) found.email = emailIssue;
    setErrors(found);
    const first = (['email', 'username'] as const).find((field) => found[field]);
    if (first) {
      fieldRefs[first].current?.focus();
      return;
    }

    setSaving(true);
    try {
      const response = await api(routes.updateSettings, {
        body: {
          email: values.email.trim(),
          username: values.username.trim(),
          displayName: values.displayName.trim(),
          phoneNumber: values.phoneNumber.trim(),
        },
      });
      setUser(response.user);
      setValues(valuesOf(response.user));
      if (response.emailAdded) {
        setAddedEmail(response.user.email ?? values.email.trim());
      } else {
        setMessage({ tone: 'success', text: authMessages.settingsUpdated });
        setFocusMessage((n) => n + 1);
      }
    } catch (error) {
      const text = errorMessage(error, settingsFailures.settings);
      const field =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body.message ? fieldOfMessage(text) : null;
      if (field) {
        setErrors({ [field]: text });
        fieldRefs[field].current?.focus();
      } else {
        setMessage({ tone: 'danger', text });
        setFocusMessage((n) => n + 1);
      }
    } finally {
      setSaving(false);
    }
  }

  // The dialog's opener is gone from view by then; the saved state under the form takes focus.
  function closeEmailAdded() {
    setAddedEmail(null);
    setMessage({ tone: 'success', text: authMessages.settingsUpdated });
    setFocusMessage((n) => n + 1);
  }

  return (
    <Card title="Account Information" description="Your sign-in name, how you appear, and where reminders go.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {user.emailSuppressed && (
          <Alert tone="warning" title={emailSuppressedNotice.title}>
            <span id={SUPPRESSION_NOTICE_ID}>{emailSuppressedNotice[user.emailSuppressed]}</span>
          </Alert>
        )}
        <div className={styles.fieldGrid}>
          <Input
            ref={fieldRefs.email}
            aria-describedby={user.emailSuppressed ? SUPPRESSION_NOTICE_ID : undefined}
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            hint={user.email && !user.emailVerified ? 'Not verified yet: check your inbox for the verification link.' : undefined}
            className={styles.wide}
          />
          <Input
            ref={fieldRefs.username}
            label="Username"
            autoComplete="username"
            required
            value={values.username}
            onChange={set('username')}
            error={errors.username}
          />
          <Input
            ref={fieldRefs.displayName}
            label="Display name"
            autoComplete="nickname"
            value={values.displayName}
            onChange={set('displayName')}
            error={errors.displayName}
          />
          <Input
            ref={fieldRefs.phoneNumber}
            label="Phone number (optional)"
            type="tel"
            autoComplete="tel"
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={errors.phoneNumber}
            hint="For SMS reminders, once they are available."
            className={styles.wide}
          />
        </div>
        <div className={styles.formFooter}>
          <SectionStatus message={message} ref={messageRef} />
          <Button type="submit" icon={<Save aria-hidden="true" />} loading={saving} loadingText="Saving...">
            Save Changes
          </Button>
        </div>
      </form>
      <Modal
        open={addedEmail !== null}
        onClose={closeEmailAdded}
        size="sm"
        tone="success"
        icon={<MailCheck aria-hidden="true" />}
        title="Email Added Successfully!"
        description={
          <>
            <p>
              We sent a verification email to <strong className={styles.breakAll}>{addedEmail}</strong>.
            </p>
            <p>The link expires in 24 hours. Please verify your email before your next login.</p>
          </>
        }
        footer={<Button onClick={closeEmailAdded}>Got it</Button>}
      />
    </Card>
  );
}
