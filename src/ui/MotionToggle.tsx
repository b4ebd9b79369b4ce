/**
 * The pause/play button of a block whose content moves by itself (hero, carousels, strip, marquee):
 * WCAG 2.2.2 Pause, Stop, Hide, for visitors who cannot hover. A round 44px button (the size of the
 * carousels' arrows) showing a pause or a play mark; its name says what pressing it does and to
 * what ("Pause the industries carousel" / "Play the industries carousel", words from the block's
 * YAML), and switches with the state, so it needs no aria-pressed. Pair it with useMotionChoice.
 */
import styles from './MotionToggle.module.css';

interface Props {
  /** Whether the content is playing (by the visitor's choice): the button then offers to pause. */
  playing: boolean;
  onToggle: () => void;
  /** The button's name while playing, e.g. "Pause the industries carousel". */
  pauseLabel: string;
  /** The button's name while paused, e.g. "Play the industries carousel". */
  playLabel: string;
  /** `dark` on a dark background (hero, products strip). */
  tone?: 'light' | 'dark';
  className?: string | undefined;
}

export function MotionToggle({ playing, onToggle, pauseLabel, playLabel, tone = 'light', className }: Props) {
  const classes = [styles.toggle, tone === 'dark' ? styles.dark : '', className].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} onClick={onToggle} data-playing={playing}>
      <span className={playing ? styles.pauseMark : styles.playMark} aria-hidden="true" />
      <span className="visually-hidden">{playing ? pauseLabel : playLabel}</span>
    </button>
  );
}
