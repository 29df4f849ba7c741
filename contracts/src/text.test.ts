import { freeText, hasVisibleCharacter, isStorableText, optionalText, trimText } from './text';
import { orderInputSchema } from './orders-schemas';
import { reviewInputSchema, profileUpdateSchema } from './schemas';
import { partInputSchema } from './admin';
import { validationMessages as m } from './messages';

describe('the text rules', () => {
  it.each(['\u0000', 'a\u0000b', 'bell\u0007', '\u001b[31m', '\u007f', '\ud800', 'x\udfffy', '\ud83d'])('refuses %j as unstorable', (text) => {
    expect(isStorableText(text)).toBe(false);
    expect(freeText('name is required', 100).safeParse(text).error?.issues[0]?.message).toBe(m.textUnreadable);
  });

  it.each(['\u202Egnp.exe', 'a\u202Ab', 'x\u202Dy', '\u2066hidden\u2069', 'name\u2067', '\u2068z'])('refuses %j: a direction override, embedding or isolate', (text) => {
    expect(freeText('name is required', 100).safeParse(text).error?.issues[0]?.message).toBe(m.textDirectionControls);
    expect(optionalText(100).safeParse(text).error?.issues[0]?.message).toBe(m.textDirectionControls);
    expect(reviewInputSchema.safeParse({ ratings: '5', review: `Great \u202Ekrow` }).error?.issues[0]?.message).toBe(m.textDirectionControls);
  });

  it('keeps the implicit direction marks right-to-left names need', () => {
    for (const text of ['שלום\u200F!', 'abc\u200Edef', 'مرحبا\u061Cعالم']) expect(freeText('required', 100).parse(text)).toBe(text);
  });

  it('keeps tabs, line breaks, emoji and accents', () => {
    for (const text of ['line one\nline two', 'a\tb', 'Grüße 👍🏽', '👨‍👩‍👧', 'ä', '東京']) {
      expect(isStorableText(text)).toBe(true);
      expect(freeText('required', 100).parse(text)).toBe(text);
    }
  });

  it.each(['', ' ', '\u200b', ' \u200b\u200c\u200d ', '\ufeff', '\u2060', '\u00a0\u2003\u3000', '\u3164', '\u2800', '\u0301', '\u180e'])(
    'calls %j empty: the required message',
    (text) => {
      expect(hasVisibleCharacter(text)).toBe(false);
      expect(freeText('address is required', 300).safeParse(text).error?.issues[0]?.message).toBe('address is required');
    },
  );

  it('trims spaces and invisible format characters at both ends, and nothing inside', () => {
    expect(trimText('\u200b  12 Harbour Road \ufeff\n')).toBe('12 Harbour Road');
    expect(freeText('required', 100).parse(' a\u200bb ')).toBe('a\u200bb');
    expect(optionalText(10).parse(' \u200b ')).toBe('');
    expect(optionalText(10).safeParse('a\u0000').success).toBe(false);
  });

  it('holds in every body that takes free text, with the spec’s messages', () => {
    const order = { productId: 'a'.repeat(24), order_quantity: 1, address: '1 Main St', phone: '555' };
    expect(orderInputSchema.safeParse({ ...order, address: '\u200b' }).error?.issues[0]?.message).toBe(m.addressRequired);
    expect(orderInputSchema.safeParse({ ...order, phone: '\u0000' }).error?.issues[0]?.message).toBe(m.textUnreadable);
    expect(reviewInputSchema.safeParse({ ratings: '5', review: '\u200b\u200b' }).error?.issues[0]?.message).toBe(m.reviewRequired);
    const profile = { Address: 'a', phone: '1', profession: 'b', linkin: 'https://www.linkedin.com/in/x' };
    expect(profileUpdateSchema.safeParse({ ...profile, profession: '\u3164' }).error?.issues[0]?.message).toBe(m.professionRequired);
    const part = { name: 'n', category: 'Memory', p_quantity: 5, min_quantity: 1, price: 100, description: 'd', img: 'https://x.test/a.webp' };
    expect(partInputSchema.safeParse({ ...part, name: '\ufeff' }).error?.issues[0]?.message).toBe(m.productNameRequired);
    expect(partInputSchema.safeParse({ ...part, description: 'x\ud800' }).error?.issues[0]?.message).toBe(m.textUnreadable);
  });

  it('takes only an http(s) address as a product image', () => {
    const part = { name: 'n', category: 'Memory', p_quantity: 5, min_quantity: 1, price: 100, description: 'd' };
    for (const img of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.test/a.webp', 'photo.png']) {
      expect(partInputSchema.safeParse({ ...part, img }).error?.issues[0]?.message).toBe(m.imageNotUploaded);
    }
    expect(partInputSchema.safeParse({ ...part, img: '' }).error?.issues[0]?.message).toBe(m.imageRequired);
    expect(partInputSchema.safeParse({ ...part, img: 'https://api.shop.example/uploads/a.webp' }).success).toBe(true);
    // The shop's own pictures (the seeded catalog's), by the path the api serves them at; nothing else relative.
    expect(partInputSchema.safeParse({ ...part, img: '/images/parts/850-w-80-gold-modular-psu.svg' }).success).toBe(true);
    for (const img of ['/images/parts/../secret.svg', '/images/parts/a.svg?x=1', '//evil.example/images/parts/a.svg', '/uploads/a.webp']) {
      expect(partInputSchema.safeParse({ ...part, img }).error?.issues[0]?.message).toBe(m.imageNotUploaded);
    }
  });
});
