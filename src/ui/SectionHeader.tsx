/**
 * The heading group of a page section: a small eyebrow line, the h2 (the h1 for a section that
 * opens a page of its own), an introduction — shared by the sections so they read as one design. `children` sit beside the text (e.g. carousel
 * controls, with `align="start"`).
 */
import type { ReactNode } from 'react';
import styles from './SectionHeader.module.css';

interface Props {
  /** id of the heading, for the section's aria-labelledby. */
  id: string;
  /** 1 for a section that opens a page of its own (its heading is the page's one h1). */
  level?: 1 | 2;
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
  level = 2,
  children,
}: Props) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const classes = [styles.header, styles[align], tone === 'dark' ? styles.dark : '']
    .filter(Boolean)
    .join(' ');
  return (
    <header className={classes}>
      <div className={styles.text}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <Heading id={id} className={styles.heading}>
          {heading}
        </Heading>
        {intro && <p className={styles.intro}>{intro}</p>}
      </div>
      {children}
    </header>
  );
}
