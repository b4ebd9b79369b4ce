/** Full-screen opening picture with the page's h1 (and an optional corner badge such as "Coming Soon"). */
import type { BlockProps } from '../../renderer/blockProps.ts';
import { ResponsiveImg } from '../../ui/Img.tsx';
import styles from './PageHero.module.css';

export default function PageHero({ block }: BlockProps<'pageHero'>) {
  return (
    <section className={styles.hero} aria-labelledby="page-heading">
      <ResponsiveImg
        desktop={block.background.desktop}
        mobile={block.background.mobile}
        alt=""
        priority
        className={styles.background}
      />
      <div className={`container ${styles.content}`}>
        <h1 id="page-heading" className={styles.heading}>
          {block.heading}
        </h1>
        {block.subheading && <p className={styles.subheading}>{block.subheading}</p>}
      </div>
      {block.badge && <p className={styles.badge}>{block.badge}</p>}
    </section>
  );
}
