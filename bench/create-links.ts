import autocannon from 'autocannon';

/**
 * `POST /links` from 10 connections for `seconds`: authentication, rate limit, validation, the
 * insert (with the search index) and the events, as a client meets them. Each request creates a
 * link with a random code.
 */
export async function measureCreate(
  api: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<{ perSecond: number; p50: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: `${api}/links`,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers,
    body: JSON.stringify({ redirect_url: 'https://example.com/created' }),
  });
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
