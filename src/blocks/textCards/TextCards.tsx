/**
 * Title-and-text cards side by side on wide screens ("About Us", "Job Description"); a card may be
 * one of site.yaml's shared texts (`shared: name`).
 */

import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { resolveTextCards } from './resolveCards.ts';
import styles from './TextCards.module.css';

export default function TextCards({ block }: BlockProps<'textCards'>) {
  const cards = resolveTextCards(block, useSite());
  // Under a block heading the cards are its sub-sections; without one each card is a section.
  const CardHeading = block.heading ? 'h3' : 'h2';
  return (
    <section className={`section ${styles.section}`}>
      <div className="container">
        {block.heading && <h2 className="section-heading">{block.heading}</h2>}
        <div className={`${styles.grid} ${cards.length === 1 ? styles.single : ''}`}>
          {cards.map((card) => (
            <article key={card.title} className={styles.card}>
              <CardHeading className={styles.title}>{card.title}</CardHeading>
              {card.paragraphs.map((p) => (
                <p key={p} className={styles.text}>
                  {p}
                </p>
              ))}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
