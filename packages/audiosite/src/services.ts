import type { MediaServices } from "@sda/media";

/**
 * The handler services audiosite's handlers read (`ctx.services`): the speech-to-text pipeline of `@sda/media` (the
 * audio transcript). Types only; the wiring (`@sda/services` `createHandlerServices`) builds it, and fails to compile
 * when it is missing there.
 */
export interface AudiositeServices {
  media: MediaServices;
}
