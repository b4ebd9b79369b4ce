const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('sweetalert2', () => {
  loaded.count++;
  return { default: { fire: vi.fn(async () => ({ isConfirmed: true })) } };
});

import { dialogOf, showDialog } from './dialogs.ts';
import { messages, responses } from './rules.ts';

// sweetalert2 is not imported here: the first test proves the dialogs module loads it on demand.
const swal = async () => (await import('sweetalert2')).default;

describe('dialogs', () => {
  beforeEach(() => vi.clearAllMocks());

  it('loads sweetalert2 only when the first dialog is shown', async () => {
    expect(loaded.count).toBe(0);
    await showDialog(dialogOf(responses.demoSuccess));
    expect(loaded.count).toBe(1);
  });

  it('shows the title, text and matching icon', async () => {
    await showDialog(dialogOf(messages.missingFields));
    expect((await swal()).fire).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Missing Fields',
        text: 'Please fill out all required fields.',
        icon: 'warning',
      }),
    );
    await showDialog(dialogOf(responses.demoFailure, 'From the server'));
    expect((await swal()).fire).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Error!', text: 'From the server', icon: 'error' }),
    );
  });

  it('returns focus to the given element once closed', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    await showDialog(dialogOf(responses.contactSuccess), button);
    expect(button).toHaveFocus();
    button.remove();
  });

  it('leaves focus alone when the element has been hidden meanwhile (a closed chat panel)', async () => {
    const panel = document.createElement('div');
    const button = document.createElement('button');
    const other = document.createElement('button');
    panel.append(button);
    document.body.append(panel, other);
    other.focus();
    panel.hidden = true;
    await showDialog(dialogOf(responses.contactSuccess), button);
    expect(other).toHaveFocus();
    panel.remove();
    other.remove();
  });

  it('lets sweetalert2 restore focus when no element is given', async () => {
    await showDialog(dialogOf(responses.contactSuccess));
    expect((await swal()).fire).toHaveBeenCalledWith(expect.objectContaining({ returnFocus: true }));
  });
});
