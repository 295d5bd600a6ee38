import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely table types. Timestamps are ISO-8601 UTC strings with milliseconds in both engines,
 * so they sort as text and compare the same on SQLite and PostgreSQL. Booleans are 0/1 integers
 * for the same reason (SQLite has no boolean type).
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  /** The workspace made at sign-up: where the dashboard opens, what `user set-plan` changes. */
  personal_workspace_id: number | null;
  /** When the address was shown to be the owner's; null until then (migration 021). */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** Two-factor sign-in (migration 022): the TOTP secret, when it was turned on, the last step used. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  plan: string;
  /** Optional on insert: a new workspace has never been downgraded. */
  downgraded_at: ColumnType<string | null, string | null | undefined, string | null>;
  localize_default: ColumnType<number, number | undefined, number>;
  require_two_factor: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  role: string;
  created_at: string;
  updated_at: string;
}

/** A pending invitation: single use, bound to the invited email, `expires_at` 7 days after it was sent. */
export interface WorkspaceInvitationsTable {
  id: Generated<number>;
  workspace_id: number;
  email: string;
  role: string;
  token_hash: string;
  invited_by: number | null;
  expires_at: string;
  created_at: string;
}

/** Who did what, when, from where; kept AUDIT_RETENTION_DAYS. */
export interface AuditLogTable {
  id: Generated<number>;
  workspace_id: number;
  actor_user_id: number | null;
  /** The actor's email at the time: the log still reads after the user is gone. */
  actor_email: string | null;
  actor_token_id: number | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  /** JSON: the names of the fields changed, never their values. */
  fields: string;
  address: string | null;
  created_at: string;
}

/** A single-use link of an account email: only its SHA-256 is kept (migration 021). */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  token_hash: string;
  email: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  /** Who made it; the token acts in `workspace_id` with at most that member's role. */
  user_id: number;
  workspace_id: number;
  name: string;
  token_hash: string;
  /** Its first characters (`hl_` and 4 more, migration 032), shown to tell tokens apart; null before. */
  hint: string | null;
  abilities: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  /** The name in lower case: unique per workspace (migration 023). */
  name_key: string;
  color: string;
  created_at: string;
  updated_at: string;
}

export interface LinkTagsTable {
  link_id: number;
  tag_id: number;
}

