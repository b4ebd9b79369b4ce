/**
 * The heading group of a page section: a small eyebrow line, the h2, an introduction — shared by the
 * home page's sections so they read as one design. `children` sit beside the text (e.g. carousel
 * controls, with `align="start"`).
 */
import type { ReactNode } from 'react';
import styles from './SectionHeader.module.css';

interface Props {
  /** id of the h2, for the section's aria-labelledby. */
  id: string;
  heading: string;
  eyebrow?: string | undefined;
  intro?: string | undefined;
  align?: 'center' | 'start';
  /** `dark` on a dark section background. */
  tone?: 'light' | 'dark';
  children?: ReactNode;
}

export function SectionHeader({
  id,
  heading,
  eyebrow,
  intro,
  align = 'center',
  tone = 'light',
  children,
}: Props) {
  const classes = [styles.header, styles[align], tone === 'dark' ? styles.dark : '']
    .filter(Boolean)
    .join(' ');
  return (
    <header className={classes}>
      <div className={styles.text}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h2 id={id} className={styles.heading}>
          {heading}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
      </div>
      {children}
    </header>
  );
}
