/** One prominent button in its own band, e.g. "Get Start Today" scrolling to the demo form. */
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import styles from './ActionButton.module.css';

export default function ActionButton({ block }: BlockProps<'actionButton'>) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.inner}`}>
        {block.text && <p className={styles.text}>{block.text}</p>}
        <SmartLink href={block.href} className={`button button-primary ${styles.button}`}>
          {block.label}
          <Icon name="arrow-right" size={20} />
        </SmartLink>
      </div>
    </section>
  );
}
