// One typed function per endpoint the dashboard calls, so pages never spell out paths or methods.
import { request } from './http.ts';
import type {
  AccountStats,
  AffiliateProgramRecord,
  AffiliateTagRecord,
  BreakdownKey,
  BulkLinkActionAnswer,
  BulkLinkActionInput,
  CategoryInput,
  CategoryRecord,
  CreateAffiliateTagInput,
  CreateDomainInput,
  CreatedToken,
  CreateTokenInput,
  CredentialsInput,
  DataList,
  DayRange,
  DomainRecord,
  ImportRecord,
  LandingOptions,
  LinkChanges,
  LinkRecord,
  LinkStats,
  LinkWithConditions,
  ListLinksInput,
  Me,
  NewLink,
  Paginated,
  RawClicksPage,
  Settings,
  TokenRecord,
} from './types.ts';
import type {
  ChangePasswordInput,
  CreatedWebhook,
  CreateWebhookInput,
  DeliveryRecord,
  WebhookRecord,
} from './types.ts';

// The session.
export const getMe = () => request<Me>('GET', '/dashboard-api/me');
export const signIn = (body: CredentialsInput) => request<Me>('POST', '/dashboard-api/signin', body);
export const signUp = (body: CredentialsInput) => request<Me>('POST', '/dashboard-api/signup', body);
export const signOut = () => request<void>('POST', '/dashboard-api/signout');

// The account's settings.
export const getSettings = () => request<Settings>('GET', '/dashboard-api/settings');
export const updateSettings = (body: Settings) => request<Settings>('PATCH', '/dashboard-api/settings', body);

// API tokens.
export const listTokens = () => request<DataList<TokenRecord>>('GET', '/dashboard-api/tokens');
export const createToken = (body: CreateTokenInput) => request<CreatedToken>('POST', '/dashboard-api/tokens', body);
export const revokeToken = (id: number) => request<void>('DELETE', `/dashboard-api/tokens/${id}`);

// Links.
export function listLinks(query: ListLinksInput, signal?: AbortSignal): Promise<Paginated<LinkRecord>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return request('GET', `/api/v1/links?${params}`, undefined, signal);
}
export const createLink = (body: NewLink) => request<LinkRecord>('POST', '/api/v1/links', body);
export const getLink = (id: number) => request<LinkWithConditions>('GET', `/api/v1/links/${id}`);
export const updateLink = (id: number, body: LinkChanges) => request<LinkRecord>('PATCH', `/api/v1/links/${id}`, body);
export const deleteLink = (id: number) => request<void>('DELETE', `/api/v1/links/${id}`);
/** One action on up to 100 of the person's links in one request (the Links page's bulk bar), answered per id. */
export const bulkLinkAction = (body: BulkLinkActionInput) =>
  request<BulkLinkActionAnswer>('POST', '/dashboard-api/links/bulk-action', body);
/** Starts a check of the link's destinations (202); its `health` changes once the check is done. */
export const checkLink = (id: number) => request<LinkRecord>('POST', `/api/v1/links/${id}/check`);

/** Totals for every plan; `breakdowns` (Business) adds the trend and the named breakdowns, over `range` if given. */
export function linkStats(id: number, breakdowns: readonly BreakdownKey[] = [], range?: DayRange): Promise<LinkStats> {
  // Joined by hand: URLSearchParams would escape the commas of the documented `with=country,device` form.
  const query = [
    ...(breakdowns.length > 0 ? [`with=${breakdowns.join(',')}`] : []),
    ...(range ? [`from=${range.from}`, `to=${range.to}`] : []),
  ];
  return request('GET', `/api/v1/links/${id}/stats${query.length > 0 ? `?${query.join('&')}` : ''}`);
}

/** The account's totals, trend and top links (Business), over `range` or the last 30 days. */
export const accountStats = (range?: DayRange) =>
  request<AccountStats>('GET', `/api/v1/stats${range ? `?${new URLSearchParams({ ...range })}` : ''}`);

