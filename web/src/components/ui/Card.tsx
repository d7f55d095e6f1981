import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's heading; rendered as an h2 unless `headingLevel` says otherwise. */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  description?: ReactNode;
  /** Controls at the top right of the card, next to the title. */
  actions?: ReactNode;
  padding?: 'none' | 'sm' | 'md' | 'lg';
  as?: 'section' | 'article' | 'div';
}

/** A surface that groups related content. */
export function Card({
  title,
  headingLevel = 2,
  description,
  actions,
  padding = 'md',
  as: Tag = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Tag className={[styles.card, styles[padding], className].filter(Boolean).join(' ')} {...rest}>
      {(title || actions) && (
        <header className={styles.header}>
          <div className={styles.titles}>
            {title && <Heading className={styles.title}>{title}</Heading>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
      )}
      {children}
    </Tag>
  );
}
