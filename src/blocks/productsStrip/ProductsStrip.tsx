/**
 * The products as an accordion strip: one expanded at a time, the next one every `intervalMs`
 * (wrapping). Selecting an item (hover at 768px or wider, click at any width) pauses the rotation
 * for `pauseAfterInteractionMs`; then it carries on from the selected item. Clicking the expanded
 * item opens its page in the same tab (router navigation); its Explore More button links there too.
 * A pause/play button (WCAG 2.2.2) stops the rotation until the visitor plays it again (selections
 * still work meanwhile); with reduced motion it starts paused. Pressing play rotates on at once,
 * without waiting for the rest of a selection's pause.
 */

import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { collectionUseOf } from '../../content/collectionUse.ts';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import { useListedPages } from '../../renderer/useListedPages.ts';
import { atLeast } from '../../styles/breakpoints.ts';
import { Img } from '../../ui/Img.tsx';
import { MotionToggle } from '../../ui/MotionToggle.tsx';
import { matchesMedia, useInterval, useMotionChoice, usePageVisible, wrapIndex } from '../../ui/motion.ts';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import styles from './ProductsStrip.module.css';

/** Hovering selects an item on screens at least this wide (the specification's 768px). */
const HOVER_SELECT_QUERY = atLeast('md');

export default function ProductsStrip({ block }: BlockProps<'productsStrip'>) {
  const products = useListedPages(collectionUseOf(block));
  const count = products.length;
  const navigate = useNavigate();
  const id = useId();
  const [active, setActive] = useState(0);
  // A new object on every selection, so a repeated selection restarts the pause.
  const [pause, setPause] = useState<object | null>(null);
  const { playing, toggle } = useMotionChoice();
  const visible = usePageVisible();

  useEffect(() => {
    if (!pause || !visible) return;
    const timer = window.setTimeout(() => setPause(null), block.pauseAfterInteractionMs);
    return () => window.clearTimeout(timer);
  }, [pause, visible, block.pauseAfterInteractionMs]);

  useInterval(
    () => setActive((i) => wrapIndex(i + 1, count)),
    block.intervalMs,
    playing && visible && !pause && count > 1,
  );

  const onToggle = () => {
    if (!playing) setPause(null);
    toggle();
  };

  const select = (index: number) => {
    setActive(index);
    setPause({});
  };

  return (
    <section className={`section ${styles.section}`} aria-labelledby="products-heading">
      <div className="container">
        <SectionHeader
          id="products-heading"
          eyebrow={block.eyebrow}
          heading={block.heading}
          intro={block.intro}
          tone="dark"
        >
          {count > 1 && (
            <MotionToggle
              playing={playing}
              onToggle={onToggle}
              pauseLabel={block.pauseLabel}
              playLabel={block.playLabel}
              tone="dark"
            />
          )}
        </SectionHeader>
        <ul className={styles.strip} data-testid="products-strip">
          {products.map((product, i) => {
            const expanded = i === active;
            const panelId = `${id}-panel-${i}`;
            return (
              <li
                key={product.link}
                className={`${styles.item} ${expanded ? styles.expanded : ''}`}
                data-expanded={expanded}
                onPointerEnter={(e) => {
                  if (e.pointerType !== 'touch' && matchesMedia(HOVER_SELECT_QUERY)) select(i);
                }}
              >
                {product.image && <Img src={product.image.src} alt="" className={styles.cardImage} />}
                {product.expandedImage && (
                  <Img
                    src={product.expandedImage.src}
                    alt={expanded ? product.expandedImage.alt : ''}
                    className={styles.expandedImage}
                  />
                )}
                <button
                  type="button"
                  className={styles.trigger}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => (expanded ? navigate(product.link) : select(i))}
                >
                  <span className={styles.number} aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <span className={styles.title}>{product.title}</span>
                </button>
                <div id={panelId} className={styles.panel} aria-hidden={!expanded} inert={!expanded}>
                  {product.description && <p className={styles.description}>{product.description}</p>}
                  <SmartLink href={product.link} className={`button button-accent ${styles.explore}`}>
                    {block.exploreLabel}
                    <Icon name="arrow-right" size={18} />
                  </SmartLink>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
