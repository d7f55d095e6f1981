import { authMessages, routes } from '@shared/api';
import type { User } from '@shared/api/user';
import { emailProblem, usernameProblem } from '@shared/domain/username';
import { MailCheck, Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { useCurrentUser, useSession } from '../../session/context';
import styles from './Settings.module.css';
import { emailSuppressedNotice, settingsFailures } from './settingsText';
import { useEditableCopy } from './useEditableCopy';

type Field = 'email' | 'username' | 'displayName' | 'phoneNumber';
type ErrorField = Field | 'currentPassword';

/** The notice by the e-mail field when SES reported the address (a permanent bounce or a complaint). */
const SUPPRESSION_NOTICE_ID = 'email-suppression-notice';
type Values = Record<Field, string>;

/** The server's refusals of the current password that confirms an e-mail change: they show at that field. */
const PASSWORD_MESSAGES: readonly string[] = [
  authMessages.passwordRequiredForEmail,
  authMessages.currentPasswordWrong,
  authMessages.tooManyAttempts,
];

/** What the success dialog tells: a first address, or a new one that replaces the account's address once verified. */
type SentLink = { to: string; replaces: string | null };

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

/** The hint by the e-mail field: a new address waiting for its link, or the account's address not verified yet. */
function emailHint(user: User): ReactNode {
  if (user.pendingEmail) {
    return (
      <>
        Waiting for verification: <strong className={styles.breakAll}>{user.pendingEmail}</strong> —{' '}
        {user.email ? (
          <>
            your account keeps <strong className={styles.breakAll}>{user.email}</strong> until you open the link we sent (24 hours).
          </>
        ) : (
          'it becomes your account’s email when you open the link we sent (24 hours).'
        )}
      </>
    );
  }
  return user.email && !user.emailVerified ? 'Not verified yet: check your inbox for the verification link.' : undefined;
}

/**
 * Account Information (SPEC §2, §4 'Saving account info', §5 'Settings'): email, username
 * (required, at least 3), display name and phone number. Changing or removing the address asks for
 * the current password (issue 21), in a field that shows only while the address differs from the
 * saved one. A new address is only pending until its link is opened: the field keeps showing the
 * account's address, with the pending one in its hint. A first address opens 'Email Added
 * Successfully!', a replacing one 'Confirm Your New Email'; otherwise the success message shows
 * under the form.
 */
export function AccountInfoForm() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const [values, setValues] = useEditableCopy<Values>(valuesOf(user));
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ErrorField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [sentLink, setSentLink] = useState<SentLink | null>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const fieldRefs = {
    email: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    displayName: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
    currentPassword: useRef<HTMLInputElement>(null),
  };
  /** The address differs from the saved one: saving changes or removes it, which the current password confirms. */
  const emailChanges = values.email.trim() !== (user.email ?? '');

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
    const found: Partial<Record<ErrorField, string>> = {};
    const emailIssue = values.email.trim() ? emailProblem(values.email) : null;
    if (emailIssue) found.email = emailIssue;
    if (emailChanges && !currentPassword) found.currentPassword = authMessages.passwordRequiredForEmail;
    const usernameIssue = usernameProblem(values.username);
    if (usernameIssue) found.username = usernameIssue;
    setErrors(found);
    const first = (['email', 'currentPassword', 'username'] as const).find((field) => found[field]);
    if (first) {
      fieldRefs[first].current?.focus();
      return;
    }

    const previousEmail = user.email;
    setSaving(true);
    try {
      const response = await api(routes.updateSettings, {
        body: {
          email: values.email.trim(),
          username: values.username.trim(),
          displayName: values.displayName.trim(),
          phoneNumber: values.phoneNumber.trim(),
          ...(emailChanges ? { currentPassword } : {}),
        },
      });
      setUser(response.user);
      // The field shows the account's address: a new one is only pending (its hint says so) until its link is opened.
      setValues(valuesOf(response.user));
      setCurrentPassword('');
      if (response.emailAdded) {
        setSentLink({ to: response.user.pendingEmail ?? values.email.trim(), replaces: previousEmail });
      } else {
        setMessage({ tone: 'success', text: authMessages.settingsUpdated });
        setFocusMessage((n) => n + 1);
      }
    } catch (error) {
      const text = errorMessage(error, settingsFailures.settings);
      const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body.message;
      const field: ErrorField | null = !refusal ? null : PASSWORD_MESSAGES.includes(text) ? 'currentPassword' : fieldOfMessage(text);
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
    setSentLink(null);
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
            hint={emailHint(user)}
            className={styles.wide}
          />
          {emailChanges && (
            <Input
              ref={fieldRefs.currentPassword}
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.currentTarget.value);
                setErrors(({ currentPassword: _, ...rest }) => rest);
              }}
              error={errors.currentPassword}
              hint={user.email ? 'Changing or removing your email needs your password.' : 'Adding an email needs your password.'}
              required
              className={styles.wide}
            />
          )}
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
        open={sentLink !== null}
        onClose={closeEmailAdded}
        size="sm"
        tone="success"
        icon={<MailCheck aria-hidden="true" />}
        title={sentLink?.replaces ? 'Confirm Your New Email' : 'Email Added Successfully!'}
        description={
          sentLink?.replaces ? (
            <>
              <p>
                We sent a verification link to <strong className={styles.breakAll}>{sentLink.to}</strong>.
              </p>
              <p>
                The link expires in 24 hours. Until you open it, your account keeps{' '}
                <strong className={styles.breakAll}>{sentLink.replaces}</strong>.
              </p>
            </>
          ) : (
            <>
              <p>
                We sent a verification email to <strong className={styles.breakAll}>{sentLink?.to}</strong>.
              </p>
              <p>The link expires in 24 hours. Please verify your email before your next login.</p>
            </>
          )
        }
        footer={<Button onClick={closeEmailAdded}>Got it</Button>}
      />
    </Card>
  );
}
