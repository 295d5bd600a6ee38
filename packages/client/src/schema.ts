/**
 * Generated from packages/client/openapi.json by openapi-typescript. Do not edit by hand:
 * run `npm run generate -w @hoplink/client` after changing a route or schema.
 * openapi.json sha256: 767f5697f0303490568088a55f36568b9ddd7f6b25663f8ae2528a7b0518889d
 */
export interface paths {
  '/links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List links
     * @description Your links, newest first by default. `search` matches redirect_url, short_code or title, case-insensitively; `tag` keeps the links carrying any of the tags named.
     */
    get: {
      parameters: {
        query?: {
          sort?: 'created_at' | 'click_count' | 'redirect_url' | 'short_code' | 'id';
          direction?: 'asc' | 'desc';
          category_id?: number;
          search?: string;
          /** @description Only links whose last check found this: ok, broken or unknown. */
          health?: 'ok' | 'broken' | 'unknown';
          /**
           * @description Only links carrying any of these tags: names separated by commas (at most 20), any case.
           * @example black friday,newsletter
           */
          tag?: string;
          per_page?: number;
          /** @description 1 to 1,000,000; past the last page the list is empty. */
          page?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of links, with the links to other pages and the counts. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 42,
             *           "short_code": "aB3xY9z",
             *           "short_url": "https://hop.example.com/aB3xY9z",
             *           "redirect_url": "https://example.com/sale",
             *           "type": "simple",
             *           "is_active": true,
             *           "click_count": 128,
             *           "category": {
             *             "id": 3,
             *             "name": "Newsletter"
             *           },
             *           "domain": null,
             *           "title": "Black Friday sale",
             *           "expires_at": "2026-12-01T00:00:00.000Z",
             *           "max_clicks": null,
             *           "expired_url": "https://example.com/sale-over",
             *           "has_password": false,
             *           "utm": {
             *             "source": "newsletter",
             *             "medium": "email",
             *             "campaign": "black-friday",
             *             "term": null,
             *             "content": null
             *           },
             *           "variants": null,
             *           "preview": null,
             *           "is_expired": false,
             *           "localize": false,
             *           "localize_follows_default": true,
             *           "tags": [
             *             {
             *               "id": 7,
             *               "name": "Black Friday",
             *               "color": "orange"
             *             }
             *           ],
             *           "pass_click_id": false,
             *           "open_in_app": false,
             *           "tracking_id": null,
             *           "health": {
             *             "status": "ok",
             *             "checked_at": "2026-11-02T06:00:00.000Z",
             *             "http_status": 200,
             *             "error": null,
             *             "affiliate_tag_lost": false
             *           },
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         },
             *         {
             *           "id": 41,
             *           "short_code": "summer-sale",
             *           "short_url": "https://hop.example.com/summer-sale",
             *           "redirect_url": "https://example.com/summer?utm_source=newsletter",
             *           "type": "simple",
             *           "is_active": true,
             *           "click_count": 12,
             *           "category": null,
             *           "domain": null,
             *           "title": null,
             *           "expires_at": null,
             *           "max_clicks": null,
             *           "expired_url": null,
             *           "has_password": false,
             *           "utm": null,
             *           "variants": [
             *             {
             *               "url": "https://example.com/summer-a",
             *               "weight": 70
             *             },
             *             {
             *               "url": "https://example.com/summer-b",
             *               "weight": 30
             *             }
             *           ],
             *           "preview": null,
             *           "is_expired": false,
             *           "localize": false,
             *           "localize_follows_default": true,
             *           "tags": [
             *             {
             *               "id": 7,
             *               "name": "Black Friday",
             *               "color": "orange"
             *             }
             *           ],
             *           "pass_click_id": false,
             *           "open_in_app": false,
             *           "tracking_id": null,
             *           "health": {
             *             "status": "ok",
             *             "checked_at": "2026-11-02T06:00:00.000Z",
             *             "http_status": 200,
             *             "error": null,
             *             "affiliate_tag_lost": false
             *           },
             *           "created_at": "2026-10-28T14:03:51.000Z",
             *           "updated_at": "2026-10-28T14:03:51.000Z"
             *         }
             *       ],
             *       "links": {
             *         "first": "https://links.example.com/api/v1/links?per_page=2&page=1",
             *         "last": "https://links.example.com/api/v1/links?per_page=2&page=3",
             *         "prev": null,
             *         "next": "https://links.example.com/api/v1/links?per_page=2&page=2"
             *       },
             *       "meta": {
             *         "current_page": 1,
             *         "from": 1,
             *         "last_page": 3,
             *         "path": "https://links.example.com/api/v1/links",
             *         "per_page": 2,
             *         "to": 2,
             *         "total": 5
             *       }
             *     }
             */
            'application/json': {
              data: components['schemas']['Link'][];
              links: {
                first: string;
                last: string;
                prev: string | null;
                next: string | null;
              };
              meta: {
                current_page: number;
                from: number | null;
                last_page: number;
                path: string;
                per_page: number;
                to: number | null;
                total: number;
              };
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a link
     * @description Creates a link with a random 7-character base62 code, or the custom `short_code`. `conditions`, `domain_id`, `password`, `variants` and `preview` need the Business plan; `title`, `expires_at`, `max_clicks`, `expired_url` and `utm` the Pro or Business plan.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: http-url
             * @description Absolute http or https URL, at most 2048 characters.
             */
            redirect_url: string;
            category_id?: number | null;
            /** @description Custom alias: 3-64 of A-Z a-z 0-9 _ -, unique per domain, not reserved. */
            short_code?: string;
            domain_id?: number | null;
            is_active?: boolean;
            /** @description Targeting conditions (Business plan), at most 20; an empty list removes them. */
            conditions?: (
              | {
                  /** @enum {string} */
                  type: 'country';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Countries, from the GeoIP database; a code that names no country is refused. */
                  values: string[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'device';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Device classes, from the user agent. */
                  values: ('desktop' | 'mobile' | 'tablet')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'os';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Operating systems, from the user agent. */
                  values: ('ios' | 'android' | 'windows' | 'macos' | 'linux')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'browser';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Browsers, from the user agent. */
                  values: ('chrome' | 'safari' | 'firefox' | 'edge' | 'opera' | 'samsung')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'language';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Languages: the primary subtag of the visitor's preferred Accept-Language entry; a code that names no language is refused. */
                  values: string[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
            )[];
            /** @description Pro: tag names; the ones that do not exist yet are made. At most 20. */
            tags?: string[];
            /** @description A label of your own (Pro); `search` matches it too. */
            title?: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 with a time zone, in the future (Pro). From then on the link is expired.
             */
            expires_at?: string | null;
            /** @description The link is expired once click_count reaches this (Pro); exactly this many visitors get through. */
            max_clicks?: number | null;
            /**
             * Format: http-url
             * @description Where an expired link sends visitors (302); without it they get a 410 page (Pro).
             */
            expired_url?: string | null;
            /** @description Write-only (Business): visitors must enter it; stored hashed; null removes it. */
            password?: string | null;
            /** @description utm_* parameters set on the destination at redirect time, after the affiliate tag (Pro). */
            utm?: {
              source?: string | null;
              medium?: string | null;
              campaign?: string | null;
              term?: string | null;
              content?: string | null;
            } | null;
            /** @description A/B split (Business): each visitor gets variant i with probability weight_i / sum of weights, and keeps it. Excludes choice-page options. */
            variants?:
              | {
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  url: string;
                  /** @description A share: 1-100. */
                  weight: number;
                }[]
              | null;
            /** @description The social card link-preview crawlers get (Business). */
            preview?: {
              title?: string | null;
              description?: string | null;
              /**
               * Format: https-url
               * @description An absolute https URL.
               */
              image?: string | null;
            } | null;
            /** @description Business: send visitors of Amazon product or search URLs and Apple links to their own country's storefront (with your tag there). null follows the account's default (off unless turned on). */
            localize?: boolean | null;
            /** @description Business: each counted visit gets a click id in the destination's sub-id parameter (Amazon ascsubtag, eBay customid, CJ sid, Impact subId1, Awin clickref, ShareASale afftrack, Rakuten u1) or in place of {click_id} anywhere in the URL; conversions name it (docs/api.md, "Affiliate money"). */
            pass_click_id?: boolean;
            /** @description Business: visitors on iOS or Android (in-app browsers too) whose destination has a known app (Amazon, YouTube, Instagram, ...) get a page that opens the app, then the web page if it does not open. Crawlers and desktops get the 302. Default false. */
            open_in_app?: boolean;
            /** @description Business: the tracking id injected instead of the program's tag: the tag or one of the tracking_ids of your tag record for the program of redirect_url. null: the record's tag. */
            tracking_id?: string | null;
          };
        };
      };
      responses: {
        /** @description The link created. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Link'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/links/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a link
     * @description The link including its targeting conditions.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The link. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LinkWithConditions'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a link
     * @description Deletes the link with its clicks, statistics and choice-page options; its short URL answers 404 from then on.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Update a link
     * @description Only the fields sent change.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            is_active?: boolean;
            category_id?: number | null;
            /**
             * Format: http-url
             * @description Absolute http or https URL, at most 2048 characters.
             */
            redirect_url?: string;
            domain_id?: number | null;
            /** @description Targeting conditions (Business plan), at most 20; an empty list removes them. */
            conditions?: (
              | {
                  /** @enum {string} */
                  type: 'country';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Countries, from the GeoIP database; a code that names no country is refused. */
                  values: string[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'device';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Device classes, from the user agent. */
                  values: ('desktop' | 'mobile' | 'tablet')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'os';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Operating systems, from the user agent. */
                  values: ('ios' | 'android' | 'windows' | 'macos' | 'linux')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'browser';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Browsers, from the user agent. */
                  values: ('chrome' | 'safari' | 'firefox' | 'edge' | 'opera' | 'samsung')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'language';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Languages: the primary subtag of the visitor's preferred Accept-Language entry; a code that names no language is refused. */
                  values: string[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
            )[];
            /** @description Pro: the link's tags from now on (the ones not named are taken off). At most 20. */
            tags?: string[];
            /** @description A label of your own (Pro); `search` matches it too. */
            title?: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 with a time zone, in the future (Pro). From then on the link is expired.
             */
            expires_at?: string | null;
            /** @description The link is expired once click_count reaches this (Pro); exactly this many visitors get through. */
            max_clicks?: number | null;
            /**
             * Format: http-url
             * @description Where an expired link sends visitors (302); without it they get a 410 page (Pro).
             */
            expired_url?: string | null;
            /** @description Write-only (Business): visitors must enter it; stored hashed; null removes it. */
            password?: string | null;
            /** @description utm_* parameters set on the destination at redirect time, after the affiliate tag (Pro). */
            utm?: {
              source?: string | null;
              medium?: string | null;
              campaign?: string | null;
              term?: string | null;
              content?: string | null;
            } | null;
            /** @description A/B split (Business): each visitor gets variant i with probability weight_i / sum of weights, and keeps it. Excludes choice-page options. */
            variants?:
              | {
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  url: string;
                  /** @description A share: 1-100. */
                  weight: number;
                }[]
              | null;
            /** @description The social card link-preview crawlers get (Business). */
            preview?: {
              title?: string | null;
              description?: string | null;
              /**
               * Format: https-url
               * @description An absolute https URL.
               */
              image?: string | null;
            } | null;
            /** @description Business: send visitors of Amazon product or search URLs and Apple links to their own country's storefront (with your tag there). null follows the account's default (off unless turned on). */
            localize?: boolean | null;
            /** @description Business: each counted visit gets a click id in the destination's sub-id parameter (Amazon ascsubtag, eBay customid, CJ sid, Impact subId1, Awin clickref, ShareASale afftrack, Rakuten u1) or in place of {click_id} anywhere in the URL; conversions name it (docs/api.md, "Affiliate money"). */
            pass_click_id?: boolean;
            /** @description Business: visitors on iOS or Android (in-app browsers too) whose destination has a known app (Amazon, YouTube, Instagram, ...) get a page that opens the app, then the web page if it does not open. Crawlers and desktops get the 302. Default false. */
            open_in_app?: boolean;
            /** @description Business: the tracking id injected instead of the program's tag: the tag or one of the tracking_ids of your tag record for the program of redirect_url. null: the record's tag. */
            tracking_id?: string | null;
          };
        };
      };
      responses: {
        /** @description The link, updated. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Link'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/links/{id}/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check the link’s destinations now
     * @description Starts a check of every destination of the link (redirect_url, condition URLs, choice-page options, variants) in the background and answers at once with the link as it is; `health` changes when the check is done (within seconds: at most 10 s of network time per destination). A check already running is not started twice. Business plan; needs the update ability.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The link; its check runs in the background. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Link'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/links/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export your links as CSV
     * @description Every link of yours, oldest first, as `text/csv` with the header `id,short_code,short_url,redirect_url,title,category,domain,is_active,click_count,expires_at,created_at`. Streamed from the database page by page, so any number of links downloads in constant memory. Empty cells are nulls. Pro and Business. The file imports back through POST /imports.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The CSV file (quoted where a cell needs it). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List imports
     * @description Your last 100 imports, newest first.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your imports. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 7,
             *           "status": "done",
             *           "total": 4,
             *           "processed": 4,
             *           "created": 2,
             *           "skipped": 1,
             *           "invalid": 1,
             *           "errors": [
             *             {
             *               "row": 2,
             *               "message": "The redirect url field must be a valid http or https URL of at most 2048 characters."
             *             },
             *             {
             *               "row": 4,
             *               "message": "The short code \"summer-sale\" has already been taken; the row was skipped."
             *             }
             *           ],
             *           "failure_reason": null,
             *           "format": "links",
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-02T09:15:03.000Z",
             *           "finished_at": "2026-11-02T09:15:03.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Import'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Import links from a CSV file
     * @description Send the file itself as the body with `Content-Type: text/csv` (at most 50 MB; larger is a 413). An account may have 2 imports under way (uploading, queued or running); one more is a 429 saying how many there are. The file is stored as it arrives; the header row is checked at once (422 without a destination column); the rows are imported in the background, accounts in turn: poll GET /imports/{id}. Recognised headers (case and punctuation ignored): `redirect_url`/`url`/`long_url`/`target`, `short_code`/`keyword`/`alias`/`custom_alias`/`address`, `link`/`short_url` (its last path segment is the code when there is no code column), `title`/`description`, `category`/`tags` (first tag), `created_at`/`timestamp`/`date`/`dateCreated`/`createDate`; other columns are ignored. Rows are validated like POST /links; a bad row never stops the others and a taken code is skipped. `format=amazon-earnings` takes an Amazon Associates earnings report instead (columns Tracking ID, ASIN, Items Shipped, Revenue, Ad Fees or Earnings, and Sub Tag when your links carried click ids): each row becomes a conversion, attributed by its sub-tag; the same report imported again adds nothing.
     */
    post: {
      parameters: {
        query?: {
          /** @description links (the default), or amazon-earnings: conversions. */
          format?: 'links' | 'amazon-earnings';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The CSV file: a header row, then one link per row. */
      requestBody: {
        content: {
          /**
           * @example long_url,short_code,title,tags
           *     https://example.com/sale,summer-sale,Summer sale,newsletter|promo
           *     https://example.com/about,,,
           */
          'text/csv': string;
        };
      };
      responses: {
        /** @description Queued; the import runs in the background. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Import'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an import
     * @description Its status and counters: poll it while it runs. `errors` holds the first 100 rows refused or skipped, by 1-based data row number (the first row under the header is 1).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The import. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Import'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/links/{id}/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A link's click statistics
     * @description Totals and unique visitors on every plan with API access. Business adds the `trend` (the last 30 UTC days, or `from`..`to`) and, per `with` dimension (comma-separated: country, device, browser, os, referrer, language, utm_source, utm_medium, utm_campaign, storefront), a breakdown over all time or the range. Business filters (`country=DE&device=mobile`, each one value, AND) restrict the clicks, the trend and every breakdown to the matching visits (unique visitors are then null). Answered from rollups.
     */
    get: {
      parameters: {
        query?: {
          /** @description Business only: country,device,browser,os,referrer,language,utm_source,utm_medium,utm_campaign,storefront */
          with?: string;
          /** @description Business: first UTC day (YYYY-MM-DD), inclusive. With `to`, at most 366 days. */
          from?: string;
          /** @description Business: last UTC day, inclusive. */
          to?: string;
          /** @description Business: only the visits with this country. ISO 3166 alpha-2 (XX: unknown), e.g. DE. Filters combine with AND. */
          country?: string;
          /** @description Business: only the visits with this referrer. A referring host, or direct. Filters combine with AND. */
          referrer?: string;
          /** @description Business: only the visits with this device. desktop, mobile, tablet, .... Filters combine with AND. */
          device?: string;
          /** @description Business: only the visits with this browser. As in the browser breakdown, e.g. chrome. Filters combine with AND. */
          browser?: string;
          /** @description Business: only the visits with this os. As in the os breakdown, e.g. macos. Filters combine with AND. */
          os?: string;
          /** @description Business: only the visits with this language. As in the language breakdown, e.g. de (unknown: none sent). Filters combine with AND. */
          language?: string;
          /** @description Business: only the visits with this utm_source. A utm_source value. Filters combine with AND. */
          utm_source?: string;
          /** @description Business: only the visits with this utm_medium. A utm_medium value. Filters combine with AND. */
          utm_medium?: string;
          /** @description Business: only the visits with this utm_campaign. A utm_campaign value. Filters combine with AND. */
          utm_campaign?: string;
        };
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Totals; with the Business plan also the trend, the breakdowns asked for, choice-page picks and variants. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              link_id: number;
              /** @description All counted clicks (bots excluded). */
              total_clicks: number;
              /** @description Visitors counted once per UTC day, summed over days (a visitor is a daily-salted hash of address and user agent; the salt is discarded). Bots count in neither. null when the statistics are filtered: the rollup that filters counts clicks, not who made them. */
              unique_clicks: number | null;
              /** @description Since the first day of the current UTC month. */
              clicks_this_month: number;
              /** @description Business: the last 30 UTC days including today, or from..to, oldest first, zero-filled. */
              trend?: {
                /** Format: date */
                date: string;
                clicks: number;
                /** @description Distinct visitors that day; null when the statistics are filtered. */
                unique_clicks: number | null;
                /** @description Business: that day's conversions per currency (none: empty), the rates over that day's clicks. */
                conversions?: {
                  /** @description ISO 4217. */
                  currency: string;
                  /** @description Attributed conversions not reversed. */
                  conversions: number;
                  /** @description Their amounts, a decimal string. */
                  revenue: string;
                  /** @description Their commissions, a decimal string. */
                  earnings: string;
                  /** @description Conversions per counted click over the same days (4 decimals). */
                  conversion_rate: number;
                  /** @description Earnings per counted click: two decimals more than the currency has, rounded half up. */
                  epc: string;
                }[];
              }[];
              /** @description Business: visits by bots (isbot, or no user agent) over all time, or from..to, never counted as clicks. The first 100 of each UTC day are raw clicks too (`is_bot`), the rest only this count. */
              bot_visits?: number;
              /** @description Business: per currency, the conversions of the same days as the clicks (all time for a link without from/to; the range or the last 30 days for the account). Unattributed conversions are in none. */
              conversions?: {
                /** @description ISO 4217. */
                currency: string;
                /** @description Attributed conversions not reversed. */
                conversions: number;
                /** @description Their amounts, a decimal string. */
                revenue: string;
                /** @description Their commissions, a decimal string. */
                earnings: string;
                /** @description Conversions per counted click over the same days (4 decimals). */
                conversion_rate: number;
                /** @description Earnings per counted click: two decimals more than the currency has, rounded half up. */
                epc: string;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              country?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              device?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              browser?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              os?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              referrer?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              language?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              utm_source?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              utm_medium?: {
                value: string;
                clicks: number;
              }[];
              /** @description Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`. */
              utm_campaign?: {
                value: string;
                clicks: number;
              }[];
              /** @description Links with storefront localisation: every click by the storefront it was sent to (amazon.de, apple:de), the original one included, most first. */
              storefront?: {
                value: string;
                clicks: number;
              }[];
              /** @description Business, choice-page links: picks per option, in option order. */
              options?: {
                url: string;
                picks: number;
              }[];
              /** @description Business, links with A/B variants: counted clicks sent to each variant, in variant order. */
              variants?: {
                url: string;
                clicks: number;
              }[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your account's statistics
     * @description Total and unique clicks of all your links, clicks this month, the daily trend (the last 30 UTC days, or `from`..`to`, at most 366 days) and the 10 links with the most clicks over that range. Business plan. `tag` restricts every figure to the links carrying any of the tags named; the filters of a link's statistics (`country=DE&device=mobile`) to the matching visits. The breakdowns by country, referrer, device, browser, os and language carry the 20 values with the most clicks.
     */
    get: {
      parameters: {
        query?: {
          /** @description Business: first UTC day (YYYY-MM-DD), inclusive. With `to`, at most 366 days. */
          from?: string;
          /** @description Business: last UTC day, inclusive. */
          to?: string;
          /** @description Business: only the visits with this country. ISO 3166 alpha-2 (XX: unknown), e.g. DE. Filters combine with AND. */
          country?: string;
          /** @description Business: only the visits with this referrer. A referring host, or direct. Filters combine with AND. */
          referrer?: string;
          /** @description Business: only the visits with this device. desktop, mobile, tablet, .... Filters combine with AND. */
          device?: string;
          /** @description Business: only the visits with this browser. As in the browser breakdown, e.g. chrome. Filters combine with AND. */
          browser?: string;
          /** @description Business: only the visits with this os. As in the os breakdown, e.g. macos. Filters combine with AND. */
          os?: string;
          /** @description Business: only the visits with this language. As in the language breakdown, e.g. de (unknown: none sent). Filters combine with AND. */
          language?: string;
          /** @description Business: only the visits with this utm_source. A utm_source value. Filters combine with AND. */
          utm_source?: string;
          /** @description Business: only the visits with this utm_medium. A utm_medium value. Filters combine with AND. */
          utm_medium?: string;
          /** @description Business: only the visits with this utm_campaign. A utm_campaign value. Filters combine with AND. */
          utm_campaign?: string;
          /**
           * @description Only the links carrying any of these tags: names separated by commas (at most 20), any case.
           * @example black friday
           */
          tag?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account's totals, trend, top links and breakdowns over the range, from the rollups. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "total_clicks": 5120,
             *       "unique_clicks": 3904,
             *       "clicks_this_month": 412,
             *       "trend": [
             *         {
             *           "date": "2026-10-22",
             *           "clicks": 2,
             *           "unique_clicks": 2
             *         },
             *         {
             *           "date": "2026-10-23",
             *           "clicks": 5,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-10-24",
             *           "clicks": 3,
             *           "unique_clicks": 3
             *         },
             *         {
             *           "date": "2026-10-25",
             *           "clicks": 0,
             *           "unique_clicks": 0
             *         },
             *         {
             *           "date": "2026-10-26",
             *           "clicks": 4,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-10-27",
             *           "clicks": 6,
             *           "unique_clicks": 5
             *         },
             *         {
             *           "date": "2026-10-28",
             *           "clicks": 1,
             *           "unique_clicks": 1
             *         },
             *         {
             *           "date": "2026-10-29",
             *           "clicks": 2,
             *           "unique_clicks": 2
             *         },
             *         {
             *           "date": "2026-10-30",
             *           "clicks": 5,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-10-31",
             *           "clicks": 3,
             *           "unique_clicks": 3
             *         },
             *         {
             *           "date": "2026-11-01",
             *           "clicks": 0,
             *           "unique_clicks": 0
             *         },
             *         {
             *           "date": "2026-11-02",
             *           "clicks": 4,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-11-03",
             *           "clicks": 6,
             *           "unique_clicks": 5
             *         },
             *         {
             *           "date": "2026-11-04",
             *           "clicks": 1,
             *           "unique_clicks": 1
             *         },
             *         {
             *           "date": "2026-11-05",
             *           "clicks": 2,
             *           "unique_clicks": 2
             *         },
             *         {
             *           "date": "2026-11-06",
             *           "clicks": 5,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-11-07",
             *           "clicks": 3,
             *           "unique_clicks": 3
             *         },
             *         {
             *           "date": "2026-11-08",
             *           "clicks": 0,
             *           "unique_clicks": 0
             *         },
             *         {
             *           "date": "2026-11-09",
             *           "clicks": 4,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-11-10",
             *           "clicks": 6,
             *           "unique_clicks": 5
             *         },
             *         {
             *           "date": "2026-11-11",
             *           "clicks": 1,
             *           "unique_clicks": 1
             *         },
             *         {
             *           "date": "2026-11-12",
             *           "clicks": 2,
             *           "unique_clicks": 2
             *         },
             *         {
             *           "date": "2026-11-13",
             *           "clicks": 5,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-11-14",
             *           "clicks": 3,
             *           "unique_clicks": 3
             *         },
             *         {
             *           "date": "2026-11-15",
             *           "clicks": 0,
             *           "unique_clicks": 0
             *         },
             *         {
             *           "date": "2026-11-16",
             *           "clicks": 4,
             *           "unique_clicks": 4
             *         },
             *         {
             *           "date": "2026-11-17",
             *           "clicks": 6,
             *           "unique_clicks": 5
             *         },
             *         {
             *           "date": "2026-11-18",
             *           "clicks": 1,
             *           "unique_clicks": 1
             *         },
             *         {
             *           "date": "2026-11-19",
             *           "clicks": 2,
             *           "unique_clicks": 2
             *         },
             *         {
             *           "date": "2026-11-20",
             *           "clicks": 5,
             *           "unique_clicks": 4
             *         }
             *       ],
             *       "top_links": [
             *         {
             *           "id": 42,
             *           "short_code": "aB3xY9z",
             *           "clicks": 88
             *         },
             *         {
             *           "id": 41,
             *           "short_code": "summer-sale",
             *           "clicks": 12
             *         }
             *       ],
             *       "conversions": [
             *         {
             *           "currency": "USD",
             *           "conversions": 3,
             *           "revenue": "74.97",
             *           "earnings": "3.00",
             *           "conversion_rate": 0.0234,
             *           "epc": "0.0234"
             *         }
             *       ],
             *       "country": [
             *         {
             *           "value": "DE",
             *           "clicks": 70
             *         },
             *         {
             *           "value": "US",
             *           "clicks": 41
             *         },
             *         {
             *           "value": "XX",
             *           "clicks": 17
             *         }
             *       ],
             *       "referrer": [
             *         {
             *           "value": "direct",
             *           "clicks": 80
             *         },
             *         {
             *           "value": "news.ycombinator.com",
             *           "clicks": 48
             *         }
             *       ],
             *       "device": [
             *         {
             *           "value": "mobile",
             *           "clicks": 71
             *         },
             *         {
             *           "value": "desktop",
             *           "clicks": 57
             *         }
             *       ],
             *       "browser": [
             *         {
             *           "value": "chrome",
             *           "clicks": 128
             *         }
             *       ],
             *       "os": [
             *         {
             *           "value": "ios",
             *           "clicks": 64
             *         },
             *         {
             *           "value": "windows",
             *           "clicks": 64
             *         }
             *       ],
             *       "language": [
             *         {
             *           "value": "de",
             *           "clicks": 128
             *         }
             *       ]
             *     }
             */
            'application/json': {
              /** @description All counted clicks of all your links. */
              total_clicks: number;
              /** @description Visitors counted once per UTC day, summed over days (a visitor is a daily-salted hash of address and user agent; the salt is discarded). Bots count in neither. null when the statistics are filtered: the rollup that filters counts clicks, not who made them. */
              unique_clicks: number | null;
              clicks_this_month: number;
              /** @description The last 30 UTC days, or from..to, zero-filled. */
              trend: {
                /** Format: date */
                date: string;
                clicks: number;
                /** @description Distinct visitors that day; null when the statistics are filtered. */
                unique_clicks: number | null;
                /** @description Business: that day's conversions per currency (none: empty), the rates over that day's clicks. */
                conversions?: {
                  /** @description ISO 4217. */
                  currency: string;
                  /** @description Attributed conversions not reversed. */
                  conversions: number;
                  /** @description Their amounts, a decimal string. */
                  revenue: string;
                  /** @description Their commissions, a decimal string. */
                  earnings: string;
                  /** @description Conversions per counted click over the same days (4 decimals). */
                  conversion_rate: number;
                  /** @description Earnings per counted click: two decimals more than the currency has, rounded half up. */
                  epc: string;
                }[];
              }[];
              /** @description Your 10 links with the most clicks over the range. */
              top_links: {
                id: number;
                short_code: string;
                clicks: number;
              }[];
              /** @description Business: per currency, the conversions of the same days as the clicks (all time for a link without from/to; the range or the last 30 days for the account). Unattributed conversions are in none. */
              conversions?: {
                /** @description ISO 4217. */
                currency: string;
                /** @description Attributed conversions not reversed. */
                conversions: number;
                /** @description Their amounts, a decimal string. */
                revenue: string;
                /** @description Their commissions, a decimal string. */
                earnings: string;
                /** @description Conversions per counted click over the same days (4 decimals). */
                conversion_rate: number;
                /** @description Earnings per counted click: two decimals more than the currency has, rounded half up. */
                epc: string;
              }[];
              /** @description Per affiliate program and tracking id over the range: clicks, and conversions per currency with their rate and earnings per click. Most clicks first. Not restricted by the click filters (like `conversions`); absent with `tag`. */
              programs?: {
                /** @description The affiliate catalog id (GET /affiliate-programs). */
                program_id: number;
                /** @description The program's name, e.g. Amazon US. */
                program: string;
                /** @description The tracking id the links chose; null: the program's own tag. */
                tracking_id: string | null;
                /** @description Counted clicks of links whose destination is in the program. */
                clicks: number;
                conversions: {
                  /** @description ISO 4217. */
                  currency: string;
                  /** @description Attributed conversions not reversed. */
                  conversions: number;
                  /** @description Their amounts, a decimal string. */
                  revenue: string;
                  /** @description Their commissions, a decimal string. */
                  earnings: string;
                  /** @description Conversions per counted click over the same days (4 decimals). */
                  conversion_rate: number;
                  /** @description Earnings per counted click: two decimals more than the currency has, rounded half up. */
                  epc: string;
                }[];
              }[];
              /** @description The 20 values with the most clicks over the range, most first. */
              country: {
                value: string;
                clicks: number;
              }[];
              /** @description The 20 values with the most clicks over the range, most first. */
              referrer: {
                value: string;
                clicks: number;
              }[];
              /** @description The 20 values with the most clicks over the range, most first. */
              device: {
                value: string;
                clicks: number;
              }[];
              /** @description The 20 values with the most clicks over the range, most first. */
              browser: {
                value: string;
                clicks: number;
              }[];
              /** @description The 20 values with the most clicks over the range, most first. */
              os: {
                value: string;
                clicks: number;
              }[];
              /** @description The 20 values with the most clicks over the range, most first. */
              language: {
                value: string;
                clicks: number;
              }[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/links/{id}/qr': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A link's QR code
     * @description The link's short URL as a QR code, `image/svg+xml` or `image/png`, drawn by the service with the colours, size, error correction and quiet zone asked for. The colours must contrast at least 4:1, the foreground the darker, or the answer is a 422 on `fg`: such codes do not scan. With `logo=true` the workspace's logo covers a square of at most 22% of the code's width in the centre, the modules under it cleared. Answered with an ETag and `Cache-Control: private, no-cache`: asking again with `If-None-Match` is a 304 until the link, the style or the logo changes.
     */
    get: {
      parameters: {
        query?: {
          /** @description `svg` (the default) or `png`. */
          format?: 'svg' | 'png';
          /** @description The image's width and height in pixels, 128-2048; 512 by default. */
          size?: number;
          /**
           * @description The modules’ colour, `#rrggbb` (`%23` in a URL); #000000 by default.
           * @example #000000
           */
          fg?: string;
          /**
           * @description The background’s colour, `#rrggbb` (`%23` in a URL); #ffffff by default.
           * @example #ffffff
           */
          bg?: string;
          /** @description Error correction: L (7%), M (15%), Q (25%), H (30%). M by default, Q with a logo, where L and M are refused. */
          ec?: 'L' | 'M' | 'Q' | 'H';
          /** @description The quiet zone around the code in modules, 0-8; 1 by default. */
          margin?: number;
          /** @description `true`: the workspace's QR logo in the centre (422 when it has none). */
          logo?: boolean;
        };
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The code, as SVG or PNG. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/svg+xml': string;
            'image/png': string;
          };
        };
        /** @description Unchanged since the ETag sent in If-None-Match; no body. */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/svg+xml': components['schemas']['Message'];
            'image/png': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/svg+xml': components['schemas']['Message'];
            'image/png': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/svg+xml': components['schemas']['Message'];
            'image/png': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/svg+xml': components['schemas']['ValidationError'];
            'image/png': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/svg+xml': components['schemas']['Message'];
            'image/png': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace/qr-logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's QR logo
     * @description Any member. The stored PNG (the service’s re-encoding of the upload); 404 when there is none.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The logo, `image/png`. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': string;
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': components['schemas']['Message'];
          };
        };
      };
    };
    /**
     * Set the workspace's QR logo
     * @description Admins and the owner. Send the image itself as the body, `Content-Type: image/png`, `image/jpeg` or `image/webp`, at most 512 KB (413 past it; another type is a 415). The image is decoded and encoded anew as a PNG of at most 256 x 256 pixels (turned upright, metadata dropped); a file that does not decode, or declares more than 4096 x 4096 pixels, is a 422. The upload itself is never stored.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The image file. */
      requestBody: {
        content: {
          /** @example (the PNG, JPEG or WebP file) */
          'image/png': string;
          /** @example (the PNG, JPEG or WebP file) */
          'image/jpeg': string;
          /** @example (the PNG, JPEG or WebP file) */
          'image/webp': string;
        };
      };
      responses: {
        /** @description The logo as stored. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "width": 256,
             *       "height": 128,
             *       "updated_at": "2026-11-20T16:42:08.000Z"
             *     }
             */
            'application/json': {
              /** @description The stored image’s width in pixels, at most 256. */
              width: number;
              /** @description The stored image’s height in pixels, at most 256. */
              height: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC
               */
              updated_at: string;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    post?: never;
    /**
     * Remove the workspace's QR logo
     * @description Admins and the owner. 204 whether or not there was one; codes asking for the logo are then 422.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/links/{id}/clicks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A link's raw clicks
     * @description Newest first, a page at a time: pass `next_cursor` back as `cursor` until it is null (clicks that arrive meanwhile never shift a page); every page is one indexed read, however deep. `Accept: text/csv` or `format=csv` streams the whole history as CSV with a header row, read a thousand rows at a time as the client takes them. Of bot visits, only the first 100 of each UTC day are raw clicks (`is_bot`); `bot_visits` in the stats counts them all. No client address is stored or shown. Business plan.
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
          format?: 'json' | 'csv';
        };
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of clicks (or, for CSV, the whole history). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "clicked_at": "2026-11-20T16:42:08.123Z",
             *           "country": "DE",
             *           "device": "mobile",
             *           "browser": "safari",
             *           "os": "ios",
             *           "referrer_host": "news.ycombinator.com",
             *           "language": "de",
             *           "is_bot": false,
             *           "option": null,
             *           "variant": 2,
             *           "click_id": "q3ZkB1tX0m9cP2wLrVn8aA"
             *         }
             *       ],
             *       "next_cursor": "YzEyMzQ1"
             *     }
             */
            'application/json': {
              data: {
                /** Format: date-time */
                clicked_at: string;
                /** @description ISO 3166 alpha-2; XX when unknown. */
                country: string;
                device: string;
                browser: string;
                os: string;
                referrer_host: string | null;
                language: string | null;
                /** @description True for a bot's visit (isbot, or no user agent): a link's first 100 bot visits of each UTC day are raw clicks, every one is counted in `bot_visits` of the stats. */
                is_bot: boolean;
                /** @description The choice-page option picked, from 1. */
                option: number | null;
                /** @description The A/B variant sent to, from 1. */
                variant: number | null;
                /** @description The click id the redirect put in the destination (links with `pass_click_id`); null for others. */
                click_id: string | null;
              }[];
              next_cursor: string | null;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/links/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create up to 100 links
     * @description Each item is validated on its own: invalid items are reported in `errors` (with their index) and never stop the valid ones, which are created in order in one transaction. An empty list or more than 100 items is a 422 for the whole call.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "links": [
           *         {
           *           "redirect_url": "https://example.com/spring"
           *         },
           *         {
           *           "redirect_url": "https://example.com/summer?utm_source=newsletter",
           *           "short_code": "summer-sale"
           *         },
           *         {
           *           "redirect_url": "example.com/autumn"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @description 1 to 100 items, each shaped like the body of POST /links. Items are validated one by one. */
            links: unknown[];
          };
        };
      };
      responses: {
        /** @description The links created, in the order sent, and the items refused. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "created": [
             *         {
             *           "id": 43,
             *           "short_code": "Qm7pT2w",
             *           "short_url": "https://hop.example.com/Qm7pT2w",
             *           "redirect_url": "https://example.com/spring",
             *           "type": "simple",
             *           "is_active": true,
             *           "click_count": 0,
             *           "category": null,
             *           "domain": null,
             *           "title": "Black Friday sale",
             *           "expires_at": "2026-12-01T00:00:00.000Z",
             *           "max_clicks": null,
             *           "expired_url": "https://example.com/sale-over",
             *           "has_password": false,
             *           "utm": {
             *             "source": "newsletter",
             *             "medium": "email",
             *             "campaign": "black-friday",
             *             "term": null,
             *             "content": null
             *           },
             *           "variants": null,
             *           "preview": null,
             *           "is_expired": false,
             *           "localize": false,
             *           "localize_follows_default": true,
             *           "tags": [
             *             {
             *               "id": 7,
             *               "name": "Black Friday",
             *               "color": "orange"
             *             }
             *           ],
             *           "pass_click_id": false,
             *           "open_in_app": false,
             *           "tracking_id": null,
             *           "health": {
             *             "status": "ok",
             *             "checked_at": "2026-11-02T06:00:00.000Z",
             *             "http_status": 200,
             *             "error": null,
             *             "affiliate_tag_lost": false
             *           },
             *           "created_at": "2026-11-20T16:42:08.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         },
             *         {
             *           "id": 44,
             *           "short_code": "summer-sale",
             *           "short_url": "https://hop.example.com/summer-sale",
             *           "redirect_url": "https://example.com/summer?utm_source=newsletter",
             *           "type": "simple",
             *           "is_active": true,
             *           "click_count": 0,
             *           "category": null,
             *           "domain": null,
             *           "title": null,
             *           "expires_at": null,
             *           "max_clicks": null,
             *           "expired_url": null,
             *           "has_password": false,
             *           "utm": null,
             *           "variants": [
             *             {
             *               "url": "https://example.com/summer-a",
             *               "weight": 70
             *             },
             *             {
             *               "url": "https://example.com/summer-b",
             *               "weight": 30
             *             }
             *           ],
             *           "preview": null,
             *           "is_expired": false,
             *           "localize": false,
             *           "localize_follows_default": true,
             *           "tags": [
             *             {
             *               "id": 7,
             *               "name": "Black Friday",
             *               "color": "orange"
             *             }
             *           ],
             *           "pass_click_id": false,
             *           "open_in_app": false,
             *           "tracking_id": null,
             *           "health": {
             *             "status": "ok",
             *             "checked_at": "2026-11-02T06:00:00.000Z",
             *             "http_status": 200,
             *             "error": null,
             *             "affiliate_tag_lost": false
             *           },
             *           "created_at": "2026-11-20T16:42:08.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         }
             *       ],
             *       "errors": [
             *         {
             *           "index": 2,
             *           "message": "The redirect url field must be a valid http or https URL of at most 2048 characters."
             *         }
             *       ]
             *     }
             */
            'application/json': {
              created: components['schemas']['Link'][];
              errors: {
                /** @description Position of the item in `links`, from 0. */
                index: number;
                message: string;
              }[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update up to 100 links
     * @description The same change to each link named: any field of PATCH /links/{id}, and `add_tags` / `remove_tags`. A link that is missing, not yours or refuses the change is reported in `errors` by id and never stops the others, which are changed together in one transaction.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description 1 to 100 link ids; a repeat is done once. */
            ids: number[];
            is_active?: boolean;
            category_id?: number | null;
            /**
             * Format: http-url
             * @description Absolute http or https URL, at most 2048 characters.
             */
            redirect_url?: string;
            domain_id?: number | null;
            /** @description Targeting conditions (Business plan), at most 20; an empty list removes them. */
            conditions?: (
              | {
                  /** @enum {string} */
                  type: 'country';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Countries, from the GeoIP database; a code that names no country is refused. */
                  values: string[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'device';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Device classes, from the user agent. */
                  values: ('desktop' | 'mobile' | 'tablet')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'os';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Operating systems, from the user agent. */
                  values: ('ios' | 'android' | 'windows' | 'macos' | 'linux')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'browser';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Browsers, from the user agent. */
                  values: ('chrome' | 'safari' | 'firefox' | 'edge' | 'opera' | 'samsung')[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
              | {
                  /** @enum {string} */
                  type: 'language';
                  /**
                   * @description `in`: the visitor's value is listed; `not_in`: it is not.
                   * @enum {unknown}
                   */
                  operator: 'in' | 'not_in';
                  /** @description Languages: the primary subtag of the visitor's preferred Accept-Language entry; a code that names no language is refused. */
                  values: string[];
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  redirect_url: string;
                }
            )[];
            /** @description Pro: the link's tags from now on (the ones not named are taken off). At most 20. */
            tags?: string[];
            /** @description A label of your own (Pro); `search` matches it too. */
            title?: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 with a time zone, in the future (Pro). From then on the link is expired.
             */
            expires_at?: string | null;
            /** @description The link is expired once click_count reaches this (Pro); exactly this many visitors get through. */
            max_clicks?: number | null;
            /**
             * Format: http-url
             * @description Where an expired link sends visitors (302); without it they get a 410 page (Pro).
             */
            expired_url?: string | null;
            /** @description Write-only (Business): visitors must enter it; stored hashed; null removes it. */
            password?: string | null;
            /** @description utm_* parameters set on the destination at redirect time, after the affiliate tag (Pro). */
            utm?: {
              source?: string | null;
              medium?: string | null;
              campaign?: string | null;
              term?: string | null;
              content?: string | null;
            } | null;
            /** @description A/B split (Business): each visitor gets variant i with probability weight_i / sum of weights, and keeps it. Excludes choice-page options. */
            variants?:
              | {
                  /**
                   * Format: http-url
                   * @description Absolute http or https URL, at most 2048 characters.
                   */
                  url: string;
                  /** @description A share: 1-100. */
                  weight: number;
                }[]
              | null;
            /** @description The social card link-preview crawlers get (Business). */
            preview?: {
              title?: string | null;
              description?: string | null;
              /**
               * Format: https-url
               * @description An absolute https URL.
               */
              image?: string | null;
            } | null;
            /** @description Business: send visitors of Amazon product or search URLs and Apple links to their own country's storefront (with your tag there). null follows the account's default (off unless turned on). */
            localize?: boolean | null;
            /** @description Business: each counted visit gets a click id in the destination's sub-id parameter (Amazon ascsubtag, eBay customid, CJ sid, Impact subId1, Awin clickref, ShareASale afftrack, Rakuten u1) or in place of {click_id} anywhere in the URL; conversions name it (docs/api.md, "Affiliate money"). */
            pass_click_id?: boolean;
            /** @description Business: visitors on iOS or Android (in-app browsers too) whose destination has a known app (Amazon, YouTube, Instagram, ...) get a page that opens the app, then the web page if it does not open. Crawlers and desktops get the 302. Default false. */
            open_in_app?: boolean;
            /** @description Business: the tracking id injected instead of the program's tag: the tag or one of the tracking_ids of your tag record for the program of redirect_url. null: the record's tag. */
            tracking_id?: string | null;
            /** @description Pro: tags put on each link beside its own; made when missing. */
            add_tags?: string[];
            /** @description Pro: tags taken off each link. */
            remove_tags?: string[];
          };
        };
      };
      responses: {
        /** @description The links changed, in the order of `ids`, and the ids refused (missing, not yours, or invalid). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "updated": [
             *         {
             *           "id": 42,
             *           "short_code": "aB3xY9z",
             *           "short_url": "https://hop.example.com/aB3xY9z",
             *           "redirect_url": "https://example.com/sale",
             *           "type": "simple",
             *           "is_active": true,
             *           "click_count": 128,
             *           "category": {
             *             "id": 3,
             *             "name": "Newsletter"
             *           },
             *           "domain": null,
             *           "title": "Black Friday sale",
             *           "expires_at": "2026-12-01T00:00:00.000Z",
             *           "max_clicks": null,
             *           "expired_url": "https://example.com/sale-over",
             *           "has_password": false,
             *           "utm": {
             *             "source": "newsletter",
             *             "medium": "email",
             *             "campaign": "black-friday",
             *             "term": null,
             *             "content": null
             *           },
             *           "variants": null,
             *           "preview": null,
             *           "is_expired": false,
             *           "localize": false,
             *           "localize_follows_default": true,
             *           "tags": [
             *             {
             *               "id": 7,
             *               "name": "Black Friday",
             *               "color": "orange"
             *             }
             *           ],
             *           "pass_click_id": false,
             *           "open_in_app": false,
             *           "tracking_id": null,
             *           "health": {
             *             "status": "ok",
             *             "checked_at": "2026-11-02T06:00:00.000Z",
             *             "http_status": 200,
             *             "error": null,
             *             "affiliate_tag_lost": false
             *           },
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         }
             *       ],
             *       "errors": [
             *         {
             *           "id": 99,
             *           "message": "Link not found."
             *         }
             *       ]
             *     }
             */
            'application/json': {
              updated: components['schemas']['Link'][];
              errors: {
                /** @description The link id the change was refused for. */
                id: number;
                message: string;
              }[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/links/{id}/landing-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a link's choice-page options
     * @description `[]` for a single-destination link.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The options, in order. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "options": [
             *         "https://www.amazon.com/dp/B0C1234567",
             *         "https://www.ebay.com/itm/1234567890"
             *       ]
             *     }
             */
            'application/json': {
              options: string[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    /**
     * Replace the choice-page options
     * @description Makes the link a choice page (type `choice_page`). The full set is replaced: to add, reorder or remove, send the complete list. Pick counts follow their URL.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "options": [
           *         "https://www.amazon.com/dp/B0C1234567",
           *         "https://www.ebay.com/itm/1234567890"
           *       ]
           *     }
           */
          'application/json': {
            /** @description 2 to 8 absolute http(s) URLs, in the order shown to visitors. */
            options: string[];
          };
        };
      };
      responses: {
        /** @description The options, in order. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "options": [
             *         "https://www.amazon.com/dp/B0C1234567",
             *         "https://www.ebay.com/itm/1234567890"
             *       ]
             *     }
             */
            'application/json': {
              options: string[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    post?: never;
    /**
     * Remove the choice-page options
     * @description The link becomes a single-destination link (type `simple`).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List categories
     * @description All your categories, by name.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your categories. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 3,
             *           "name": "Newsletter",
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         },
             *         {
             *           "id": 4,
             *           "name": "Partners",
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-02T09:15:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Category'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a category
     * @description Names are unique per user.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "name": "Newsletter"
           *     }
           */
          'application/json': {
            /** @description Not blank; trimmed. */
            name: string;
          };
        };
      };
      responses: {
        /** @description The category created. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Category'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/categories/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a category
     * @description One of your categories.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The category. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Category'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a category
     * @description Its links stay, with category null.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Rename a category
     * @description The new name is trimmed and must be unique among your categories; its links keep it.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "name": "Newsletter"
           *     }
           */
          'application/json': {
            /** @description Not blank; trimmed. */
            name: string;
          };
        };
      };
      responses: {
        /** @description The category, renamed. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Category'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/tags': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List tags
     * @description All the workspace’s tags, by name, each with how many links carry it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The tags. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 7,
             *           "name": "Black Friday",
             *           "color": "orange",
             *           "link_count": 12,
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         },
             *         {
             *           "id": 8,
             *           "name": "Newsletter",
             *           "color": "blue",
             *           "link_count": 12,
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Tag'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a tag
     * @description Names are unique in the workspace whatever their case (422 when taken).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description 1-50 characters, trimmed; unique in the workspace whatever the case. */
            name: string;
            /**
             * @description Left out: a colour picked from the name.
             * @enum {unknown}
             */
            color?: 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink';
          };
        };
      };
      responses: {
        /** @description The tag created. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Tag'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tags/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a tag
     * @description One of the workspace’s tags.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The tag. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Tag'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a tag
     * @description It is taken off its links, which stay.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Rename or recolour a tag
     * @description Its links keep it under the new name.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description 1-50 characters, trimmed; unique in the workspace whatever the case. */
            name?: string;
            /**
             * @description One of the colours the dashboard draws.
             * @enum {unknown}
             */
            color?: 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink';
          };
        };
      };
      responses: {
        /** @description The tag, changed. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Tag'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/affiliate-programs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The affiliate programs catalog
     * @description The programs a tag can be added for: each with the hostnames it applies to (subdomains included) and the query parameter the tag is set in.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The catalog. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 1,
             *           "name": "Amazon US",
             *           "hostnames": [
             *             "amazon.com"
             *           ],
             *           "param": "tag"
             *         },
             *         {
             *           "id": 9,
             *           "name": "eBay Partner Network",
             *           "hostnames": [
             *             "ebay.com",
             *             "ebay.co.uk",
             *             "ebay.de",
             *             "ebay.fr",
             *             "ebay.it",
             *             "ebay.es",
             *             "ebay.ca",
             *             "ebay.com.au"
             *           ],
             *           "param": "campid"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: {
                id: number;
                name: string;
                hostnames: string[];
                param: string;
              }[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/affiliates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your affiliate tags
     * @description At most one tag per program. At redirect time, a destination on a program's hostnames gets your tag.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your tags. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 5,
             *           "affiliate_program": {
             *             "id": 1,
             *             "name": "Amazon US"
             *           },
             *           "tag": "hoplink-20",
             *           "tracking_ids": [
             *             "hoplink-yt-20",
             *             "hoplink-news-20"
             *           ],
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['AffiliateTag'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a tag for a program
     * @description One tag per program per user.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            affiliate_program_id: number;
            /** @description Validated against the program’s format (Amazon: letters, digits, - and _; eBay campid: 10 digits). */
            tag: string;
            /** @description Up to 20 further ids of the program (Amazon tracking ids, eBay campaign ids), each in the format of the tag, none twice and none equal to the tag. A link chooses one as its `tracking_id`. */
            tracking_ids?: string[];
          };
        };
      };
      responses: {
        /** @description The tag added. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AffiliateTag'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/affiliates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a tag
     * @description From the next visit on, destinations on the program's hostnames are no longer tagged.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a tag or its tracking ids
     * @description The tag, the tracking ids, or both: checked against the program's format, applied from the next visit on. A link whose tracking id is removed gets the tag until it chooses another.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Validated against the program’s format (Amazon: letters, digits, - and _; eBay campid: 10 digits). */
            tag?: string;
            /** @description Up to 20 further ids of the program (Amazon tracking ids, eBay campaign ids), each in the format of the tag, none twice and none equal to the tag. A link chooses one as its `tracking_id`. */
            tracking_ids?: string[];
          };
        };
      };
      responses: {
        /** @description The tag, changed. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AffiliateTag'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/domains': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your custom domains
     * @description Each with its status and the DNS record that verifies it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your domains. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 2,
             *           "hostname": "go.example.com",
             *           "status": "pending",
             *           "verification": {
             *             "type": "CNAME",
             *             "name": "go.example.com",
             *             "value": "hop.example.com"
             *           },
             *           "routing_records": [],
             *           "ownership": null,
             *           "routing": "unchecked",
             *           "last_checked_at": null,
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-02T09:15:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Domain'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a custom domain
     * @description Answers the DNS record to create. Hostnames are unique across users.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "hostname": "go.example.com"
           *     }
           */
          'application/json': {
            hostname: string;
          };
        };
      };
      responses: {
        /** @description The domain, pending until a check finds its record. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Domain'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains/{id}/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check the verification record now
     * @description Needs the update ability. Counts against the 10/min domains limit: avoid tight polling.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The domain after the check. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Domain'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a custom domain
     * @description Refused (422) while links use it, so no link is lost.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhooks
     * @description Your subscriptions, without their secrets. One disabled after 3 days of failed deliveries has `is_active` false and a `disabled_reason`.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your webhooks. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 7,
             *           "url": "https://hooks.example.com/hoplink",
             *           "events": [
             *             "link.created",
             *             "link.clicked"
             *           ],
             *           "description": "Zapier: new links to the team sheet",
             *           "is_active": true,
             *           "disabled_reason": null,
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-02T09:15:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Webhook'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Subscribe a webhook
     * @description The signing `secret` is returned once, here. Deliveries are POSTed as `{"id","event","created_at","data"}` with `Hoplink-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. At most 20 webhooks per user.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "url": "https://hooks.example.com/hoplink",
           *       "events": [
           *         "link.created",
           *         "link.clicked"
           *       ],
           *       "description": "Zapier: new links to the team sheet"
           *     }
           */
          'application/json': {
            /** @description Absolute https URL (http only when the server allows it for development). */
            url: string;
            /** @description link.created, link.updated, link.deleted, link.clicked, link.broken, domain.verified, conversion.created, conversion.updated */
            events: (
              | 'link.created'
              | 'link.updated'
              | 'link.deleted'
              | 'link.clicked'
              | 'link.broken'
              | 'domain.verified'
              | 'conversion.created'
              | 'conversion.updated'
            )[];
            description?: string;
          };
        };
      };
      responses: {
        /** @description The webhook, with its signing secret: shown only in this answer. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 7,
             *       "url": "https://hooks.example.com/hoplink",
             *       "events": [
             *         "link.created",
             *         "link.clicked"
             *       ],
             *       "description": "Zapier: new links to the team sheet",
             *       "is_active": true,
             *       "disabled_reason": null,
             *       "created_at": "2026-11-02T09:15:00.000Z",
             *       "updated_at": "2026-11-02T09:15:00.000Z",
             *       "secret": "whsec_Xr4vN8qL2mT6zB0kD3hF7jW9sC1yE5aG"
             *     }
             */
            'application/json': {
              id: number;
              url: string;
              events: string[];
              description: string | null;
              is_active: boolean;
              disabled_reason: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC
               */
              created_at: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC
               */
              updated_at: string;
              secret: string;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a webhook
     * @description Nothing more is delivered to it. Subscribe again to resume.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted; no body. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a webhook
     * @description Its URL, events or description, or whether it sends (`is_active`). Turning it on again after 3 days of failures disabled it starts the count over. The signing secret stays the same.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Absolute https URL (http only when the server allows it for development). */
            url?: string;
            /** @description link.created, link.updated, link.deleted, link.clicked, link.broken, domain.verified, conversion.created, conversion.updated */
            events?: (
              | 'link.created'
              | 'link.updated'
              | 'link.deleted'
              | 'link.clicked'
              | 'link.broken'
              | 'domain.verified'
              | 'conversion.created'
              | 'conversion.updated'
            )[];
            /** @description null removes it. */
            description?: string | null;
            /** @description false turns deliveries off; true turns them on again, also after 3 days of failures disabled the webhook (the failure count starts over). Events while off are not sent later. */
            is_active?: boolean;
          };
        };
      };
      responses: {
        /** @description The webhook, changed. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Webhook'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test delivery
     * @description Queues a `webhook.test` delivery to this webhook only; see its deliveries for the outcome.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Queued. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "message": "Test delivery queued."
             *     }
             */
            'application/json': {
              message: string;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Recent deliveries
     * @description The 50 most recent deliveries with their last attempt: status code, duration and error.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Newest first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": "3f1c2a9e-6b7d-4e21-9a8f-0c5d7e4b2a11",
             *           "event": "link.created",
             *           "status": "succeeded",
             *           "attempts": 1,
             *           "next_attempt_at": null,
             *           "created_at": "2026-11-20T16:42:08.000Z",
             *           "last_attempt": {
             *             "attempted_at": "2026-11-20T16:42:08.000Z",
             *             "status_code": 200,
             *             "duration_ms": 84,
             *             "error": null
             *           }
             *         },
             *         {
             *           "id": "b7e2d4f6-1a3c-4e5b-8d7f-9a0b1c2d3e4f",
             *           "event": "link.clicked",
             *           "status": "pending",
             *           "attempts": 2,
             *           "next_attempt_at": "2026-11-20T16:53:10.000Z",
             *           "created_at": "2026-11-20T16:46:55.000Z",
             *           "last_attempt": {
             *             "attempted_at": "2026-11-20T16:48:10.000Z",
             *             "status_code": null,
             *             "duration_ms": 5000,
             *             "error": "no response within 5000 ms"
             *           }
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: {
                /** @description The delivery id, also sent as Hoplink-Delivery and in the body: use it for idempotency. */
                id: string;
                event: string;
                status: 'pending' | 'succeeded' | 'failed';
                attempts: number;
                next_attempt_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC
                 */
                created_at: string;
                last_attempt: {
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC
                   */
                  attempted_at: string;
                  status_code: number | null;
                  duration_ms: number;
                  error: string | null;
                } | null;
              }[];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List conversions
     * @description Newest first, a page at a time: pass `next_cursor` back as `cursor` until it is null. Filter by `status`, `currency`, `link_id`, `click_id` or `attributed`.
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
          /** @description pending, approved or reversed. */
          status?: 'pending' | 'approved' | 'reversed';
          /** @description ISO 4217, upper case (EUR, USD, JPY). */
          currency?: string;
          link_id?: number;
          /** @description The click id the redirect put in the destination (at most 64 URL-safe characters). */
          click_id?: string;
          attributed?: boolean;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of conversions. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 311,
             *           "link_id": 42,
             *           "click_id": "q3ZkB1tX0m9cP2wLrVn8aA",
             *           "order_id": "114-5521973-0042311",
             *           "amount": "24.99",
             *           "commission": "1.00",
             *           "currency": "USD",
             *           "status": "approved",
             *           "source": "postback",
             *           "attributed": true,
             *           "occurred_at": "2026-11-20T16:55:00.000Z",
             *           "created_at": "2026-11-02T09:15:00.000Z",
             *           "updated_at": "2026-11-20T16:42:08.000Z"
             *         }
             *       ],
             *       "next_cursor": "YzMxMQ"
             *     }
             */
            'application/json': {
              data: components['schemas']['Conversion'][];
              next_cursor: string | null;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Record a conversion
     * @description A sale, once per `order_id` in the workspace: a known order id updates that conversion (its status, most often) and answers 200, a new one 201. `amount` (revenue) and `commission` (earnings) are decimal strings in `currency`, never numbers, with no more decimals than the currency has. A `click_id` that names none of your clicks leaves the conversion unattributed; it is still recorded. Members and up.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "click_id": "q3ZkB1tX0m9cP2wLrVn8aA",
           *       "order_id": "114-5521973-0042311",
           *       "amount": "24.99",
           *       "commission": "1.00",
           *       "currency": "USD",
           *       "status": "approved",
           *       "occurred_at": "2026-11-20T16:55:00.000Z"
           *     }
           */
          'application/json': {
            click_id?: string | null;
            /** @description The network's order or transaction id: a conversion is kept once per order id per workspace. */
            order_id: string;
            /**
             * @description Revenue: the sale amount as a decimal string (never a number), e.g. "24.99".
             * @example 24.99
             */
            amount: string;
            commission?: string | null;
            /** @description ISO 4217, upper case (EUR, USD, JPY). */
            currency: string;
            /**
             * @description pending, approved or reversed.
             * @default pending
             * @enum {unknown}
             */
            status?: 'pending' | 'approved' | 'reversed';
            /**
             * Format: date-time
             * @description When the sale happened (ISO 8601 with a zone); by default, when its first report arrived.
             */
            occurred_at?: string;
          };
        };
      };
      responses: {
        /** @description The order was known: its conversion, updated. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Conversion'];
          };
        };
        /** @description The conversion, recorded. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Conversion'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversions/postback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The postback settings
     * @description Whether the workspace has a postback secret, and the network's parameter names. The secret is shown only when it is made (rotate it).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The workspace's postback settings; the secret is never shown again. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "configured": true,
             *       "parameter_names": {
             *         "click_id": "subid",
             *         "amount": "sale_amount"
             *       },
             *       "updated_at": "2026-11-20T16:42:08.000Z"
             *     }
             */
            'application/json': {
              /** @description Whether a secret was made (rotate it once to get the URL). */
              configured: boolean;
              parameter_names: {
                [key: string]: string;
              };
              updated_at: string | null;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    /**
     * Name the network's postback parameters
     * @description Maps our parameters (click_id, amount, commission, currency, order_id, status) to the names your network sends, e.g. `{"click_id": "subid"}`; a parameter left out is read under its own name. Admins.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "parameter_names": {
           *         "click_id": "subid",
           *         "amount": "sale_amount"
           *       }
           *     }
           */
          'application/json': {
            /** @description The network's own name of each parameter, when it is not ours: {"click_id": "subid"} reads the click id from `subid`. */
            parameter_names: {
              click_id?: string;
              amount?: string;
              commission?: string;
              currency?: string;
              order_id?: string;
              status?: string;
            };
          };
        };
      };
      responses: {
        /** @description The workspace's postback settings; the secret is never shown again. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "configured": true,
             *       "parameter_names": {
             *         "click_id": "subid",
             *         "amount": "sale_amount"
             *       },
             *       "updated_at": "2026-11-20T16:42:08.000Z"
             *     }
             */
            'application/json': {
              /** @description Whether a secret was made (rotate it once to get the URL). */
              configured: boolean;
              parameter_names: {
                [key: string]: string;
              };
              updated_at: string | null;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversions/postback/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a new postback secret
     * @description Answers the new secret and the postback URL that carries it, once; the previous secret stops working at once. Admins.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A new secret and the postback URL that carries it, shown this once. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "configured": true,
             *       "parameter_names": {
             *         "click_id": "subid",
             *         "amount": "sale_amount"
             *       },
             *       "updated_at": "2026-11-20T16:42:08.000Z",
             *       "secret": "pbs_4fJ2kQ9xLmN7vR1tY8wZ3aBcD5eF6gH0",
             *       "postback_url": "https://links.example.com/postback/pbs_4fJ2kQ9xLmN7vR1tY8wZ3aBcD5eF6gH0"
             *     }
             */
            'application/json': {
              /** @description Whether a secret was made (rotate it once to get the URL). */
              configured: boolean;
              parameter_names: {
                [key: string]: string;
              };
              updated_at: string | null;
              /** @description Shown once: the old secret stops working at once. */
              secret: string;
              /** @description The URL to give the network, secret included. */
              postback_url: string;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace
     * @description The workspace the token acts in, with the caller's role there.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The workspace. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Workspace'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the workspace
     * @description The name (admins and the owner); the slug and the two-factor rule (the owner).
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "name": "Acme marketing"
           *     }
           */
          'application/json': {
            name?: string;
            /** @description Owner only. */
            slug?: string;
            /** @description Owner only. */
            require_two_factor?: boolean;
          };
        };
      };
      responses: {
        /** @description The workspace, changed. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Workspace'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/workspace/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the members
     * @description Every member with their role, in the order they joined.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The members. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "user_id": 12,
             *           "email": "ana@example.com",
             *           "role": "member",
             *           "joined_at": "2026-11-02T09:15:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Member'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace/members/{user_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member
     * @description Admins remove members and viewers; the owner anyone else. The member's tokens stop working at once. Your own id: you leave the workspace (not as its owner).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Admins change roles below admin; the owner makes and unmakes admins. 404 for a non-member.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "role": "viewer"
           *     }
           */
          'application/json': {
            /** @description owner > admin > member > viewer: a higher role may do all that a lower one may (docs/teams.md). */
            role: 'owner' | 'admin' | 'member' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Changed. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    trace?: never;
  };
  '/workspace/transfer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Transfer ownership
     * @description The owner hands the workspace to another member and becomes an admin.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "user_id": 12
           *     }
           */
          'application/json': {
            user_id: number;
          };
        };
      };
      responses: {
        /** @description Transferred. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the invitations
     * @description Pending and expired invitations, newest first (admins and the owner).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The invitations. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 4,
             *           "email": "sam@example.com",
             *           "role": "viewer",
             *           "invited_by": 12,
             *           "expires_at": "2026-11-09T09:15:00.000Z",
             *           "expired": false,
             *           "created_at": "2026-11-02T09:15:00.000Z"
             *         }
             *       ]
             *     }
             */
            'application/json': {
              data: components['schemas']['Invitation'][];
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    /**
     * Invite someone
     * @description Emails a single-use link, good for 7 days, that only the invited address can accept. Inviting the same address again sends a new link. `accept_url` is that link, shown this once.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          /**
           * @example {
           *       "email": "sam@example.com",
           *       "role": "viewer"
           *     }
           */
          'application/json': {
            /** Format: email */
            email: string;
            /** @description admin only by the owner; ownership moves only by transfer. */
            role?: 'admin' | 'member' | 'viewer';
          };
        };
      };
      responses: {
        /** @description The invitation, with its link (`emailed`: whether mail is configured and it was sent). */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "id": 4,
             *       "email": "sam@example.com",
             *       "role": "viewer",
             *       "invited_by": 12,
             *       "expires_at": "2026-11-09T09:15:00.000Z",
             *       "expired": false,
             *       "created_at": "2026-11-02T09:15:00.000Z",
             *       "accept_url": "https://links.example.com/#/invitations/accept?token=…",
             *       "emailed": true
             *     }
             */
            'application/json': components['schemas']['Invitation'] & {
              accept_url: string;
              emailed: boolean;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an invitation
     * @description Its link stops working at once.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A positive integer; anything else is 404. */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked. */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit-log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit log
     * @description Who did what, when and from where, newest first (admins and the owner). A page at a time: pass `next_cursor` back as `cursor` until it is null. Kept AUDIT_RETENTION_DAYS (365 by default).
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
          /** @description A user id. */
          actor?: number;
          action?: string;
          resource_type?: string;
          from?: string;
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of the log. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "id": 81,
             *           "actor": {
             *             "user_id": 12,
             *             "email": "ana@example.com",
             *             "token_id": null
             *           },
             *           "action": "link.updated",
             *           "resource_type": "link",
             *           "resource_id": "1043",
             *           "fields": [
             *             "redirect_url",
             *             "title"
             *           ],
             *           "address": "203.0.113.9",
             *           "created_at": "2026-11-02T09:15:00.000Z"
             *         }
             *       ],
             *       "next_cursor": "80"
             *     }
             */
            'application/json': {
              data: components['schemas']['AuditEntry'][];
              next_cursor: string | null;
            };
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description A 422: the request is understood but invalid; `errors` names each field and what is wrong. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ValidationError'];
          };
        };
        /** @description An error: 401, 403, 404, 409, 413, 415, 429. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * @description An error: 401, 403, 404, 409, 413, 415, 429.
     * @example {
     *       "message": "Unauthenticated."
     *     }
     */
    Message: {
      message: string;
    };
    /**
     * @description A 422: the request is understood but invalid; `errors` names each field and what is wrong.
     * @example {
     *       "message": "The redirect url field must be a valid http or https URL of at most 2048 characters.",
     *       "errors": {
     *         "redirect_url": [
     *           "The redirect url field must be a valid http or https URL of at most 2048 characters."
     *         ]
     *       }
     *     }
     */
    ValidationError: {
      /** @description The first error, and how many more there are. */
      message: string;
      /** @description Field path (dot notation, e.g. conditions.0.values) to messages. */
      errors: {
        [key: string]: string[];
      };
    };
    /**
     * @description Evaluated in order; the first match wins.
     * @example {
     *       "type": "country",
     *       "operator": "in",
     *       "values": [
     *         "DE",
     *         "AT",
     *         "CH"
     *       ],
     *       "redirect_url": "https://example.com/de/sale"
     *     }
     */
    Condition:
      | {
          /** @enum {string} */
          type: 'country';
          /**
           * @description `in`: the visitor's value is listed; `not_in`: it is not.
           * @enum {unknown}
           */
          operator: 'in' | 'not_in';
          /** @description Countries, from the GeoIP database; a code that names no country is refused. */
          values: string[];
          /**
           * Format: http-url
           * @description Absolute http or https URL, at most 2048 characters.
           */
          redirect_url: string;
        }
      | {
          /** @enum {string} */
          type: 'device';
          /**
           * @description `in`: the visitor's value is listed; `not_in`: it is not.
           * @enum {unknown}
           */
          operator: 'in' | 'not_in';
          /** @description Device classes, from the user agent. */
          values: ('desktop' | 'mobile' | 'tablet')[];
          /**
           * Format: http-url
           * @description Absolute http or https URL, at most 2048 characters.
           */
          redirect_url: string;
        }
      | {
          /** @enum {string} */
          type: 'os';
          /**
           * @description `in`: the visitor's value is listed; `not_in`: it is not.
           * @enum {unknown}
           */
          operator: 'in' | 'not_in';
          /** @description Operating systems, from the user agent. */
          values: ('ios' | 'android' | 'windows' | 'macos' | 'linux')[];
          /**
           * Format: http-url
           * @description Absolute http or https URL, at most 2048 characters.
           */
          redirect_url: string;
        }
      | {
          /** @enum {string} */
          type: 'browser';
          /**
           * @description `in`: the visitor's value is listed; `not_in`: it is not.
           * @enum {unknown}
           */
          operator: 'in' | 'not_in';
          /** @description Browsers, from the user agent. */
          values: ('chrome' | 'safari' | 'firefox' | 'edge' | 'opera' | 'samsung')[];
          /**
           * Format: http-url
           * @description Absolute http or https URL, at most 2048 characters.
           */
          redirect_url: string;
        }
      | {
          /** @enum {string} */
          type: 'language';
          /**
           * @description `in`: the visitor's value is listed; `not_in`: it is not.
           * @enum {unknown}
           */
          operator: 'in' | 'not_in';
          /** @description Languages: the primary subtag of the visitor's preferred Accept-Language entry; a code that names no language is refused. */
          values: string[];
          /**
           * Format: http-url
           * @description Absolute http or https URL, at most 2048 characters.
           */
          redirect_url: string;
        };
    /**
     * @example {
     *       "id": 7,
     *       "name": "Black Friday",
     *       "color": "orange"
     *     }
     */
    LinkTag: {
      id: number;
      name: string;
      /**
       * @description One of the colours the dashboard draws.
       * @enum {unknown}
       */
      color: 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink';
    };
    /**
     * @example {
     *       "id": 42,
     *       "short_code": "aB3xY9z",
     *       "short_url": "https://hop.example.com/aB3xY9z",
     *       "redirect_url": "https://example.com/sale",
     *       "type": "simple",
     *       "is_active": true,
     *       "click_count": 128,
     *       "category": {
     *         "id": 3,
     *         "name": "Newsletter"
     *       },
     *       "domain": null,
     *       "title": "Black Friday sale",
     *       "expires_at": "2026-12-01T00:00:00.000Z",
     *       "max_clicks": null,
     *       "expired_url": "https://example.com/sale-over",
     *       "has_password": false,
     *       "utm": {
     *         "source": "newsletter",
     *         "medium": "email",
     *         "campaign": "black-friday",
     *         "term": null,
     *         "content": null
     *       },
     *       "variants": null,
     *       "preview": null,
     *       "is_expired": false,
     *       "localize": false,
     *       "localize_follows_default": true,
     *       "tags": [
     *         {
     *           "id": 7,
     *           "name": "Black Friday",
     *           "color": "orange"
     *         }
     *       ],
     *       "pass_click_id": false,
     *       "open_in_app": false,
     *       "tracking_id": null,
     *       "health": {
     *         "status": "ok",
     *         "checked_at": "2026-11-02T06:00:00.000Z",
     *         "http_status": 200,
     *         "error": null,
     *         "affiliate_tag_lost": false
     *       },
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    Link: {
      id: number;
      short_code: string;
      short_url: string;
      redirect_url: string;
      type: 'simple' | 'choice_page';
      is_active: boolean;
      click_count: number;
      category: {
        id: number;
        name: string;
      } | null;
      domain: {
        id: number;
        hostname: string;
      } | null;
      title: string | null;
      expires_at: string | null;
      max_clicks: number | null;
      expired_url: string | null;
      /** @description Whether visitors must enter a password; the password is never shown. */
      has_password: boolean;
      utm: {
        source?: string | null;
        medium?: string | null;
        campaign?: string | null;
        term?: string | null;
        content?: string | null;
      } | null;
      variants:
        | {
            /**
             * Format: http-url
             * @description Absolute http or https URL, at most 2048 characters.
             */
            url: string;
            /** @description A share: 1-100. */
            weight: number;
          }[]
        | null;
      preview: {
        title?: string | null;
        description?: string | null;
        /**
         * Format: https-url
         * @description An absolute https URL.
         */
        image?: string | null;
      } | null;
      /** @description Computed now: past expires_at, or click_count at max_clicks. */
      is_expired: boolean;
      /** @description Storefront localisation as it applies now: the link's own choice, or the workspace's default (false unless turned on) when it follows the default. */
      localize: boolean;
      /** @description Its tags, by name. */
      tags: components['schemas']['LinkTag'][];
      /** @description True when the link was created or set with `localize: null`, so it follows the default. */
      localize_follows_default: boolean;
      /** @description Counted visits get a click id in the destination (Business). */
      pass_click_id: boolean;
      /** @description Phone visitors get the page that opens the destination’s app. */
      open_in_app: boolean;
      /** @description The tracking id injected instead of the program's tag; null: the tag. */
      tracking_id: string | null;
      /** @description The last check of the link’s destinations (Business accounts’ active links, every 24 h by default). */
      health: {
        /**
         * @description ok: every destination answered 2xx (after following redirects); broken: a destination answered 4xx/5xx, did not resolve, did not answer in time, redirected more than 10 times or resolved to a refused address; unknown: not checked yet, or a destination answered 429/503 (checked again sooner).
         * @enum {unknown}
         */
        status: 'ok' | 'broken' | 'unknown';
        checked_at: string | null;
        /** @description The status that decided (the broken destination’s), else the main destination’s final status. */
        http_status: number | null;
        /** @description Why it is broken or unknown; null when ok. */
        error: string | null;
        /** @description Your affiliate tag was on the first request but not on the URL the redirects ended at; null before a check got an answer. */
        affiliate_tag_lost: boolean | null;
      };
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 42,
     *       "short_code": "aB3xY9z",
     *       "short_url": "https://hop.example.com/aB3xY9z",
     *       "redirect_url": "https://example.com/sale",
     *       "type": "simple",
     *       "is_active": true,
     *       "click_count": 128,
     *       "category": {
     *         "id": 3,
     *         "name": "Newsletter"
     *       },
     *       "domain": null,
     *       "title": "Black Friday sale",
     *       "expires_at": "2026-12-01T00:00:00.000Z",
     *       "max_clicks": null,
     *       "expired_url": "https://example.com/sale-over",
     *       "has_password": false,
     *       "utm": {
     *         "source": "newsletter",
     *         "medium": "email",
     *         "campaign": "black-friday",
     *         "term": null,
     *         "content": null
     *       },
     *       "variants": null,
     *       "preview": null,
     *       "is_expired": false,
     *       "localize": false,
     *       "localize_follows_default": true,
     *       "tags": [
     *         {
     *           "id": 7,
     *           "name": "Black Friday",
     *           "color": "orange"
     *         }
     *       ],
     *       "pass_click_id": false,
     *       "open_in_app": false,
     *       "tracking_id": null,
     *       "health": {
     *         "status": "ok",
     *         "checked_at": "2026-11-02T06:00:00.000Z",
     *         "http_status": 200,
     *         "error": null,
     *         "affiliate_tag_lost": false
     *       },
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z",
     *       "conditions": [
     *         {
     *           "type": "country",
     *           "operator": "in",
     *           "values": [
     *             "DE",
     *             "AT",
     *             "CH"
     *           ],
     *           "redirect_url": "https://example.com/de/sale"
     *         }
     *       ]
     *     }
     */
    LinkWithConditions: {
      id: number;
      short_code: string;
      short_url: string;
      redirect_url: string;
      type: 'simple' | 'choice_page';
      is_active: boolean;
      click_count: number;
      category: {
        id: number;
        name: string;
      } | null;
      domain: {
        id: number;
        hostname: string;
      } | null;
      title: string | null;
      expires_at: string | null;
      max_clicks: number | null;
      expired_url: string | null;
      /** @description Whether visitors must enter a password; the password is never shown. */
      has_password: boolean;
      utm: {
        source?: string | null;
        medium?: string | null;
        campaign?: string | null;
        term?: string | null;
        content?: string | null;
      } | null;
      variants:
        | {
            /**
             * Format: http-url
             * @description Absolute http or https URL, at most 2048 characters.
             */
            url: string;
            /** @description A share: 1-100. */
            weight: number;
          }[]
        | null;
      preview: {
        title?: string | null;
        description?: string | null;
        /**
         * Format: https-url
         * @description An absolute https URL.
         */
        image?: string | null;
      } | null;
      /** @description Computed now: past expires_at, or click_count at max_clicks. */
      is_expired: boolean;
      /** @description Storefront localisation as it applies now: the link's own choice, or the workspace's default (false unless turned on) when it follows the default. */
      localize: boolean;
      /** @description Its tags, by name. */
      tags: components['schemas']['LinkTag'][];
      /** @description True when the link was created or set with `localize: null`, so it follows the default. */
      localize_follows_default: boolean;
      /** @description Counted visits get a click id in the destination (Business). */
      pass_click_id: boolean;
      /** @description Phone visitors get the page that opens the destination’s app. */
      open_in_app: boolean;
      /** @description The tracking id injected instead of the program's tag; null: the tag. */
      tracking_id: string | null;
      /** @description The last check of the link’s destinations (Business accounts’ active links, every 24 h by default). */
      health: {
        /**
         * @description ok: every destination answered 2xx (after following redirects); broken: a destination answered 4xx/5xx, did not resolve, did not answer in time, redirected more than 10 times or resolved to a refused address; unknown: not checked yet, or a destination answered 429/503 (checked again sooner).
         * @enum {unknown}
         */
        status: 'ok' | 'broken' | 'unknown';
        checked_at: string | null;
        /** @description The status that decided (the broken destination’s), else the main destination’s final status. */
        http_status: number | null;
        /** @description Why it is broken or unknown; null when ok. */
        error: string | null;
        /** @description Your affiliate tag was on the first request but not on the URL the redirects ended at; null before a check got an answer. */
        affiliate_tag_lost: boolean | null;
      };
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
      conditions: components['schemas']['Condition'][];
    };
    /**
     * @example {
     *       "id": 3,
     *       "name": "Newsletter",
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    Category: {
      id: number;
      name: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 7,
     *       "name": "Black Friday",
     *       "color": "orange",
     *       "link_count": 12,
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    Tag: {
      id: number;
      name: string;
      /**
       * @description One of the colours the dashboard draws.
       * @enum {unknown}
       */
      color: 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink';
      /** @description How many links carry the tag. */
      link_count: number;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 7,
     *       "status": "done",
     *       "total": 4,
     *       "processed": 4,
     *       "created": 2,
     *       "skipped": 1,
     *       "invalid": 1,
     *       "errors": [
     *         {
     *           "row": 2,
     *           "message": "The redirect url field must be a valid http or https URL of at most 2048 characters."
     *         },
     *         {
     *           "row": 4,
     *           "message": "The short code \"summer-sale\" has already been taken; the row was skipped."
     *         }
     *       ],
     *       "failure_reason": null,
     *       "format": "links",
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-02T09:15:03.000Z",
     *       "finished_at": "2026-11-02T09:15:03.000Z"
     *     }
     */
    Import: {
      id: number;
      /**
       * @description queued -> running -> done, or failed (see failure_reason).
       * @enum {unknown}
       */
      status: 'queued' | 'running' | 'done' | 'failed';
      /** @description Data rows in the file (the header not counted), counted as it is uploaded; null until counted. */
      total: number | null;
      /** @description Rows handled so far: created + skipped + invalid. */
      processed: number;
      /** @description Links created. */
      created: number;
      /** @description Rows whose short code was already taken. */
      skipped: number;
      /** @description Rows refused by validation. */
      invalid: number;
      /** @description The first 100 skipped or invalid rows, with the reason. */
      errors: {
        /** @description 1-based data row number: the first row under the header is 1. */
        row: number;
        message: string;
      }[];
      /** @description Why a failed import stopped (the rows before it stay imported); null otherwise. */
      failure_reason: string | null;
      /**
       * @description links, or amazon-earnings (each row a conversion: created new, skipped known).
       * @enum {unknown}
       */
      format: 'links' | 'amazon-earnings';
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
      finished_at: string | null;
    };
    /**
     * @example {
     *       "id": 5,
     *       "affiliate_program": {
     *         "id": 1,
     *         "name": "Amazon US"
     *       },
     *       "tag": "hoplink-20",
     *       "tracking_ids": [
     *         "hoplink-yt-20",
     *         "hoplink-news-20"
     *       ],
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    AffiliateTag: {
      id: number;
      affiliate_program: {
        id: number;
        name: string;
      };
      /** @description The default: what links of the program get unless they choose a tracking id. */
      tag: string;
      /** @description Further ids of the program a link may choose as its `tracking_id` (Business). */
      tracking_ids: string[];
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 2,
     *       "hostname": "go.example.com",
     *       "status": "pending",
     *       "verification": {
     *         "type": "CNAME",
     *         "name": "go.example.com",
     *         "value": "hop.example.com"
     *       },
     *       "routing_records": [],
     *       "ownership": null,
     *       "routing": "unchecked",
     *       "last_checked_at": null,
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-02T09:15:00.000Z"
     *     }
     * @example {
     *       "id": 3,
     *       "hostname": "links.shop.example",
     *       "status": "active",
     *       "verification": {
     *         "type": "TXT",
     *         "name": "_hoplink.links.shop.example",
     *         "value": "hoplink-verify=5f0c3e9a1b7d4c2e8a6f0b1d3c5e7a9b"
     *       },
     *       "routing_records": [
     *         {
     *           "type": "CNAME",
     *           "name": "links.shop.example",
     *           "value": "edge.hoplink.example"
     *         }
     *       ],
     *       "ownership": "ok",
     *       "routing": "ok",
     *       "last_checked_at": "2026-11-20T16:42:08.000Z",
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    Domain: {
      id: number;
      /** @description Lower case; internationalised names in punycode. */
      hostname: string;
      /** @description pending -> active when a check finds the record; failed after 7 days unverified (checking again can still activate it). */
      status: 'pending' | 'active' | 'failed';
      /** @description The ownership record to create: the TXT token at _hoplink.<hostname>, or, on a service with no routing requirement, a CNAME to the short host. */
      verification: {
        type: 'CNAME' | 'TXT';
        name: string;
        value: string;
      };
      /** @description The routing records to create: a CNAME to the routing target for a subdomain; A/AAAA records with the service's addresses for an apex domain (an ALIAS, or flattened CNAME, to the target when it has no addresses). Empty when the service sets no routing requirement. */
      routing_records: {
        type: 'CNAME' | 'A' | 'AAAA' | 'ALIAS';
        name: string;
        value: string;
      }[];
      /** @description Whether the last check found the ownership record; null before the first check. */
      ownership: 'ok' | 'missing' | null;
      /** @description The last check of the routing records: ok; missing (the name has no CNAME or address); wrong (it points elsewhere, even partly); unchecked (the service sets no routing requirement, always so then); null before the first check. The domain is active only when ownership and routing hold. */
      routing: 'ok' | 'missing' | 'wrong' | 'unchecked' | null;
      last_checked_at: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 7,
     *       "url": "https://hooks.example.com/hoplink",
     *       "events": [
     *         "link.created",
     *         "link.clicked"
     *       ],
     *       "description": "Zapier: new links to the team sheet",
     *       "is_active": true,
     *       "disabled_reason": null,
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-02T09:15:00.000Z"
     *     }
     */
    Webhook: {
      id: number;
      url: string;
      events: string[];
      description: string | null;
      is_active: boolean;
      disabled_reason: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 311,
     *       "link_id": 42,
     *       "click_id": "q3ZkB1tX0m9cP2wLrVn8aA",
     *       "order_id": "114-5521973-0042311",
     *       "amount": "24.99",
     *       "commission": "1.00",
     *       "currency": "USD",
     *       "status": "approved",
     *       "source": "postback",
     *       "attributed": true,
     *       "occurred_at": "2026-11-20T16:55:00.000Z",
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    Conversion: {
      id: number;
      /** @description The link whose click the click id names; null when unattributed. */
      link_id: number | null;
      click_id: string | null;
      order_id: string;
      /** @description Revenue, a decimal string in the currency (two decimals for EUR). */
      amount: string;
      /** @description Earnings; null when not reported. */
      commission: string | null;
      currency: string;
      /**
       * @description pending, approved or reversed.
       * @enum {unknown}
       */
      status: 'pending' | 'approved' | 'reversed';
      source: 'api' | 'postback' | 'import';
      /** @description Whether the click id named a click of this workspace. */
      attributed: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      occurred_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "id": 3,
     *       "name": "Acme marketing",
     *       "slug": "acme-marketing",
     *       "plan": "business",
     *       "require_two_factor": false,
     *       "role": "admin",
     *       "created_at": "2026-11-02T09:15:00.000Z",
     *       "updated_at": "2026-11-20T16:42:08.000Z"
     *     }
     */
    Workspace: {
      id: number;
      name: string;
      slug: string;
      /** @description free, pro or business: the plan rules apply to the workspace. */
      plan: string;
      require_two_factor: boolean;
      /** @description owner > admin > member > viewer: a higher role may do all that a lower one may (docs/teams.md). */
      role: 'owner' | 'admin' | 'member' | 'viewer';
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      updated_at: string;
    };
    /**
     * @example {
     *       "user_id": 12,
     *       "email": "ana@example.com",
     *       "role": "member",
     *       "joined_at": "2026-11-02T09:15:00.000Z"
     *     }
     */
    Member: {
      user_id: number;
      email: string;
      /** @description owner > admin > member > viewer: a higher role may do all that a lower one may (docs/teams.md). */
      role: 'owner' | 'admin' | 'member' | 'viewer';
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      joined_at: string;
    };
    /**
     * @example {
     *       "id": 4,
     *       "email": "sam@example.com",
     *       "role": "viewer",
     *       "invited_by": 12,
     *       "expires_at": "2026-11-09T09:15:00.000Z",
     *       "expired": false,
     *       "created_at": "2026-11-02T09:15:00.000Z"
     *     }
     */
    Invitation: {
      id: number;
      email: string;
      /** @description owner > admin > member > viewer: a higher role may do all that a lower one may (docs/teams.md). */
      role: 'owner' | 'admin' | 'member' | 'viewer';
      invited_by: number | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      expires_at: string;
      expired: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
    };
    /**
     * @example {
     *       "id": 81,
     *       "actor": {
     *         "user_id": 12,
     *         "email": "ana@example.com",
     *         "token_id": null
     *       },
     *       "action": "link.updated",
     *       "resource_type": "link",
     *       "resource_id": "1043",
     *       "fields": [
     *         "redirect_url",
     *         "title"
     *       ],
     *       "address": "203.0.113.9",
     *       "created_at": "2026-11-02T09:15:00.000Z"
     *     }
     */
    AuditEntry: {
      id: number;
      /** @description All null: the operator (the hoplink CLI). */
      actor: {
        user_id: number | null;
        email: string | null;
        token_id: number | null;
      };
      action: string;
      resource_type: string;
      resource_id: string | null;
      /** @description The changed fields' names, never their values. */
      fields: string[];
      address: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC
       */
      created_at: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
