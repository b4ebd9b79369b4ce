/** A row of captioned pictures: three across on wide screens, stacked on phones. */
import type { BlockProps } from '../../renderer/blockProps.ts';
import { Img } from '../../ui/Img.tsx';
import styles from './ImageRow.module.css';

export default function ImageRow({ block }: BlockProps<'imageRow'>) {
  return (
    <section className={`section ${styles.section}`}>
      <div className="container">
        {block.heading && <h2 className="section-heading">{block.heading}</h2>}
        <ul className={styles.row}>
          {block.images.map((image) => (
            <li key={image.src}>
              <figure className={styles.figure}>
                <Img src={image.src} alt={image.alt} className={styles.image} />
                {image.caption && <figcaption className={styles.caption}>{image.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
