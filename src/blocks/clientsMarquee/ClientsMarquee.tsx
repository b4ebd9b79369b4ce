/**
 * The clients from site.yaml as a row of logos scrolling in a seamless loop: a CSS animation moves
 * a track holding the list twice by exactly half its width. One loop takes `loopSeconds.narrow`
 * below 640px, `medium` below 1024px and `wide` otherwise: the track carries all three as custom
 * properties and the stylesheet's media queries choose, so the pre-rendered page (and a browser
 * without JavaScript) runs at the screen's speed before this code has loaded; the code only pauses
 * and plays. The row stops while the pointer is over it, while the tab is hidden and, until the
 * visitor plays it again, after they press its pause button (WCAG 2.2.2). With reduced motion the
 * logos start as a still, wrapped list; pressing play starts the row anyway.
 */
import type { CSSProperties } from 'react';
import type { BlockProps } from '../../renderer/blockProps.ts';
import { useSite } from '../../renderer/ContentContext.tsx';
import { Img } from '../../ui/Img.tsx';
import { MotionToggle } from '../../ui/MotionToggle.tsx';
import { useMotionChoice, usePageVisible, useReducedMotion } from '../../ui/motion.ts';
import { SectionHeader } from '../../ui/SectionHeader.tsx';
import styles from './ClientsMarquee.module.css';

type Client = { name: string; logo: string };

function ClientList({ clients, copy }: { clients: readonly Client[]; copy: boolean }) {
  return clients.map((client) => (
    <li key={client.name} className={styles.item} aria-hidden={copy ? true : undefined}>
      <Img src={client.logo} alt="" className={styles.logo} />
      <span className={styles.name}>{client.name}</span>
    </li>
  ));
}

export default function ClientsMarquee({ block }: BlockProps<'clientsMarquee'>) {
  const clients = useSite().clients;
  const { playing, toggle } = useMotionChoice();
  const reduced = useReducedMotion();
  const visible = usePageVisible();
  // Reduced motion and not (yet) played: a still list, nothing to loop.
  const still = reduced && !playing;
  const { narrow, medium, wide } = block.loopSeconds;
  const trackStyle = {
    '--marquee-narrow': `${narrow}s`,
    '--marquee-medium': `${medium}s`,
    '--marquee-wide': `${wide}s`,
    animationPlayState: playing && visible ? undefined : 'paused',
  } as CSSProperties;

  return (
    <section className={`section ${styles.section}`} aria-labelledby="clients-heading">
      <div className="container">
        <SectionHeader
          id="clients-heading"
          eyebrow={block.eyebrow}
          heading={block.heading}
          intro={block.intro}
        >
          {clients.length > 0 && (
            <MotionToggle
              playing={playing}
              onToggle={toggle}
              pauseLabel={block.pauseLabel}
              playLabel={block.playLabel}
            />
          )}
        </SectionHeader>
        <div className={still ? styles.still : styles.viewport}>
          <ul
            className={still ? styles.wrapped : `${styles.track} ${reduced ? styles.chosen : ''}`}
            data-testid="clients-track"
            style={still ? undefined : trackStyle}
          >
            <ClientList clients={clients} copy={false} />
            {!still && <ClientList clients={clients} copy />}
          </ul>
        </div>
      </div>
    </section>
  );
}
