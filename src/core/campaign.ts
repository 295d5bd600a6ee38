/** The campaign a visit came with: the utm_* parameters of the visited short URL. */
export interface Campaign {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const NO_CAMPAIGN: Campaign = { utmSource: null, utmMedium: null, utmCampaign: null };

/** What a breakdown keeps of one value: enough to tell campaigns apart, bounded like the API's fields. */
const MAX_VALUE_LENGTH = 255;

/** utm_source, utm_medium and utm_campaign of a query string (the first of each; empty ones are none). */
export function campaignOf(query: string | undefined): Campaign {
  if (!query?.includes('utm_')) return NO_CAMPAIGN;
  const params = new URLSearchParams(query);
  const value = (name: string) => params.get(name)?.trim().slice(0, MAX_VALUE_LENGTH) || null;
  return { utmSource: value('utm_source'), utmMedium: value('utm_medium'), utmCampaign: value('utm_campaign') };
}
