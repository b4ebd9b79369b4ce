/** A dialog gives the keyboard back to the button that opened it, or to the one that replaced it. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ActionDialog } from './ActionDialog.tsx';

/** A page with a button that opens a question; its answer may take the button away. */
function Page({ answerRemovesButton }: { answerRemovesButton: boolean }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const other = useRef<HTMLButtonElement>(null);
  return (
    <>
      {!done && (
        <button type="button" onClick={() => setAsking(true)}>
          Withdraw
        </button>
      )}
      <button type="button" ref={other}>
        Share
      </button>
      {asking && (
        <ActionDialog
          heading="Withdraw?"
          action="Yes, withdraw"
          onCancel={() => setAsking(false)}
          onAct={async () => {
            setAsking(false);
            if (answerRemovesButton) setDone(true);
          }}
          returnFocusTo={() => other.current}
        >
          <p>Sure?</p>
        </ActionDialog>
      )}
    </>
  );
}

describe('the keyboard after a dialog', () => {
  it('goes back to the button that opened it', async () => {
    render(<Page answerRemovesButton={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toHaveFocus());
  });

  it('goes to the button given when the one that opened it is gone', async () => {
    render(<Page answerRemovesButton={true} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, withdraw', hidden: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});
