import { passwordMessages, passwordProblem } from '@shared/domain/password';
import { emailProblem, usernameProblem } from '@shared/domain/username';

/** A message tied to the form field it concerns, so the form can show it there and focus the field. */
export interface FieldProblem<Field extends string> {
  field: Field;
  message: string;
}

/** SPEC §5 'Reset password': match first, then length, digit and special character. */
export function newPasswordProblem(password: string, confirmPassword: string): FieldProblem<'password' | 'confirmPassword'> | null {
  if (password !== confirmPassword) return { field: 'confirmPassword', message: passwordMessages.mismatch };
  const problem = passwordProblem(password);
  return problem ? { field: 'password', message: problem } : null;
}

export const TERMS_REQUIRED = 'You must agree to the Terms of Service and Privacy Policy';

export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

export type RegistrationField = keyof RegistrationForm;

/**
 * SPEC §5 'Registration', in its order: username, email required, email pattern, passwords match,
 * length, number, special character, terms. Only the first problem is reported.
 */
export function registrationProblem(form: RegistrationForm): FieldProblem<RegistrationField> | null {
  const username = usernameProblem(form.username);
  if (username) return { field: 'username', message: username };
  const email = emailProblem(form.email);
  if (email) return { field: 'email', message: email };
  const password = newPasswordProblem(form.password, form.confirmPassword);
  if (password) return password;
  if (!form.acceptedTerms) return { field: 'acceptedTerms', message: TERMS_REQUIRED };
  return null;
}
