/** One large picture under a heading (e.g. a product's "Why choose Us" illustration). */
import type { BlockProps } from '../../renderer/blockProps.ts';
import { Img } from '../../ui/Img.tsx';
import styles from './FeatureImage.module.css';

export default function FeatureImage({ block }: BlockProps<'featureImage'>) {
  return (
    <section className={`section ${styles.section}`}>
      <div className="container">
        <h2 className="section-heading">{block.heading}</h2>
        {block.text && <p className={styles.text}>{block.text}</p>}
        <figure className={styles.figure}>
          <Img src={block.image.src} alt={block.image.alt} className={styles.image} />
        </figure>
      </div>
    </section>
  );
}
