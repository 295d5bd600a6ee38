import appMap from './app-links.json' with { type: 'json' };

/**
 * Open in app (docs/api.md#open-in-app-business): which destinations have a known app, how the
 * app is opened on iOS and Android, and which visitors are on a phone or in an app's own browser.
 * The app map is data (app-links.json), each form with its source, listed in docs/api.md#the-app-map.
 */
export interface AppEntry {
  id: string;
  name: string;
  /** Matched with their subdomains (www.amazon.de, m.youtube.com). */
  hosts: string[];
  /** A URL scheme that takes the web URL's host, path and query, or the web URL itself (a universal link). */
  ios: { scheme: string } | { universal_link: true } | null;
  android: { package: string } | null;
  source: { ios: string; android: string };
}

export const appEntries: readonly AppEntry[] = appMap as AppEntry[];

const byHost = new Map(appEntries.flatMap((app) => app.hosts.map((host) => [host, app] as const)));

/** The app whose host is the hostname or one of its parent domains. */
export function appForHost(hostname: string): AppEntry | undefined {
  let candidate = hostname.toLowerCase();
  for (;;) {
    const app = byHost.get(candidate);
    if (app) return app;
    const dot = candidate.indexOf('.');
    if (dot === -1) return undefined;
    candidate = candidate.slice(dot + 1);
  }
}

export type AppPlatform = 'ios' | 'android';

/** The apps whose own browsers are recognised; they open links inside themselves, not in the app the link is for. */
export type InAppBrowser = 'instagram' | 'tiktok' | 'facebook' | 'x' | 'linkedin' | 'snapchat';

// Tokens the in-app browsers add to the system browser's user agent.
const IN_APP_TOKENS: readonly (readonly [RegExp, InAppBrowser])[] = [
  [/\bInstagram\b/i, 'instagram'],
  [/\b(?:musical_ly|BytedanceWebview|TikTok)\b/i, 'tiktok'],
  [/\b(?:FBAN|FBAV|FB_IAB|FBIOS)\b/, 'facebook'],
  [/\bTwitter\b/i, 'x'],
  [/\bLinkedInApp\b/i, 'linkedin'],
  [/\bSnapchat\b/i, 'snapchat'],
];

export interface AppVisitor {
  platform: AppPlatform | null;
  inAppBrowser: InAppBrowser | null;
}

/**
 * The visitor's phone platform (iPhone, iPad, iPod: iOS; Android) and the app whose browser they
 * are in, if any. Desktops (and iPads that announce themselves as a Mac) have no platform.
 */
export function appVisitor(userAgent: string | undefined): AppVisitor {
  const ua = userAgent ?? '';
  const platform: AppPlatform | null = /\b(?:iPhone|iPad|iPod)\b/.test(ua)
    ? 'ios'
    : /\bAndroid\b/.test(ua)
      ? 'android'
      : null;
  const inApp = IN_APP_TOKENS.find(([token]) => token.test(ua));
  return { platform, inAppBrowser: inApp ? inApp[1] : null };
}

/** What the open-in-app page needs: the app, the URL that opens it, and the web URL to fall back to. */
export interface AppOpening {
  app: AppEntry;
  platform: AppPlatform;
  appUrl: string;
  webUrl: string;
}

/**
 * How to open `webUrl` (the final destination, tagged) in its app on `platform`; undefined when the
 * destination has no known app, or the app has no form for the platform. Every byte of the path and
 * query is kept, the affiliate tag with them.
 */
export function appOpening(webUrl: string, platform: AppPlatform): AppOpening | undefined {
  let parsed: URL;
  try {
    parsed = new URL(webUrl);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const app = appForHost(parsed.hostname);
  if (!app) return undefined;
  const appUrl = platform === 'ios' ? iosAppUrl(webUrl, app) : androidAppUrl(webUrl, app);
  return appUrl === undefined ? undefined : { app, platform, appUrl, webUrl };
}

/** The web URL after its scheme's `//`: host, path, query and fragment as they were. */
function afterScheme(webUrl: string): string {
  return webUrl.slice(webUrl.indexOf('//') + 2);
}

/** iOS: the app's URL scheme in place of https, or the universal link (the web URL itself). */
export function iosAppUrl(webUrl: string, app: AppEntry): string | undefined {
  if (app.ios === null) return undefined;
  return 'scheme' in app.ios ? `${app.ios.scheme}://${afterScheme(webUrl)}` : webUrl;
}

/**
 * Android: an intent URL for Chrome (developer.chrome.com/docs/android/intents) naming the app's
 * package, the web URL's scheme, and the web URL as `S.browser_fallback_url`, which Chrome opens
 * itself when the app is not installed. The fragment cannot ride in the intent's data (the `#`
 * starts the intent's own part); the fallback keeps it.
 */
export function androidAppUrl(webUrl: string, app: AppEntry): string | undefined {
  if (app.android === null) return undefined;
  const scheme = webUrl.slice(0, webUrl.indexOf(':')).toLowerCase();
  const rest = afterScheme(webUrl);
  const hashAt = rest.indexOf('#');
  const data = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const fallback = encodeURIComponent(webUrl);
  const intent = `scheme=${scheme};package=${app.android.package};S.browser_fallback_url=${fallback}`;
  return `intent://${data}#Intent;${intent};end`;
}
