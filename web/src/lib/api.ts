// One function per endpoint the dashboard calls, so pages never spell out paths or methods. Each goes
// through a typed client (http.ts): the compiler checks its path, parameters and body, and its answer's
// type is the one the schema gives, not one written here.
import type { paths } from '@hoplink/client';
import type { QrFormat } from '../../../src/core/qr-style.ts';
import { answer, api, ApiError, dashboardApi, friendly, WORKSPACE_HEADER } from './http.ts';
import { qrQuery, type QrOptions } from './qr-options.ts';
import { shownWorkspace } from './workspace-route.ts';
import type { StatsFilters } from './stats-filters.ts';
import type {
  AffiliateTagChanges,
  AuditQuery,
  BreakdownKey,
  BulkLinkActionInput,
  CategoryInput,
  ChangePasswordInput,
  CreateAffiliateTagInput,
  CreateDomainInput,
  CreateTokenInput,
  CreateWebhookInput,
  UpdateWebhookInput,
  CreateWorkspaceInput,
  CredentialsInput,
  DayRange,
  ForgotPasswordInput,
  InvitationInput,
  LinkChanges,
  ListLinksInput,
  NewLink,
  PostbackSettingsInput,
  ResetPasswordInput,
  Role,
  Settings,
  SignInTwoFactorInput,
  TagChanges,
  TagInput,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorSetupInput,
  WorkspaceChanges,
} from './types.ts';

/** The path parameter of the endpoints about one record. */
const byId = (id: number) => ({ params: { path: { id } } });

// The session.
/**
 * The person in the workspace `slug` names, or in their personal one for `undefined` (the header is sent
 * empty, which the server reads as none, whatever the address shows).
 */
export const getMe = (slug: string | undefined) =>
  answer(dashboardApi.GET('/me', { headers: { [WORKSPACE_HEADER]: slug ?? '' } }));
export const signIn = (body: CredentialsInput) => answer(dashboardApi.POST('/signin', { body }));
export const signUp = (body: CredentialsInput) => answer(dashboardApi.POST('/signup', { body }));
export const signOut = () => answer(dashboardApi.POST('/signout'));
/** The sign-in's second step: the password step's challenge with a code or a recovery code. */
export const signInSecondFactor = (body: SignInTwoFactorInput) =>
  answer(dashboardApi.POST('/signin/two-factor', { body }));

// Signed-in devices.
export const listSessions = () => answer(dashboardApi.GET('/sessions'));
export const endSession = (id: string) => answer(dashboardApi.DELETE('/sessions/{id}', { params: { path: { id } } }));

// Two-factor sign-in.
export const getTwoFactor = () => answer(dashboardApi.GET('/two-factor'));
export const setUpTwoFactor = (body: TwoFactorSetupInput) => answer(dashboardApi.POST('/two-factor/setup', { body }));
export const enableTwoFactor = (body: TwoFactorCodeInput) => answer(dashboardApi.POST('/two-factor/enable', { body }));
export const newRecoveryCodes = (body: TwoFactorCodeInput) =>
  answer(dashboardApi.POST('/two-factor/recovery-codes', { body }));
export const disableTwoFactor = (body: TwoFactorDisableInput) =>
  answer(dashboardApi.POST('/two-factor/disable', { body }));

// The account's settings.
export const getSettings = () => answer(dashboardApi.GET('/settings'));
export const updateSettings = (body: Settings) => answer(dashboardApi.PATCH('/settings', { body }));

// API tokens.
export const listTokens = () => answer(dashboardApi.GET('/tokens'));
export const createToken = (body: CreateTokenInput) => answer(dashboardApi.POST('/tokens', { body }));
export const revokeToken = (id: number) => answer(dashboardApi.DELETE('/tokens/{id}', byId(id)));

// Links.
export const listLinks = (query: ListLinksInput, signal?: AbortSignal) =>
  answer(api.GET('/links', { params: { query }, signal }));
