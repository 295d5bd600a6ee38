import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyAffiliateTag } from './affiliate.ts';
import { appEntries, appOpening, appVisitor } from './open-in-app.ts';
import { OPEN_IN_APP_PAGE_CSP, OPEN_IN_APP_SCRIPT, renderOpenInAppPage } from './open-in-app-page.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 ' +
  'Mobile Safari/537.36';
const INSTAGRAM_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  'Instagram 330.0.0.40.92 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 602439380)';
const TIKTOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36 musical_ly_2023208030 BytedanceWebview/d8a21c6';
const FACEBOOK_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  '[FBAN/FBIOS;FBAV/442.0.0.35.109;FBBV/540155237;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1]';
const X_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  'Twitter for iPhone/10.10';
const LINKEDIN_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; SM-G991B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/118.0.0.0 Mobile Safari/537.36 [LinkedInApp]/9.27.2812';
const SNAPCHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  'Snapchat/12.67.0.38 (like Safari/8617.1.17.10.9, panda)';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 ' +
  'Safari/605.1.15';

describe('appVisitor', () => {
  it.each([
    ['Safari on an iPhone', IPHONE_SAFARI, 'ios', null],
    ['Chrome on Android', ANDROID_CHROME, 'android', null],
    ["Instagram's browser on an iPhone", INSTAGRAM_IOS, 'ios', 'instagram'],
    ["TikTok's browser on Android", TIKTOK_ANDROID, 'android', 'tiktok'],
    ["Facebook's browser on an iPhone", FACEBOOK_IOS, 'ios', 'facebook'],
    ["X's browser on an iPhone", X_IOS, 'ios', 'x'],
    ["LinkedIn's browser on Android", LINKEDIN_ANDROID, 'android', 'linkedin'],
    ["Snapchat's browser on an iPhone", SNAPCHAT_IOS, 'ios', 'snapchat'],
    ['Chrome on Windows', DESKTOP_CHROME, null, null],
    ['Safari on a Mac', MAC_SAFARI, null, null],
    ['no user agent', undefined, null, null],
  ])('%s', (_name, ua, platform, inAppBrowser) => {
    expect(appVisitor(ua)).toEqual({ platform, inAppBrowser });
  });

  it('does not take a crawler that names Twitter for a phone', () => {
    expect(appVisitor('Twitterbot/1.0').platform).toBeNull();
  });
});

describe('appOpening', () => {
  const tagged = applyAffiliateTag('https://www.amazon.com/dp/B0C1234567?th=1#reviews', new Map([[1, 'mine-20']]));

  it('opens Amazon on iOS through its URL scheme with the whole path and query, the tag among them', () => {
    expect(appOpening(tagged, 'ios')).toMatchObject({
      appUrl: 'com.amazon.mobile.shopping.web://www.amazon.com/dp/B0C1234567?th=1&tag=mine-20#reviews',
      webUrl: tagged,
    });
  });

  it('opens Amazon on Android through an intent for its package, the tagged web URL as the fallback', () => {
    const opening = appOpening(tagged, 'android')!;
    expect(opening.appUrl).toBe(
      'intent://www.amazon.com/dp/B0C1234567?th=1&tag=mine-20#Intent;scheme=https;' +
        'package=com.amazon.mShop.android.shopping;' +
        `S.browser_fallback_url=${encodeURIComponent(tagged)};end`,
    );
    expect(decodeURIComponent(/S\.browser_fallback_url=([^;]*)/.exec(opening.appUrl)![1]!)).toContain('tag=mine-20');
  });

  it('matches a storefront and a subdomain', () => {
    expect(appOpening('https://www.amazon.de/dp/B0C1234567?tag=de-21', 'ios')?.app.id).toBe('amazon');
    expect(appOpening('https://m.youtube.com/watch?v=abc', 'ios')?.appUrl).toBe('youtube://m.youtube.com/watch?v=abc');
  });

  it('opens an app with universal links through the web URL itself on iOS', () => {
    const url = 'https://www.ebay.com/itm/1234?mkcid=1&campid=5338765432';
    expect(appOpening(url, 'ios')).toMatchObject({ appUrl: url, app: { id: 'ebay' } });
    expect(appOpening(url, 'android')?.appUrl).toBe(
      `intent://www.ebay.com/itm/1234?mkcid=1&campid=5338765432#Intent;scheme=https;package=com.ebay.mobile;` +
        `S.browser_fallback_url=${encodeURIComponent(url)};end`,
    );
  });

  it.each([
    ['YouTube', 'https://youtu.be/abc', 'com.google.android.youtube'],
    ['Instagram', 'https://www.instagram.com/p/xyz/', 'com.instagram.android'],
    ['TikTok', 'https://www.tiktok.com/@someone/video/1', 'com.zhiliaoapp.musically'],
    ['Spotify', 'https://open.spotify.com/track/1', 'com.spotify.music'],
    ['Apple Music', 'https://music.apple.com/us/album/x/1', 'com.apple.android.music'],
    ['Etsy', 'https://www.etsy.com/listing/1', 'com.etsy.android'],
    ['Walmart', 'https://www.walmart.com/ip/1', 'com.walmart.android'],
    ['Target', 'https://www.target.com/p/-/A-1', 'com.target.ui'],
    ['Best Buy', 'https://www.bestbuy.com/site/1.p', 'com.bestbuy.android'],
  ])('knows %s on Android', (_name, url, pkg) => {
    expect(appOpening(url, 'android')?.appUrl).toContain(`;package=${pkg};`);
  });

  it('has no Android form for the App Store, and no app for other sites', () => {
    expect(appOpening('https://apps.apple.com/us/app/x/id1', 'android')).toBeUndefined();
    expect(appOpening('https://apps.apple.com/us/app/x/id1', 'ios')?.appUrl).toBe(
      'https://apps.apple.com/us/app/x/id1',
    );
    expect(appOpening('https://example.com/amazon.com', 'ios')).toBeUndefined();
    expect(appOpening('https://notamazon.com/dp/1', 'android')).toBeUndefined();
    expect(appOpening('not a url', 'android')).toBeUndefined();
  });

  it('every app in the map says where each of its forms comes from', () => {
    for (const app of appEntries) {
      expect(app.source.ios.length).toBeGreaterThan(10);
      expect(app.source.android.length).toBeGreaterThan(10);
      expect(app.hosts.length).toBeGreaterThan(0);
    }
  });
});

describe('renderOpenInAppPage', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

  it('escapes the URLs, shows the fallback link, and runs only the script its CSP hashes', () => {
    const webUrl = 'https://www.etsy.com/listing/1?a=1&b="><script>';
    const html = renderOpenInAppPage(appOpening(webUrl, 'android')!);
    expect(html).not.toContain('"><script>');
    expect(html).toContain('href="https://www.etsy.com/listing/1?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(html).toContain(`<script>${OPEN_IN_APP_SCRIPT}</script>`);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(OPEN_IN_APP_PAGE_CSP).toContain(`script-src 'sha256-${sha256(OPEN_IN_APP_SCRIPT)}'`);
    expect(html).toContain('prefers-color-scheme:dark');
  });
});
