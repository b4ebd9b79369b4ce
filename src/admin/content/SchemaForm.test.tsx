/**
 * Every field of every block type must be editable: a schema change that adds a field the form
 * cannot show (an unsupported kind of value) fails here, not in front of a user.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EditorFormContext } from './formContext.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { leafPaths, sampleOf } from './sampleData.ts';
import { blockSchema, blockTypes, pageDetailsSchema } from './schemaForms.ts';

const context: EditorFormContext = {
  images: [{ path: '/images/a.svg', width: 10, height: 10 }],
  addresses: [{ value: '/services/iot', label: 'Telematics' }],
  upload: vi.fn(),
  warnings: new Map(),
};

describe('the generated block forms', () => {
  it('knows every block type of schema/blocks', () => {
    expect(blockTypes.length).toBeGreaterThanOrEqual(23);
    expect(blockTypes).toContain('hero');
  });

  it.each(blockTypes)('has an input for every field of a %s block', (type) => {
    const schema = blockSchema(type);
    const data = sampleOf(schema) as Record<string, unknown>;
    const { container } = render(
      <SchemaForm
        schema={schema}
        data={data}
        idPrefix="b0"
        context={context}
        onChange={() => undefined}
        isBlock
      />,
    );
    expect(container.textContent).not.toMatch(/Unsupported field schema|Unknown field type/i);
    const missing = leafPaths(data)
      .filter((p) => p[0] !== 'type')
      .map((p) => ['b0', ...p].join('_'))
      .filter((id) => {
        const el = container.querySelector(`[id="${id}"]`);
        return (
          !el ||
          !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
          (el as HTMLInputElement).type === 'hidden'
        );
      });
    expect(missing, `fields of ${type} without an input`).toEqual([]);
    // Every input has a name a screen reader says.
    const unnamed = [...container.querySelectorAll('input:not([type=hidden]), textarea, select')].filter(
      (input) => {
        try {
          expect(input).toHaveAccessibleName();
          return false;
        } catch {
          return true;
        }
      },
    );
    expect(unnamed.map((i) => i.outerHTML)).toEqual([]);
  });

  it('shows the schema description, a counter from maxLength, and reports typing', async () => {
    const onChange = vi.fn();
    const schema = blockSchema('callToAction');
    render(
      <SchemaForm
        schema={schema}
        data={{ type: 'callToAction', label: 'Hi', paragraph: 'Text', gradient: ['#112233', '#445566'] }}
        idPrefix="b1"
        context={context}
        onChange={onChange}
        isBlock
      />,
    );
    expect(screen.getByText('The highlighted words. They are not clickable.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /label/i }), '!');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'Hi!' }), 'b1_label');
    const colours = document.querySelectorAll<HTMLInputElement>('input[type=color]');
    expect([...colours].map((c) => c.value)).toEqual(['#112233', '#445566']);
    for (const c of colours) expect(c).toHaveAccessibleName(/colour|gradient/i);
  });

  it('counts characters against maxLength and says how many are too many', async () => {
    render(
      <SchemaForm
        schema={pageDetailsSchema()}
        data={{ path: '/a', title: 'x'.repeat(72), description: 'Short' }}
        idPrefix="page"
        context={context}
        onChange={() => undefined}
      />,
    );
    expect(document.getElementById('page_title')).toHaveAccessibleDescription(
      /72 \/ 70 characters — 2 too many/,
    );
    expect(document.getElementById('page_description__counter')).toHaveTextContent('5 / 170 characters');
  });
});

describe('the items of a list', () => {
  it('are named "<list>, item <n>", as the Up, Down and Remove buttons count them', () => {
    render(
      <SchemaForm
        schema={pageDetailsSchema()}
        data={{ path: '/about', title: 'About', aliases: ['/about-us', '/company'] }}
        idPrefix="page"
        context={context}
        onChange={() => undefined}
      />,
    );
    // (rjsf adds "*" to the label of a required field)
    expect(screen.getByRole('textbox', { name: /^Other addresses, item 1\*?$/ })).toHaveValue('/about-us');
    expect(screen.getByRole('textbox', { name: /^Other addresses, item 2\*?$/ })).toHaveValue('/company');
    expect(screen.queryByRole('textbox', { name: /addresses-\d/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove item 2 of 2' })).toBeInTheDocument();
  });
});
