import { fail } from "../errors.ts";
import { arrayOf, boolOf, intOf, isObject, type JsonObject, textOf } from "./json-walk.ts";

/** One region's audience and reach (EU or UK) as the ad details show it. */
export interface RegionReach {
  targeted: boolean | null;
  reach: number | null;
  ageMin: number | null;
  ageMax: number | null;
  gender: string | null;
  locations: { name: string; type: string | null; excluded: boolean }[];
  byCountryAgeGender: {
    country: string;
    ageRange: string;
    male: number | null;
    female: number | null;
    unknown: number | null;
  }[];
}

/** What `AdLibraryV3AdDetailsQuery` answers of one ad. */
export interface AdDetails {
  transparency: {
    payers: { payer: string | null; beneficiary: string | null }[];
    eu: RegionReach | null;
    uk: RegionReach | null;
  };
  advertiser: {
    likes: number | null;
    alias: string | null;
    category: string | null;
    instagram: { username: string; followers: number | null } | null;
    verification: string | null;
  };
}

/**
 * One region of `transparency_by_location` (`eu_transparency` with `eu_total_reach` and `targets_eu`,
 * `uk_transparency` with `total_reach`). The breakdown rows and the total are kept as served: they need not add up.
 */
function readRegion(value: unknown, totalKey: string): RegionReach | null {
  if (!isObject(value)) return null;
  const age = isObject(value.age_audience) ? value.age_audience : {};
  return {
    targeted: boolOf(value.targets_eu),
    reach: intOf(value[totalKey]) ?? intOf(value.total_reach),
    ageMin: intOf(age.min),
    ageMax: intOf(age.max),
    gender: textOf(value.gender_audience),
    locations: arrayOf(value.location_audience)
      .filter(isObject)
      .flatMap((l) => {
        const name = textOf(l.name);
        return name ? [{ name, type: textOf(l.type), excluded: l.excluded === true }] : [];
      }),
    byCountryAgeGender: arrayOf(value.age_country_gender_reach_breakdown)
      .filter(isObject)
      .flatMap((c) => {
        const country = textOf(c.country);
        if (!country) return [];
        return arrayOf(c.age_gender_breakdowns)
          .filter(isObject)
          .flatMap((row) => {
            const ageRange = textOf(row.age_range);
            return ageRange
              ? [
                  {
                    country,
                    ageRange,
                    male: intOf(row.male),
                    female: intOf(row.female),
                    unknown: intOf(row.unknown),
                  },
                ]
              : [];
          });
      }),
  };
}

/**
 * Reads the `data` of an `AdLibraryV3AdDetailsQuery` answer (`ad_library_main.ad_details`).
 * @throws ServiceError 502 `upstream_error` (retryable) when the answer holds no `ad_details`.
 */
export function readAdDetails(data: JsonObject): AdDetails {
  const main = isObject(data.ad_library_main) ? data.ad_library_main : {};
  const details = main.ad_details;
  if (!isObject(details))
    throw fail("upstream_error", "the Ad Library's ad details answer holds no ad_details");
  const aaa = isObject(details.aaa_info) ? details.aaa_info : {};
  const byLocation = isObject(details.transparency_by_location) ? details.transparency_by_location : {};
  const advertiser = isObject(details.advertiser) ? details.advertiser : {};
  const pageInfoBlock = isObject(advertiser.ad_library_page_info) ? advertiser.ad_library_page_info : {};
  const page = isObject(pageInfoBlock.page_info) ? pageInfoBlock.page_info : {};
  const username = textOf(page.ig_username);
  return {
    transparency: {
      payers: arrayOf(aaa.payer_beneficiary_data)
        .filter(isObject)
        .map((p) => ({ payer: textOf(p.payer), beneficiary: textOf(p.beneficiary) })),
      eu: readRegion(byLocation.eu_transparency, "eu_total_reach"),
      uk: readRegion(byLocation.uk_transparency, "total_reach"),
    },
    advertiser: {
      likes: intOf(page.likes),
      alias: textOf(page.page_alias),
      category: textOf(page.page_category),
      instagram: username ? { username, followers: intOf(page.ig_followers) } : null,
      verification: textOf(pageInfoBlock.page_verification),
    },
  };
}
