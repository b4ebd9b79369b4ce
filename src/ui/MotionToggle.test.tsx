import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MotionToggle } from './MotionToggle.tsx';

function Demo({ startPlaying }: { startPlaying: boolean }) {
  const [playing, setPlaying] = useState(startPlaying);
  return (
    <MotionToggle
      playing={playing}
      onToggle={() => setPlaying((p) => !p)}
      pauseLabel="Pause the slides"
      playLabel="Play the slides"
    />
  );
}

describe('MotionToggle', () => {
  it('is a button named for what pressing it does, and the name switches with each press', () => {
    render(<Demo startPlaying />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slides' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play the slides' }));
    expect(screen.getByRole('button', { name: 'Pause the slides' })).toHaveAttribute('type', 'button');
  });

  it('offers Play first when the content starts paused', () => {
    render(<Demo startPlaying={false} />);
    expect(screen.getByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
  });

  it('is a 44px touch target with a visible focus ring, from the tokens', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'MotionToggle.module.css'), 'utf8');
    const toggle = /^\.toggle\s*{([^}]*)}/m.exec(css)?.[1] ?? '';
    expect(toggle).toMatch(/\bwidth:\s*var\(--touch-target\);/);
    expect(toggle).toMatch(/\bheight:\s*var\(--touch-target\);/);
    const tokens = readFileSync(path.join(import.meta.dirname, '..', 'styles', 'tokens.css'), 'utf8');
    expect(/--touch-target:\s*2\.75rem;/.test(tokens)).toBe(true);
    expect(css).toMatch(
      /\.toggle:focus-visible\s*{[^}]*outline:\s*var\(--focus-ring-width\) solid var\(--color-focus\)/,
    );
  });
});
