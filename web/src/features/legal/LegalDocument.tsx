import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { pageTitle } from '../../brand';
import { PublicLayout } from '../../components/layout/PublicLayout';
import { usePageDescription } from '../../components/pageDescription';
import { ButtonLink } from '../../components/ui/Button';
import styles from './LegalDocument.module.css';

/** SPEC §2 'Terms and Privacy': last updated October 10, 2025. */
export const LEGAL_LAST_UPDATED = 'October 10, 2025';

export interface LegalSection {
  heading: string;
  content: ReactNode;
}

/** A static legal text with a back link to / (SPEC §2 Terms and Privacy). */
export function LegalDocument({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  usePageDescription(intro);
  return (
    <PublicLayout>
      <title>{pageTitle(title)}</title>
      <article className={styles.document}>
        <ButtonLink to="/" variant="ghost" size="sm" icon={<ArrowLeft aria-hidden="true" />} className={styles.back}>
          Back to Home
        </ButtonLink>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.updated}>Last updated {LEGAL_LAST_UPDATED}</p>
          <div className={styles.intro}>{intro}</div>
        </header>
        <nav aria-label="Sections" className={styles.toc}>
          <ol>
            {sections.map((section, index) => (
              <li key={section.heading}>
                <a href={`#section-${index + 1}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.heading} id={`section-${index + 1}`} className={styles.section}>
            <h2 className={styles.heading}>
              {index + 1}. {section.heading}
            </h2>
            <div className={styles.content}>{section.content}</div>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
