/**
 * Video category ids of the platform by their English name. The innertube microformat gives only the name
 * (`category: "Education"`); the ids are the platform's fixed video category list (the `videoCategories` resource of
 * its public Data API, region US), which every upload's `categoryId` refers to. Only the categories an uploader can
 * assign are listed; "Comedy" maps to 23, the assignable one of the two ids that share the name.
 */
const CATEGORY_IDS: Readonly<Record<string, string>> = {
  "Film & Animation": "1",
  "Autos & Vehicles": "2",
  Music: "10",
  "Pets & Animals": "15",
  Sports: "17",
  "Travel & Events": "19",
  Gaming: "20",
  "People & Blogs": "22",
  Comedy: "23",
  Entertainment: "24",
  "News & Politics": "25",
  "Howto & Style": "26",
  Education: "27",
  "Science & Technology": "28",
  "Nonprofits & Activism": "29",
};

/**
 * The category id of an English category name (`Education` → `27`); matching ignores case, spacing and `&`/`and`.
 * @returns the id, or null for an unknown or missing name.
 */
export function categoryIdOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = (value: string) =>
    value
      .toLowerCase()
      .replace(/\band\b/g, "&")
      .replace(/\s+/g, "");
  const wanted = key(name);
  for (const [category, id] of Object.entries(CATEGORY_IDS)) if (key(category) === wanted) return id;
  return null;
}