export interface DomainsTable {
  id: Generated<number>;
  workspace_id: number;
  hostname: string;
  status: string;
  verification_token: string;
  /** 1 when only the TXT token proves control (the hostname was claimed by another account before). */
  requires_txt: Generated<number>;
  /** The last check's findings (migration 024): 'ok' | 'missing'; 'ok' | 'missing' | 'wrong' | 'unchecked'. */
  ownership_check: string | null;
  routing_check: string | null;
  last_checked_at: string | null;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DomainClaimsTable {
  hostname: string;
  workspace_id: number;
  claimed_at: string;
}

export interface LinksTable {
  id: Generated<number>;
  workspace_id: number;
  domain_id: number | null;
  short_code: string;
  redirect_url: string;
  type: string;
  is_active: number;
  click_count: number;
  category_id: number | null;
  conditions: string;
  title: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  max_clicks: ColumnType<number | null, number | null | undefined, number | null>;
  expired_url: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the link's UTM fields, its A/B variants, its social preview; null when unset. */
  utm: ColumnType<string | null, string | null | undefined, string | null>;
  variants: ColumnType<string | null, string | null | undefined, string | null>;
  preview: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 or 0; null follows the owner's users.localize_default. */
  localize: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: each counted visit gets a click id in the destination's sub-id parameter (migration 027). */
  pass_click_id: ColumnType<number, number | undefined, number>;
  /** 1 or 0 (migration 026): phone visitors get the page that opens the destination's app. */
  open_in_app: ColumnType<number, number | undefined, number>;
  /** The tracking id injected instead of the program's tag (migration 026); null: the tag. */
  tracking_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Link health (migration 008): the last check, and the checker's schedule and lease. */
  health_status: ColumnType<string, string | undefined, string>;
  health_checked_at: ColumnType<string | null, string | null | undefined, string | null>;
  health_http_status: ColumnType<number | null, number | null | undefined, number | null>;
  health_error: ColumnType<string | null, string | null | undefined, string | null>;
  health_affiliate_tag_lost: ColumnType<number | null, number | null | undefined, number | null>;
  health_due_at: ColumnType<string | null, string | null | undefined, string | null>;
  health_locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  health_lease: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface ClicksTable {
  id: Generated<number>;
  link_id: number;
  clicked_at: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  referrer_host: string | null;
  is_bot: number;
  option_index: number | null;
  variant_index: ColumnType<number | null, number | null | undefined, number | null>;
  language: ColumnType<string | null, string | null | undefined, string | null>;
  utm_source: ColumnType<string | null, string | null | undefined, string | null>;
  utm_medium: ColumnType<string | null, string | null | undefined, string | null>;
  utm_campaign: ColumnType<string | null, string | null | undefined, string | null>;
  /** The visit's click id (links with pass_click_id), unique where set. */
  click_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sale a network reported (migration 027); amounts in the currency's minor units. */
export interface ConversionsTable {
  id: Generated<number>;
  workspace_id: number;
  link_id: number | null;
  click_id: string | null;
  order_id: string;
  amount_minor: ColumnType<string | number, number, number>;
  commission_minor: ColumnType<string | number | null, number | null, number | null>;
  currency: string;
  status: string;
  source: string;
  occurred_at: string;
  created_at: string;
  updated_at: string;
  /** The attributed link's affiliate program when attributed (migration 030); 0: none. */
  program_id: ColumnType<number, number | undefined, number>;
  /** The tracking id that link chose; '': the program's own tag. */
  tracking_id: ColumnType<string, string | undefined, string>;
}

/** Per workspace, day, program, tracking id and currency: the attributed conversions not reversed. */
export interface WorkspaceDailyConversionsTable {
  workspace_id: number;
  day: string;
  program_id: number;
  tracking_id: string;
  currency: string;
  conversions: number;
  revenue_minor: ColumnType<string | number, number, number>;
  earnings_minor: ColumnType<string | number, number, number>;
}

/** Per link, day and currency: the conversions not reversed, their revenue and earnings. */
export interface LinkDailyConversionsTable {
  link_id: number;
  day: string;
  currency: string;
  conversions: number;
  revenue_minor: ColumnType<string | number, number, number>;
  earnings_minor: ColumnType<string | number, number, number>;
}

/** A workspace's postback endpoint: its secret's SHA-256 and its network's parameter names (JSON). */
export interface PostbackEndpointsTable {
  workspace_id: number;
  secret_hash: string;
  parameter_names: string;
  created_at: string;
  updated_at: string;
}

export interface LinkDailyStatsTable {
  link_id: number;
  day: string;
  clicks: number;
  unique_clicks: ColumnType<number, number | undefined, number>;
}

/** A link's bot visits per UTC day (migration 018): bots leave this count and no raw click. */
export interface LinkDailyBotsTable {
  link_id: number;
  day: string;
  bots: number;
}

export interface WorkspaceDailyStatsTable {
  workspace_id: number;
  day: string;
  clicks: number;
  unique_clicks: number;
}

/** A workspace's links, spread over 16 rows by link id; kept by triggers (migration 029), never by the application. */
export interface WorkspaceLinkCountsTable {
  workspace_id: number;
  shard: number;
  links: number;
}

/** The account's clicks per day and breakdown value (migration 028), kept by the click writer. */
export interface WorkspaceDailyDimensionStatsTable {
  workspace_id: number;
  day: string;
  dimension: string;
  value: string;
  clicks: number;
}

export interface DailySaltsTable {
  day: string;
  salt: string;
}

export interface LinkDailyVisitorsTable {
  link_id: number;
  day: string;
  visitor: string;
}

export interface LinkDailyDimensionStatsTable {
  link_id: number;
  day: string;
  dimension: string;
  value: string;
  clicks: number;
}

/** A link's clicks per UTC day and combination of breakdown values (migration 025): filtered statistics. */
export interface LinkDailyFacetsTable {
  link_id: number;
  day: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  referrer: string;
  language: string;
  /** '' when the visit carried none. */
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  /** -1 for none. */
  variant: number;
  /** '' for none. */
  storefront: string;
  clicks: number;
}

export interface LinkDimensionStatsTable {
  link_id: number;
  dimension: string;
  value: string;
  clicks: number;
}

export interface LandingOptionsTable {
  link_id: number;
  position: number;
  url: string;
  picks: number;
}

export interface AffiliateTagsTable {
  id: Generated<number>;
  workspace_id: number;
  program_id: number;
  tag: string;
  /** The record's extra tracking ids, a JSON array of strings (migration 026). */
  tracking_ids: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  expires_at: string;
  created_at: string;
  last_seen_at: string;
  /** The device and address the session signed in from (null for sessions older than migration 022). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip_address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use recovery code of two-factor sign-in, as its SHA-256. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A right password waiting for its second factor: the SHA-256 of the browser's token. */
export interface SignInChallengesTable {
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

/** Keys the service made once and keeps (the remembered devices' HMAC key). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

export interface WebhooksTable {
  id: Generated<number>;
  workspace_id: number;
  url: string;
  events: string;
  description: string | null;
  secret: string;
  is_active: number;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  delivery_id: string;
  event: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface ProcessedStreamEntriesTable {
  entry_id: string;
  processed_at: string;
}

export interface ImportsTable {
  id: Generated<number>;
  workspace_id: number;
  status: string;
  total: number | null;
  /** Data rows committed so far: where a resumed job starts again. */
  processed: Generated<number>;
  created: Generated<number>;
  skipped: Generated<number>;
  invalid: Generated<number>;
  /** JSON: the first 100 row errors, `[{row, message}]`. */
  errors: Generated<string>;
  failure_reason: string | null;
  /** `links` or `amazon-earnings` (migration 027). */
  format: ColumnType<string, string | undefined, string>;
  /** How many times an instance has started (or resumed) the job. */
  attempts: Generated<number>;
  lease: string | null;
  locked_until: string | null;
  /** When an instance last claimed the job: the worker serves the account waiting longest since. */
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A piece of an import's uploaded file, its bytes in file order by `seq` (from 0); deleted when the job ends. */
/** A workspace's QR-code logo: the service's PNG re-encoding of the upload, never the upload itself. */
export interface WorkspaceQrLogosTable {
  workspace_id: number;
  image: Uint8Array;
  width: number;
  height: number;
  updated_at: string;
}

export interface ImportUploadChunksTable {
  import_id: number;
  seq: number;
  data: Uint8Array;
}

/**
 * The uploaded CSV of an import queued before uploads were chunked, as text (apart from the job row,
 * which every chunk updates).
 */
export interface ImportSourcesTable {
  import_id: number;
  source: string;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  audit_log: AuditLogTable;
  api_tokens: ApiTokensTable;
  categories: CategoriesTable;
  tags: TagsTable;
  link_tags: LinkTagsTable;
  domains: DomainsTable;
  domain_claims: DomainClaimsTable;
  links: LinksTable;
  clicks: ClicksTable;
  conversions: ConversionsTable;
  link_daily_conversions: LinkDailyConversionsTable;
  workspace_daily_conversions: WorkspaceDailyConversionsTable;
  postback_endpoints: PostbackEndpointsTable;
  link_daily_stats: LinkDailyStatsTable;
  link_daily_bots: LinkDailyBotsTable;
  daily_salts: DailySaltsTable;
  workspace_daily_stats: WorkspaceDailyStatsTable;
  workspace_daily_dimension_stats: WorkspaceDailyDimensionStatsTable;
  workspace_link_counts: WorkspaceLinkCountsTable;
  link_daily_visitors: LinkDailyVisitorsTable;
  link_daily_dimension_stats: LinkDailyDimensionStatsTable;
  link_dimension_stats: LinkDimensionStatsTable;
  link_daily_facets: LinkDailyFacetsTable;
  landing_options: LandingOptionsTable;
  affiliate_tags: AffiliateTagsTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  server_keys: ServerKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  processed_stream_entries: ProcessedStreamEntriesTable;
  imports: ImportsTable;
  import_sources: ImportSourcesTable;
  import_upload_chunks: ImportUploadChunksTable;
  account_tokens: AccountTokensTable;
  workspace_qr_logos: WorkspaceQrLogosTable;
}
