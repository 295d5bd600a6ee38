import { describe, expect, it } from 'vitest';
import { colourMessage, DEFAULT_QR_OPTIONS, levelTakesLogo, qrQuery, withLogo } from './qr-options.ts';

describe('the QR form’s options', () => {
  it('raises L or M to Q when the logo goes on, and keeps the level when it goes off', () => {
    expect(withLogo({ ...DEFAULT_QR_OPTIONS, ec: 'L' }, true)).toMatchObject({ logo: true, ec: 'Q' });
    expect(withLogo({ ...DEFAULT_QR_OPTIONS, ec: 'M' }, true).ec).toBe('Q');
    expect(withLogo({ ...DEFAULT_QR_OPTIONS, ec: 'H' }, true).ec).toBe('H');
    expect(withLogo({ ...DEFAULT_QR_OPTIONS, ec: 'Q', logo: true }, false)).toMatchObject({ logo: false, ec: 'Q' });
    expect(['L', 'M', 'Q', 'H'].map((level) => levelTakesLogo(level as 'L'))).toEqual([false, false, true, true]);
  });

  it('says what the API would refuse about the colours', () => {
    expect(colourMessage(DEFAULT_QR_OPTIONS)).toBeUndefined();
    expect(colourMessage({ ...DEFAULT_QR_OPTIONS, fg: '#cccccc' })).toMatch(/at least 4:1/);
    expect(colourMessage({ ...DEFAULT_QR_OPTIONS, fg: '#ffffff', bg: '#000000' })).toMatch(/darker/);
    expect(colourMessage({ ...DEFAULT_QR_OPTIONS, fg: '' })).toBe('Pick both colours.');
  });

  it('asks the API for every option, the format given', () => {
    expect(qrQuery(withLogo(DEFAULT_QR_OPTIONS, true), 'png')).toEqual({
      format: 'png',
      size: 512,
      fg: '#000000',
      bg: '#ffffff',
      ec: 'Q',
      margin: 1,
      logo: true,
    });
  });
});
