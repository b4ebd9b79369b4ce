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

  it('is the round 44px button of the carousels, with a visible focus ring, from the tokens', () => {
    // The browser suite measures every control on every route; this pins where the size comes from.
    const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');
    expect(read('MotionToggle.module.css')).toMatch(
      /^\.toggle\s*{\s*composes:\s*roundButton from "\.\/RoundButton\.module\.css";\s*}/m,
    );
    const css = read('RoundButton.module.css');
    const round = /^\.roundButton\s*{([^}]*)}/m.exec(css)?.[1] ?? '';
    expect(round).toMatch(/\bwidth:\s*var\(--touch-target\);/);
    expect(round).toMatch(/\bheight:\s*var\(--touch-target\);/);
    expect(read('../styles/tokens.css')).toMatch(/--touch-target:\s*2\.75rem;/);
    expect(css).toMatch(
      /\.roundButton:focus-visible\s*{[^}]*outline:\s*var\(--focus-ring-width\) solid var\(--color-focus\)/,
    );
  });
});
