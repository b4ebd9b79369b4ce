import { describe, expect, it } from 'vitest';
import { focusName, focusOfElement, previewElementFor } from './previewFocus.ts';

function html(markup: string): HTMLElement {
  const holder = document.createElement('div');
  holder.setAttribute('data-block-key', 'k7');
  holder.innerHTML = markup;
  return holder;
}

describe('the field that has the keyboard', () => {
  it('is read from its id: the block key, then the path', () => {
    const block = html('<input id="k7_cards_2_bullets_0"><button>Move up</button><input id="other">');
    const [bullet, button, other] = [...block.querySelectorAll('input, button')];
    expect(focusOfElement(bullet ?? null)).toEqual({ blockKey: 'k7', path: ['cards', 2, 'bullets', 0] });
    // A block's own button, or an element of no field: the block.
    expect(focusOfElement(button ?? null)).toEqual({ blockKey: 'k7', path: null });
    expect(focusOfElement(other ?? null)).toEqual({ blockKey: 'k7', path: null });
    // Outside every block (the page's details): nothing in the preview.
    const details = document.createElement('input');
    details.id = 'page_title';
    expect(focusOfElement(details)).toBeNull();
    expect(focusName({ blockKey: 'k7', path: ['cards', 2] })).toBe('k7:cards.2');
    expect(focusName(null)).toBe('');
  });
});

describe('the element of the preview that shows a field', () => {
  const data = {
    type: 'callToAction',
    label: 'Ready to connect?',
    paragraph: 'Contact us for a free demo of our platform.',
    image: { src: '/images/services/iot/card.svg', alt: 'A connected bus' },
    cards: [{ title: 'Fleet', bullets: ['Live tracking', 'Trip history'] }],
    colour: '#4338ca',
    empty: '',
  };
  const block = html(`
    <section><h2><svg><title>icon</title></svg><span>Ready to connect?</span></h2>
      <p>Contact us for a free demo of our platform.</p>
      <img src="/backend/api/admin/content/picture?path=%2Fimages%2Fservices%2Fiot%2Fcard.svg" alt="A connected bus">
      <article><h3>Fleet</h3><ul><li>Live tracking</li><li>Trip history</li></ul></article>
    </section>`);

  it('is the smallest element holding its words', () => {
    expect(previewElementFor(block, data, ['label'])?.outerHTML).toBe('<span>Ready to connect?</span>');
    expect(previewElementFor(block, data, ['paragraph'])?.tagName).toBe('P');
    expect(previewElementFor(block, data, ['cards', 0, 'bullets', 1])?.outerHTML).toBe(
      '<li>Trip history</li>',
    );
    expect(previewElementFor(block, data, ['cards', 0, 'title'])?.outerHTML).toBe('<h3>Fleet</h3>');
  });

  it('is the picture of a picture address, and the picture of its alternative text', () => {
    expect(previewElementFor(block, data, ['image', 'src'])?.tagName).toBe('IMG');
    expect(previewElementFor(block, data, ['image', 'alt'])?.tagName).toBe('IMG');
  });

  it('is the start of words the component split, and nothing for what shows no words', () => {
    const split = html('<p>Contact us for a free demo</p><p>of our platform.</p>');
    expect(previewElementFor(split, data, ['paragraph'])?.textContent).toBe('Contact us for a free demo');
    expect(previewElementFor(block, data, ['colour'])).toBeNull();
    expect(previewElementFor(block, data, ['empty'])).toBeNull();
    expect(previewElementFor(block, data, ['missing', 3])).toBeNull();
  });
});

describe('of two elements with the same words', () => {
  it('is the inner one', () => {
    const block = html('<h2><span>Ready to connect?</span></h2>');
    expect(previewElementFor(block, { label: 'Ready to connect?' }, ['label'])?.tagName).toBe('SPAN');
  });
});
