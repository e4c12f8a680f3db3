import type { z } from "zod";
import type { releasePackage } from "../spec/shapes.ts";
import { countOf, idOf, imageUrl, numberOf, objectsOf, stringOf } from "./values.ts";

/** A physical package of a release (see the `MusicsitePackage` shape). */
export type ReleasePackage = z.output<typeof releasePackage>;

/**
 * One package of `data-tralbum.packages[]`: `quantity_available` 0 is sold out, null not limited; its options
 * (`options[]`, e.g. colours) each with their own stock. A package without an id is skipped.
 */
function readPackage(raw: Record<string, unknown>): ReleasePackage | null {
  const id = idOf(raw.id);
  if (id === null) return null;
  const quantityAvailable = countOf(raw.quantity_available);
  return {
    id,
    title: stringOf(raw.title, true),
    type: stringOf(raw.type_name, true),
    typeId: countOf(raw.type_id),
    price: numberOf(raw.price),
    currency: stringOf(raw.currency, true),
    soldOut: quantityAvailable === 0,
    quantityAvailable,
    sku: stringOf(raw.sku, true),
    optionsTitle: stringOf(raw.options_title, true),
    options: objectsOf(raw.options).flatMap((option) => {
      const optionId = idOf(option.id);
      if (optionId === null) return [];
      const left = countOf(option.quantity_available);
      return [
        {
          id: optionId,
          title: stringOf(option.title, true),
          sku: stringOf(option.sku, true),
          quantityAvailable: left,
          soldOut: left === 0,
        },
      ];
    }),
    description: stringOf(raw.desc_pt1, true) ?? stringOf(raw.description, true),
    imageUrls: objectsOf(raw.arts).flatMap((art) => imageUrl(idOf(art.image_id), "image") ?? []),
  };
}

/**
 * The packages of a release page (`data-tralbum.packages[]`, physical items), in the page's order; an empty list for
 * a release without any (`null` in the page).
 */
export function readPackages(value: unknown): ReleasePackage[] {
  return objectsOf(value).flatMap((raw) => readPackage(raw) ?? []);
}
