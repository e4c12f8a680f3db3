import { createHistoryCatalog, createRegistry, type HistoryCatalog, type OperationRegistry } from "@sda/core";
import { forumsiteHistory, forumsiteOperations } from "@sda/forumsite";
import { photositeHistory, photositeOperations } from "@sda/photosite";
import { videositeHistory, videositeOperations } from "@sda/videosite";

/**
 * Every API operation of the service. A platform package exports its operations; adding a platform means adding its
 * list here, adding an operation means declaring it in its platform package only. The gateway mounts routes from
 * this registry, the worker dispatches from it, and OpenAPI is generated from it.
 */
export const registry: OperationRegistry = createRegistry([
  ...videositeOperations,
  ...photositeOperations,
  ...forumsiteOperations,
]);
export { monitorRules } from "./monitor-rules.ts";

/**
 * Which successful calls append metric snapshots (History, `packages/history`): each platform package declares its
 * own in `src/history.ts`; adding a platform means adding its declarations here.
 */
export const history: HistoryCatalog = createHistoryCatalog(registry, {
  ...videositeHistory,
  ...photositeHistory,
  ...forumsiteHistory,
});
