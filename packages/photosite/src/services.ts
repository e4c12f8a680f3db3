import type { MediaServices } from "@sda/media";
import type { StrategyServices } from "@sda/strategy";
import type { Summariser } from "@sda/summarize";

/**
 * The handler services photosite's handlers read (`ctx.services`, typed by each feature package): the speech-to-text
 * pipeline (reel transcripts), the summariser (summaries) and the strategy chains' identities and health (the web
 * client's `doc_id`s, the post chain). Types only; the wiring (`@sda/services` `createHandlerServices`) builds them,
 * and fails to compile when one of them is missing there.
 */
export interface PhotositeServices {
  media: MediaServices;
  summariser: Summariser;
  strategy: StrategyServices;
}
