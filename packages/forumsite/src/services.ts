import type { StrategyServices } from "@sda/strategy";

/**
 * The handler services forumsite's handlers read (`ctx.services`): the strategy chains' identities and health of
 * `@sda/strategy` (the listing chain, API then feed). Types only; the wiring (`@sda/services`
 * `createHandlerServices`) builds them, and fails to compile when they are missing there.
 */
export interface ForumsiteServices {
  strategy: StrategyServices;
}