/** One page of a link's raw clicks, newest first (Business); pass the answer's `next_cursor` for the next. */
export function rawClicks(id: number, limit: number, cursor?: string): Promise<RawClicksPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return request('GET', `/api/v1/links/${id}/clicks?${params}`);
}

/** Where the whole click history downloads as CSV (an ordinary link: the session cookie goes along). */
export const rawClicksCsvUrl = (id: number) => `/api/v1/links/${id}/clicks?format=csv`;

// Choice pages.
export const getLandingOptions = (id: number) => request<LandingOptions>('GET', `/api/v1/links/${id}/landing-options`);
export const setLandingOptions = (id: number, options: string[]) =>
  request<LandingOptions>('PUT', `/api/v1/links/${id}/landing-options`, { options });
export const clearLandingOptions = (id: number) => request<void>('DELETE', `/api/v1/links/${id}/landing-options`);

// Categories.
export const listCategories = () => request<DataList<CategoryRecord>>('GET', '/api/v1/categories');
export const createCategory = (body: CategoryInput) => request<CategoryRecord>('POST', '/api/v1/categories', body);
export const renameCategory = (id: number, body: CategoryInput) =>
  request<CategoryRecord>('PATCH', `/api/v1/categories/${id}`, body);
export const deleteCategory = (id: number) => request<void>('DELETE', `/api/v1/categories/${id}`);

// Affiliate tags.
export const listAffiliatePrograms = () =>
  request<DataList<AffiliateProgramRecord>>('GET', '/api/v1/affiliate-programs');
export const listAffiliateTags = () => request<DataList<AffiliateTagRecord>>('GET', '/api/v1/affiliates');
export const createAffiliateTag = (body: CreateAffiliateTagInput) =>
  request<AffiliateTagRecord>('POST', '/api/v1/affiliates', body);
export const deleteAffiliateTag = (id: number) => request<void>('DELETE', `/api/v1/affiliates/${id}`);

// Custom domains.
export const listDomains = () => request<DataList<DomainRecord>>('GET', '/api/v1/domains');
export const createDomain = (body: CreateDomainInput) => request<DomainRecord>('POST', '/api/v1/domains', body);
export const checkDomain = (id: number) => request<DomainRecord>('POST', `/api/v1/domains/${id}/check`);
export const deleteDomain = (id: number) => request<void>('DELETE', `/api/v1/domains/${id}`);

// Imports and export.
export const startImport = (file: Blob) =>
  request<ImportRecord>('POST', '/api/v1/imports', { raw: file, type: 'text/csv' });
export const getImport = (id: number) => request<ImportRecord>('GET', `/api/v1/imports/${id}`);
export const listImports = () => request<DataList<ImportRecord>>('GET', '/api/v1/imports');
/** A plain link downloads it: the session cookie goes along, and a GET needs no CSRF header. */
export const EXPORT_URL = '/api/v1/links/export';

// The account's password and sessions.
/** 204; the person's other sessions end, this one stays. */
export const changePassword = (body: ChangePasswordInput) => request<void>('POST', '/dashboard-api/password', body);
/** 204; every session of the person ends, this one included. */
export const signOutEverywhere = () => request<void>('POST', '/dashboard-api/signout-everywhere');

// Webhooks (Business).
export const listWebhooks = () => request<DataList<WebhookRecord>>('GET', '/api/v1/webhooks');
/** The answer carries the signing secret: the only time it is shown. */
export const createWebhook = (body: CreateWebhookInput) => request<CreatedWebhook>('POST', '/api/v1/webhooks', body);
export const deleteWebhook = (id: number) => request<void>('DELETE', `/api/v1/webhooks/${id}`);
/** Queues a `webhook.test` delivery (202); its outcome shows in the deliveries. */
export const sendTestWebhook = (id: number) => request<{ message: string }>('POST', `/api/v1/webhooks/${id}/test`);
/** The 50 most recent deliveries, newest first (the API does not page them). */
export const listDeliveries = (id: number) =>
  request<DataList<DeliveryRecord>>('GET', `/api/v1/webhooks/${id}/deliveries`);
