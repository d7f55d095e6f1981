import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** An icon shown before the label (a lucide-react element). */
  icon?: ReactNode;
  /** An icon shown after the label. */
  trailingIcon?: ReactNode;
}

function buttonClassName({ variant = 'primary', size = 'md', fullWidth }: ButtonLookProps, extra?: string): string {
  return [styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonLookProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** The label while loading, e.g. 'Logging in...'; defaults to the normal label. */
  loadingText?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  fullWidth,
  icon,
  trailingIcon,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
      {!loading && trailingIcon}
    </button>
  );
}

export interface ButtonLinkProps extends ButtonLookProps, LinkProps {}

/** A router link that looks like a Button: for actions that navigate. */
export function ButtonLink({ variant, size, fullWidth, icon, trailingIcon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, fullWidth }, className)} {...rest}>
      {icon}
      {children}
      {trailingIcon}
    </Link>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name; icon-only buttons have no visible text. */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'secondary';
  size?: ButtonSize;
}

/** A square, icon-only button with an accessible name. */
export function IconButton({ label, icon, variant = 'ghost', size = 'md', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={[styles.button, styles[variant], styles[size], styles.iconOnly, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon}
    </button>
  );
}
