import type { MonitorRules } from "@sda/core";
import { forumsiteMonitorRules } from "@sda/forumsite/monitor";
import { photositeMonitorRules } from "@sda/photosite/monitor";
import { videositeMonitorRules } from "@sda/videosite/monitor";

/**
 * Every platform's monitor rules (which operations monitors may run and how their items are identified), by
 * operation id. Each platform declares its own in `src/monitor.ts`; `@sda/monitors` checks at start that every rule
 * names an operation of the registry.
 */
export const monitorRules: MonitorRules = {
  ...videositeMonitorRules,
  ...photositeMonitorRules,
  ...forumsiteMonitorRules,
};
