/**
 * The home page's full-screen opening (and its h1): banners that change at random and a headline
 * phrase that rotates, both every `intervalMs`. The first render is always banner 0 and phrase 0,
 * identical on the server and in the browser (no hydration mismatch); banner 0 is the page's LCP
 * image, loaded with high priority. The other banners are added after hydration so they never
 * compete with it. The phrase sits in an aria-live="off" element (changes are not announced) and
 * screen readers also get the full list of phrases once, statically. A pause/play button (WCAG
 * 2.2.2) stops and starts the rotation; with reduced motion the rotation starts paused.
 * The hero also carries the scrim that keeps the transparent navigation bar readable (see
 * Hero.module.css): it needs the scroll distance after which the bar turns dark, from site.yaml.
 */
import { type CSSProperties, useEffect, useState } from 'react';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { SmartLink } from '../../renderer/links.tsx';
import { Img } from '../../ui/Img.tsx';
import { MotionToggle } from '../../ui/MotionToggle.tsx';
import { useInterval, useMotionChoice, usePageVisible, wrapIndex } from '../../ui/motion.ts';
import styles from './Hero.module.css';
import { pickOtherIndex } from './pickBanner.ts';

export default function Hero({ block }: BlockProps<'hero'>) {
  const { banners, phrases } = block;
  const scrimReach = { '--nav-solid-after': `${useSite().frame.navSolidAfterPx}px` } as CSSProperties;
  const [banner, setBanner] = useState(0);
  const [phrase, setPhrase] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const { playing, toggle } = useMotionChoice();
  const visible = usePageVisible();
  const rotates = banners.length > 1 || phrases.length > 1;

  useEffect(() => setHydrated(true), []);

  useInterval(
    () => {
      setBanner((current) => pickOtherIndex(current, banners.length));
      setPhrase((current) => wrapIndex(current + 1, phrases.length));
    },
    block.intervalMs,
    playing && visible && rotates,
  );

  return (
    <section className={styles.hero} style={scrimReach} aria-labelledby="home-heading">
      <div className={styles.banners}>
        {banners.map((image, i) =>
          i === 0 || hydrated ? (
            <Img
              key={image.src}
              src={image.src}
              alt={image.alt}
              priority={i === 0}
              className={`${styles.banner} ${i === banner ? styles.active : ''}`}
              data-active={i === banner}
              aria-hidden={i === banner ? undefined : true}
            />
          ) : null,
        )}
      </div>
      <div className={`container ${styles.content}`}>
        {block.eyebrow && <p className={styles.eyebrow}>{block.eyebrow}</p>}
        <h1 id="home-heading" className={styles.heading}>
          <span className={styles.lead}>{block.heading}</span>{' '}
          <span className={styles.phraseBox} aria-live="off">
            <span key={phrase} className={styles.phrase} data-testid="hero-phrase">
              {phrases[phrase]}
            </span>
          </span>
        </h1>
        <div className="visually-hidden">
          <p>{block.phrasesLabel}</p>
          <ul data-testid="hero-phrases">
            {phrases.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
        {block.intro && <p className={styles.intro}>{block.intro}</p>}
        {block.actions && block.actions.length > 0 && (
          <div className={styles.actions}>
            {block.actions.map((action, i) => (
              <SmartLink
                key={action.link}
                href={action.link}
                className={`button ${i === 0 ? 'button-accent' : 'button-ghost'} ${styles.action}`}
              >
                {action.label}
              </SmartLink>
            ))}
          </div>
        )}
        <div className={styles.progress}>
          {rotates && (
            <MotionToggle
              playing={playing}
              onToggle={toggle}
              pauseLabel={block.pauseLabel}
              playLabel={block.playLabel}
              tone="dark"
            />
          )}
          <ol className={styles.dots} aria-hidden="true">
            {phrases.map((p, i) => (
              <li key={p} className={i === phrase ? styles.dotActive : styles.dot} />
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