export const createLink = (body: NewLink) => answer(api.POST('/links', { body }));
export const getLink = (id: number) => answer(api.GET('/links/{id}', byId(id)));
export const updateLink = (id: number, body: LinkChanges) => answer(api.PATCH('/links/{id}', { ...byId(id), body }));
export const deleteLink = (id: number) => answer(api.DELETE('/links/{id}', byId(id)));
/** One action on up to 100 of the person's links in one request (the Links page's bulk bar), answered per id. */
export const bulkLinkAction = (body: BulkLinkActionInput) => answer(dashboardApi.POST('/links/bulk-action', { body }));
/** The destination page's title and social card, read by the server (the create form prefills with it). */
export const getPageMetadata = (url: string, signal?: AbortSignal) =>
  answer(dashboardApi.GET('/page-metadata', { params: { query: { url } }, signal }));
/** Where the dashboard shows a card image from: its own origin relays it (the CSP allows no other). */
export const cardImageSrc = (url: string) => `/dashboard-api/page-metadata/image?url=${encodeURIComponent(url)}`;
/** Starts a check of the link's destinations (202); its `health` changes once the check is done. */
export const checkLink = (id: number) => answer(api.POST('/links/{id}/check', byId(id)));

/** Totals for every plan; `breakdowns` (Business) adds the trend and the named breakdowns, over `range` if given. */
export const linkStats = (
  id: number,
  breakdowns: readonly BreakdownKey[] = [],
  range?: DayRange,
  filters: StatsFilters = {},
) =>
  answer(
    api.GET('/links/{id}/stats', {
      params: {
        path: { id },
        // The filters (stats-filters.ts) count only the clicks that match them all.
        query: { with: breakdowns.length > 0 ? breakdowns.join(',') : undefined, ...range, ...filters },
      },
      // The commas of the documented `with=country,device` form stay as they are, not %2C.
      querySerializer: { allowReserved: true },
    }),
  );

/**
 * The account's totals, trend, top links and breakdowns (Business), over `range` or the last 30 days,
 * of the clicks matching `filters`.
 */
export const accountStats = (range?: DayRange, filters: StatsFilters = {}, tag?: string) =>
  answer(api.GET('/stats', { params: { query: { ...range, ...filters, tag } } }));

/** One page of a link's raw clicks, newest first (Business); pass the answer's `next_cursor` for the next. */
export const rawClicks = (id: number, limit: number, cursor?: string) =>
  answer(api.GET('/links/{id}/clicks', { params: { path: { id }, query: { limit, cursor: cursor || undefined } } }));

/** Where the whole click history downloads as CSV (an ordinary link: the session cookie goes along). */
export const rawClicksCsvUrl = (id: number) =>
  `/api/v1${('/links/{id}/clicks' satisfies keyof paths).replace('{id}', String(id))}?format=csv`;

// QR codes. The preview and the downloads are plain GETs of the API (an <img>, a download link), as a
// script would make them; they cannot send the workspace header, so they name it with `?workspace=`.
const withWorkspace = (query: Record<string, string | number | boolean>) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const slug = shownWorkspace();
  if (slug !== undefined) params.set('workspace', slug);
  return params.toString();
};
/** Where the link's QR code in `format` with `options` is drawn: the preview's source, the download's address. */
export const linkQrUrl = (id: number, options: QrOptions, format: QrFormat) => {
  const path = ('/links/{id}/qr' satisfies keyof paths).replace('{id}', String(id));
  return `/api/v1${path}?${withWorkspace(qrQuery(options, format))}`;
};
/** The workspace's logo as stored; `version` changes the address after an upload, so the image is fetched anew. */
export const qrLogoUrl = (version: number) =>
  `/api/v1${'/workspace/qr-logo' satisfies keyof paths}?${withWorkspace({ v: version })}`;
/** Whether the workspace has a QR logo (any member may ask). */
export async function hasQrLogo(signal?: AbortSignal): Promise<boolean> {
  const { response } = await api.GET('/workspace/qr-logo', { parseAs: 'blob', signal });
  if (response.ok) return true;
  if (response.status === 404) return false;
  throw new ApiError(response.status, friendly(response.status, undefined));
}
/** Sets the workspace's logo from an image file (admins); the server re-encodes it. */
export const uploadQrLogo = (file: File) =>
  answer(
    api.PUT('/workspace/qr-logo', {
      // The file is the body as it is, labelled with its own type.
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'content-type': file.type },
    }),
  );
