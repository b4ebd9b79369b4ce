/** A round arrow that scrolls the page down smoothly by one screen height. */
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { prefersReducedMotion } from '../../renderer/links.tsx';
import styles from './ScrollDown.module.css';

export default function ScrollDown({ block }: BlockProps<'scrollDown'>) {
  const scroll = () => {
    window.scrollBy({ top: window.innerHeight, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.button}
        onClick={scroll}
        aria-label={block.label ?? 'Scroll down'}
      >
        <Icon name="arrow-down" size={24} />
      </button>
    </div>
  );
}
