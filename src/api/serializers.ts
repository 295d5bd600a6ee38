import { isExpired } from '../core/link-expiry.ts';
import type { Category, Link } from '../core/model.ts';
import type { ImportJob } from '../storage/imports.kysely.ts';

/** A link's short_url: SHORT_URL/<code>, or https://<custom domain>/<code> for a link on a custom domain. */
export function shortUrl(link: Pick<Link, 'shortCode' | 'domain'>, shortBase: string): string {
  return link.domain ? `https://${link.domain.hostname}/${link.shortCode}` : `${shortBase}/${link.shortCode}`;
}

export function linkResource(link: Link, shortBase: string) {
  return {
    id: link.id,
    short_code: link.shortCode,
    short_url: shortUrl(link, shortBase),
    redirect_url: link.redirectUrl,
    type: link.type,
    is_active: link.isActive,
    click_count: link.clickCount,
    category: link.category,
    domain: link.domain,
    title: link.title,
    expires_at: link.expiresAt,
    max_clicks: link.maxClicks,
    expired_url: link.expiredUrl,
    has_password: link.passwordHash !== null,
    utm: link.utm,
    variants: link.variants,
    preview: link.preview,
    is_expired: isExpired(link, Date.now()),
    localize: link.localize ?? link.localizeDefault,
    localize_follows_default: link.localize === null,
    pass_click_id: link.passClickId,
    tags: link.tags,
    open_in_app: link.openInApp,
    tracking_id: link.trackingId,
    health: {
      status: link.health.status,
      checked_at: link.health.checkedAt,
      http_status: link.health.httpStatus,
      error: link.health.error,
      affiliate_tag_lost: link.health.affiliateTagLost,
    },
    created_at: link.createdAt,
    updated_at: link.updatedAt,
  };
}

export function linkDetailResource(link: Link, shortBase: string) {
  return { ...linkResource(link, shortBase), conditions: link.conditions };
}

export function categoryResource(category: Category) {
  return { id: category.id, name: category.name, created_at: category.createdAt, updated_at: category.updatedAt };
}

/**
 * Laravel's LengthAwarePaginator envelope. Page URLs keep the query parameters the client sent
 * (not the defaults validation filled in), with `page` replaced.
 */
export function paginate<T>(
  data: T[],
  options: { total: number; page: number; perPage: number; path: string; requestUrl: string },
) {
  const lastPage = Math.max(1, Math.ceil(options.total / options.perPage));
  const sent = new URL(options.requestUrl, 'http://request.invalid').searchParams;
  const pageUrl = (page: number) => {
    const params = new URLSearchParams(sent);
    params.delete('page');
    params.set('page', String(page));
    return `${options.path}?${params.toString()}`;
  };
  const from = data.length > 0 ? (options.page - 1) * options.perPage + 1 : null;
  return {
    data,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: options.page > 1 ? pageUrl(Math.min(options.page - 1, lastPage)) : null,
      next: options.page < lastPage ? pageUrl(options.page + 1) : null,
    },
    meta: {
      current_page: options.page,
      from,
      last_page: lastPage,
      path: options.path,
      per_page: options.perPage,
      to: from === null ? null : from + data.length - 1,
      total: options.total,
    },
  };
}

export function importResource(job: ImportJob) {
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    processed: job.processed,
    created: job.created,
    skipped: job.skipped,
    invalid: job.invalid,
    errors: job.errors,
    failure_reason: job.failureReason,
    format: job.format,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    finished_at: job.finishedAt,
  };
}
