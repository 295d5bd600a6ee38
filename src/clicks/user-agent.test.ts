import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/17.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  firefoxUbuntu: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  edge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/17.1 Mobile/15E148 Safari/604.1',
  ipad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/16.6 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 12; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/120.0.0.0 Mobile Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  curl: 'curl/8.4.0',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
};

describe('user-agent normalisation to the decided vocabularies', () => {
  it.each([
    ['Chrome on Windows', UA.chromeWindows, { device: 'desktop', browser: 'chrome', os: 'windows', bot: false }],
    ['Safari on macOS', UA.safariMac, { device: 'desktop', browser: 'safari', os: 'macos', bot: false }],
    ['Firefox on Linux', UA.firefoxLinux, { device: 'desktop', browser: 'firefox', os: 'linux', bot: false }],
    ['Firefox on Ubuntu', UA.firefoxUbuntu, { device: 'desktop', browser: 'firefox', os: 'linux', bot: false }],
    ['Edge', UA.edge, { device: 'desktop', browser: 'edge', os: 'windows', bot: false }],
    ['Opera', UA.opera, { device: 'desktop', browser: 'opera', os: 'windows', bot: false }],
    ['Samsung Internet', UA.samsung, { device: 'mobile', browser: 'samsung', os: 'android', bot: false }],
    ['iPhone Safari', UA.iphone, { device: 'mobile', browser: 'safari', os: 'ios', bot: false }],
    ['iPad Safari', UA.ipad, { device: 'tablet', browser: 'safari', os: 'ios', bot: false }],
    ['an Android tablet', UA.androidTablet, { device: 'tablet', browser: 'chrome', os: 'android', bot: false }],
    ['an Android phone', UA.androidPhone, { device: 'mobile', browser: 'chrome', os: 'android', bot: false }],
    ['Chrome on iOS', UA.chromeIos, { device: 'mobile', browser: 'chrome', os: 'ios', bot: false }],
    ['Chrome OS', UA.chromeOs, { device: 'desktop', browser: 'chrome', os: 'linux', bot: false }],
  ])('reads %s', (_name, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it.each([
    ['Googlebot', UA.googlebot],
    ['bingbot', UA.bingbot],
    ['curl', UA.curl],
    ['the Facebook link preview', UA.facebook],
    ['an empty header', ''],
    ['no header', undefined],
  ])('flags %s as a bot', (_name, ua) => {
    expect(parseUserAgent(ua).bot).toBe(true);
  });

  it('answers the same object for a repeated user agent (cached)', () => {
    expect(parseUserAgent(UA.iphone)).toBe(parseUserAgent(UA.iphone));
  });
});
