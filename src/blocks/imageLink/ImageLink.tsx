/**
 * A clickable picture that opens another website in a new tab (rel="noopener noreferrer" via
 * SmartLink); screen readers are told so (site.yaml `frame.newTabHint`).
 */
import { NewTabHint } from '../../frame/NewTabHint.tsx';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import { Img } from '../../ui/Img.tsx';
import styles from './ImageLink.module.css';

export default function ImageLink({ block }: BlockProps<'imageLink'>) {
  return (
    <section className={`section ${styles.section}`}>
      <div className="container">
        {block.heading && <h2 className="section-heading">{block.heading}</h2>}
        {block.text && <p className={styles.text}>{block.text}</p>}
        <SmartLink href={block.href} newTab className={styles.link}>
          <Img src={block.image.src} alt={block.image.alt} className={styles.image} />
          <span className={styles.label}>
            {block.label}
            <Icon name="external-link" size={18} />
            <NewTabHint />
          </span>
        </SmartLink>
      </div>
    </section>
  );
}
