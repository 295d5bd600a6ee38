import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import {
  colourProblem,
  contrastRatio,
  logoArea,
  MAX_LOGO_SHARE,
  parseHexColour,
  resolveQrStyle,
  type QrStyleInput,
} from './qr-style.ts';

const rgb = (hex: string) => parseHexColour(hex)!;

function fieldErrorsOf(input: QrStyleInput): Record<string, string[]> | undefined {
  try {
    resolveQrStyle(input);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).fieldErrors;
  }
}

describe('colours', () => {
  it('reads #rrggbb in either case and nothing else', () => {
    expect(parseHexColour('#1a2B3c')).toEqual({ r: 0x1a, g: 0x2b, b: 0x3c });
    for (const bad of ['1a2b3c', '#1a2b3', '#1a2b3c4', '#gg0000', 'red', '#fff', ' #000000', '#000000 ']) {
      expect(parseHexColour(bad), bad).toBeUndefined();
    }
  });

  it('measures contrast as WCAG does, whichever colour comes first', () => {
    expect(contrastRatio(rgb('#000000'), rgb('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#ffffff'), rgb('#000000'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#777777'), rgb('#777777'))).toBe(1);
    // WCAG's own reference point: #767676 on white is 4.54:1.
    expect(contrastRatio(rgb('#767676'), rgb('#ffffff'))).toBeCloseTo(4.54, 2);
  });

  it('refuses too little contrast and a light code on a dark ground', () => {
    expect(colourProblem(rgb('#000000'), rgb('#ffffff'))).toBeUndefined();
    expect(colourProblem(rgb('#1d4ed8'), rgb('#fef3c7'))).toBeUndefined();
    expect(colourProblem(rgb('#999999'), rgb('#ffffff'))).toMatch(/2\.85:1.*at least 4:1/);
    expect(colourProblem(rgb('#ffffff'), rgb('#000000'))).toMatch(/darker/);
    expect(colourProblem(rgb('#808080'), rgb('#808080'))).toMatch(/darker/);
  });
});

describe('resolveQrStyle', () => {
  it('fills in the defaults: black on white, M, Q with a logo', () => {
    expect(resolveQrStyle({})).toEqual({ fg: '#000000', bg: '#ffffff', level: 'M', logo: false });
    expect(resolveQrStyle({ logo: true }).level).toBe('Q');
    expect(resolveQrStyle({ logo: true, ec: 'H' }).level).toBe('H');
    expect(resolveQrStyle({ fg: '#1D4ED8', ec: 'L' })).toMatchObject({ fg: '#1d4ed8', level: 'L' });
  });

  it('names the field of each refusal', () => {
    expect(fieldErrorsOf({ fg: '#aaaaaa' })?.fg?.[0]).toMatch(/contrast/);
    expect(fieldErrorsOf({ fg: 'black' })?.fg).toBeDefined();
    expect(fieldErrorsOf({ bg: '#fff' })?.bg).toBeDefined();
    expect(fieldErrorsOf({ logo: true, ec: 'M' })?.ec?.[0]).toMatch(/Q or H/);
    expect(fieldErrorsOf({ logo: true, ec: 'L' })?.ec).toBeDefined();
  });
});

describe('logoArea', () => {
  it('is an odd square on the centre module, within the share of the width', () => {
    for (let version = 1; version <= 40; version++) {
      const modules = 17 + 4 * version;
      const area = logoArea(modules);
      expect(area.modules % 2, `version ${version}`).toBe(1);
      expect(area.start * 2 + area.modules).toBe(modules);
      if (version > 1) expect(area.modules / modules).toBeLessThanOrEqual(MAX_LOGO_SHARE);
      expect(area.modules / modules).toBeGreaterThan(0.12);
    }
    expect(logoArea(25)).toEqual({ start: 10, modules: 5 });
    expect(logoArea(21)).toEqual({ start: 9, modules: 3 });
  });
});
