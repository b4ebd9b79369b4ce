/**
 * The services as cards scrolling left continuously (`speedPxPerFrame` on every animation frame) in
 * a seamless loop: the track holds the cards twice and the offset wraps at one set's width (cards
 * x `stepPx`). Hovering or focusing a card stops the scroll and expands that card (description and
 * Explore More); clicking a card opens its page in a new tab. Previous/next move by `stepPx`
 * (gliding by `stepEasePerFrame` of the rest on each frame, or at once while the row stands still).
 * A pause/play button (WCAG 2.2.2) stops the scroll until the visitor plays it again; with reduced
 * motion it starts paused. No frames run while paused, while the tab is hidden, or after unmount.
 */

import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { collectionUseOf } from '../../content/collectionUse.ts';
import { NewTabHint } from '../../frame/NewTabHint.tsx';
import { Icon } from '../../icons/Icon.tsx';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { SmartLink } from '../../renderer/links.tsx';
import { useListedPages } from '../../renderer/useListedPages.ts';
import { Img } from '../../ui/Img.tsx';
import { MotionToggle } from '../../ui/MotionToggle.tsx';
import { useMotionChoice, usePageVisible } from '../../ui/motion.ts';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import styles from './ServicesCarousel.module.css';

export default function ServicesCarousel({ block }: BlockProps<'servicesCarousel'>) {
  const services = useListedPages(collectionUseOf(block));
  const { stepPx, speedPxPerFrame, stepEasePerFrame } = block;
  const loopWidth = services.length * stepPx;
  const { playing, toggle } = useMotionChoice();
  const visible = usePageVisible();
  const motion = playing && visible;
  const [expanded, setExpanded] = useState<number | null>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const offset = useRef(0);
  const pendingStep = useRef(0);
  const paused = useRef(false);
  paused.current = expanded !== null;

  const apply = useCallback(() => {
    if (loopWidth > 0) offset.current = ((offset.current % loopWidth) + loopWidth) % loopWidth;
    const track = trackRef.current;
    if (track) track.style.transform = `translate3d(${-offset.current}px, 0, 0)`;
  }, [loopWidth]);

  useEffect(() => {
    if (!motion || loopWidth === 0) return;
    let frame = 0;
    const tick = () => {
      if (!paused.current) offset.current += speedPxPerFrame;
      if (pendingStep.current !== 0) {
        const part =
          Math.abs(pendingStep.current) < 1 ? pendingStep.current : pendingStep.current * stepEasePerFrame;
        offset.current += part;
        pendingStep.current -= part;
      }
      apply();
      frame = window.requestAnimationFrame(tick);
    };
    frame = window.requestAnimationFrame(tick);
    return () => {
      window.cancelAnimationFrame(frame);
      // Stopping mid-glide: finish the step at once, so a pause never leaves the row between cards.
      offset.current += pendingStep.current;
      pendingStep.current = 0;
      apply();
    };
  }, [motion, loopWidth, speedPxPerFrame, stepEasePerFrame, apply]);

  const step = (direction: 1 | -1) => {
    if (motion) {
      pendingStep.current += direction * stepPx;
    } else {
      offset.current += direction * stepPx + pendingStep.current;
      pendingStep.current = 0;
      apply();
    }
  };

  /** Keyboard users: bring the focused card to the start of the row (the row itself never scrolls). */
  const reveal = (index: number) => {
    offset.current = index * stepPx;
    pendingStep.current = 0;
    apply();
  };

  const cards = (copy: boolean) =>
    services.map((service, i) => {
      // The copy's cards have their own keys, so hovering one expands that very card.
      const key = copy ? i + services.length : i;
      const isExpanded = expanded === key;
      return (
        <li
          key={`${copy ? 'copy-' : ''}${service.link}`}
          className={styles.slot}
          aria-hidden={copy ? true : undefined}
          data-expanded={isExpanded}
        >
          <SmartLink
            href={service.link}
            newTab
            className={`${styles.card} ${isExpanded ? styles.expanded : ''}`}
            tabIndex={copy ? -1 : undefined}
            onPointerEnter={() => setExpanded(key)}
            onPointerLeave={() => setExpanded((current) => (current === key ? null : current))}
            onFocus={() => {
              setExpanded(key);
              reveal(i);
            }}
            onBlur={() => setExpanded((current) => (current === key ? null : current))}
          >
            {service.image && (
              <div className={styles.media}>
                <Img src={service.image.src} alt={service.image.alt} className={styles.image} />
              </div>
            )}
            <div className={styles.body}>
              <h3 className={styles.title}>
                {service.title}
                <NewTabHint />
              </h3>
              <div className={styles.more}>
                <div className={styles.moreInner}>
                  {service.description && <p className={styles.description}>{service.description}</p>}
                  <span className={styles.explore}>
                    {block.exploreLabel}
                    <Icon name="arrow-up-right" size={18} />
                  </span>
                </div>
              </div>
            </div>
          </SmartLink>
        </li>
      );
    });

  return (
    <section
      className={`section ${styles.section}`}
      aria-labelledby="services-heading"
      style={{ '--card-step': `${stepPx}px` } as CSSProperties}
    >
      <div className="container">
        <SectionHeader
          id="services-heading"
          eyebrow={block.eyebrow}
          heading={block.heading}
          intro={block.intro}
          align="start"
        >
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={block.previousLabel}
              onClick={() => step(-1)}
            >
              <Icon name="chevron-left" size={22} />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={block.nextLabel}
              onClick={() => step(1)}
            >
              <Icon name="chevron-right" size={22} />
            </button>
            <MotionToggle
              playing={playing}
              onToggle={toggle}
              pauseLabel={block.pauseLabel}
              playLabel={block.playLabel}
              className={styles.toggle}
            />
          </div>
        </SectionHeader>
      </div>
      <div className={styles.viewport}>
        <ul ref={trackRef} className={styles.track} data-testid="services-track">
          {cards(false)}
          {cards(true)}
        </ul>
      </div>
    </section>
  );
}
