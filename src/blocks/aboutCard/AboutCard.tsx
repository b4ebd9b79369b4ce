/** A title-and-description card ("About Service", "About App"), optionally over a background picture. */
import type { BlockProps } from '../../renderer/blockProps.ts';
import { ResponsiveImg } from '../../ui/Img.tsx';
import styles from './AboutCard.module.css';

export default function AboutCard({ block }: BlockProps<'aboutCard'>) {
  const paragraphs = Array.isArray(block.description) ? block.description : [block.description];
  return (
    <section className={`section ${styles.section}`}>
      {block.background && (
        <ResponsiveImg
          desktop={block.background.desktop}
          mobile={block.background.mobile}
          alt=""
          className={styles.background}
        />
      )}
      <div className="container">
        <div className={styles.card}>
          <h2 className={styles.title}>{block.title}</h2>
          {paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs; the same text may repeat.
            <p key={i} className={styles.text}>
              {p}
            </p>
          ))}
        </div>
      </div>
    </section>
  );
}
