import { describe, expect, it } from 'vitest';
import { isPreviewCrawler } from './crawlers.ts';

describe('isPreviewCrawler', () => {
  it.each([
    ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Facebook, as it also announces itself', 'facebookexternalhit/1.1;line/12.1.1'],
    ['Facebot', 'Facebot'],
    ['Twitter / X', 'Twitterbot/1.0'],
    ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0'],
    ['WhatsApp on iOS', 'WhatsApp/2.23.18.78 i'],
    ['Telegram', 'TelegramBot (like TwitterBot)'],
    ['Pinterest', 'Pinterest/0.2 (+https://www.pinterest.com/bot.html)'],
    ['Pinterestbot', 'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)'],
    ['Reddit', 'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)'],
    [
      'Applebot',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ],
    ['Iframely', 'Mozilla/5.0 (compatible; Iframely/1.3.1; +https://iframely.com/docs/about)'],
    ['Mastodon', 'http.rb/5.1.1 (Mastodon/4.2.7; +https://mastodon.social/)'],
    ['Bluesky', 'Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)'],
    [
      'Microsoft Teams',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
    ],
    ['Embedly', 'Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)'],
    ['VK', 'Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)'],
    ['a crawler shouting', 'TWITTERBOT/1.0'],
  ])('recognises %s', (_, userAgent) => {
    expect(isPreviewCrawler(userAgent)).toBe(true);
  });

  it.each([
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'],
    [
      'Googlebot, a bot but no preview crawler',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['curl', 'curl/8.5.0'],
    [
      'the Pinterest app’s browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Mobile/15E148 [Pinterest/iOS]',
    ],
    [
      'the Facebook app’s browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.38.109;FBBV/614371138;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS]',
    ],
    [
      'the LinkedIn app’s browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Mobile/15E148 [LinkedInApp]/9.29.8466',
    ],
    [
      'the Discord desktop app',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) discord/1.0.9151 ' +
        'Chrome/120.0.6099.291 Electron/28.2.10 Safari/537.36',
    ],
    ['an empty header', ''],
    ['no header', undefined],
  ])('lets %s through to the normal answer', (_, userAgent) => {
    expect(isPreviewCrawler(userAgent)).toBe(false);
  });
});
