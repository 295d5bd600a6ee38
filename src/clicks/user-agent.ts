import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

export interface ParsedAgent {
  device: 'desktop' | 'mobile' | 'tablet';
  browser: 'chrome' | 'safari' | 'firefox' | 'edge' | 'opera' | 'samsung' | 'other';
  os: 'ios' | 'android' | 'windows' | 'macos' | 'linux' | 'other';
  bot: boolean;
}

const BROWSERS: Record<string, ParsedAgent['browser']> = {
  Chrome: 'chrome',
  'Chrome Headless': 'chrome',
  'Chrome WebView': 'chrome',
  Chromium: 'chrome',
  'Mobile Chrome': 'chrome',
  Safari: 'safari',
  'Mobile Safari': 'safari',
  Firefox: 'firefox',
  'Mobile Firefox': 'firefox',
  Firefox_Focus: 'firefox',
  'Firefox Focus': 'firefox',
  Edge: 'edge',
  'Microsoft Edge': 'edge',
  Opera: 'opera',
  'Opera Mini': 'opera',
  'Opera Mobi': 'opera',
  'Opera Touch': 'opera',
  'Opera GX': 'opera',
  'Samsung Internet': 'samsung',
  'Samsung Browser': 'samsung',
};

const SYSTEMS: Record<string, ParsedAgent['os']> = {
  iOS: 'ios',
  iPadOS: 'ios',
  Android: 'android',
  Windows: 'windows',
  'Mac OS': 'macos',
  macOS: 'macos',
  Linux: 'linux',
  Ubuntu: 'linux',
  Debian: 'linux',
  Fedora: 'linux',
  Arch: 'linux',
  Mint: 'linux',
  'Chrome OS': 'linux',
  'Chromium OS': 'linux',
};

// ua-parser-js leaves desktop devices' type undefined. Phones and wearables are "mobile";
// tablets are "tablet"; TVs, consoles and embedded screens are nearer desktop than either.
function deviceOf(type: string | undefined): ParsedAgent['device'] {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}

// The same few hundred user agents make up most traffic, and parsing is the costliest step of
// enrichment, so results are kept in a bounded LRU keyed by the raw header.
const cache = new LRUCache<string, ParsedAgent>({ max: 5_000 });

export function parseUserAgent(userAgent: string | undefined): ParsedAgent {
  const ua = userAgent ?? '';
  const cached = cache.get(ua);
  if (cached) return cached;
  const result = new UAParser(ua).getResult();
  const parsed: ParsedAgent = {
    device: deviceOf(result.device.type),
    browser: BROWSERS[result.browser.name ?? ''] ?? 'other',
    os: SYSTEMS[result.os.name ?? ''] ?? 'other',
    // An empty user agent is almost always a script; isbot counts it as a bot too.
    bot: ua.trim() === '' || isbot(ua),
  };
  cache.set(ua, parsed);
  return parsed;
}
