import type { IncomingMessage } from 'node:http';
import { appOpening, appVisitor, type AppOpening } from '../core/open-in-app.ts';
import type { Owner, RedirectableLink } from '../core/redirect-decision.ts';
import { parseUserAgent } from '../clicks/user-agent.ts';

/**
 * Whether a redirect of this visit is answered with the open-in-app page instead of the 302
 * (docs/api.md, "Open in app"): a GET of a Business owner's link with `open_in_app`, from a
 * person on iOS or Android (an app's own browser too; never a crawler), to a destination with a
 * known app. `location` is the final destination, localised and tagged. No I/O: the user agent's
 * parse is the one the click limits already keep.
 */
export function openInAppFor(
  req: IncomingMessage,
  link: RedirectableLink,
  owner: Owner,
  location: string,
): AppOpening | undefined {
  if (!link.openInApp || !owner.business || req.method !== 'GET') return undefined;
  const userAgent = req.headers['user-agent'];
  const { platform } = appVisitor(userAgent);
  if (platform === null || parseUserAgent(userAgent).bot) return undefined;
  return appOpening(location, platform);
}
