export { createGuardedAgent } from "./agent.ts";
export {
  assertPublicHost,
  ForbiddenAddressError,
  isAllowedHost,
  type NetGuardOptions,
  normalizeHost,
} from "./guard.ts";
export { hostNameReason } from "./host-name.ts";
export { forbiddenAddressReason } from "./special-ranges.ts";