export const removeQrLogo = () => answer(api.DELETE('/workspace/qr-logo'));

// Choice pages.
export const getLandingOptions = (id: number) => answer(api.GET('/links/{id}/landing-options', byId(id)));
export const setLandingOptions = (id: number, options: string[]) =>
  answer(api.PUT('/links/{id}/landing-options', { ...byId(id), body: { options } }));
export const clearLandingOptions = (id: number) => answer(api.DELETE('/links/{id}/landing-options', byId(id)));

// Categories.
export const listCategories = () => answer(api.GET('/categories'));
export const createCategory = (body: CategoryInput) => answer(api.POST('/categories', { body }));
export const renameCategory = (id: number, body: CategoryInput) =>
  answer(api.PATCH('/categories/{id}', { ...byId(id), body }));
export const deleteCategory = (id: number) => answer(api.DELETE('/categories/{id}', byId(id)));

// Tags.
export const listTags = () => answer(api.GET('/tags'));
export const createTag = (body: TagInput) => answer(api.POST('/tags', { body }));
export const updateTag = (id: number, body: TagChanges) => answer(api.PATCH('/tags/{id}', { ...byId(id), body }));
export const deleteTag = (id: number) => answer(api.DELETE('/tags/{id}', byId(id)));

// Affiliate tags.
export const listAffiliatePrograms = () => answer(api.GET('/affiliate-programs'));
export const listAffiliateTags = () => answer(api.GET('/affiliates'));
export const createAffiliateTag = (body: CreateAffiliateTagInput) => answer(api.POST('/affiliates', { body }));
export const updateAffiliateTag = (id: number, body: AffiliateTagChanges) =>
  answer(api.PATCH('/affiliates/{id}', { ...byId(id), body }));
export const deleteAffiliateTag = (id: number) => answer(api.DELETE('/affiliates/{id}', byId(id)));

// Custom domains.
export const listDomains = () => answer(api.GET('/domains'));
export const createDomain = (body: CreateDomainInput) => answer(api.POST('/domains', { body }));
export const checkDomain = (id: number) => answer(api.POST('/domains/{id}/check', byId(id)));
export const deleteDomain = (id: number) => answer(api.DELETE('/domains/{id}', byId(id)));

// Imports and export.
/**
 * The schema types the CSV body as its text; the File itself goes instead (the browser streams it, where
 * its text would first be read into memory, up to 50 MB), so `body` only stands for it here.
 */
export const startImport = (file: Blob) =>
  answer(api.POST('/imports', { body: '', bodySerializer: () => file, headers: { 'content-type': 'text/csv' } }));
export const getImport = (id: number) => answer(api.GET('/imports/{id}', byId(id)));
export const listImports = () => answer(api.GET('/imports'));
/** A plain link downloads it: the session cookie goes along, and a GET needs no CSRF header. */
export const EXPORT_URL = `/api/v1${'/links/export' satisfies keyof paths}`;

// The account's password and sessions.
/** 204; the person's other sessions end, this one stays. */
export const changePassword = (body: ChangePasswordInput) => answer(dashboardApi.POST('/password', { body }));
/** 204; every session of the person ends, this one included. */
export const signOutEverywhere = () => answer(dashboardApi.POST('/signout-everywhere'));

// Forgotten passwords and email verification (the pages the account emails link to).
/** Whether this instance sends email; asked signed out too. */
export const getDashboardConfig = () => answer(dashboardApi.GET('/config'));
/** 202 with the same words whether an account has the address or not. */
export const forgotPassword = (body: ForgotPasswordInput) => answer(dashboardApi.POST('/password/forgot', { body }));
/** 204; every session of the account ends, this browser's too. */
export const resetPassword = (body: ResetPasswordInput) => answer(dashboardApi.POST('/password/reset', { body }));
export const verifyEmail = (token: string) => answer(dashboardApi.POST('/verify-email', { body: { token } }));
/** 202: a new verification link is on its way. */
export const resendVerification = () => answer(dashboardApi.POST('/verify-email/resend'));

