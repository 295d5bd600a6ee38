/**
 * The link-preview crawlers that docs/api.md lists under "Previews": those of the social networks and
 * chat apps, then a few more that build link cards (Mastodon, Bluesky's Cardyb, Teams/Skype,
 * Embedly, VK). Matched as substrings, ignoring case.
 * Pinterest is matched by its crawlers' own tokens (`Pinterest/0.x`, `Pinterestbot`) only: the
 * Pinterest app's in-app browser says `[Pinterest/iOS]` or `[Pinterest/Android]`, and those are
 * people who must get the redirect. Likewise the Facebook, LinkedIn, Discord and Slack apps' own
 * browsers (FBAN/FBAV, LinkedInApp, discord/, Slack/) carry none of these tokens.
 */
const PREVIEW_CRAWLER = new RegExp(
  [
    'facebookexternalhit',
    'facebot',
    'twitterbot',
    'linkedinbot',
    'slackbot-linkexpanding',
    'discordbot',
    'whatsapp',
    'telegrambot',
    'pinterest(?:bot|/0\\.)',
    'redditbot',
    'applebot',
    'iframely',
    'mastodon/',
    'cardyb',
    'skypeuripreview',
    'embedly',
    'vkshare',
  ].join('|'),
  'i',
);

/** Whether the request comes from a crawler fetching a link to show its preview card. */
export function isPreviewCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && PREVIEW_CRAWLER.test(userAgent);
}
