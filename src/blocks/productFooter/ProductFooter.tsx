/** A product's closing band above the site footer: name, promise, highlights and one button. */
import { useId } from 'react';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import styles from './ProductFooter.module.css';

export default function ProductFooter({ block }: BlockProps<'productFooter'>) {
  const id = useId();
  // Named by eyebrow + heading ("Launching soon Edu Fee Master"): the hero already uses the bare name.
  const labelledBy = block.eyebrow ? `${id}-eyebrow ${id}-heading` : `${id}-heading`;
  return (
    <section className={styles.band} aria-labelledby={labelledBy}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          {block.eyebrow && (
            <p id={`${id}-eyebrow`} className={styles.eyebrow}>
              {block.eyebrow}
            </p>
          )}
          <h2 id={`${id}-heading`} className={styles.heading}>
            {block.heading}
          </h2>
          {block.text && <p className={styles.text}>{block.text}</p>}
          <SmartLink href={block.action.href} className={`button button-accent ${styles.action}`}>
            {block.action.label}
          </SmartLink>
        </div>
        <ul className={styles.highlights}>
          {block.highlights.map((item) => (
            <li key={item.title} className={styles.highlight}>
              <span className={styles.icon}>
                <Icon name={item.icon} size={22} />
              </span>
              <span>
                <strong className={styles.title}>{item.title}</strong>
                {item.text && <span className={styles.detail}>{item.text}</span>}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
