import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages as m } from '../../contracts/messages';
import { isPlainText, plainText } from '../../contracts/plain-text';

const CONTROLS = [...Array.from({ length: 0x20 }, (_, c) => c), 0x7f, ...Array.from({ length: 0x20 }, (_, c) => 0x80 + c)].map((c) =>
  String.fromCharCode(c),
);

describe('plainText()', () => {
  it('refuses every C0 and C1 control, DEL and lone surrogates with the invalid-characters message', () => {
    for (const bad of [...CONTROLS, '\ud800', 'a\udfffb', '\udbff']) {
      const result = plainText().trim().max(50).safeParse(`nome${bad}fim`);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([m.invalidCharacters.id]);
    }
  });

  it('keeps line breaks and tabs only where the field takes several lines', () => {
    expect(plainText().safeParse('linha 1\nlinha 2').success).toBe(false);
    expect(plainText({ multiline: true }).safeParse('linha 1\r\nlinha 2\n\tfim').success).toBe(true);
    expect(plainText({ multiline: true }).safeParse('linha\u0000').success).toBe(false);
  });

  it('accepts any well-formed text without controls: accents, emoji, other scripts', () => {
    for (const good of ['São João', 'Ação 🌱 comunitária', 'Москва', '東京', "D'Ávila-Souza", ''])
      expect(plainText().safeParse(good).success, good).toBe(true);
  });

  it('accepts exactly the strings that survive a UTF-8 round trip and hold no control character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (value) => {
        const survivesUtf8 = Buffer.from(value, 'utf8').toString('utf8') === value;
        const hasControl = CONTROLS.some((c) => value.includes(c));
        expect(isPlainText(value)).toBe(survivesUtf8 && !hasControl);
      }),
      { numRuns: 2000 },
    );
  });
});
