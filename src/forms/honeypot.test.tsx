import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Honeypot, honeypotOf } from './fields.tsx';
import { HONEYPOT_FIELD } from './rules.ts';

describe('honeypot field', () => {
  it('is out of reach for people and adds nothing to a payload while empty', () => {
    const { container } = render(
      <form>
        <Honeypot />
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    const input = form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement;
    expect(input.tabIndex).toBe(-1);
    expect(input.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypotOf(form)).toEqual({});
  });

  it('reports what a bot typed into it, for the server to drop the submission', () => {
    const { container } = render(
      <form>
        <Honeypot />
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement).value = 'http://spam.example';
    expect(honeypotOf(form)).toEqual({ website: 'http://spam.example' });
  });
});
