/** Cards with a title and a bullet list, two columns on wide screens; bullet leads before ":" are bold. */
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import styles from './BulletGrid.module.css';
import { splitBullet } from './splitBullet.ts';

export default function BulletGrid({ block }: BlockProps<'bulletGrid'>) {
  return (
    <section className={`section ${styles.section}`}>
      <div className="container">
        {block.heading && <h2 className="section-heading">{block.heading}</h2>}
        <div className={block.columns === 3 ? `${styles.grid} ${styles.three}` : styles.grid}>
          {block.cards.map((card, cardIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static content; titles may repeat.
            <article key={cardIndex} className={styles.card}>
              <h3 className={styles.title}>
                {card.icon && (
                  <span className={styles.icon}>
                    <Icon name={card.icon} size={22} />
                  </span>
                )}
                {card.title}
              </h3>
              <ul className={styles.list}>
                {card.bullets.map((bullet, bulletIndex) => {
                  const { lead, rest } = splitBullet(bullet);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static content; a bullet may repeat.
                    <li key={bulletIndex} className={styles.item}>
                      <Icon name="check" className={styles.tick} size={18} />
                      <span>
                        {lead && <strong>{lead}</strong>}
                        {rest}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
