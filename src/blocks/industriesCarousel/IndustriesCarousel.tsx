/**
 * The industries from site.yaml in a keen-slider carousel: 1 card per view on phones, 2 from 768px,
 * 3 from 1024px. It moves on every `intervalMs` (each move taking `slideDurationMs`), pauses while
 * the pointer is over it (or focus is inside), and its previous/next buttons wrap around. A
 * pause/play button (WCAG 2.2.2) stops it until the visitor plays it again; with reduced motion it
 * starts paused. Pressing play also lifts a hover or focus pause, so the press visibly takes
 * effect; focus on the button itself does not pause. The current position is React state; the
 * slider follows it (and reports swipes back). Slides are laid out by CSS exactly as the started
 * slider lays them out, so nothing shifts when it starts.
 */
import { Icon } from '../../icons/Icon.tsx';
import 'keen-slider/keen-slider.min.css';
import { useKeenSlider } from 'keen-slider/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { firstOf } from '../../content/model.ts';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { atLeast } from '../../styles/breakpoints.ts';
import { Img } from '../../ui/Img.tsx';
import { MotionToggle } from '../../ui/MotionToggle.tsx';
import {
  useInterval,
  useMotionChoice,
  usePageVisible,
  useReducedMotion,
  wrapIndex,
} from '../../ui/motion.ts';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import styles from './IndustriesCarousel.module.css';

export default function IndustriesCarousel({ block }: BlockProps<'industriesCarousel'>) {
  const industries = firstOf(useSite().industries, block.limit);
  const count = industries.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { playing, toggle } = useMotionChoice();
  const visible = usePageVisible();
  const reduced = useReducedMotion();
  const toggleRef = useRef<HTMLDivElement>(null);
  const slideDurationMs = block.slideDurationMs;

  const options = useMemo(
    () => ({
      loop: true,
      slides: { perView: 1 },
      breakpoints: {
        [atLeast('md')]: { slides: { perView: 2 } },
        [atLeast('lg')]: { slides: { perView: 3 } },
      },
      defaultAnimation: { duration: reduced ? 0 : slideDurationMs },
      slideChanged: (s: { track: { details: { rel: number } | null } }) => {
        if (s.track.details) setIndex(s.track.details.rel);
      },
    }),
    [reduced, slideDurationMs],
  );
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(options);

  // The slider follows the state: one step forwards or backwards when possible (smooth across the seam).
  useEffect(() => {
    const s = slider.current;
    const details = s?.track.details;
    if (!s || !details || details.rel === index) return;
    if (index === wrapIndex(details.rel + 1, count)) s.next();
    else if (index === wrapIndex(details.rel - 1, count)) s.prev();
    else s.moveToIdx(index);
  }, [index, count, slider]);

  useInterval(
    () => setIndex((i) => wrapIndex(i + 1, count)),
    block.intervalMs,
    playing && visible && !hovered && !focused && count > 1,
  );

  const onToggle = () => {
    if (!playing) {
      setHovered(false);
      setFocused(false);
    }
    toggle();
  };

  return (
    <section
      className={`section ${styles.section}`}
      aria-labelledby="industries-heading"
      aria-roledescription="carousel"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={(e) => setFocused(!toggleRef.current?.contains(e.target))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="container">
        <SectionHeader
          id="industries-heading"
          eyebrow={block.eyebrow}
          heading={block.heading}
          intro={block.intro}
        />
        <div className={styles.carousel} data-testid="industries-carousel">
          <div ref={sliderRef} className={`keen-slider ${styles.slider}`}>
            {industries.map((industry, i) => (
              <div
                key={industry.title}
                className={`keen-slider__slide ${styles.slide}`}
                data-current={i === index}
              >
                <article className={styles.card}>
                  <div className={styles.media}>
                    <Img src={industry.image.src} alt={industry.image.alt} className={styles.image} />
                  </div>
                  <div className={styles.body}>
                    <h3 className={styles.title}>{industry.title}</h3>
                    <p className={styles.description}>{industry.description}</p>
                  </div>
                </article>
              </div>
            ))}
          </div>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={block.previousLabel}
              onClick={() => setIndex((i) => wrapIndex(i - 1, count))}
            >
              <Icon name="chevron-left" size={22} />
            </button>
            <div className={styles.dots}>
              {industries.map((industry, i) => (
                <button
                  key={industry.title}
                  type="button"
                  className={styles.dot}
                  aria-label={industry.title}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <span className={styles.dotMark} />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={styles.arrow}
              aria-label={block.nextLabel}
              onClick={() => setIndex((i) => wrapIndex(i + 1, count))}
            >
              <Icon name="chevron-right" size={22} />
            </button>
            {count > 1 && (
              <div ref={toggleRef} className={styles.toggle}>
                <MotionToggle
                  playing={playing}
                  onToggle={onToggle}
                  pauseLabel={block.pauseLabel}
                  playLabel={block.playLabel}
                />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
