import { createRegistry, type OperationRegistry } from "@sda/core";
import { forumsiteOperations } from "@sda/forumsite";
import { photositeOperations } from "@sda/photosite";
import { videositeOperations } from "@sda/videosite";

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
