import { describe, expect, it } from 'vitest';
import { loadContent, renderWithContent } from '../../tests/support/content.tsx';
import { Honeypot, honeypotOf } from './fields.tsx';
import { HONEYPOT_FIELD } from './rules.ts';

const { site } = loadContent();

function form(): HTMLFormElement {
  const { container } = renderWithContent(
    <form>
      <Honeypot />
    </form>,
  );
  return container.querySelector('form') as HTMLFormElement;
}

describe('honeypot field', () => {
  it('is out of reach for people and adds nothing to a payload while empty', () => {
    const el = form();
    const input = el.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement;
    expect(input.tabIndex).toBe(-1);
    expect(input.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypotOf(el)).toEqual({});
  });

  it('is labelled, for bots, with the words of site.yaml (forms.honeypotLabel)', () => {
    const input = form().elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement;
    expect(site.forms.honeypotLabel).toBe('Website');
    expect(input.closest('label')).toHaveTextContent(site.forms.honeypotLabel);
  });

  it('reports what a bot typed into it, for the server to drop the submission', () => {
    const el = form();
    (el.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement).value = 'http://spam.example';
    expect(honeypotOf(el)).toEqual({ website: 'http://spam.example' });
  });
});
