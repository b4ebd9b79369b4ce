/**
 * A highlighted label (deliberately not a link or button: it is the section's heading, styled as a
 * badge) over an optional YAML gradient, and a paragraph inviting the visitor to ask for a demo.
 */
import type { CSSProperties } from 'react';
import type { BlockProps } from '../../renderer/blockProps.ts';
import styles from './CallToAction.module.css';

export default function CallToAction({ block }: BlockProps<'callToAction'>) {
  const style = block.gradient
    ? ({ '--cta-gradient': `linear-gradient(120deg, ${block.gradient.join(', ')})` } as CSSProperties)
    : undefined;
  return (
    <section className={`section ${styles.section}`}>
      <div className={`container ${styles.inner}`}>
        <h2 className={styles.label} style={style}>
          {block.label}
        </h2>
        <p className={styles.paragraph}>{block.paragraph}</p>
      </div>
    </section>
  );
}
