import type { MediaServices } from "@sda/media";
import type { StrategyServices } from "@sda/strategy";
import type { Summariser } from "@sda/summarize";

/**
 * The handler services videosite's handlers read (`ctx.services`, typed by each feature package): the speech-to-text
 * pipeline (audio transcript), the summariser (summaries) and the strategy chains' identities and health
 * (transcripts). Types only; the wiring (`@sda/services` `createHandlerServices`) builds them, and fails to compile
 * when one of them is missing there.
 */
export interface VideositeServices {
  media: MediaServices;
  summariser: Summariser;
  strategy: StrategyServices;
}
