import { describe, expect, it } from 'vitest';
import { itemTitle } from './ArrayItemField.tsx';

describe('the title of a list item', () => {
  it('rewords rjsf’s "<list>-<n>" as "<list>, item <n>"', () => {
    expect(itemTitle('Other addresses-1', 0)).toBe('Other addresses, item 1');
    expect(itemTitle('Cards-12', 11)).toBe('Cards, item 12');
  });

  it('leaves any other title as it is', () => {
    expect(itemTitle('Card', 0)).toBe('Card');
    expect(itemTitle('Step-2', 0), 'a title that only looks numbered').toBe('Step-2');
    expect(itemTitle('Cards-1', undefined)).toBe('Cards-1');
    expect(itemTitle(undefined, 0)).toBeUndefined();
  });
});
