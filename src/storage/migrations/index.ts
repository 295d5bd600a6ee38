import type { Migration } from 'kysely';
import * as initial from './001-initial.ts';
import * as clicksBusinessSessions from './002-clicks-business-sessions.ts';
import * as streamDedup from './003-stream-dedup.ts';
import * as webhooks from './004-webhooks.ts';
import * as domainClaimsDowngrades from './005-domain-claims-downgrades.ts';
import * as linkControls from './006-link-controls.ts';
import * as imports from './007-imports.ts';
import * as linkHealth from './008-link-health.ts';
import * as analytics from './009-analytics.ts';
import * as linkSearch from './010-link-search.ts';
import * as linkSearchQueue from './011-link-search-queue.ts';
import * as accountTotals from './012-account-totals.ts';
import * as clicksLinkKey from './013-clicks-link-key.ts';
import * as visitorsByDay from './014-visitors-by-day.ts';
import * as linksByCategory from './015-links-by-category.ts';
import * as linksByDomain from './016-links-by-domain.ts';
import * as sessionsByExpiry from './017-sessions-by-expiry.ts';
import * as rawClicksOrder from './018-raw-clicks-order.ts';
import * as importUploads from './019-import-uploads.ts';
import * as workspaces from './020-workspaces.ts';
import * as accountRecovery from './021-account-recovery.ts';
import * as twoFactorSessions from './022-two-factor-sessions.ts';
import * as tags from './023-tags.ts';
import * as domainRouting from './024-domain-routing.ts';
import * as clickFacets from './025-click-facets.ts';
import * as openInAppTrackingIds from './026-open-in-app-tracking-ids.ts';
import * as conversions from './027-conversions.ts';
import * as accountBreakdowns from './028-account-breakdowns.ts';
import * as linkCounts from './029-link-counts.ts';
import * as programReports from './030-program-reports.ts';
import * as qrLogos from './031-qr-logos.ts';
import * as tokenHints from './032-token-hints.ts';
import * as searchPendingList from './033-search-pending-list.ts';
import * as linkHealthTurns from './034-link-health-turns.ts';

/**
 * Every migration, by name. Names sort in the order they run; a new migration gets the next
 * number and a new file, and released ones never change.
 */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-clicks-business-sessions': clicksBusinessSessions,
  '003-stream-dedup': streamDedup,
  '004-webhooks': webhooks,
  '005-domain-claims-downgrades': domainClaimsDowngrades,
  '006-link-controls': linkControls,
  '007-imports': imports,
  '008-link-health': linkHealth,
  '009-analytics': analytics,
  '010-link-search': linkSearch,
  '011-link-search-queue': linkSearchQueue,
  '012-account-totals': accountTotals,
  '013-clicks-link-key': clicksLinkKey,
  '014-visitors-by-day': visitorsByDay,
  '015-links-by-category': linksByCategory,
  '016-links-by-domain': linksByDomain,
  '017-sessions-by-expiry': sessionsByExpiry,
  '018-raw-clicks-order': rawClicksOrder,
  '019-import-uploads': importUploads,
  '020-workspaces': workspaces,
  '021-account-recovery': accountRecovery,
  '022-two-factor-sessions': twoFactorSessions,
  '023-tags': tags,
  '024-domain-routing': domainRouting,
  '025-click-facets': clickFacets,
  '026-open-in-app-tracking-ids': openInAppTrackingIds,
  '027-conversions': conversions,
  '028-account-breakdowns': accountBreakdowns,
  '029-link-counts': linkCounts,
  '030-program-reports': programReports,
  '031-qr-logos': qrLogos,
  '032-token-hints': tokenHints,
  '033-search-pending-list': searchPendingList,
  '034-link-health-turns': linkHealthTurns,
};