// Webhooks (Business).
// The workspace's postback for its network's sale reports (docs/api.md "The postback").
export const getPostbackSettings = () => answer(api.GET('/conversions/postback'));
export const updatePostbackSettings = (body: PostbackSettingsInput) =>
  answer(api.PUT('/conversions/postback', { body }));
/** The answer carries the new secret and the URL with it: the only time they are shown. */
export const rotatePostbackSecret = () => answer(api.POST('/conversions/postback/rotate'));

export const listWebhooks = () => answer(api.GET('/webhooks'));
/** The answer carries the signing secret: the only time it is shown. */
export const createWebhook = (body: CreateWebhookInput) => answer(api.POST('/webhooks', { body }));
export const updateWebhook = (id: number, body: UpdateWebhookInput) =>
  answer(api.PATCH('/webhooks/{id}', { ...byId(id), body }));
export const deleteWebhook = (id: number) => answer(api.DELETE('/webhooks/{id}', byId(id)));
/** Queues a `webhook.test` delivery (202); its outcome shows in the deliveries. */
export const sendTestWebhook = (id: number) => answer(api.POST('/webhooks/{id}/test', byId(id)));
/** The 50 most recent deliveries, newest first (the API does not page them). */
export const listDeliveries = (id: number) => answer(api.GET('/webhooks/{id}/deliveries', byId(id)));

// The workspace: its settings, members, invitations and audit log (the public API, in the shown workspace).
export const getWorkspace = () => answer(api.GET('/workspace'));
export const updateWorkspace = (body: WorkspaceChanges) => answer(api.PATCH('/workspace', { body }));
export const listMembers = () => answer(api.GET('/workspace/members'));
const byUser = (userId: number) => ({ params: { path: { user_id: userId } } });
export const changeMemberRole = (userId: number, role: Role) =>
  answer(api.PATCH('/workspace/members/{user_id}', { ...byUser(userId), body: { role } }));
export const removeMember = (userId: number) => answer(api.DELETE('/workspace/members/{user_id}', byUser(userId)));
/** The owner becomes an admin; `userId` the owner. */
export const transferOwnership = (userId: number) =>
  answer(api.POST('/workspace/transfer', { body: { user_id: userId } }));
export const listInvitations = () => answer(api.GET('/workspace/invitations'));
/** Inviting an address again sends it a new link; the answer holds the link (`accept_url`) this once. */
export const inviteMember = (body: InvitationInput) => answer(api.POST('/workspace/invitations', { body }));
export const revokeInvitation = (id: number) => answer(api.DELETE('/workspace/invitations/{id}', byId(id)));
/** A page of the audit log, newest first; pass the answer's `next_cursor` as `cursor` for the next. */
export const auditLog = (query: AuditQuery, signal?: AbortSignal) =>
  answer(api.GET('/audit-log', { params: { query }, signal }));

// Workspaces (the dashboard's own endpoints).
export const createWorkspace = (body: CreateWorkspaceInput) => answer(dashboardApi.POST('/workspaces', { body }));
export const leaveWorkspace = () => answer(dashboardApi.POST('/workspace/leave'));
/** `confirm` is the workspace's name, typed again. */
export const deleteWorkspace = (confirm: string) => answer(dashboardApi.DELETE('/workspace', { body: { confirm } }));

// Invitations, from the link they were sent as (no workspace of the person's yet).
export const describeInvitation = (token: string) =>
  answer(dashboardApi.POST('/invitations/describe', { body: { token } }));
export const acceptInvitation = (token: string) =>
  answer(dashboardApi.POST('/invitations/accept', { body: { token } }));
export const declineInvitation = (token: string) =>
  answer(dashboardApi.POST('/invitations/decline', { body: { token } }));
