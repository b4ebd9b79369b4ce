import { firstInvisible, visibleLength } from './characters.ts';
import { checkContact, messages } from './rules.ts';

/** Every character issue 22 found accepted, plus the classes refused before. */
const INVISIBLE: [string, string][] = [
  ['Hangul filler U+3164', '\u3164'],
  ['Hangul choseong filler U+115F', '\u115f'],
  ['Hangul jungseong filler U+1160', '\u1160'],
  ['halfwidth Hangul filler U+FFA0', '\uffa0'],
  ['invisible separator U+2063', '\u2063'],
  ['tag letter A U+E0041', '\u{e0041}'],
  ['language tag U+E0001', '\u{e0001}'],
  ['cancel tag U+E007F', '\u{e007f}'],
  ['soft hyphen U+00AD', '\u00ad'],
  ['Mongolian vowel separator U+180E', '\u180e'],
  ['inhibit symmetric swapping U+206A', '\u206a'],
  ['combining grapheme joiner U+034F', '\u034f'],
  ['interlinear annotation anchor U+FFF9', '\ufff9'],
  ['musical symbol begin beam U+1D173', '\u{1d173}'],
  ['zero-width space U+200B', '\u200b'],
  ['right-to-left override U+202E', '\u202e'],
  ['line separator U+2028', '\u2028'],
];

describe('firstInvisible', () => {
  it.each(INVISIBLE)('finds %s between letters, at the start and at the end', (_, c) => {
    expect(firstInvisible(`As${c}ha`)).toBe(2);
    expect(firstInvisible(`${c}Asha`)).toBe(0);
    expect(firstInvisible(`Asha${c}`)).toBe(4);
  });

  it.each([
    ['a Devanagari half form (ZWJ after a virama)', 'क्\u200dष'],
    ['a Hindi name with ZWNJ', 'रा\u200cहुल'],
    ['a Kannada name with ZWJ', 'ಶ್ರೀ\u200dನಿವಾಸ'],
    ['a Kannada name with ZWNJ', 'ಕನ್ನ\u200cಡ'],
    ['a Malayalam chillu', 'ന\u200dമ'],
    ['a family emoji (ZWJ sequence)', '👨\u200d👩\u200d👧'],
    ['an emoji with a skin tone in a ZWJ sequence', '🧑🏽\u200d💻'],
    ['a heart on fire (selector, then ZWJ)', '❤\ufe0f\u200d🔥'],
    ['a red heart with its emoji selector', '❤\ufe0f'],
    ['a keycap', '#\ufe0f\u20e3'],
    ['the flag of Scotland (tag sequence)', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'],
    ['the pirate flag', '🏴\u200d☠\ufe0f'],
  ])('accepts %s', (_, value) => {
    expect(firstInvisible(`Hi ${value} there`)).toBeUndefined();
  });

  it.each([
    ['a joiner at the start', '\u200dAsha', 0],
    ['a joiner at the end', 'Asha\u200c', 4],
    ['a joiner next to a space', 'As \u200dha', 3],
    ['two joiners in a row', 'As\u200d\u200dha', 2],
    ['a variation selector alone', '\ufe0f', 0],
    ['two variation selectors', '❤\ufe0f\ufe0f', 2],
    ['tags without the flag', 'a\u{e0067}\u{e0062}\u{e007f}', 1],
    ['a flag with tags but no cancel tag', '🏴\u{e0067}\u{e0062}', 1],
  ])('refuses %s', (_, value, at) => {
    expect(firstInvisible(value)).toBe(at);
  });
});

describe('visibleLength', () => {
  it.each([
    ['Asha', 4],
    ['ಕನ್ನ\u200cಡ', 5],
    ['👨\u200d👩\u200d👧', 3],
    ['❤\ufe0f', 1],
    ['line\r\nbreak', 10],
    ['\u3164\u3164', 0],
  ])('counts %j as %i', (value, n) => {
    expect(visibleLength(value)).toBe(n);
  });

  it('makes the contact rules count visible characters', () => {
    const contact = {
      name: 'Asha',
      email: 'a@b.co',
      mobileNumber: '9876543210',
      message: 'Call me back soon.',
    };
    expect(checkContact({ ...contact, name: '\u3164\u3164' })?.message).toBe(messages.contactName.message);
    expect(checkContact({ ...contact, name: 'A\ufe0f' })?.message).toBe(messages.contactName.message);
    // Ten UTF-16 units but six visible characters.
    expect(checkContact({ ...contact, message: 'ok 👍\ufe0f 👍\ufe0f' })?.message).toBe(
      messages.contactTooShort.message,
    );
    expect(checkContact({ ...contact, name: 'ರವಿ', message: 'ನಮಸ್ಕಾರ, ಕರೆ ಮಾಡಿ' })).toBeNull();
  });
});
