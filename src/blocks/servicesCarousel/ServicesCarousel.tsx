/**
 * The services as cards scrolling left continuously (`speedPxPerFrame` on every animation frame) in
 * a seamless loop: the track holds the cards twice and the offset wraps at one set's width (cards
 * x `stepPx`). Hovering or focusing a card stops the scroll and expands that card (description and
 * Explore More); clicking a card opens its page in a new tab. Previous/next move by `stepPx`
 * (eased over a few frames, or at once when motion is reduced). No frames run while the tab is
 * hidden, with reduced motion, or after unmount.
 */

import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../../icons/Icon.tsx';
import { useContent } from '../../renderer/ContentContext.tsx';
import { SmartLink } from '../../renderer/links.tsx';
import type { BlockProps } from '../../renderer/registry.ts';
import { Img } from '../../ui/Img.tsx';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import { useAutoMotion } from '../hero/motion.ts';
import styles from './ServicesCarousel.module.css';

/** Share of the remaining button step covered on each frame (an ease-out over about 20 frames). */
const STEP_EASING = 0.25;

export default function ServicesCarousel({ block }: BlockProps<'servicesCarousel'>) {
  const services = useContent().collections.services;
  const { stepPx, speedPxPerFrame } = block;
  const loopWidth = services.length * stepPx;
  const motion = useAutoMotion();
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
          Math.abs(pendingStep.current) < 1 ? pendingStep.current : pendingStep.current * STEP_EASING;
        offset.current += part;
        pendingStep.current -= part;
      }
      apply();
      frame = window.requestAnimationFrame(tick);
    };
    frame = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(frame);
  }, [motion, loopWidth, speedPxPerFrame, apply]);

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
                <span className="visually-hidden"> {block.newTabHint}</span>
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
